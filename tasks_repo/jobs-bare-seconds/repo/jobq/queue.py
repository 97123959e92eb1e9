"""A priority queue of jobs: lower priority numbers first, then first come first served."""

from __future__ import annotations

import heapq
import itertools

from .jobs import Job


class JobQueue:
    def __init__(self) -> None:
        self._heap: list[tuple[int, int, Job]] = []
        self._counter = itertools.count()

    def push(self, job: Job) -> None:
        heapq.heappush(self._heap, (job.priority, next(self._counter), job))

    def pop(self) -> Job:
        if not self._heap:
            raise IndexError("the queue is empty")
        return heapq.heappop(self._heap)[2]

    def __len__(self) -> int:
        return len(self._heap)
