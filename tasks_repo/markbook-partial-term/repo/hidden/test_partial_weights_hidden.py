import pytest

from markbook import Gradebook, class_ranking, report_card
from markbook.importer import load_marks
from markbook.weights import effective_weights

POLICY = {"homework": 20, "tests": 50, "project": 30}


def book(policy=None) -> Gradebook:
    book = Gradebook(policy)
    for sid, name in (("s1", "Lena Berg"), ("s2", "Noah Falk"), ("s3", "Mia Ortiz"), ("s4", "Ada Kim")):
        book.add_student(sid, name, "7b")
    book.add_assessment("hw1", "Fractions", "homework", 10)
    book.add_assessment("t1", "Test 1", "tests", 50)
    book.add_assessment("t2", "Test 2", "tests", 50)
    book.add_assessment("p1", "Survey project", "project", 40)
    return book


def test_weights_of_graded_categories_sum_to_one():
    for graded in (["homework"], ["tests", "project"], ["homework", "project"]):
        weights = effective_weights(POLICY, graded)
        assert set(weights) == set(graded)
        assert sum(weights.values()) == pytest.approx(1.0)
    assert effective_weights(POLICY, ["homework", "project"]) == pytest.approx({"homework": 0.4, "project": 0.6})
    assert effective_weights(POLICY, []) == {}


def test_only_homework_marked_at_the_start_of_the_year():
    b = book()
    b.record("s1", "hw1", 9.2)
    assert b.average("s1") == pytest.approx(92.0)
    assert report_card(b, "s1").splitlines()[-1] == "  overall     92.0%  A"


def test_excused_from_every_test_counts_as_not_tested():
    b = book()
    b.record("s2", "hw1", 8)
    b.excuse("s2", "t1")
    b.excuse("s2", "t2")
    b.record("s2", "p1", 36)
    assert b.average("s2") == pytest.approx((20 * 80 + 30 * 90) / 50)
    assert report_card(b, "s2").splitlines()[-3:] == [
        "  tests      not marked yet", "  project     90.0%", "  overall     86.0%  B"]


def test_relative_weights_with_the_project_missing():
    b = book({"homework": 1, "tests": 1, "project": 2})
    b.record("s3", "hw1", 6)
    b.record("s3", "t1", 40)
    assert b.average("s3") == pytest.approx(70.0)


def test_ranking_with_different_categories_marked():
    b = book()
    b.record("s1", "hw1", 7)                         # 70 homework only
    b.record("s2", "t1", 45)                         # 90 tests only
    b.record("s3", "hw1", 10)
    b.record("s3", "t1", 40)                         # 100 / 80 -> 85.7
    b.record("s4", "p1", 36)                         # 90 project only
    places = class_ranking(b)
    assert [(p.place, p.student.id, p.percent) for p in places] == [
        (1, "s2", 90.0), (1, "s4", 90.0), (3, "s3", 85.7), (4, "s1", 70.0)]


def test_marks_file_to_report_card():
    b = book()
    text = "student,assessment,points\ns1,hw1,9\ns1,t1,exc\ns1,t2,42\ns1,p1,\n"
    assert load_marks(text, b) == 3
    assert report_card(b, "s1").splitlines()[1:] == [
        "  homework    90.0%", "  tests       84.0%", "  project    not marked yet", "  overall     85.7%  B"]
