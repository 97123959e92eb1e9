import pytest

from meterly.units import UnitError, parse_celsius, split_quantity


def test_split_quantity_accepts_degree_signs_and_spaces():
    assert split_quantity(" 21.5 °C ") == (21.5, "C")
    assert split_quantity("3k") == (3.0, "K")


def test_celsius_and_kelvin():
    assert parse_celsius("21.5C") == 21.5
    assert parse_celsius("273.15K") == 0.0


def test_unknown_unit():
    with pytest.raises(UnitError):
        split_quantity("12X")
