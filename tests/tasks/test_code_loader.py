"""The task loader: good files load unchanged, bad ones fail naming the file and the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from codedebate.tasks import TaskError, load_task, load_tasks

GOOD_TEST = "def test_adds():\n    assert add(1, 2) == 3"


def task_dict(**overrides) -> dict:
    data = {
        "id": "add_two",
        "name": "Add two numbers",
        "difficulty": "easy",
        "description": "Return a + b.",
        "signature": "def add(a: int, b: int) -> int",
        "constraints": ["No imports."],
        "tests": [GOOD_TEST],
        "hidden_tests": ["def test_hidden_negative():\n    assert add(-1, -2) == -3"],
    }
    data.update(overrides)
    return {k: v for k, v in data.items() if v is not ...}


def write(path: Path, data) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def error_of(path: Path) -> TaskError:
    with pytest.raises(TaskError) as info:
        load_tasks(path)
    return info.value


def test_good_task_loads(tmp_path):
    task = load_task(write(tmp_path / "add_two.json", task_dict()))
    assert task.id == "add_two" and task.difficulty == "easy"
    assert task.test_names == ("test_adds",)
    assert task.hidden_test_names == ("test_hidden_negative",)
    assert task.file_names == ("solution.py",)
    assert task.source_path == str(tmp_path / "add_two.json")


def test_bad_json_names_file_and_position(tmp_path):
    path = write(tmp_path / "broken.json", '{"id": "x", "name": }')
    err = error_of(path)
    assert str(path) in str(err)
    assert "not valid JSON" in str(err) and "line 1" in str(err)


def test_top_level_must_be_object(tmp_path):
    err = error_of(write(tmp_path / "list.json", [task_dict()]))
    assert "list.json" in str(err) and "JSON object" in str(err)


@pytest.mark.parametrize("missing", ["id", "name", "difficulty", "description", "tests"])
def test_missing_field_is_named(tmp_path, missing):
    path = write(tmp_path / "t.json", task_dict(**{missing: ...}))
    err = error_of(path)
    assert err.field == missing
    assert f"{path}: field '{missing}': is missing" == str(err)


@pytest.mark.parametrize(
    ("field", "value", "expect"),
    [
        ("id", 7, "must be a string, got int"),
        ("name", ["x"], "must be a string, got list"),
        ("description", None, "must be a string, got NoneType"),
        ("signature", 3.5, "must be a string, got float"),
        ("tests", "def test_x(): pass", "must be a list of test sources, got one string"),  # issue 14
        ("tests", {"a": 1}, "must be a list of strings, got dict"),
        ("constraints", 12, "must be a list of strings, got int"),
        ("difficulty", True, "must be a string, got bool"),
    ],
)
def test_mistyped_field_is_named(tmp_path, field, value, expect):
    path = write(tmp_path / "t.json", task_dict(**{field: value}))
    if expect is None:
        assert load_task(path).test_names == ("test_x",)
        return
    err = error_of(path)
    assert err.field == field and str(path) in str(err)
    assert expect in str(err)


def test_mistyped_list_item_names_index(tmp_path):
    err = error_of(write(tmp_path / "t.json", task_dict(tags=["ok", 3])))
    assert err.field == "tags[1]" and "must be a string, got int" in str(err)


def test_unknown_difficulty(tmp_path):
    err = error_of(write(tmp_path / "t.json", task_dict(difficulty="legendary")))
    assert err.field == "difficulty"
    assert "'legendary' is not one of easy, medium, hard, extreme" in str(err)


def test_difficulty_is_case_insensitive(tmp_path):
    assert load_task(write(tmp_path / "t.json", task_dict(difficulty="Medium"))).difficulty == "medium"


def test_empty_id_and_empty_tests_rejected(tmp_path):
    assert error_of(write(tmp_path / "a.json", task_dict(id="  "))).field == "id"
    err = error_of(write(tmp_path / "b" / "b.json", task_dict(tests=[])))
    assert err.field == "tests" and "at least one test" in str(err)


def test_duplicate_ids_across_folder_name_both_files(tmp_path):
    first = write(tmp_path / "easy" / "one.json", task_dict())
    second = write(tmp_path / "medium" / "two.json", task_dict(difficulty="medium"))
    err = error_of(tmp_path)
    assert err.field == "id"
    assert str(second) in str(err) and str(first) in str(err)
    assert "'add_two' is already used" in str(err)


def test_test_that_does_not_parse(tmp_path):
    bad = "def test_broken(:\n    assert True"
    err = error_of(write(tmp_path / "t.json", task_dict(tests=[GOOD_TEST, bad])))
    assert err.field == "tests[1]" and "does not parse" in str(err) and "t.json" in str(err)


def test_hidden_test_that_does_not_parse(tmp_path):
    err = error_of(write(tmp_path / "t.json", task_dict(hidden_tests=["def test_h(\n"])))
    assert err.field == "hidden_tests[0]" and "does not parse" in str(err)


def test_test_source_without_test_function(tmp_path):
    err = error_of(write(tmp_path / "t.json", task_dict(tests=["x = 1"])))
    assert err.field == "tests[0]" and "exactly one test_* function, found 0" in str(err)


def test_test_name_used_twice_in_visible(tmp_path):
    err = error_of(write(tmp_path / "t.json", task_dict(tests=[GOOD_TEST, GOOD_TEST])))
    assert err.field == "tests[1]" and "'test_adds' is already used in tests" in str(err)


def test_test_name_shared_by_visible_and_hidden(tmp_path):
    err = error_of(write(tmp_path / "t.json", task_dict(hidden_tests=[GOOD_TEST])))
    assert err.field == "hidden_tests[0]" and "'test_adds' is already used in tests" in str(err)


def test_multi_file_fields(tmp_path):
    data = task_dict(
        difficulty="extreme",
        required_files=[{"name": "models.py", "description": "data classes"}, "service.py"],
        test_imports=["from models import Item", "from service import Store"],
        tags=["multi-file"],
        tests=["def test_store():\n    assert Store([Item('a')]).names() == ['a']"],
    )
    task = load_task(write(tmp_path / "t.json", data))
    assert task.is_multi_file and task.file_names == ("models.py", "service.py")
    assert task.required_files[0].description == "data classes"
    module = task.test_module()
    assert "from solution import" not in module
    assert module.index("from models import Item") < module.index("def test_store")


def test_test_import_that_does_not_parse(tmp_path):
    data = task_dict(required_files=["a.py"], test_imports=["from a import f", "from a import (g"])
    err = error_of(write(tmp_path / "t.json", data))
    assert err.field == "test_imports[1]" and "does not parse" in str(err) and "t.json" in str(err)


@pytest.mark.parametrize(
    ("files", "field", "expect"),
    [
        ("models.py", "required_files", "must be a list"),
        ([3], "required_files[0]", "file name or an object"),
        (["pkg/models.py"], "required_files[0]", "plain module file name"),
        (["models.txt"], "required_files[0]", "ending in .py"),
        (["a.py", "a.py"], "required_files", "names a file twice"),
        ([{"description": "no name"}], "required_files[0]", "needs a string 'name'"),
    ],
)
def test_bad_required_files(tmp_path, files, field, expect):
    err = error_of(write(tmp_path / "t.json", task_dict(required_files=files)))
    assert err.field == field and expect in str(err)


def test_empty_folder_and_missing_path(tmp_path):
    assert "holds no task JSON files" in str(error_of(tmp_path))
    assert "neither a task file nor a folder" in str(error_of(tmp_path / "nope"))


def test_underscore_and_dot_folders_are_skipped(tmp_path):
    write(tmp_path / "tasks" / "a.json", task_dict())
    write(tmp_path / "tasks" / "_refs" / "a.json", task_dict())  # would be a duplicate id
    write(tmp_path / "tasks" / ".cache" / "junk.json", "not json")
    assert [t.id for t in load_tasks(tmp_path / "tasks")] == ["add_two"]


# A folder in the thesis's own format, as a colleague would hand it over: flat files, no
# difficulty subfolders, no hidden tests, a constraint written as one string, thesis extras.
THESIS_TASKS = {
    "reverse_words.json": {
        "id": "reverse_words",
        "name": "Reverse Words",
        "difficulty": "easy",
        "description": "Reverse the order of words in a sentence.",
        "signature": "def reverse_words(s: str) -> str",
        "constraints": ["Words are separated by single spaces", "Return a string"],
        "tests": [
            "def test_basic():\n    assert reverse_words('a b c') == 'c b a'",
            "def test_single():\n    assert reverse_words('x') == 'x'",
        ],
    },
    "bank_system.json": {
        "id": "bank_system",
        "name": "Bank System",
        "difficulty": "extreme",
        "description": "A bank with accounts and transfers over two modules.",
        "signature": "class Bank",
        "constraints": "Use only the standard library",
        "required_files": [
            {"name": "account.py", "description": "Account class"},
            {"name": "bank.py", "description": "Bank class using Account"},
        ],
        "test_imports": ["from account import Account", "from bank import Bank"],
        "tags": ["multi-file", "oop"],
        "tests": ["def test_open():\n    assert Bank().open('a').balance == 0"],
        "category": "systems",
    },
}


def test_thesis_format_folder_loads_unchanged(tmp_path):
    for name, data in THESIS_TASKS.items():
        write(tmp_path / name, data)
    tasks = {t.id: t for t in load_tasks(tmp_path)}
    assert set(tasks) == {"reverse_words", "bank_system"}
    easy, extreme = tasks["reverse_words"], tasks["bank_system"]
    assert easy.constraints == ("Words are separated by single spaces", "Return a string")
    assert easy.hidden_tests == () and easy.test_names == ("test_basic", "test_single")
    assert [c.source for c in easy.tests] == THESIS_TASKS["reverse_words.json"]["tests"]
    assert extreme.constraints == ("Use only the standard library",)
    assert extreme.file_names == ("account.py", "bank.py")
    assert extreme.test_imports == ("from account import Account", "from bank import Bank")
    assert extreme.extra == {"category": "systems"}
