def flatten(xs: list) -> list:
    """Every non-list element of the nested list xs, left to right."""
    out: list = []
    stack = [iter(xs)]
    while stack:
        for item in stack[-1]:
            if isinstance(item, list):
                stack.append(iter(item))
                break
            out.append(item)
        else:
            stack.pop()
    return out
