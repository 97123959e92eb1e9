"""Task kinds: the registry, dispatch on "kind", and each kind's loader, rendering, extraction
and scoring; plus bad input that must end in one clear TaskError."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from codedebate.tasks import Task, TaskError, get_kind, kind_names, kind_of, load_task, load_tasks
from codedebate.tasks.multiple_choice import MultipleChoiceTask, extract_letter
from codedebate.tasks.pairwise import PairwiseTask, extract_preference
from codedebate.tasks.repository import RepositoryTask

CODE = {"id": "add_two", "name": "Add", "difficulty": "easy", "description": "Add two numbers.",
        "signature": "def add(a, b):", "tests": ["def test_a():\n    assert add(1, 2) == 3"]}
MC = {"kind": "multiple_choice", "id": "mc1", "question": "2 + 2 = ?", "choices": ["3", "4", "5", "22"],
      "answer": "B", "subject": "elementary_mathematics"}
PAIR = {"kind": "pairwise_judge", "id": "p1", "instruction": "Say hi.", "output_1": "bye", "output_2": "hi",
        "label": 2}


def write(path: Path, data) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def test_the_four_kinds_are_registered():
    assert kind_names() == ["code", "multiple_choice", "pairwise_judge", "repository"]


def test_a_file_without_kind_is_a_code_task(tmp_path):
    task = load_task(write(tmp_path / "a.json", CODE))
    assert isinstance(task, Task) and kind_of(task).name == "code"


def test_unknown_kind_names_file_and_field(tmp_path):
    with pytest.raises(TaskError) as err:
        load_task(write(tmp_path / "a.json", {**CODE, "kind": "essay"}))
    assert err.value.field == "kind" and "a.json" in str(err.value) and "multiple_choice" in str(err.value)


def test_kinds_mix_in_one_folder(tmp_path):
    write(tmp_path / "s" / "a.json", CODE)
    write(tmp_path / "s" / "b.json", MC)
    write(tmp_path / "s" / "c.json", PAIR)
    assert sorted(type(t).__name__ for t in load_tasks(tmp_path / "s")) == ["MultipleChoiceTask", "PairwiseTask", "Task"]


# ------------------------------------------------------------------ multiple choice


def test_multiple_choice_renders_choices_and_scores_gold(tmp_path):
    task = load_task(write(tmp_path / "mc.json", MC))
    assert isinstance(task, MultipleChoiceTask) and task.answer == "B" and task.subject == "elementary_mathematics"
    kind = kind_of(task)
    text = kind.render(task)
    assert "(A) 3" in text and "(D) 22" in text and "B" not in text.replace("(B) 4", "")
    assert asyncio.run(kind.score(task, "B", scorer=None)).all_passed
    wrong = asyncio.run(kind.score(task, kind.extract(task, "I think (C)."), scorer=None))
    assert wrong.passed == 0 and wrong.total == 1


@pytest.mark.parametrize("reply, letter", [
    ("The answer is (B).", "B"),
    ("(A) looks tempting but (C) is right", "C"),
    ("(E) is not a choice; so (D)", "D"),
    ("Answer: c", "C"),
    ("the answer is B", "B"),
    ("no idea", ""),
])
def test_letter_extraction(reply, letter):
    assert extract_letter(reply, "ABCD") == letter


@pytest.mark.parametrize("change, field", [
    ({"answer": "E"}, "answer"), ({"choices": "A or B"}, "choices"), ({"choices": ["only"]}, "choices"),
    ({"question": 3}, "question"), ({"id": "../x"}, "id"), ({"answer": 7}, "answer"),
])
def test_multiple_choice_bad_fields(tmp_path, change, field):
    with pytest.raises(TaskError) as err:
        load_task(write(tmp_path / "mc.json", {**MC, **change}))
    assert err.value.field == field


def test_multiple_choice_accepts_index_answers_and_letter_maps(tmp_path):
    task = load_task(write(tmp_path / "mc.json", {**MC, "answer": 1, "choices": {"A": "3", "B": "4"}}))
    assert task.answer == "B" and task.choices == ("3", "4")


# ------------------------------------------------------------------ pairwise


def test_pairwise_loads_and_scores(tmp_path):
    task = load_task(write(tmp_path / "p.json", PAIR))
    assert isinstance(task, PairwiseTask) and task.label == 2
    kind = get_kind("pairwise_judge")
    assert "# Output (2)\nhi" in kind.render(task)
    assert kind.extract(task, "Output (1) is rude.\nOutput (2)") == 2
    assert asyncio.run(kind.score(task, 2, scorer=None)).all_passed
    assert not asyncio.run(kind.score(task, 0, scorer=None)).all_passed


def test_pairwise_bad_label(tmp_path):
    with pytest.raises(TaskError) as err:
        load_task(write(tmp_path / "p.json", {**PAIR, "label": 3}))
    assert err.value.field == "label"


def test_preference_extraction():
    assert extract_preference("neither really") == 0
    assert extract_preference("output 1 ... final: Output (2)") == 2


# ------------------------------------------------------------------ repository


def _repo(tmp_path: Path) -> Path:
    write(tmp_path / "r" / "pkg" / "__init__.py", "")
    write(tmp_path / "r" / "pkg" / "core.py", "def f():\n    return 1\n")
    write(tmp_path / "r" / "tests" / "test_core.py", "from pkg.core import f\n\ndef test_f():\n    assert f() == 2\n")
    write(tmp_path / "r" / "hidden" / "test_more.py", "from pkg.core import f\n\ndef test_g():\n    assert f() + 1 == 3\n")
    return write(tmp_path / "bug.json", {"kind": "repository", "id": "bug1", "issue": "f returns the wrong value",
                                         "repo": "r", "visible_tests": ["tests/test_core.py"],
                                         "hidden_tests": ["hidden/test_more.py"],
                                         "gold": {"file": "pkg/core.py", "function": "f"}})


def test_repository_loads_and_hides_hidden_tests(tmp_path):
    task = load_task(_repo(tmp_path))
    assert isinstance(task, RepositoryTask) and task.gold["function"] == "f"
    files = task.source_files()
    assert "pkg/core.py" in files and "tests/test_core.py" in files and "hidden/test_more.py" not in files
    text = kind_of(task).render(task)
    assert "f returns the wrong value" in text and "test_more" not in text


@pytest.mark.parametrize("change, field", [
    ({"repo": "nowhere"}, "repo"), ({"visible_tests": []}, "visible_tests"),
    ({"visible_tests": ["../bug.json"]}, "visible_tests[0]"), ({"hidden_tests": ["hidden/none.py"]}, "hidden_tests[0]"),
])
def test_repository_bad_fields(tmp_path, change, field):
    path = _repo(tmp_path)
    data = {**json.loads(path.read_text()), **change}
    with pytest.raises(TaskError) as err:
        load_task(write(path, data))
    assert err.value.field == field


# ------------------------------------------------------------------ bad input of any kind


def test_non_utf8_file_is_a_clear_error(tmp_path):
    with pytest.raises(TaskError, match="not UTF-8") as err:
        load_task(write(tmp_path / "bad.json", b'{"id": "\xff\xfe"}'))
    assert "bad.json" in str(err.value)


def test_deeply_nested_json_is_a_clear_error(tmp_path):
    with pytest.raises(TaskError, match="nested too deeply"):
        load_task(write(tmp_path / "deep.json", "[" * 100_000 + "]" * 100_000))


def test_tests_as_one_string_is_refused(tmp_path):
    with pytest.raises(TaskError) as err:
        load_task(write(tmp_path / "a.json", {**CODE, "tests": CODE["tests"][0]}))
    assert err.value.field == "tests" and "one string" in str(err.value)


@pytest.mark.parametrize("bad_id", ["../../x", "a/b", "..", ".hidden", "a b"])
def test_ids_that_would_name_other_folders_are_refused(tmp_path, bad_id):
    with pytest.raises(TaskError) as err:
        load_task(write(tmp_path / "a.json", {**CODE, "id": bad_id}))
    assert err.value.field == "id"
