import heapq
import itertools


class JobQueue:
    def __init__(self):
        self._heap = []
        self._live = {}
        self._counter = itertools.count()

    def __len__(self):
        return len(self._live)

    def __contains__(self, job_id):
        return job_id in self._live

    def push(self, job_id, priority):
        if job_id in self._live:
            raise ValueError(f"job {job_id!r} is already queued")
        self._insert(job_id, priority)

    def _insert(self, job_id, priority):
        entry = [priority, next(self._counter), job_id, True]
        self._live[job_id] = entry
        heapq.heappush(self._heap, entry)

    def _clean(self):
        while self._heap and not self._heap[0][3]:
            heapq.heappop(self._heap)
        if not self._heap:
            raise IndexError("queue is empty")

    def peek(self):
        self._clean()
        priority, _, job_id, _ = self._heap[0]
        return (job_id, priority)

    def pop(self):
        self._clean()
        priority, _, job_id, _ = heapq.heappop(self._heap)
        del self._live[job_id]
        return (job_id, priority)

    def remove(self, job_id):
        entry = self._live.pop(job_id)
        entry[3] = False

    def update(self, job_id, priority):
        self.remove(job_id)
        self._insert(job_id, priority)
