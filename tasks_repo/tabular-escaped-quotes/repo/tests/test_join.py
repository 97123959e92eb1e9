import pytest

from tabular import read_table
from tabular.join import join

PEOPLE = read_table("id,name\n1,Ana\n2,Bo\n3,Cy\n")
ORDERS = read_table("id,total\n1,10\n1,5\n3,7\n")


def test_inner_and_left_join():
    assert join(PEOPLE, ORDERS, "id").rows == [["1", "Ana", "10"], ["1", "Ana", "5"], ["3", "Cy", "7"]]
    assert join(PEOPLE, ORDERS, "id", how="left").rows[2] == ["2", "Bo", ""]


def test_bad_join():
    with pytest.raises(ValueError):
        join(PEOPLE, ORDERS, "id", how="outer")
    with pytest.raises(KeyError):
        join(PEOPLE, ORDERS, "nope")
