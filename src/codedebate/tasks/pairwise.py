"""The ``pairwise_judge`` kind: an instruction, two candidate outputs, and which one is better.

File format: ``{"kind": "pairwise_judge", "id", "instruction", "output_1", "output_2",
"label": 1 | 2, "source"?}``. A judge's reply names its choice as ``Output (1)`` / ``Output (2)``;
the last such mention counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from .fields import check_id, optional_str, require
from .kinds import Scorer, TaskError, TaskKind, gold_verdict, register_kind

if TYPE_CHECKING:  # pragma: no cover
    from codedebate.executor.results import ExecutionResult


@dataclass(frozen=True)
class PairwiseTask:
    """Which of two outputs answers the instruction better (gold: 1 or 2)."""

    kind: ClassVar[str] = "pairwise_judge"
    id: str
    instruction: str
    output_1: str
    output_2: str
    label: int
    origin: str = ""  # where the pair comes from (e.g. the code task and mutation it was built from)
    source_path: str = ""

    @property
    def name(self) -> str:
        return self.id

    @property
    def difficulty(self) -> str:
        return ""


def make_pair(task_id: str, instruction: str, output_1: str, output_2: str, label: Any, origin: str,
              path: Path) -> PairwiseTask:
    """Validate and build one pair (shared by the JSON and JSONL loaders)."""
    if isinstance(label, str) and label.strip() in ("1", "2"):
        label = int(label)
    if label not in (1, 2) or isinstance(label, bool):
        raise TaskError(path, "label", f"must be 1 or 2 (the better output), got {label!r}")
    return PairwiseTask(check_id(task_id, path), instruction, output_1, output_2, int(label), origin, str(path))


_CHOICE = re.compile(r"Output\s*\(?([12])\)?", re.IGNORECASE)


def extract_preference(reply: str) -> int:
    """The last 'Output (1)' / 'Output (2)' in a reply; 0 when it names neither."""
    found = _CHOICE.findall(reply)
    return int(found[-1]) if found else 0


@register_kind
class PairwiseKind(TaskKind):
    """Answers are 1 or 2; scored against the gold preference."""

    name = "pairwise_judge"

    def parse(self, data: dict[str, Any], path: Path) -> PairwiseTask:
        return make_pair(require(data, "id", str, path), require(data, "instruction", str, path),
                         require(data, "output_1", str, path), require(data, "output_2", str, path),
                         data.get("label"), optional_str(data, "source", path), path)

    def render(self, task: PairwiseTask) -> str:
        return (f"# Instruction\n{task.instruction.strip()}\n\n# Output (1)\n{task.output_1.rstrip()}\n\n"
                f"# Output (2)\n{task.output_2.rstrip()}\n\nWhich output follows the instruction better? "
                "End your answer with exactly one line: 'Output (1)' or 'Output (2)'.")

    def extract(self, task: PairwiseTask, reply: str) -> int:
        return extract_preference(reply)

    async def score(self, task: PairwiseTask, answer: int, scorer: Scorer, hidden: bool = False) -> "ExecutionResult":
        return gold_verdict("gold_preference", answer == task.label, f"preferred {answer or 'neither'}")


# --------------------------------------------------------------------------- JSONL


def load_pairwise_jsonl(path: Path | str) -> list[PairwiseTask]:
    """Read the common pairwise JSONL format (LLMBar / JudgeBench style): one object per line with
    ``input`` (or ``instruction``), ``output_1``, ``output_2``, ``label`` (1 or 2), optional ``id``
    (default ``<file stem>-<line>``); blank lines are skipped. Errors name the file, line and field."""
    import json

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise TaskError(path, None, "is not UTF-8 text") from None
    except OSError as exc:
        raise TaskError(path, None, f"cannot be read: {exc.strerror or exc}") from None
    pairs: list[PairwiseTask] = []
    seen: dict[str, int] = {}
    for line_no, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = Path(f"{path}:{line_no}")
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise TaskError(where, None, f"is not valid JSON: {exc.msg}") from None
        if not isinstance(data, dict):
            raise TaskError(where, None, f"must hold a JSON object, got {type(data).__name__}")
        key = "input" if "input" in data else "instruction"
        stem = "".join(c if c.isalnum() or c in "_.+-" else "_" for c in path.stem)
        task_id = data.get("id", f"{stem}-{line_no}")
        if not isinstance(task_id, str):
            task_id = str(task_id)
        pair = make_pair(task_id, require(data, key, str, where), require(data, "output_1", str, where),
                         require(data, "output_2", str, where), data.get("label"),
                         optional_str(data, "source", where), where)
        if pair.id in seen:
            raise TaskError(where, "id", f"'{pair.id}' is already used on line {seen[pair.id]}")
        seen[pair.id] = line_no
        pairs.append(pair)
    if not pairs:
        raise TaskError(path, None, "holds no pairs (one JSON object per line expected)")
    return pairs


def pair_to_json(pair: PairwiseTask) -> dict[str, Any]:
    """The task-file form of a pair (what ``load_task`` reads back)."""
    data: dict[str, Any] = {"kind": PairwiseTask.kind, "id": pair.id, "instruction": pair.instruction,
                            "output_1": pair.output_1, "output_2": pair.output_2, "label": pair.label}
    if pair.origin:
        data["source"] = pair.origin
    return data
