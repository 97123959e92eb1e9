def prefix_function(s):
    p = [0] * len(s)
    for i in range(1, len(s)):
        k = p[i - 1]
        while k > 0 and s[i] != s[k]:
            k = p[k - 1]
        if s[i] == s[k]:
            k += 1
        p[i] = k
    return p


def find_all(text, pattern):
    if not pattern:
        raise ValueError("pattern must not be empty")
    p = prefix_function(pattern)
    hits = []
    k = 0
    for i, ch in enumerate(text):
        while k > 0 and ch != pattern[k]:
            k = p[k - 1]
        if ch == pattern[k]:
            k += 1
        if k == len(pattern):
            hits.append(i - k + 1)
            k = p[k - 1]
    return hits


def smallest_period(s):
    if not s:
        return 0
    return len(s) - prefix_function(s)[-1]
