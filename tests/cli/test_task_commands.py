"""The validate, show-task and task-table commands, driven through codedebate.cli.main."""

from __future__ import annotations

import json
from pathlib import Path

from codedebate.cli import main
from codedebate.protocol.prompts import format_task
from codedebate.tasks import load_task

REF = "def double(x):\n    return x * 2\n"
TESTS = ["def test_two():\n    assert double(2) == 4", "def test_zero():\n    assert double(0) == 0",
         "def test_negative():\n    assert double(-3) == -6"]
HIDDEN = ["def test_hidden_big():\n    assert double(10**6) == 2 * 10**6"]


def write_task(root: Path, task_id: str, *, ref: str = REF, hidden=HIDDEN, difficulty="easy", sub="easy") -> Path:
    data = {"id": task_id, "name": task_id.title(), "difficulty": difficulty, "description": "Return twice x.",
            "signature": "def double(x: int) -> int", "constraints": ["No imports."], "tests": TESTS,
            "hidden_tests": hidden}
    path = root / "tasks" / sub / f"{task_id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    folder = root / "references" / task_id
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "solution.py").write_text(ref)
    (folder / "mutations.json").write_text(json.dumps([{"find": "x * 2", "replace": "x + 2", "why": "adds"}]))
    return path


def test_validate_passing_folder(tmp_path, capsys):
    write_task(tmp_path, "double_a")
    write_task(tmp_path, "double_b", sub="more")
    code = main(["validate", str(tmp_path / "tasks"), "--reference", str(tmp_path / "references"),
                 "--mutations", "--jobs", "2"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "double_a" in out and "double_b" in out and "2/2 tasks pass the gates" in out
    assert "3/3" in out and "1/1" in out  # visible, hidden and mutations columns


def test_validate_reports_failing_hidden_test(tmp_path, capsys):
    write_task(tmp_path, "double_ok")
    write_task(tmp_path, "double_bad", hidden=["def test_hidden_off():\n    assert double(5) == 11"])
    code = main(["validate", str(tmp_path / "tasks"), "--reference", str(tmp_path / "references")])
    out = capsys.readouterr().out
    assert code == 1
    assert "double_bad: reference-hidden: reference fails hidden test_hidden_off" in out
    assert "1/2 tasks pass the gates" in out


def test_validate_mutation_gate_only_with_flag(tmp_path, capsys):
    task = write_task(tmp_path, "double_weak")
    (tmp_path / "references" / "double_weak" / "mutations.json").write_text(
        json.dumps([{"find": "x * 2", "replace": "x * 2 + 0", "why": "no-op"}]))
    args = [str(task), "--reference", str(tmp_path / "references")]
    assert main(["validate", *args]) == 0
    capsys.readouterr()
    assert main(["validate", *args, "--mutations"]) == 1
    assert "double_weak: mutation[0]: survives all 3 visible tests: no-op" in capsys.readouterr().out


def test_validate_structure_flag(tmp_path, capsys):
    task = write_task(tmp_path, "double_c")
    assert main(["validate", str(task), "--reference", str(tmp_path / "references"), "--structure"]) == 1
    out = capsys.readouterr().out
    assert "field 'tests': 3 tests, want 4-16" in out and "field 'hidden_tests': 1 tests, want 3+" in out


def test_validate_bad_inputs(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main(["validate", str(bad), "--reference", str(tmp_path)]) == 2
    assert "bad.json" in capsys.readouterr().err
    task = write_task(tmp_path, "double_d")
    assert main(["validate", str(task), "--reference", str(tmp_path / "nowhere")]) == 2
    assert "not a folder" in capsys.readouterr().err


def test_validate_same_task_in_two_sets_once(tmp_path, capsys):
    task = write_task(tmp_path, "double_e")
    other = tmp_path / "tasks2" / "double_e.json"
    other.parent.mkdir()
    other.write_text(task.read_text())
    assert main(["validate", str(tmp_path / "tasks"), str(tmp_path / "tasks2"),
                 "--reference", str(tmp_path / "references")]) == 0
    assert "1/1 tasks pass" in capsys.readouterr().out
    other.write_text(task.read_text().replace("Return twice x.", "Something else."))
    assert main(["validate", str(tmp_path / "tasks"), str(tmp_path / "tasks2"),
                 "--reference", str(tmp_path / "references")]) == 2
    assert "differs from the task of that id" in capsys.readouterr().err


def test_show_task_shows_visible_tests_only(tmp_path, capsys):
    task = write_task(tmp_path, "double_f")
    assert main(["show-task", str(task)]) == 0
    out = capsys.readouterr().out
    assert "Double_F" in out and "Return twice x." in out and "def double(x: int) -> int" in out
    assert "No imports." in out and "test_negative" in out
    assert "test_hidden_big" not in out and "10**6" not in out
    assert out.strip() == format_task(load_task(task)).strip()  # the very text the proposers get


def test_show_task_bad_file(tmp_path, capsys):
    assert main(["show-task", str(tmp_path / "missing.json")]) == 2
    assert "missing.json" in capsys.readouterr().err


def test_task_table_write_and_check(tmp_path, capsys):
    write_task(tmp_path, "double_g")
    write_task(tmp_path, "double_h", difficulty="hard", sub="hard")
    shared = tmp_path / "tasks2" / "double_h.json"
    shared.parent.mkdir()
    shared.write_text((tmp_path / "tasks" / "hard" / "double_h.json").read_text())
    out = tmp_path / "README.md"
    dirs = [str(tmp_path / "tasks"), str(tmp_path / "tasks2")]
    assert main(["task-table", *dirs, "--output", str(out), "--check"]) == 1
    assert main(["task-table", *dirs, "--output", str(out)]) == 0
    text = out.read_text()
    assert "| double_g | easy | tasks | 3 | 1 | `solution.py` |" in text
    assert "| double_h | hard | tasks, tasks2 | 3 | 1 | `solution.py` |" in text
    assert "| tasks2 | 0 | 0 | 1 | 0 | 1 | 3.0 | 1.0 |" in text
    assert main(["task-table", *dirs, "--output", str(out), "--check"]) == 0
    capsys.readouterr()


def test_task_table_rejects_same_id_with_other_content(tmp_path, capsys):
    task = write_task(tmp_path, "double_i")
    other = tmp_path / "tasks2" / "double_i.json"
    other.parent.mkdir()
    other.write_text(task.read_text().replace("Return twice x.", "Something else."))
    assert main(["task-table", str(tmp_path / "tasks"), str(tmp_path / "tasks2")]) == 2
    err = capsys.readouterr().err
    assert f"{other}: field 'id': 'double_i' differs from the task of that id in {task}" in err
