import pytest

from stockroom.suppliers import Supplier, best_supplier

SUPPLIERS = [Supplier("Acme", 10, {"KB0001": 1500}), Supplier("Quick", 2, {"KB0001": 1900, "MS0002": 700})]


def test_cheapest_or_fastest():
    assert best_supplier(SUPPLIERS, "KB0001").name == "Acme"
    assert best_supplier(SUPPLIERS, "KB0001", urgent=True).name == "Quick"


def test_nobody_offers_it():
    with pytest.raises(LookupError):
        best_supplier(SUPPLIERS, "ZZ9999")
