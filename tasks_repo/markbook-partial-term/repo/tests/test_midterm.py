from markbook import Gradebook, class_ranking, report_card


def midterm() -> Gradebook:
    """Form 7b at half term: two homeworks and the first test marked, the project not yet."""
    book = Gradebook()
    book.add_student("s1", "Lena Berg", "7b")
    book.add_student("s2", "Noah Falk", "7b")
    book.add_student("s3", "Mia Ortiz", "7b")
    book.add_assessment("hw1", "Fractions", "homework", 10)
    book.add_assessment("hw2", "Decimals", "homework", 10)
    book.add_assessment("t1", "Test 1", "tests", 50)
    book.add_assessment("p1", "Survey project", "project", 40)
    for student, hw1, hw2, t1 in (("s1", 9, 9.4, 44), ("s2", 10, 9.6, None), ("s3", 7, 8, 40)):
        book.record(student, "hw1", hw1)
        book.record(student, "hw2", hw2)
        if t1 is None:
            book.excuse(student, "t1")
        else:
            book.record(student, "t1", t1)
    return book


def test_midterm_report_card():
    assert report_card(midterm(), "s1").splitlines() == [
        "Report card: Lena Berg (7b)",
        "  homework    92.0%",
        "  tests       88.0%",
        "  project    not marked yet",
        "  overall     89.1%  B",
    ]


def test_midterm_ranking_puts_the_best_marks_first():
    places = class_ranking(midterm())
    assert [(p.place, p.student.name, p.percent) for p in places] == [
        (1, "Noah Falk", 98.0), (2, "Lena Berg", 89.1), (3, "Mia Ortiz", 78.6)]
