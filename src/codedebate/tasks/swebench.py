"""SWE-bench-style instances as repository tasks, against a local checkout the user supplies.

An instance JSON holds ``instance_id``, ``problem_statement``, ``FAIL_TO_PASS`` and
``PASS_TO_PASS`` (pytest node ids, as a list or a JSON string) and ``test_patch`` (a unified diff
that adds the tests). The checkout is copied (never modified) to ``workdir/<id>``, the test patch
is applied there with ``git apply``, and the task's visible tests are the files of FAIL_TO_PASS,
its regression tests the files of PASS_TO_PASS. The gold location (optional) comes from the
instance's ``gold`` object if present. Scoring runs whole test files (not single node ids).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from .fields import check_id, require
from .kinds import TaskError
from .repository import RepositoryTask


def _node_ids(data: dict, key: str, path: Path) -> list[str]:
    raw = data.get(key, [])
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise TaskError(path, key, f"is a string but not a JSON list: {exc.msg}") from None
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise TaskError(path, key, "must be a list of pytest node ids (tests/test_x.py::test_name)")
    return raw


def _files(ids: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(i.split("::", 1)[0] for i in ids))


def load_swebench(instance: Path | str, checkout: Path | str, workdir: Path | str) -> RepositoryTask:
    """A RepositoryTask for one instance file; the checkout is copied to ``workdir`` and the test
    patch applied to the copy. Bad input raises TaskError naming the file and the field."""
    path = Path(instance)
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise TaskError(path, None, f"cannot be read as JSON: {exc}") from None
    if not isinstance(data, dict):
        raise TaskError(path, None, "must hold one JSON object (one instance)")
    raw_id = require(data, "instance_id", str, path)
    task_id = check_id(raw_id.replace("/", "__"), path)
    issue = require(data, "problem_statement", str, path)
    fail, keep = _node_ids(data, "FAIL_TO_PASS", path), _node_ids(data, "PASS_TO_PASS", path)
    if not fail:
        raise TaskError(path, "FAIL_TO_PASS", "must name at least one test")
    patch = data.get("test_patch", "")
    if not isinstance(patch, str):
        raise TaskError(path, "test_patch", "must be a unified diff as a string")
    source = Path(checkout)
    if not source.is_dir():
        raise TaskError(path, "checkout", f"'{source}' is not a folder (pass the repository checkout)")
    dest = Path(workdir) / task_id
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(source, dest, ignore=shutil.ignore_patterns(".git", "__pycache__", "*.pyc"))
    if patch.strip():
        done = subprocess.run(["git", "apply", "--whitespace=nowarn", "-"], cwd=dest, input=patch, text=True,
                              capture_output=True, check=False)
        if done.returncode:
            raise TaskError(path, "test_patch", f"does not apply to {source}: {done.stderr.strip()[:500]}")
    visible, others = _files(fail), tuple(f for f in _files(keep) if f not in _files(fail))
    for key, files in (("FAIL_TO_PASS", visible), ("PASS_TO_PASS", others)):
        missing = [f for f in files if not (dest / f).is_file()]
        if missing:
            raise TaskError(path, key, f"names test files that are not in the checkout: {', '.join(missing[:3])}")
    gold = data.get("gold", {})
    if not isinstance(gold, dict):
        raise TaskError(path, "gold", "must be an object (file, function)")
    return RepositoryTask(id=task_id, issue=issue, repo=dest.resolve(), visible_tests=visible,
                          regression_tests=others, gold={k: str(v) for k, v in gold.items()}, name=raw_id,
                          source_path=str(path))
