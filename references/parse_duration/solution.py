UNIT_SECONDS = {"d": 86400, "h": 3600, "m": 60, "s": 1}
UNIT_ORDER = "dhms"


def parse_duration(text: str) -> int:
    """Seconds in a duration such as '1d2h3m4s' (units largest first, each at most once)."""
    if not text:
        raise ValueError("empty duration")
    total = 0
    last = -1
    digits = ""
    for ch in text:
        if ch in "0123456789":
            digits += ch
            continue
        if ch not in UNIT_SECONDS:
            raise ValueError(f"unknown character {ch!r} in {text!r}")
        if not digits:
            raise ValueError(f"unit {ch!r} without a number in {text!r}")
        rank = UNIT_ORDER.index(ch)
        if rank <= last:
            raise ValueError(f"unit {ch!r} repeated or out of order in {text!r}")
        last = rank
        total += int(digits) * UNIT_SECONDS[ch]
        digits = ""
    if digits:
        raise ValueError(f"number without a unit at the end of {text!r}")
    return total
