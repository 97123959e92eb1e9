from interval_set import IntervalSet, _check


def min_rooms_needed(meetings):
    events = []
    for start, end in meetings:
        _check(start, end)
        events.append((start, 1))
        events.append((end, -1))
    events.sort()
    best = current = 0
    for _, delta in events:
        current += delta
        best = max(best, current)
    return best


class RoomAllocator:
    def __init__(self, rooms):
        if not rooms or len(set(rooms)) != len(rooms):
            raise ValueError("rooms must be a non-empty list of distinct names")
        self._order = list(rooms)
        self._booked = {r: IntervalSet() for r in rooms}

    def _room(self, room):
        if room not in self._booked:
            raise KeyError(room)
        return self._booked[room]

    def free_rooms(self, start, end):
        _check(start, end)
        return [r for r in self._order if not self._booked[r].overlaps(start, end)]

    def book(self, start, end, room=None):
        _check(start, end)
        if room is not None:
            candidates = [room] if not self._room(room).overlaps(start, end) else []
        else:
            candidates = self.free_rooms(start, end)
        if not candidates:
            return None
        self._booked[candidates[0]].add(start, end)
        return candidates[0]

    def cancel(self, room, start, end):
        booked = self._room(room)
        if not booked.covers(start, end):
            raise KeyError((room, start, end))
        booked.remove(start, end)

    def utilisation(self, lo, hi):
        _check(lo, hi)
        return {r: (hi - lo) - sum(e - s for s, e in self._booked[r].gaps(lo, hi)) for r in self._order}
