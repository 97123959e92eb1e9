PAIRS = {")": "(", "]": "[", "}": "{"}
OPENERS = frozenset(PAIRS.values())


def is_balanced(text: str) -> bool:
    """True if (), [] and {} in text are properly matched and nested."""
    stack: list[str] = []
    for ch in text:
        if ch in OPENERS:
            stack.append(ch)
        elif ch in PAIRS:
            if not stack or stack.pop() != PAIRS[ch]:
                return False
    return not stack
