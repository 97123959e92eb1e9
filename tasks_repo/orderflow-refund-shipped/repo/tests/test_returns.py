from orderflow.order import Order
from orderflow.payments import Ledger, pay
from orderflow.returns import accept_return
from orderflow.shipping import ship


def test_return_of_an_order_in_transit_is_refunded():
    ledger = Ledger()
    order = Order(7).add_line("shirt-9", 3, 2000)
    pay(order, ledger)
    ship(order)
    assert accept_return(order, ledger, days_since_dispatch=3) == 6000
    assert order.state == "refunded" and ledger.balance() == 0


def test_return_after_delivery():
    ledger = Ledger()
    order = Order(8).add_line("mug-1", 1, 900)
    pay(order, ledger)
    ship(order)
    order.apply("deliver")
    assert accept_return(order, ledger, days_since_dispatch=12) == 900
