"""``codedebate validate --reference`` reads only inside the reference folder: a task id that is a
path (``../outside``) is refused at load, naming the file and field, exit 2 (issue #14 item 6)."""

from __future__ import annotations

import json

import pytest

from codedebate.cli import main


@pytest.mark.parametrize("task_id", ["../outside", "../../outside", "a/../../outside", "/tmp/outside"])
def test_validate_refuses_ids_that_leave_the_reference_folder(tmp_path, capsys, task_id):
    refs = tmp_path / "refs"
    refs.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "solution.py").write_text("def double(x):\n    return x * 2\n")
    task = tmp_path / "task.json"
    task.write_text(json.dumps({"id": task_id, "name": "n", "difficulty": "easy", "description": "d",
                                "signature": "def double(x): ...",
                                "tests": ["def test_two():\n    assert double(2) == 4\n"]}))
    assert main(["validate", str(task), "--reference", str(refs)]) == 2
    err = capsys.readouterr().err
    assert str(task.name) in err and "id" in err
    assert "Task quality gates" not in capsys.readouterr().out  # nothing was run
