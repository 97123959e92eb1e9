"""The built-in pairwise-judge set, written from our own benchmark: "which solution is correct?"

For each code task with a reference folder (references/<id>/, see references/README.md):

* ``<id>.ref-m<i>``: the reference solution vs its mutation i (which fails tests); gold = the
  reference;
* ``<id>.m<i>-m<j>``: two mutations that fail different tests, one strictly fewer; gold = the
  one failing fewer (counted over visible and hidden tests).

The two candidates are shown in an order drawn from ``random.Random(f"{seed}:{pair id}")``, so
the set is deterministic and a pair's order does not depend on which other tasks are built.
Every candidate is run through the executor: a reference that fails a test is an error.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from .code import Task
from .code_kind import render_code_task
from .pairwise import PairwiseTask, pair_to_json
from .quality import QualityError, RunsCandidates, load_mutations, load_reference

QUESTION = ("Below are two candidate implementations of this task. Exactly one of the following holds: "
            "one candidate is correct and the other is not, or neither is correct and one fails fewer of "
            "the task's tests (including tests you do not see). Prefer the correct candidate, else the one "
            "that fails fewer tests.")


@dataclass(frozen=True)
class Candidate:
    """One solution of a task and the tests it fails."""

    label: str  # "ref" or "m<i>"
    files: dict[str, str]
    failed: frozenset[str]
    why: str = ""


def candidate_text(task: Task, files: dict[str, str]) -> str:
    """The solution as a judge sees it: one fenced block per file (named for multi-file tasks)."""
    if not task.is_multi_file:
        return "```python\n" + files[task.file_names[0]].rstrip() + "\n```"
    return "\n\n".join(f"File {name}:\n```python\n{files[name].rstrip()}\n```" for name in task.file_names)


def failed_tests(task: Task, files: dict[str, str], executor: RunsCandidates) -> frozenset[str]:
    """Names of the visible and hidden tests the files fail (prefixed visible:/hidden:)."""
    failed: set[str] = set()
    for hidden in (False, True):
        if hidden and not task.hidden_tests:
            continue
        result = executor.run(task, files, hidden=hidden)
        prefix = "hidden:" if hidden else "visible:"
        failed.update(prefix + t.name for t in result.tests if not t.passed)
        if not result.tests:
            failed.add(prefix + "<no verdict>")
    return frozenset(failed)


def candidates(task: Task, refs_dir: Path | str, executor: RunsCandidates) -> list[Candidate]:
    """The reference and each mutation of a task, with the tests each fails."""
    reference = load_reference(task, refs_dir)
    ref_failed = failed_tests(task, reference, executor)
    if ref_failed:
        raise QualityError(f"{Path(refs_dir) / task.id}: the reference of '{task.id}' fails "
                           f"{', '.join(sorted(ref_failed))}; run `codedebate validate` on it")
    out = [Candidate("ref", reference, ref_failed)]
    for m in load_mutations(task, refs_dir, reference):
        files = m.apply(reference)
        out.append(Candidate(f"m{m.index}", files, failed_tests(task, files, executor), m.why))
    return out


def _pair(task: Task, pair_id: str, better: Candidate, worse: Candidate, seed: int, origin: str) -> PairwiseTask:
    first_is_better = random.Random(f"{seed}:{pair_id}").random() < 0.5
    one, two = (better, worse) if first_is_better else (worse, better)
    instruction = render_code_task(task) + "\n\n" + QUESTION
    return PairwiseTask(pair_id, instruction, candidate_text(task, one.files), candidate_text(task, two.files),
                        1 if first_is_better else 2, origin, "")


def pairs_of(task: Task, cands: list[Candidate], seed: int) -> Iterator[PairwiseTask]:
    """Reference-vs-mutation pairs, then mutation-vs-mutation pairs (different failures, strictly fewer)."""
    ref, mutants = cands[0], cands[1:]
    for m in mutants:
        if not m.failed:  # an equivalent mutation: no correct answer to ask for
            continue
        yield _pair(task, f"{task.id}.ref-{m.label}", ref, m, seed,
                    f"{task.id}: reference vs mutation {m.label[1:]} ({m.why})")
    for a, b in combinations(mutants, 2):
        if not a.failed or not b.failed or a.failed == b.failed or len(a.failed) == len(b.failed):
            continue
        better, worse = (a, b) if len(a.failed) < len(b.failed) else (b, a)
        yield _pair(task, f"{task.id}.{a.label}-{b.label}", better, worse, seed,
                    f"{task.id}: mutation {better.label[1:]} fails {len(better.failed)} tests, "
                    f"mutation {worse.label[1:]} fails {len(worse.failed)}")


def build_pairs(tasks: Iterable[Task], refs_dir: Path | str, executor: RunsCandidates, seed: int = 0,
                skipped: list[str] | None = None) -> list[PairwiseTask]:
    """Every pair of every task that has a reference folder (tasks without one are skipped).

    With ``skipped`` given, a task whose reference fails a test (no gold answer) is left out and
    its reason appended there; without it, that is an error."""
    out: list[PairwiseTask] = []
    for task in sorted(tasks, key=lambda t: t.id):
        if not (Path(refs_dir) / task.id).is_dir():
            continue
        try:
            cands = candidates(task, refs_dir, executor)
        except QualityError as exc:
            if skipped is None:
                raise
            skipped.append(str(exc))
            continue
        out.extend(pairs_of(task, cands, seed))
    return out


def write_pairs(pairs: Iterable[PairwiseTask], folder: Path | str) -> list[Path]:
    """One ``<id>.json`` task file per pair; earlier pair files in the folder that are not in
    this set are removed (other files are left alone)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for pair in pairs:
        path = folder / f"{pair.id}.json"
        path.write_text(json.dumps(pair_to_json(pair), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    keep = set(written)
    for old in folder.glob("*.json"):
        if old not in keep and _is_pair_file(old):
            old.unlink()
    return written


def _is_pair_file(path: Path) -> bool:
    try:
        return json.loads(path.read_text(encoding="utf-8")).get("kind") == PairwiseTask.kind
    except (OSError, ValueError, AttributeError):
        return False
