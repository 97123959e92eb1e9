import pytest

from routekit.vehicles import Parcel, Van, split_loads


def test_split_loads_first_fit_decreasing():
    van = Van("B-CD 1", max_kg=100, max_litres=1000)
    parcels = [Parcel("a", 60, 10), Parcel("b", 50, 10), Parcel("c", 40, 10), Parcel("d", 30, 10)]
    assert [[p.ref for p in load] for load in split_loads(parcels, van)] == [["a", "c"], ["b", "d"]]


def test_oversized_parcel():
    with pytest.raises(ValueError, match="does not fit"):
        split_loads([Parcel("piano", 300, 2000)], Van("B-CD 2", max_kg=200))
