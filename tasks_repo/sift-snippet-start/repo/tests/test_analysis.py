from sift import Analyzer
from sift.stem import stem
from sift.text import fold


def test_fold_removes_case_and_accents():
    assert fold("Café") == "cafe"
    assert fold("STRASSE") == fold("straße")


def test_stems_group_word_forms():
    assert {stem(w) for w in ("descale", "descaling", "descaled", "descales")} == {"descal"}
    assert stem("running") == stem("runs") == "run"
    assert stem("glasses") == stem("glass") == "glass"
    assert stem("batteries") == "battery"
    assert stem("tea") == "tea" and stem("mp3s") == "mp3s"


def test_terms_drop_stop_words_without_gaps():
    assert Analyzer().terms("The kettles were descaled, and the TEA is fine") == ["kettl", "descal", "tea", "fin"]
    assert Analyzer(stemming=False, stop_words=False).terms("The Kettles") == ["the", "kettles"]
