def common_free_slots(calendars, window_start, window_end, min_length):
    if window_start > window_end:
        raise ValueError("window_start must not exceed window_end")
    if min_length <= 0:
        raise ValueError("min_length must be positive")
    busy = []
    for person in calendars:
        for start, end in person:
            if start > end:
                raise ValueError(f"invalid interval ({start}, {end})")
            s, e = max(start, window_start), min(end, window_end)
            if s < e:
                busy.append((s, e))
    busy.sort()
    free = []
    cursor = window_start
    for s, e in busy:
        if s > cursor:
            free.append((cursor, s))
        cursor = max(cursor, e)
    if cursor < window_end:
        free.append((cursor, window_end))
    return [(s, e) for s, e in free if e - s >= min_length]
