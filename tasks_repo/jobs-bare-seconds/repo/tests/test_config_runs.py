from jobq.config import parse_config
from jobq.jobs import Job
from jobq.queue import JobQueue
from jobq.worker import run_all

CONFIG = """# nightly batch
timeout = 30
retry_delay = 500ms
max_retries = 1
"""


def test_config_values():
    cfg = parse_config(CONFIG)
    assert (cfg.timeout_s, cfg.retry_delay_s, cfg.max_retries) == (30.0, 0.5, 1)


def test_short_jobs_finish_under_the_configured_timeout():
    q = JobQueue()
    q.push(Job("thumbnails", 2.0))
    q.push(Job("backup", 45.0))
    jobs = run_all(q, parse_config(CONFIG))
    assert [(j.name, j.status) for j in jobs] == [("thumbnails", "done"), ("backup", "timeout")]
