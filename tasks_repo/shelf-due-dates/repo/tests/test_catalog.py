import pytest

from shelfwise.catalog import Catalog, normalise_isbn


def test_isbn_normalised_and_copies_added():
    cat = Catalog()
    cat.add("978-3-16-148410-0", "Der Prozess", "Kafka")
    cat.add("9783161484100", "Der Prozess", "Kafka", copies=2)
    assert cat.get("978 3 16 148410 0").copies == 3


def test_bad_isbn():
    with pytest.raises(ValueError):
        normalise_isbn("12-34")


def test_search_all_words():
    cat = Catalog()
    cat.add("0-306-40615-2", "Dune", "Frank Herbert")
    cat.add("0-306-40615-3", "Dune Messiah", "Frank Herbert")
    assert [b.title for b in cat.search("herbert messiah")] == ["Dune Messiah"]
