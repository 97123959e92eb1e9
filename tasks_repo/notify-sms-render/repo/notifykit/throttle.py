"""At most ``limit`` messages per recipient and window; urgent messages always pass."""

from __future__ import annotations

from collections import defaultdict, deque


class Throttle:
    def __init__(self, limit: int = 3, window_s: float = 3600.0) -> None:
        if limit < 1:
            raise ValueError("limit must be at least 1")
        self.limit, self.window_s = limit, window_s
        self._times: dict[str, deque[float]] = defaultdict(deque)

    def allow(self, recipient: str, now: float, urgent: bool = False) -> bool:
        times = self._times[recipient]
        while times and now - times[0] >= self.window_s:
            times.popleft()
        if urgent or len(times) < self.limit:
            times.append(now)
            return True
        return False
