from bisect import bisect_left, insort


def window_medians(values, k):
    if k < 1 or k > len(values):
        raise ValueError("k must be between 1 and len(values)")
    window = sorted(values[:k])
    out = []
    for i in range(k, len(values) + 1):
        if k % 2 == 1:
            out.append(window[k // 2])
        else:
            out.append((window[k // 2 - 1] + window[k // 2]) / 2)
        if i == len(values):
            break
        del window[bisect_left(window, values[i - k])]
        insort(window, values[i])
    return out
