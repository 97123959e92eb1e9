from markbook import Gradebook, class_ranking
from markbook.ranking import render


def full_marks_book() -> Gradebook:
    book = Gradebook({"homework": 1, "tests": 2, "project": 1})
    for sid, name, form in (("a", "Ada Kim", "7a"), ("b", "Ben Roth", "7b"), ("c", "Cem Aydin", "7b"),
                            ("d", "Dana Cole", "7b")):
        book.add_student(sid, name, form)
    book.add_assessment("hw", "Homework", "homework", 20)
    book.add_assessment("t", "Test", "tests", 100)
    book.add_assessment("p", "Project", "project", 10)
    for sid, hw, t, p in (("a", 20, 90, 9), ("b", 16, 70, 8), ("c", 18, 60, 10), ("d", 12, 95, 5)):
        book.record(sid, "hw", hw)
        book.record(sid, "t", t)
        book.record(sid, "p", p)
    return book


def test_ties_share_a_place_and_sort_by_family_name():
    places = class_ranking(full_marks_book())
    assert [(p.place, p.student.id, p.percent) for p in places] == [
        (1, "a", 92.5), (2, "c", 77.5), (3, "d", 75.0), (3, "b", 75.0)]


def test_one_form_only_and_rendering():
    places = class_ranking(full_marks_book(), form="7b")
    assert render(places).splitlines() == [
        " 1. Aydin, Cem            77.5%",
        " 2. Cole, Dana            75.0%",
        " 2. Roth, Ben             75.0%",
    ]


def test_students_without_marks_are_not_ranked():
    book = full_marks_book()
    book.add_student("e", "Eli Park", "7b")
    assert "e" not in [p.student.id for p in class_ranking(book)]
