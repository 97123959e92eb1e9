"""Sample scripts for the baseline tests: solutions of tiny_add with known behaviours."""

from __future__ import annotations

from codedebate.backends.base import ChatRequest

from ..helpers import ADD, fenced

#: Pass 3 of 4 visible tests (all but test_add_negative) with two different outputs on (-2, -3).
ZERO_3 = ADD[3]  # add(-2, -3) -> 0
MINUS_3 = "def add(a, b):\n    return a + b if (a >= 0 or b >= 0) else -1\n"  # add(-2, -3) -> -1
MINUS_3_AGAIN = "def add(x, y):\n    if x < 0 and y < 0:\n        return -1\n    return x + y\n"  # same as MINUS_3


def sample_number(request: ChatRequest) -> int:
    return int(request.meta["agent"].split("_")[1])


def by_sample(codes: list[str]):
    """A responder: sample k (1-based) answers codes[k - 1] (the last one again after the list)."""
    def answer(request: ChatRequest) -> str:
        assert request.meta["phase"] == "sample"
        return fenced(codes[min(sample_number(request), len(codes)) - 1])

    return answer


__all__ = ["ADD", "MINUS_3", "MINUS_3_AGAIN", "ZERO_3", "by_sample", "fenced", "sample_number"]
