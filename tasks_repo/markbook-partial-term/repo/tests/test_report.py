from markbook import Gradebook, report_card


def end_of_term() -> Gradebook:
    book = Gradebook()
    book.add_student("s1", "Lena Berg", "7b")
    book.add_student("s4", "Ada Kim", "7b")
    book.add_assessment("hw1", "Fractions", "homework", 10)
    book.add_assessment("t1", "Test 1", "tests", 50)
    book.add_assessment("p1", "Survey project", "project", 40)
    for assessment, points in (("hw1", 9), ("t1", 44), ("p1", 34)):
        book.record("s1", assessment, points)
    return book


def test_full_term_report_card():
    assert report_card(end_of_term(), "s1").splitlines() == [
        "Report card: Lena Berg (7b)",
        "  homework    90.0%",
        "  tests       88.0%",
        "  project     85.0%",
        "  overall     87.5%  B",
    ]


def test_card_before_any_mark():
    assert report_card(end_of_term(), "s4").splitlines()[-1] == "  overall    no marks yet"


def test_corrected_mark_replaces_the_old_one():
    book = end_of_term()
    book.record("s1", "p1", 40)
    assert report_card(book, "s1").splitlines()[-1] == "  overall     92.0%  A"
