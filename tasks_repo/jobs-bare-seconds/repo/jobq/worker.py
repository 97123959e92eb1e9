"""The worker: run each job with the configured timeout, retry failures after a delay."""

from __future__ import annotations

from .clock import Clock
from .config import Config
from .jobs import Job
from .queue import JobQueue


def attempt(job: Job, config: Config, clock: Clock) -> bool:
    """One try: True when the job finished in time and did not fail."""
    job.attempts += 1
    job.mark("running", f"attempt {job.attempts}")
    if job.seconds > config.timeout_s:
        clock.advance(config.timeout_s)
        job.mark("timeout", f"over {config.timeout_s:g}s")
        return False
    clock.advance(job.seconds)
    if job.failures >= job.attempts:
        job.mark("failed", f"attempt {job.attempts} failed")
        return False
    job.mark("done")
    return True


def run_all(queue: JobQueue, config: Config, clock: Clock | None = None) -> list[Job]:
    clock = clock or Clock()
    finished = []
    while len(queue):
        job = queue.pop()
        while not attempt(job, config, clock) and job.status == "failed" and job.attempts <= config.max_retries:
            clock.advance(config.retry_delay_s)
        finished.append(job)
    return finished
