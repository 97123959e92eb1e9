import pytest

from stockroom.catalog import Catalog
from stockroom.skus import canonical, display


def test_canonical_forms():
    assert canonical("ab-1234") == canonical("AB 1234") == "AB1234"
    assert display("AB1234") == "AB-1234"
    with pytest.raises(ValueError):
        canonical("A-12")


def test_catalog_lookup_any_spelling():
    cat = Catalog()
    cat.add("kb-0001", "Keyboard", 2999)
    assert cat.get("KB 0001").name == "Keyboard"
    with pytest.raises(KeyError):
        cat.get("KB-0002")
