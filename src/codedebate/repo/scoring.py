"""Score patched copies of a repository through its task kind (sandboxed executor, one run per
test file) and split the verdict into visible tests, regressions and hidden tests."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from codedebate.executor.results import ExecutionResult
from codedebate.tasks import kind_of
from codedebate.tasks.kinds import Scorer
from codedebate.tasks.repo_scoring import group_result
from codedebate.tasks.repository import RepositoryTask

from .patches import apply_patch
from .search import Evaluation


def protected_files(task: RepositoryTask) -> frozenset[str]:
    """Test files: patches may not edit them."""
    return frozenset(task.visible_tests) | frozenset(task.hidden_tests) | frozenset(task.other_tests())


def evaluation(task: RepositoryTask, result: ExecutionResult, baseline: ExecutionResult | None) -> Evaluation:
    """Visible pass rate and regressions (other tests that passed in ``baseline`` and fail now)."""
    visible = group_result(result, task.visible_tests)
    others = group_result(result, task.other_tests())
    before = {t.name for t in (baseline.tests if baseline else others.tests) if t.passed}
    broken = sum(1 for t in others.tests if t.name in before and not t.passed)
    return Evaluation(visible.pass_rate, broken, len(before), result)


async def score_changes(task: RepositoryTask, changes: dict[str, str], scorer: Scorer,
                        hidden: bool = False) -> ExecutionResult:
    return await kind_of(task).score(task, changes, scorer, hidden=hidden)


@dataclass(frozen=True)
class GateReport:
    """The benchmark gates of one task (see tasks_repo/README.md)."""

    task_id: str
    unpatched_visible_fails: bool
    reference_passes_visible: bool
    reference_passes_hidden: bool
    others_pass_unpatched: bool
    others_pass_patched: bool
    notes: str = ""

    @property
    def ok(self) -> bool:
        return all((self.unpatched_visible_fails, self.reference_passes_visible, self.reference_passes_hidden,
                    self.others_pass_unpatched, self.others_pass_patched))


async def check_gates(task: RepositoryTask, scorer: Scorer) -> GateReport:
    """Unpatched: visible tests fail, other tests pass; reference patch: visible, hidden and other tests pass."""
    if not task.reference_patch:
        return GateReport(task.id, False, False, False, False, False, "no reference_patch")
    files = task.source_files()
    changes = apply_patch(files, Path(task.reference_patch).read_text(encoding="utf-8"), protected_files(task))
    before = await score_changes(task, {}, scorer)
    after = await score_changes(task, changes, scorer)
    hidden = await score_changes(task, changes, scorer, hidden=True)
    vis_before, vis_after = group_result(before, task.visible_tests), group_result(after, task.visible_tests)
    oth_before, oth_after = group_result(before, task.other_tests()), group_result(after, task.other_tests())
    failing = [t.name for t in vis_before.tests if not t.passed]
    notes = "; ".join(f"{t.name}: {t.outcome.value}" for t in
                      [*oth_before.tests, *vis_after.tests, *oth_after.tests, *hidden.tests] if not t.passed)
    return GateReport(
        task.id, unpatched_visible_fails=bool(failing),
        reference_passes_visible=vis_after.all_passed, reference_passes_hidden=hidden.all_passed,
        others_pass_unpatched=bool(oth_before.tests) and oth_before.all_passed,
        others_pass_patched=bool(oth_after.tests) and oth_after.all_passed, notes=notes[:2000])
