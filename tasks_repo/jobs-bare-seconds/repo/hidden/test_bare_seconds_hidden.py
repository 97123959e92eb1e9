from jobq.clock import Clock
from jobq.config import parse_config
from jobq.durations import format_duration, parse_duration
from jobq.jobs import Job
from jobq.queue import JobQueue
from jobq.worker import run_all


def test_bare_numbers_are_seconds():
    assert parse_duration("45") == 45.0
    assert parse_duration("0.25") == 0.25
    assert format_duration(parse_duration("90")) == "1.5m"


def test_retry_delay_without_unit():
    cfg = parse_config("timeout = 5\nretry_delay = 2\nmax_retries = 2")
    q = JobQueue()
    q.push(Job("flaky", 1.0, failures=2))
    clock = Clock()
    (job,) = run_all(q, cfg, clock)
    assert job.status == "done" and clock.now == 1 + 2 + 1 + 2 + 1


def test_timeout_message():
    q = JobQueue()
    q.push(Job("report", 12.0))
    (job,) = run_all(q, parse_config("timeout = 10"))
    assert job.log[-1] == "timeout: over 10s"
