from bisect import bisect_right


def select_jobs(jobs):
    seen = set()
    for name, start, end, weight in jobs:
        if start >= end:
            raise ValueError(f"job {name!r} has start >= end")
        if weight < 0:
            raise ValueError(f"job {name!r} has a negative weight")
        if name in seen:
            raise ValueError(f"job name {name!r} is used twice")
        seen.add(name)
    order = sorted(jobs, key=lambda j: (j[2], j[1], j[0]))
    ends = [j[2] for j in order]
    # best[i] = (total, -count) over the first i jobs by end time; choice for backtracking
    best = [(0, 0)] * (len(order) + 1)
    take = [False] * (len(order) + 1)
    prev = [0] * (len(order) + 1)
    for i, (name, start, end, weight) in enumerate(order, 1):
        p = bisect_right(ends, start, 0, i - 1)
        prev[i] = p
        with_it = (best[p][0] + weight, best[p][1] - 1)
        if with_it > best[i - 1]:
            best[i] = with_it
            take[i] = True
        else:
            best[i] = best[i - 1]
    names = []
    i = len(order)
    while i > 0:
        if take[i]:
            names.append(order[i - 1])
            i = prev[i]
        else:
            i -= 1
    names.sort(key=lambda j: j[1])
    return best[-1][0], [j[0] for j in names]
