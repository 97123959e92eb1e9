"""Words too common to search for."""

STOP_WORDS = frozenset("""
a an and are as at be but by for from has have i in is it its of on or our so that the their
there this to was we were will with you your
""".split())


def is_stop_word(folded: str) -> bool:
    return folded in STOP_WORDS
