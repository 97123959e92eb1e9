from sift import Analyzer, Index, Searcher
from sift.snippets import snippet

KETTLE = ("Kettle descaling keeps the water clean and the heating element working. Fill the kettle "
          "halfway with equal parts water and white vinegar, bring it to the boil and leave it for an "
          "hour. Rinse twice before making tea again.")
FILTER = ("Our coffee machines have a water filter in the tank. Change the filter every two months, or "
          "sooner when the coffee tastes bitter; a blinking light reminds you.")
WARRANTY = ("Every appliance comes with a two-year warranty from the day of purchase. Keep your receipt: "
            "we need it for any repair. Damage from dropping the appliance or from descaling with the "
            "wrong product is not covered.")
CAFE = "Café mode heats milk to 65 degrees for flat whites and cappuccinos."
PRESS = "Press and hold the power button for five seconds to reset the machine."


def test_word_early_in_a_long_text():
    assert snippet(FILTER, {"water"}, Analyzer()) == (
        "Our coffee machines have a water filter in the tank. Change the filter...")
    assert snippet(KETTLE, {"descal"}, Analyzer(), width=15) == "Kettle descaling keeps the..."


def test_word_early_in_a_medium_text():
    text = "The grinder jams when the beans are oily; clean the burrs weekly."
    assert snippet(text, {"jam"}, Analyzer(), width=20) == "The grinder jams when the beans are..."


def test_one_character_short_of_the_width():
    assert snippet(PRESS, {"power"}, Analyzer(), width=20) == "Press and hold the power button for five..."
    assert snippet(PRESS, {"hold"}, Analyzer(), width=10) == "Press and hold the power..."


def test_short_text():
    assert snippet(CAFE, {"milk"}, Analyzer()) == "Café mode heats milk to 65 degrees for flat whites and..."


def test_search_previews_with_a_narrow_width():
    index = Index()
    index.add("kettle", "Descaling your kettle", KETTLE)
    index.add("warranty", "Warranty and repairs", WARRANTY)
    hits = Searcher(index, snippet_width=15).search("descale")
    assert [h.snippet for h in hits] == ["Kettle **descaling** keeps the...", "...or from **descaling** with the wrong..."]


def test_every_hit_shows_its_word():
    index = Index()
    index.add("grinder", "Grinder", "The grinder jams when the beans are oily; clean the burrs weekly and "
                                    "run a cleaning tablet through it once a month.")
    index.add("reset", "Reset", PRESS)
    index.add("cafe", "Café mode", CAFE)
    index.add("filter", "Filter", FILTER)
    for query in ("grinder", "beans", "press", "power button", "heats", "machine"):
        hits = Searcher(index).search(query)
        assert hits, query
        for hit in hits:
            assert "**" in hit.snippet, (query, hit)
