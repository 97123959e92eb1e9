import heapq


def min_rooms(meetings: list[tuple[int, int]]) -> int:
    """Fewest rooms holding every half-open meeting interval."""
    for start, end in meetings:
        if start >= end:
            raise ValueError(f"meeting ({start}, {end}) must have start < end")
    ends: list[int] = []
    rooms = 0
    for start, end in sorted(meetings):
        while ends and ends[0] <= start:
            heapq.heappop(ends)
        heapq.heappush(ends, end)
        rooms = max(rooms, len(ends))
    return rooms
