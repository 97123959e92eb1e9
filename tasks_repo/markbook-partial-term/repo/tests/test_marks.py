import pytest

from markbook import Gradebook
from markbook.grades import letter, one_decimal
from markbook.importer import MarksFileError, load_marks
from markbook.weights import check_policy, effective_weights


def book() -> Gradebook:
    book = Gradebook()
    book.add_student("s1", "Lena Berg", "7b")
    book.add_assessment("hw1", "Fractions", "homework", 10)
    book.add_assessment("t1", "Test 1", "tests", 50)
    return book


def test_letters_and_rounding():
    assert one_decimal(89.15) == 89.2 and one_decimal(89.14) == 89.1
    assert [letter(p) for p in (100, 90, 89.96, 89.94, 60, 50, 49.9)] == ["A", "A", "A", "B", "D", "E", "F"]
    with pytest.raises(ValueError, match="between 0 and 100"):
        letter(101)


def test_policy_checks_and_full_weights():
    with pytest.raises(ValueError, match="'tests'"):
        check_policy({"homework": 1, "tests": 0})
    assert effective_weights({"homework": 20, "tests": 50, "project": 30}, ["homework", "tests", "project"]) == {
        "homework": 0.2, "tests": 0.5, "project": 0.3}


def test_entering_marks_is_checked():
    b = book()
    with pytest.raises(ValueError, match="outside 0-10"):
        b.record("s1", "hw1", 11)
    with pytest.raises(KeyError, match="s9"):
        b.record("s9", "hw1", 5)
    with pytest.raises(ValueError, match="unknown category 'quiz'"):
        b.add_assessment("q1", "Quiz", "quiz", 5)


def test_marks_file():
    b = book()
    assert load_marks("student,assessment,points\ns1,hw1,\"8,5\"\ns1,t1,exc\n", b) == 2
    assert b.marks["s1", "hw1"].points == 8.5 and b.marks["s1", "t1"].excused
    with pytest.raises(MarksFileError, match="marks.csv, line 2: .*outside 0-50"):
        load_marks("student,assessment,points\ns1,t1,51\n", b)
    with pytest.raises(MarksFileError, match="missing column"):
        load_marks("student,points\n", b)
