from dataclasses import dataclass


@dataclass(frozen=True)
class Hunk:
    a_start: int
    a_len: int
    b_start: int
    b_len: int
    lines: tuple

    def header(self):
        return f"@@ -{self.a_start},{self.a_len} +{self.b_start},{self.b_len} @@"

    def render(self):
        return [self.header(), *self.lines]


def diff_ops(a, b):
    n, m = len(a), len(b)
    lcs = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            if a[i] == b[j]:
                lcs[i][j] = lcs[i + 1][j + 1] + 1
            else:
                lcs[i][j] = max(lcs[i + 1][j], lcs[i][j + 1])
    ops, i, j = [], 0, 0
    while i < n or j < m:
        if i < n and j < m and a[i] == b[j]:
            ops.append(("=", a[i]))
            i, j = i + 1, j + 1
        elif j == m or (i < n and lcs[i + 1][j] >= lcs[i][j + 1]):
            ops.append(("-", a[i]))
            i += 1
        else:
            ops.append(("+", b[j]))
            j += 1
    return ops


def make_hunks(a, b, context=3):
    if context < 0:
        raise ValueError("context must be >= 0")
    ops = diff_ops(a, b)
    changes = [k for k, (op, _) in enumerate(ops) if op != "="]
    groups = []
    for k in changes:
        if groups and k - groups[-1][1] - 1 <= 2 * context:
            groups[-1][1] = k
        else:
            groups.append([k, k])
    hunks = []
    for first, last in groups:
        lo, hi = max(0, first - context), min(len(ops), last + context + 1)
        a_before = sum(1 for op, _ in ops[:lo] if op != "+")
        b_before = sum(1 for op, _ in ops[:lo] if op != "-")
        part = ops[lo:hi]
        a_len = sum(1 for op, _ in part if op != "+")
        b_len = sum(1 for op, _ in part if op != "-")
        lines = tuple((" " if op == "=" else op) + text for op, text in part)
        hunks.append(Hunk(a_before + (1 if a_len else 0), a_len,
                          b_before + (1 if b_len else 0), b_len, lines))
    return hunks


def unified_diff(a, b, context=3):
    return [line for hunk in make_hunks(a, b, context) for line in hunk.render()]
