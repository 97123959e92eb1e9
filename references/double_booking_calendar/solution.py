from bisect import insort


class Calendar:
    def __init__(self, max_overlap=2):
        if max_overlap < 1:
            raise ValueError("max_overlap must be at least 1")
        self.max_overlap = max_overlap
        self._bookings = []
        self._deltas = {}

    def _sweep(self):
        active = 0
        for t in sorted(self._deltas):
            active += self._deltas[t]
            yield t, active

    def book(self, start, end):
        if start >= end:
            raise ValueError("start must be before end")
        self._add(start, end, 1)
        if any(active > self.max_overlap for _, active in self._sweep()):
            self._add(start, end, -1)
            return False
        insort(self._bookings, (start, end))
        return True

    def _add(self, start, end, sign):
        for t, d in ((start, sign), (end, -sign)):
            self._deltas[t] = self._deltas.get(t, 0) + d
            if self._deltas[t] == 0:
                del self._deltas[t]

    def cancel(self, start, end):
        try:
            self._bookings.remove((start, end))
        except ValueError:
            raise KeyError((start, end)) from None
        self._add(start, end, -1)

    def load(self, t):
        return sum(1 for s, e in self._bookings if s <= t < e)

    def busiest(self):
        best, best_start, best_end = 0, None, None
        points = list(self._sweep())
        for i, (t, active) in enumerate(points):
            if active > best:
                best, best_start = active, t
                j = i + 1
                while j < len(points) and points[j][1] == active:
                    j += 1
                best_end = points[j][0] if j < len(points) else None
        if best == 0:
            return (0, None, None)
        return (best, best_start, best_end)
