import pytest

from stockroom.stock import Stock


def test_receive_and_take_with_canonical_keys():
    stock = Stock()
    stock.receive("KB0001", 5)
    assert stock.move("KB0001", -2, "sample") == 3
    with pytest.raises(ValueError, match="only 3"):
        stock.move("KB0001", -4, "too many")
