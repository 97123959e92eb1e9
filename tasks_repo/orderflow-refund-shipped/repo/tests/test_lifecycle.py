import pytest

from orderflow.order import Order
from orderflow.payments import Ledger, pay, refund
from orderflow.shipping import postage_cents, ship, weight_g
from orderflow.states import InvalidTransition


def paid_order(number=1):
    order = Order(number).add_line("book-1", 2, 1500).add_line("mug-2", 1, 900)
    pay(order, Ledger())
    return order


def test_happy_path_and_history():
    order = paid_order()
    assert ship(order).startswith("TRK")
    order.apply("deliver")
    assert order.history == ["new -pay-> paid", "paid -pack-> packed", "packed -ship-> shipped",
                             "shipped -deliver-> delivered"]


def test_cancel_only_before_packing():
    order = paid_order()
    order.apply("pack")
    with pytest.raises(InvalidTransition, match="cannot cancel when packed"):
        order.apply("cancel")


def test_refund_of_a_paid_order_and_no_second_refund():
    order, ledger = paid_order(), Ledger()
    assert refund(order, ledger) == 3900
    with pytest.raises(InvalidTransition):
        refund(order, ledger)


def test_postage():
    assert weight_g(paid_order()) == 1150
    assert postage_cents(1150) == 590
    with pytest.raises(ValueError):
        postage_cents(6000)
