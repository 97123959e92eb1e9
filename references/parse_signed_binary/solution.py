def parse_binary(s: str) -> int:
    """Integer value of an optionally signed, optionally 0b-prefixed binary literal."""
    text = s.strip()
    sign = 1
    if text[:1] in ("+", "-"):
        sign = -1 if text[0] == "-" else 1
        text = text[1:]
    if text[:2] in ("0b", "0B"):
        text = text[2:]
    if not text:
        raise ValueError(f"no binary digits in {s!r}")
    value = 0
    for ch in text:
        if ch not in "01":
            raise ValueError(f"invalid binary digit {ch!r} in {s!r}")
        value = value * 2 + (ch == "1")
    return sign * value
