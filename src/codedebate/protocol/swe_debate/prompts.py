"""Prompts of the repository protocols: three perspectives, argument, fix plan, patch."""

from __future__ import annotations

import json

PERSPECTIVE_PROMPTS = {
    "conservative": (
        "You are a careful maintainer. You favour the smallest change at the most likely site: the "
        "function where the failure shows, unless the evidence clearly points elsewhere. You distrust "
        "long explanations that are not backed by the traceback."),
    "aggressive": (
        "You are a root-cause hunter. A failure often shows far from its cause: a wrong value is "
        "produced early and only noticed later. You follow the data back to where it first goes "
        "wrong and argue for fixing it there, even if that is several calls away."),
    "pattern": (
        "You are a bug-pattern specialist. You look for known shapes of bugs: off-by-one bounds, "
        "< versus <=, a mutable default argument, a wrong comparison or operator, a missing case "
        "in a branch, an overridden method that forgets its parent, a wrong key or unit. You argue "
        "for the chain whose code shows such a pattern."),
}

FORMAT_ARGUMENT = (
    "Answer in this form:\nCHAIN: <number of the chain you support>\n"
    "ARGUMENT: <why this chain holds the root cause; cite code lines and the test failure>")

DISCRIMINATOR = (
    "You are the lead engineer. The team has debated where a bug comes from and voted for one "
    "chain. Write a fix plan as JSON only.")

def plan_format(file: str, function: str) -> str:
    """The fix-plan instructions, with the chosen chain's root as the example location."""
    example = json.dumps({"summary": "one sentence", "modifications": [{
        "file": file, "function": function, "instruction": "what to change", "rationale": "why"}],
        "execution_order": [0], "risks": ["what could break"]})
    return f"Reply with one JSON object and nothing else:\n```json\n{example}\n```"


PATCHER = "You fix bugs in Python repositories. You reply with fixed code only."


def patch_format(file: str) -> str:
    """The edit instructions: whole fixed functions (what small models write anyway) or
    search/replace blocks; no example code or placeholders a model could copy."""
    return ("Fix the bug. Reply with a line `FILE: <path>` naming the file you change (for example "
            f"`FILE: {file}`), then each function or method you change, complete and fixed, in a "
            "```python block. Give only the functions you change, not the whole file. Search/replace "
            "blocks are accepted too: `FILE: <path>`, a line `<<<<<<< SEARCH`, lines copied exactly "
            "from the file, a line `=======`, the fixed lines, a line `>>>>>>> REPLACE`.")


def cut(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` characters, marking the cut."""
    return text if len(text) <= limit else text[: max(0, limit - 16)] + " ...[truncated]"
