"""Quality gates for a task set: the reference passes, a stub fails, every mutation is caught.

References live outside the task JSON, in ``<refs>/<task_id>/``: ``solution.py`` for a
single-file task, or one file per ``required_files`` entry for a multi-file task, plus
``mutations.json`` (a list of ``{"file", "find", "replace", "why"}``; see references/README.md).

``check_task(task, refs, executor)`` runs the gates through the real executor:

1. ``reference``: the reference passes every visible and every hidden test;
2. ``stub``: the reference with every function body replaced by ``raise NotImplementedError``
   (:func:`stub_of`) passes none of the visible tests;
3. ``mutations``: the task has at least one mutation, each mutated reference still compiles,
   and each fails at least one visible test (so no visible test set is vacuous).

:func:`structure_problems` checks the benchmark's shape rules (test counts, id style) without
running anything.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from codedebate.executor.results import ExecutionResult, Outcome
from codedebate.tasks import Task

MUTATIONS_FILE = "mutations.json"
MIN_VISIBLE, MAX_VISIBLE, MIN_HIDDEN = 4, 16, 3
ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


class QualityError(ValueError):
    """A reference folder or mutation list is missing or malformed; names the file and field."""


class RunsCandidates(Protocol):
    """What the gates need from :class:`codedebate.executor.Executor`."""

    def run(self, task: Task, files: dict[str, str], hidden: bool = False) -> ExecutionResult: ...


@dataclass(frozen=True)
class Mutation:
    """A deliberately broken variant of the reference: replace ``find`` by ``replace`` in ``file``."""

    file: str
    find: str
    replace: str
    why: str
    index: int = 0

    def apply(self, files: dict[str, str]) -> dict[str, str]:
        """The files with this mutation applied (the input is left unchanged)."""
        out = dict(files)
        out[self.file] = files[self.file].replace(self.find, self.replace, 1)
        return out


@dataclass
class GateResult:
    """Outcome of one gate run: which gate, whether it held, and why not."""

    gate: str  # "reference", "reference-hidden", "stub", "mutation[i]", "mutations", "setup"
    ok: bool
    detail: str = ""


@dataclass
class TaskReport:
    """All gate results of one task, plus the raw counts a summary table shows."""

    task_id: str
    difficulty: str
    source_path: str
    gates: list[GateResult] = field(default_factory=list)
    visible: tuple[int, int] | None = None  # reference: (passed, total)
    hidden: tuple[int, int] | None = None
    stub_passed: int | None = None  # visible tests the stub passes (must be 0)
    mutations_killed: tuple[int, int] | None = None  # (caught, total)

    @property
    def ok(self) -> bool:
        return all(g.ok for g in self.gates)

    @property
    def failures(self) -> list[GateResult]:
        return [g for g in self.gates if not g.ok]

    def summary(self) -> str:
        """One line per failed gate, prefixed by the task id."""
        return "\n".join(f"{self.task_id}: {g.gate}: {g.detail}" for g in self.failures)


# --------------------------------------------------------------------------- references


def reference_dir(task: Task, refs_dir: Path | str) -> Path:
    return Path(refs_dir) / task.id


def load_reference(task: Task, refs_dir: Path | str) -> dict[str, str]:
    """The reference files of a task: file name -> source (``solution.py`` for single-file)."""
    folder = reference_dir(task, refs_dir)
    files: dict[str, str] = {}
    for name in task.file_names:
        path = folder / name
        if not path.is_file():
            raise QualityError(f"{path}: reference file for task '{task.id}' is missing")
        source = path.read_text(encoding="utf-8")
        try:
            ast.parse(source, filename=str(path))
        except SyntaxError as exc:
            raise QualityError(f"{path}: reference does not parse: {exc.msg} (line {exc.lineno})") from None
        files[name] = source
    return files


# --------------------------------------------------------------------------- stubs


class _Stubber(ast.NodeTransformer):
    """Replaces each function body by its docstring (if any) and ``raise NotImplementedError``."""

    def _stub(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        body: list[ast.stmt] = []
        if ast.get_docstring(node) is not None:
            body.append(node.body[0])
        body.append(ast.Raise(exc=ast.Name(id="NotImplementedError", ctx=ast.Load()), cause=None))
        node.body = body
        return node  # nested functions vanish with the body; methods are visited via classes

    visit_FunctionDef = _stub
    visit_AsyncFunctionDef = _stub


def stub_source(source: str) -> str:
    """One module with every function and method body replaced by ``raise NotImplementedError``."""
    tree = _Stubber().visit(ast.parse(source))
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def stub_of(files: dict[str, str]) -> dict[str, str]:
    """Stub every file: classes, signatures, docstrings and module-level constants are kept."""
    return {name: stub_source(src) for name, src in files.items()}


# --------------------------------------------------------------------------- mutations


def _field(item: dict, key: str, path: Path, i: int) -> str:
    value = item.get(key)
    if not isinstance(value, str):
        got = "missing" if key not in item else f"a {type(value).__name__}"
        raise QualityError(f"{path}: field '[{i}].{key}' must be a string, got {got}")
    return value


def load_mutations(task: Task, refs_dir: Path | str, reference: dict[str, str] | None = None) -> list[Mutation]:
    """Parse ``mutations.json``; each ``find`` must occur exactly once in its file."""
    path = reference_dir(task, refs_dir) / MUTATIONS_FILE
    if not path.is_file():
        raise QualityError(f"{path}: mutation list for task '{task.id}' is missing")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise QualityError(f"{path}: is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(data, list):
        raise QualityError(f"{path}: must hold a JSON list of mutations, got {type(data).__name__}")
    files = reference if reference is not None else load_reference(task, refs_dir)
    mutations: list[Mutation] = []
    for i, item in enumerate(data):
        if not isinstance(item, dict):
            raise QualityError(f"{path}: field '[{i}]' must be an object with file/find/replace/why")
        if "file" not in item and not task.is_multi_file:
            item = {**item, "file": task.file_names[0]}
        m = Mutation(*(_field(item, k, path, i) for k in ("file", "find", "replace", "why")), index=i)
        if m.file not in files:
            raise QualityError(f"{path}: field '[{i}].file': '{m.file}' is not one of {sorted(files)}")
        count = files[m.file].count(m.find) if m.find else 0
        if count != 1:
            raise QualityError(
                f"{path}: field '[{i}].find' must occur exactly once in {m.file}, found {count} times"
            )
        if m.find == m.replace:
            raise QualityError(f"{path}: field '[{i}].replace' equals 'find'; the mutation changes nothing")
        mutations.append(m)
    return mutations


# --------------------------------------------------------------------------- gates


def _count(result: ExecutionResult, names: Sequence[str]) -> tuple[int, int]:
    """(passed, total) counted over the task's expected test names only."""
    return sum(result.outcome_of(n) is Outcome.PASSED for n in names), len(names)


def _failing(result: ExecutionResult, names: Sequence[str], limit: int = 3) -> str:
    bad = [n for n in names if result.outcome_of(n) is not Outcome.PASSED]
    more = f" (+{len(bad) - limit} more)" if len(bad) > limit else ""
    msgs = {t.name: t.message for t in result.tests}
    shown = "; ".join(f"{n} [{result.outcome_of(n).value}] {msgs.get(n, '')[:120]}".strip() for n in bad[:limit])
    err = f" executor: {result.error[:200]}" if result.error else ""
    return shown + more + err


def check_task(task: Task, refs_dir: Path | str, executor: RunsCandidates, mutations: bool = True) -> TaskReport:
    """Run the reference gate (and, with ``mutations``, the stub and mutation gates) on one task."""
    report = TaskReport(task.id, task.difficulty, task.source_path)
    try:
        reference = load_reference(task, refs_dir)
        muts = load_mutations(task, refs_dir, reference) if mutations else []
    except QualityError as exc:
        report.gates.append(GateResult("setup", False, str(exc)))
        return report

    visible = executor.run(task, reference, hidden=False)
    report.visible = _count(visible, task.test_names)
    ok = report.visible[0] == report.visible[1]
    report.gates.append(GateResult("reference", ok, "" if ok else "reference fails " + _failing(visible, task.test_names)))
    if task.hidden_tests:
        hidden = executor.run(task, reference, hidden=True)
        report.hidden = _count(hidden, task.hidden_test_names)
        ok = report.hidden[0] == report.hidden[1]
        detail = "" if ok else "reference fails hidden " + _failing(hidden, task.hidden_test_names)
        report.gates.append(GateResult("reference-hidden", ok, detail))
    if not mutations:
        return report

    stub = executor.run(task, stub_of(reference), hidden=False)
    passing = [n for n in task.test_names if stub.outcome_of(n) is Outcome.PASSED]
    report.stub_passed = len(passing)
    report.gates.append(GateResult("stub", not passing, f"stub passes {', '.join(passing)}" if passing else ""))

    report.gates.append(GateResult("mutations", bool(muts), "" if muts else "mutations.json lists no mutation"))
    killed = 0
    for m in muts:
        gate = f"mutation[{m.index}]"
        mutated = m.apply(reference)
        try:
            ast.parse(mutated[m.file])
        except SyntaxError as exc:
            report.gates.append(GateResult(gate, False, f"mutated {m.file} does not parse ({exc.msg}); {m.why}"))
            continue
        passed, total = _count(executor.run(task, mutated, hidden=False), task.test_names)
        caught = passed < total
        killed += caught
        detail = "" if caught else f"survives all {total} visible tests: {m.why}"
        report.gates.append(GateResult(gate, caught, detail))
    report.mutations_killed = (killed, len(muts))
    return report


def check_tasks(
    tasks: Iterable[Task],
    refs_dir: Path | str,
    executor: RunsCandidates,
    mutations: bool = True,
    jobs: int = 1,
    on_report: Callable[[TaskReport], None] | None = None,
) -> list[TaskReport]:
    """Check several tasks, ``jobs`` at a time; reports come back in the input order."""
    tasks = list(tasks)

    def one(task: Task) -> TaskReport:
        report = check_task(task, refs_dir, executor, mutations)
        if on_report:
            on_report(report)
        return report

    if jobs <= 1:
        return [one(t) for t in tasks]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(one, tasks))


# --------------------------------------------------------------------------- structure


def structure_problems(task: Task) -> list[str]:
    """Benchmark shape rules: snake_case id, 4-16 visible tests, 3+ hidden tests, a signature."""
    problems = []
    where = task.source_path or task.id
    if not ID_PATTERN.match(task.id):
        problems.append(f"{where}: field 'id': '{task.id}' is not snake_case")
    if not MIN_VISIBLE <= len(task.tests) <= MAX_VISIBLE:
        problems.append(f"{where}: field 'tests': {len(task.tests)} tests, want {MIN_VISIBLE}-{MAX_VISIBLE}")
    if len(task.hidden_tests) < MIN_HIDDEN:
        problems.append(f"{where}: field 'hidden_tests': {len(task.hidden_tests)} tests, want {MIN_HIDDEN}+")
    if not task.signature.strip():
        problems.append(f"{where}: field 'signature' is empty")
    if task.is_multi_file and not task.test_imports:
        problems.append(f"{where}: field 'test_imports' is empty for a multi-file task")
    return problems
