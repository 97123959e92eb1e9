import heapq
from typing import Any, NamedTuple


class Event(NamedTuple):
    time: float
    seq: int
    kind: str
    payload: Any = None


class EventQueue:
    def __init__(self):
        self._heap = []
        self._next_seq = 0
        self._cancelled = set()
        self._pending = set()
        self._now = 0

    @property
    def now(self):
        return self._now

    def __len__(self):
        return len(self._pending)

    def push(self, time, kind, payload=None):
        if time < self._now:
            raise ValueError(f"cannot schedule at {time}, before the current time {self._now}")
        seq = self._next_seq
        self._next_seq += 1
        heapq.heappush(self._heap, Event(time, seq, kind, payload))
        self._pending.add(seq)
        return seq

    def cancel(self, seq):
        if seq not in self._pending:
            return False
        self._pending.discard(seq)
        self._cancelled.add(seq)
        return True

    def _drop_cancelled(self):
        while self._heap and self._heap[0].seq in self._cancelled:
            self._cancelled.discard(heapq.heappop(self._heap).seq)

    def peek(self):
        self._drop_cancelled()
        if not self._heap:
            raise IndexError("no pending events")
        return self._heap[0]

    def pop(self):
        event = self.peek()
        heapq.heappop(self._heap)
        self._pending.discard(event.seq)
        self._now = event.time
        return event
