def wrap_words(text: str, width: int) -> list[str]:
    """Greedy line filling: each line takes as many words as fit in width."""
    if width < 1:
        raise ValueError(f"width must be >= 1, got {width}")
    lines: list[str] = []
    current = ""
    for word in text.split():
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current += " " + word
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines
