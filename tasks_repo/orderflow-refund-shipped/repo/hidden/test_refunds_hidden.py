import pytest

from orderflow.order import Order
from orderflow.payments import Ledger, pay
from orderflow.reports import by_state, net_revenue, refund_rate
from orderflow.returns import accept_return
from orderflow.shipping import ship
from orderflow.states import next_state


def test_refund_allowed_from_every_paid_state():
    assert [next_state(s, "refund") for s in ("paid", "packed", "shipped", "delivered")] == ["refunded"] * 4
    assert next_state("new", "refund") is None and next_state("refunded", "refund") is None
    assert next_state("cancelled", "refund") is None


def test_reports_after_returns():
    ledger = Ledger()
    orders = []
    for n in (1, 2, 3):
        order = Order(n).add_line("book-1", 1, 1000)
        pay(order, ledger)
        ship(order)
        orders.append(order)
    accept_return(orders[0], ledger, 1)
    assert by_state(orders) == {"refunded": 1, "shipped": 2}
    assert net_revenue(ledger) == 2000 and refund_rate(orders) == 0.333


def test_late_return_refused():
    ledger = Ledger()
    order = Order(4).add_line("mug-1", 1, 900)
    pay(order, ledger)
    ship(order)
    with pytest.raises(ValueError, match="30 days"):
        accept_return(order, ledger, 31)
    assert order.state == "shipped"
