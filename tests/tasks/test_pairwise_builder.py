"""The built-in pair set: gold is always the candidate that passes (or fails fewer) tests; the
order of the two candidates is seeded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from codedebate.executor import Executor, ExecutorSettings
from codedebate.tasks import load_task, load_tasks
from codedebate.tasks.pair_builder import build_pairs, candidate_text, candidates, pairs_of, write_pairs

ROOT = Path(__file__).resolve().parents[2]
TASK_IDS = ("anagram_phrases", "chunk_list")


@pytest.fixture(scope="module")
def executor():
    return Executor(ExecutorSettings(metrics=False))


@pytest.fixture(scope="module")
def tasks():
    return [load_task(ROOT / "tasks" / "easy" / f"{t}.json") for t in TASK_IDS]


@pytest.fixture(scope="module")
def cands(tasks, executor):
    return {t.id: candidates(t, ROOT / "references", executor) for t in tasks}


def test_gold_is_always_the_test_passing_candidate(tasks, cands, executor):
    for task in tasks:
        by_text = {candidate_text(task, c.files): c for c in cands[task.id]}
        pairs = list(pairs_of(task, cands[task.id], seed=0))
        ref_pairs = [p for p in pairs if ".ref-" in p.id]
        assert len(ref_pairs) == len(cands[task.id]) - 1  # one per mutation
        for pair in pairs:
            gold = by_text[pair.output_1 if pair.label == 1 else pair.output_2]
            other = by_text[pair.output_2 if pair.label == 1 else pair.output_1]
            visible = executor.run(task, gold.files)
            hidden = executor.run(task, gold.files, hidden=True)
            if ".ref-" in pair.id:  # the gold answer passes every test, the other fails some
                assert visible.all_passed and hidden.all_passed
                assert other.failed
            else:  # mutation vs mutation: gold fails strictly fewer tests
                assert len(gold.failed) < len(other.failed)
                fails = (visible.total - visible.passed) + (hidden.total - hidden.passed)
                assert fails == len(gold.failed)


def test_order_is_seeded_and_independent_of_the_other_tasks(tasks, cands):
    def labels(seed, chosen):
        return {p.id: p.label for t in chosen for p in pairs_of(t, cands[t.id], seed)}

    both = labels(0, tasks)
    assert labels(0, tasks) == both  # deterministic
    assert {k: v for k, v in both.items() if k.startswith("chunk_list")} == labels(0, tasks[1:])
    many = [labels(s, tasks) for s in range(8)]
    assert len({tuple(sorted(m.items())) for m in many}) > 1  # the seed changes the order
    assert {v for m in many for v in m.values()} == {1, 2}  # gold appears in both positions


def test_pairs_are_written_as_loadable_task_files(tmp_path, tasks, executor):
    pairs = build_pairs(tasks[:1], ROOT / "references", executor, seed=3)
    stale = tmp_path / "anagram_phrases.m5-m6.json"
    stale.write_text(json.dumps({"kind": "pairwise_judge", "id": "x"}), encoding="utf-8")
    other = tmp_path / "notes.json"
    other.write_text("{}", encoding="utf-8")
    write_pairs(pairs, tmp_path)
    assert not stale.exists() and other.exists()
    other.unlink()
    loaded = {t.id: t for t in load_tasks(tmp_path)}
    assert set(loaded) == {p.id for p in pairs}
    for p in pairs:
        assert loaded[p.id].label == p.label and loaded[p.id].output_1 == p.output_1


def test_build_pairs_command(tmp_path, capsys):
    from codedebate.cli import main

    out = tmp_path / "pairs"
    assert main(["build-pairs", "--tasks", str(ROOT / "tasks" / "easy" / "chunk_list.json"),
                 "--references", str(ROOT / "references"), "--output", str(out)]) == 0
    ids = sorted(p.stem for p in out.glob("*.json"))
    assert ids and all(i.startswith("chunk_list.") for i in ids)
    jsonl = tmp_path / "x.jsonl"
    jsonl.write_text(json.dumps({"input": "q", "output_1": "a", "output_2": "b", "label": 2}) + "\n")
    assert main(["build-pairs", "--jsonl", str(jsonl), "--output", str(tmp_path / "conv")]) == 0
    assert load_task(tmp_path / "conv" / "x-1.json").label == 2
    assert main(["build-pairs", "--output", str(out)]) == 2
    assert "either --tasks" in capsys.readouterr().err


def test_a_task_whose_reference_fails_has_no_gold_and_is_skipped(tmp_path, tasks, executor):
    import shutil

    from codedebate.tasks.quality import QualityError

    refs = tmp_path / "refs"
    shutil.copytree(ROOT / "references" / "chunk_list", refs / "chunk_list")
    shutil.copytree(ROOT / "references" / "anagram_phrases", refs / "anagram_phrases")
    broken = refs / "chunk_list" / "solution.py"
    broken.write_text(broken.read_text() + "\n\ndef chunk_list(xs, size):\n    return []\n")  # shadows the real one
    with pytest.raises(QualityError, match="reference of 'chunk_list' fails"):
        build_pairs(tasks, refs, executor)
    skipped: list[str] = []
    pairs = build_pairs(tasks, refs, executor, skipped=skipped)
    assert {p.id.split(".")[0] for p in pairs} == {"anagram_phrases"}
    assert len(skipped) == 1 and "chunk_list" in skipped[0]


def test_the_committed_builtin_set_has_the_reference_as_gold():
    """pairs/builtin (written by build-pairs): every reference-vs-mutation pair's gold output is
    the task's current reference, and the other output is one of its mutations."""
    from codedebate.tasks.quality import load_mutations, load_reference

    pairs = load_tasks(ROOT / "pairs" / "builtin")
    assert len(pairs) >= 100
    code = {t.id: t for t in load_tasks(ROOT / "tasks")}
    for pair in pairs:
        task_id, kind = pair.id.split(".", 1)
        task = code[task_id]
        reference = load_reference(task, ROOT / "references")
        gold, other = (pair.output_1, pair.output_2) if pair.label == 1 else (pair.output_2, pair.output_1)
        mutants = {candidate_text(task, m.apply(reference)) for m in load_mutations(task, ROOT / "references", reference)}
        if kind.startswith("ref-"):
            assert gold == candidate_text(task, reference), pair.id
            assert other in mutants, pair.id
        else:
            assert gold in mutants and other in mutants and gold != other, pair.id
    assert {p.label for p in pairs} == {1, 2}
