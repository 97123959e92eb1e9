from functools import lru_cache


def segmentations(text, words, limit=None):
    if limit is not None and limit < 0:
        raise ValueError("limit must be non-negative")
    vocab = {w for w in words if w}
    lengths = sorted({len(w) for w in vocab})

    @lru_cache(maxsize=None)
    def from_pos(i):
        if i == len(text):
            return ((),)
        found = []
        for n in lengths:
            piece = text[i:i + n]
            if len(piece) == n and piece in vocab:
                for rest in from_pos(i + n):
                    found.append((piece,) + rest)
        return tuple(found)

    result = sorted({" ".join(parts) for parts in from_pos(0)})
    return result if limit is None else result[:limit]
