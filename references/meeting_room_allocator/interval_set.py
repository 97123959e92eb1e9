from bisect import bisect_left, bisect_right


def _check(start, end):
    if start >= end:
        raise ValueError(f"empty or inverted interval [{start}, {end})")


class IntervalSet:
    def __init__(self):
        self._starts = []
        self._ends = []

    def intervals(self):
        return list(zip(self._starts, self._ends))

    def total(self):
        return sum(e - s for s, e in zip(self._starts, self._ends))

    def add(self, start, end):
        _check(start, end)
        lo = bisect_left(self._ends, start)
        hi = bisect_right(self._starts, end)
        if lo < hi:
            start = min(start, self._starts[lo])
            end = max(end, self._ends[hi - 1])
        self._starts[lo:hi] = [start]
        self._ends[lo:hi] = [end]

    def remove(self, start, end):
        _check(start, end)
        lo = bisect_right(self._ends, start)
        hi = bisect_left(self._starts, end)
        if lo >= hi:
            return
        keep_s, keep_e = [], []
        if self._starts[lo] < start:
            keep_s.append(self._starts[lo])
            keep_e.append(start)
        if self._ends[hi - 1] > end:
            keep_s.append(end)
            keep_e.append(self._ends[hi - 1])
        self._starts[lo:hi] = keep_s
        self._ends[lo:hi] = keep_e

    def contains(self, t):
        i = bisect_right(self._starts, t) - 1
        return i >= 0 and t < self._ends[i]

    def overlaps(self, start, end):
        _check(start, end)
        i = bisect_right(self._ends, start)
        return i < len(self._starts) and self._starts[i] < end

    def covers(self, start, end):
        _check(start, end)
        i = bisect_right(self._starts, start) - 1
        return i >= 0 and self._ends[i] >= end

    def gaps(self, lo, hi):
        _check(lo, hi)
        out, cursor = [], lo
        for s, e in zip(self._starts, self._ends):
            if e <= cursor:
                continue
            if s >= hi:
                break
            if s > cursor:
                out.append((cursor, s))
            cursor = max(cursor, e)
        if cursor < hi:
            out.append((cursor, hi))
        return out
