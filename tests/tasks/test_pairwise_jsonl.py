"""The pairwise JSONL loader (input, output_1, output_2, label) and the task-file form of a pair."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from codedebate.tasks import TaskError, load_task
from codedebate.tasks.pairwise import extract_preference, load_pairwise_jsonl, pair_to_json


def write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "bench.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def row(**kw) -> str:
    base = {"input": "Say hi", "output_1": "hi", "output_2": "bye", "label": 1}
    base.update(kw)
    return json.dumps({k: v for k, v in base.items() if v is not None})


def test_jsonl_rows_become_pairs_with_default_ids(tmp_path):
    path = write(tmp_path, [row(), "", row(label="2", id="second"), row(input=None, instruction="Say bye", label=2)])
    pairs = load_pairwise_jsonl(path)
    assert [p.id for p in pairs] == ["bench-1", "second", "bench-4"]
    assert [p.label for p in pairs] == [1, 2, 2]
    assert pairs[2].instruction == "Say bye"
    assert pairs[0].source_path == f"{path}:1"


@pytest.mark.parametrize("bad, field, message", [
    (row(label=3), "label", "must be 1 or 2"),
    (row(output_2=None), "output_2", "is missing"),
    (row(output_1=5), "output_1", "must be a string"),
    ("[1, 2]", None, "must hold a JSON object"),
    ("{not json", None, "is not valid JSON"),
    (row(id="../x"), "id", "may hold only"),
])
def test_bad_rows_name_file_line_and_field(tmp_path, bad, field, message):
    path = write(tmp_path, [row(), bad])
    with pytest.raises(TaskError, match=message) as info:
        load_pairwise_jsonl(path)
    assert info.value.path == f"{path}:2"
    assert info.value.field == field


def test_duplicate_ids_and_empty_files_are_refused(tmp_path):
    with pytest.raises(TaskError, match="already used on line 1"):
        load_pairwise_jsonl(write(tmp_path, [row(id="a"), row(id="a")]))
    with pytest.raises(TaskError, match="holds no pairs"):
        load_pairwise_jsonl(write(tmp_path, ["", "  "]))


def test_a_pair_round_trips_through_its_task_file(tmp_path):
    pair = load_pairwise_jsonl(write(tmp_path, [row(label=2, source="unit")]))[0]
    path = tmp_path / "pair.json"
    path.write_text(json.dumps(pair_to_json(pair)), encoding="utf-8")
    back = load_task(path)
    assert (back.id, back.instruction, back.output_1, back.output_2, back.label, back.origin) == (
        pair.id, pair.instruction, pair.output_1, pair.output_2, 2, "unit")


def test_extract_preference_takes_the_last_mention():
    assert extract_preference("Output (1) looks fine but Output (2) is right.\nOutput (2)") == 2
    assert extract_preference("no idea") == 0
