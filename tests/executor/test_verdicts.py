"""The parent's reading of the verdict channel: nonce, duplicates, missing tests, timeouts."""

from __future__ import annotations

import json

from codedebate.executor.results import Outcome
from codedebate.executor.verdicts import RunReport, cut, parse

NONCE = "n" * 32
EXPECTED = ("test_a", "test_b")


def line(**rec) -> str:
    return json.dumps({"nonce": NONCE, **rec})


def report(*lines: str, **kw) -> RunReport:
    kw.setdefault("exit_code", 0)
    return RunReport(lines=list(lines), **kw)


def outcomes(rep: RunReport) -> dict[str, Outcome]:
    tests, _ = parse(rep, NONCE, EXPECTED, 200)
    return {t.name: t.outcome for t in tests}


def clean_run(*extra: str) -> RunReport:
    return report(
        line(kind="start", nodeid="t.py::test_a"), line(kind="test", nodeid="t.py::test_a", outcome="passed"),
        line(kind="start", nodeid="t.py::test_b"),
        line(kind="test", nodeid="t.py::test_b", outcome="failed", message="boom"),
        *extra, line(kind="done", exitstatus=1),
    )


def test_clean_run():
    tests, error = parse(clean_run(), NONCE, EXPECTED, 200)
    assert [(t.name, t.outcome, t.message) for t in tests] == [
        ("test_a", Outcome.PASSED, ""), ("test_b", Outcome.FAILED, "boom")]
    assert error == ""


def test_wrong_nonce_rejects_everything():
    forged = json.dumps({"nonce": "guess", "kind": "test", "nodeid": "t.py::test_b", "outcome": "passed"})
    assert set(outcomes(clean_run(forged)).values()) == {Outcome.ERROR}


def test_duplicate_verdict_rejects_everything():
    dup = line(kind="test", nodeid="t.py::test_b", outcome="passed")
    assert set(outcomes(clean_run(dup)).values()) == {Outcome.ERROR}


def test_garbage_and_tamper_records_reject_everything():
    assert set(outcomes(clean_run("not json")).values()) == {Outcome.ERROR}
    assert set(outcomes(clean_run(line(kind="tampered", what=["x"]))).values()) == {Outcome.ERROR}
    overflowed = report(line(kind="test", nodeid="t.py::test_a", outcome="passed"), overflow=True)
    assert set(outcomes(overflowed).values()) == {Outcome.ERROR}


def test_missing_test_is_error_and_run_error_explains():
    rep = report(line(kind="test", nodeid="t.py::test_a", outcome="passed"), exit_code=0)
    tests, error = parse(rep, NONCE, EXPECTED, 200)
    assert [t.outcome for t in tests] == [Outcome.PASSED, Outcome.ERROR]
    assert "before pytest finished" in error


def test_timeout_marks_running_and_unstarted_tests():
    rep = report(
        line(kind="start", nodeid="t.py::test_a"), line(kind="test", nodeid="t.py::test_a", outcome="passed"),
        line(kind="start", nodeid="t.py::test_b"), exit_code=None, signal=9, timed_out=True,
    )
    tests, _ = parse(rep, NONCE, EXPECTED, 200)
    assert [t.outcome for t in tests] == [Outcome.PASSED, Outcome.TIMEOUT]
    assert "while this test ran" in tests[1].message


def test_parametrized_cases_fold_into_their_function():
    rep = report(
        line(kind="test", nodeid="t.py::test_a[1]", outcome="passed"),
        line(kind="test", nodeid="t.py::test_a[2]", outcome="failed", message="case 2"),
        line(kind="test", nodeid="t.py::test_b[x]", outcome="passed"), line(kind="done", exitstatus=1),
    )
    tests, _ = parse(rep, NONCE, EXPECTED, 200)
    assert [(t.outcome, t.message) for t in tests] == [(Outcome.FAILED, "case 2"), (Outcome.PASSED, "")]


def test_collection_error_is_error_for_all():
    rep = report(line(kind="collect_error", nodeid="t.py", message="SyntaxError"), line(kind="done", exitstatus=2))
    tests, _ = parse(rep, NONCE, EXPECTED, 200)
    assert {t.outcome for t in tests} == {Outcome.ERROR}
    assert "SyntaxError" in tests[0].message


def test_cut_notes_the_cut():
    assert cut("abc", 10) == "abc"
    out = cut("x" * 5000, 100)
    assert len(out) <= 100 and "more characters cut" in out
