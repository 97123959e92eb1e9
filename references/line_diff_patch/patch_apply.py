import re

from line_diff import Hunk

_HEADER = re.compile(r"@@ -(\d+),(\d+) \+(\d+),(\d+) @@\Z")


class PatchError(ValueError):
    def __init__(self, hunk, message):
        super().__init__(f"hunk {hunk}: {message}")
        self.hunk = hunk


def parse_patch(lines):
    hunks, k = [], 0
    while k < len(lines):
        index = len(hunks)
        match = _HEADER.match(lines[k])
        if not match:
            raise PatchError(index, f"expected a hunk header, got {lines[k]!r}")
        a_start, a_len, b_start, b_len = map(int, match.groups())
        k += 1
        body, old, new = [], 0, 0
        while old < a_len or new < b_len:
            if k >= len(lines) or lines[k][:1] not in (" ", "-", "+"):
                raise PatchError(index, "hunk body is shorter than its header says")
            tag = lines[k][0]
            old += tag != "+"
            new += tag != "-"
            body.append(lines[k])
            k += 1
        if old != a_len or new != b_len:
            raise PatchError(index, "hunk body does not match its header")
        hunks.append(Hunk(a_start, a_len, b_start, b_len, tuple(body)))
    return hunks


def apply_patch(a, patch):
    out, pos = [], 0
    for index, hunk in enumerate(parse_patch(patch)):
        old = [line[1:] for line in hunk.lines if line[0] != "+"]
        new = [line[1:] for line in hunk.lines if line[0] != "-"]
        expected = hunk.a_start - 1 if hunk.a_len else hunk.a_start
        spots = [p for p in range(pos, len(a) - len(old) + 1) if a[p:p + len(old)] == old]
        if not spots:
            raise PatchError(index, "context does not match")
        p = min(spots, key=lambda s: (abs(s - expected), s))
        out += a[pos:p] + new
        pos = p + len(old)
    return out + a[pos:]


def reverse_patch(patch):
    flip = {" ": " ", "-": "+", "+": "-"}
    out = []
    for h in parse_patch(patch):
        lines = tuple(flip[line[0]] + line[1:] for line in h.lines)
        out += Hunk(h.b_start, h.b_len, h.a_start, h.a_len, lines).render()
    return out
