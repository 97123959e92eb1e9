def second_largest(xs: list[int]) -> int | None:
    """The second largest distinct value of xs, or None if there is none."""
    best = second = None
    for x in xs:
        if best is None or x > best:
            best, second = x, best
        elif x != best and (second is None or x > second):
            second = x
    return second
