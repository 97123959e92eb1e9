from stockroom.catalog import Catalog
from stockroom.orders import Order, place
from stockroom.reports import history, stock_value_cents
from stockroom.restock import purchase_list
from stockroom.stock import Stock


def test_one_level_per_product_whatever_the_spelling():
    stock = Stock()
    stock.receive("kb-0001", 2)
    stock.receive("KB 0001", 3)
    stock.receive("KB0001", 1)
    assert stock.level("Kb-0001") == 6


def test_restock_and_value_see_received_goods():
    cat = Catalog()
    cat.add("CB-0100", "Cable", 500, pack_size=10)
    stock = Stock()
    stock.receive("cb-0100", 4)
    assert purchase_list(cat, stock, {"CB0100": 25}) == ["CB-0100 Cable: 3 x 10"]
    assert stock_value_cents(cat, stock) == 2000


def test_history_after_an_order():
    cat = Catalog()
    cat.add("MS-0002", "Mouse", 1499)
    stock = Stock()
    stock.receive("MS-0002", 3)
    place(Order(7).add("ms 0002", 2), cat, stock)
    assert history(stock, "MS0002") == ["MS-0002 +3 (received)", "MS-0002 -2 (order 7)"]
