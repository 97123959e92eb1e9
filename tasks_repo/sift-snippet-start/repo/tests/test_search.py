import pytest

from sift import Index, Searcher

DOCS = {
    "kettle": ("Descaling your kettle",
               "Kettle descaling keeps the water clean and the heating element working. Fill the kettle "
               "halfway with equal parts water and white vinegar, bring it to the boil and leave it for an "
               "hour. Rinse twice before making tea again."),
    "filter": ("Changing the water filter",
               "Our coffee machines have a water filter in the tank. Change the filter every two months, or "
               "sooner when the coffee tastes bitter; a blinking light reminds you."),
    "warranty": ("Warranty and repairs",
                 "Every appliance comes with a two-year warranty from the day of purchase. Keep your receipt: "
                 "we need it for any repair. Damage from dropping the appliance or from descaling with the "
                 "wrong product is not covered."),
    "cafe": ("Café mode", "Café mode heats milk to 65 degrees for flat whites and cappuccinos."),
}


def faq() -> Index:
    index = Index()
    for doc_id, (title, text) in DOCS.items():
        index.add(doc_id, title, text)
    return index


def ids(hits):
    return [h.doc_id for h in hits]


def test_every_word_must_occur_and_best_first():
    search = Searcher(faq()).search
    assert ids(search("water")) == ["filter", "kettle"]
    assert ids(search("coffee filter")) == ["filter"]
    assert ids(search("CAFE")) == ["cafe"]
    assert search("the") == [] and search("") == []


def test_phrase_and_exclusion():
    search = Searcher(faq()).search
    assert ids(search('"water filter"')) == ["filter"]
    assert ids(search('"filter water"')) == []
    assert ids(search("water -coffee")) == ["kettle"]


def test_snippet_of_a_later_match_is_marked():
    hits = Searcher(faq()).search("descale")
    assert ids(hits) == ["kettle", "warranty"]
    assert hits[1].snippet == "...from dropping the appliance or from **descaling** with the wrong product is not covered."


def test_index_add_and_remove():
    index = faq()
    with pytest.raises(ValueError, match="already indexed"):
        index.add("cafe", "again", "text")
    index.remove("kettle")
    assert "kettl" not in index.postings
    assert ids(Searcher(index).search("water")) == ["filter"]
    with pytest.raises(KeyError, match="kettle"):
        index.remove("kettle")
