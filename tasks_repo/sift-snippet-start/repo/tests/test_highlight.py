from sift import Analyzer
from sift.snippets import highlight, snippet

HELP = ("Our coffee machines have a water filter in the tank. Change the filter every two months, or "
        "sooner when the coffee tastes bitter; a blinking light reminds you. Filters are sold in packs "
        "of three.")


def test_snippet_deep_in_the_text_is_cut_at_whole_words():
    assert snippet(HELP, {"bitter"}, Analyzer()) == (
        "...or sooner when the coffee tastes bitter; a blinking light reminds you. Filters...")
    assert snippet(HELP, {"pack"}, Analyzer(), width=20) == "...Filters are sold in packs of three."


def test_snippet_without_a_match_shows_the_beginning():
    assert snippet(HELP, {"nothing"}, Analyzer(), width=20) == "Our coffee machines have a water filter..."
    assert snippet("Short note.", set(), Analyzer()) == "Short note."


def test_highlight_marks_every_form_of_the_word():
    text = "Descale now: descaling twice a year, descaled kettles last."
    assert highlight(text, {"descal"}, Analyzer(), mark="_") == (
        "_Descale_ now: _descaling_ twice a year, _descaled_ kettles last.")
