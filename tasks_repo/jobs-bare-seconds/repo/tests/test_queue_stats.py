import pytest

from jobq.clock import Clock
from jobq.config import Config
from jobq.jobs import Job
from jobq.queue import JobQueue
from jobq.stats import by_status, report
from jobq.worker import run_all


def test_priority_then_fifo():
    q = JobQueue()
    for job in (Job("b", 1, 5), Job("a", 1, 1), Job("c", 1, 5)):
        q.push(job)
    assert [q.pop().name for _ in range(3)] == ["a", "b", "c"]
    with pytest.raises(IndexError):
        q.pop()


def test_retries_and_report():
    q = JobQueue()
    q.push(Job("flaky", 1.0, failures=1))
    q.push(Job("broken", 1.0, failures=9))
    clock = Clock()
    jobs = run_all(q, Config(timeout_s=10, retry_delay_s=2, max_retries=2), clock)
    assert by_status(jobs) == {"done": 1, "failed": 1}
    assert report(jobs) == "2 jobs (done: 1, failed: 1), 5 attempts"
    assert clock.now == 1 + 2 + 1 + (1 + 2) * 3 - 2
