from bisect import bisect_left


def longest_increasing(values):
    n = len(values)
    if n == 0:
        return []
    # best[i]: length of the longest increasing subsequence starting at i.
    best = [0] * n
    tails = []  # over negated values scanned right to left: a decreasing-run structure
    for i in range(n - 1, -1, -1):
        x = -values[i]
        pos = bisect_left(tails, x)
        if pos == len(tails):
            tails.append(x)
        else:
            tails[pos] = x
        best[i] = pos + 1
    length = max(best)
    out = []
    prev = None
    start = 0
    for need in range(length, 0, -1):
        choice = None
        for i in range(start, n):
            if best[i] >= need and (prev is None or values[i] > prev):
                if choice is None or values[i] < values[choice]:
                    choice = i
        out.append(values[choice])
        prev = values[choice]
        start = choice + 1
    return out
