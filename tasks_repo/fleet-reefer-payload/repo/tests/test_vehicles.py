import pytest

from fleetkit.electric import ElectricVan
from fleetkit.loads import Load, parse_load
from fleetkit.refrigerated import RefrigeratedVan
from fleetkit.vehicles import Truck, Van


def test_defaults_of_each_body_type():
    assert (Van("V").payload_kg, Van("V").service_interval_km) == (1_200, 30_000)
    truck = Truck("T", axles=3, depot="harbour")
    assert (truck.payload_kg, truck.axles, truck.service_interval_km, truck.depot) == (7_500, 3, 20_000, "harbour")
    ev = ElectricVan("E", range_km=180)
    assert (ev.payload_kg, ev.range_km, ev.charging_stops(400)) == (900, 180, 2)
    assert ElectricVan("E2", payload_kg=950).payload_kg == 950


def test_invalid_vehicles():
    with pytest.raises(ValueError, match="axles"):
        Truck("T", axles=5)
    with pytest.raises(ValueError, match="payload_kg"):
        Van("V", payload_kg=0)
    with pytest.raises(ValueError, match="last_service_km"):
        Van("V", odometer_km=100, last_service_km=200)
    with pytest.raises(ValueError, match="8 °C"):
        RefrigeratedVan("R", min_temp_c=12)


def test_who_may_carry_chilled_goods():
    frozen, fresh, dry = Load("F", 10, temp_c=-20), Load("C", 10, temp_c=3), Load("D", 10)
    reefer, van = RefrigeratedVan("R", min_temp_c=-18), Van("V")
    assert [reefer.accepts(x) for x in (frozen, fresh, dry)] == [False, True, True]
    assert [van.accepts(x) for x in (frozen, fresh, dry)] == [False, False, True]
    assert RefrigeratedVan("R2").accepts(frozen)


def test_parse_load():
    assert parse_load({"id": 7, "weight_kg": "40", "temp_c": 2}) == Load("7", 40, "central", 2.0)
    with pytest.raises(ValueError, match="unknown field"):
        parse_load({"id": "x", "weight_kg": 1, "colour": "red"})
    with pytest.raises(ValueError, match="missing field 'weight_kg'"):
        parse_load({"id": "x"})
