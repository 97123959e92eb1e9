import pytest

from stockroom.catalog import Catalog
from stockroom.orders import Order, OutOfStock, place
from stockroom.stock import Stock


def setup():
    cat = Catalog()
    cat.add("KB-0001", "Keyboard", 2999)
    cat.add("MS-0002", "Mouse", 1499)
    stock = Stock()
    stock.receive("KB-0001", 4)
    stock.receive("MS 0002", 10)
    return cat, stock


def test_order_with_dashed_skus():
    cat, stock = setup()
    assert place(Order(1).add("kb-0001", 2).add("ms-0002", 1), cat, stock) == 2 * 2999 + 1499
    assert stock.level("KB0001") == 2


def test_all_or_nothing():
    cat, stock = setup()
    with pytest.raises(OutOfStock):
        place(Order(2).add("MS0002", 1).add("KB0001", 9), cat, stock)
    assert stock.level("MS-0002") == 10
