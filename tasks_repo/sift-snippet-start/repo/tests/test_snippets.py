from sift import Analyzer, Index, Searcher
from sift.snippets import snippet

KETTLE = ("Kettle descaling keeps the water clean and the heating element working. Fill the kettle "
          "halfway with equal parts water and white vinegar, bring it to the boil and leave it for an "
          "hour. Rinse twice before making tea again.")


def test_snippet_when_the_word_opens_the_text():
    assert snippet(KETTLE, {"kettl"}, Analyzer()) == "Kettle descaling keeps the water clean and the..."


def test_search_preview_for_a_word_in_the_first_sentence():
    index = Index()
    index.add("kettle", "Descaling your kettle", KETTLE)
    index.add("warranty", "Warranty", "Every appliance has a two-year warranty. Damage from dropping it or "
                                      "from descaling with the wrong product is not covered.")
    hits = Searcher(index).search("descale")
    assert hits[0].doc_id == "kettle"
    assert hits[0].snippet == "Kettle **descaling** keeps the water clean and the heating..."
