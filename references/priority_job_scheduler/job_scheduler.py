from dataclasses import dataclass

from aging_policy import AgingPolicy
from job_queue import JobQueue


@dataclass(frozen=True)
class Job:
    id: str
    arrival: int
    duration: int
    priority: int


def _key(job, now, policy):
    prio = job.priority if policy is None else policy.effective(job.priority, now - job.arrival)
    return (prio, job.arrival, job.id)


def simulate(jobs, policy=None):
    seen = set()
    for job in jobs:
        if job.id in seen:
            raise ValueError(f"duplicate job id {job.id!r}")
        if job.arrival < 0:
            raise ValueError(f"job {job.id!r} has a negative arrival")
        if job.duration <= 0:
            raise ValueError(f"job {job.id!r} needs a positive duration")
        seen.add(job.id)
    pending = sorted(jobs, key=lambda j: (j.arrival, j.id))
    by_id = {j.id: j for j in jobs}
    queue = JobQueue()
    now, i, out = 0, 0, []
    while i < len(pending) or len(queue):
        if not len(queue) and pending[i].arrival > now:
            now = pending[i].arrival
        while i < len(pending) and pending[i].arrival <= now:
            queue.push(pending[i].id, _key(pending[i], now, policy))
            i += 1
        if policy is not None:
            for job_id in [j.id for j in pending[:i] if j.id in queue]:
                queue.update(job_id, _key(by_id[job_id], now, policy))
        job_id, _ = queue.pop()
        job = by_id[job_id]
        out.append((job_id, now, now + job.duration))
        now += job.duration
    return out
