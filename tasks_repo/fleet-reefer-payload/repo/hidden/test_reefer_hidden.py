import pytest

from fleetkit.dispatch import plan_loads
from fleetkit.loads import Load
from fleetkit.refrigerated import RefrigeratedVan
from fleetkit.registry import Fleet, FleetError, build_vehicle
from fleetkit.reports import capacity_by_depot
from fleetkit.vehicles import Van


def test_payload_default_and_explicit():
    assert RefrigeratedVan("R").payload_kg == 1_000
    assert RefrigeratedVan("R", payload_kg=850).payload_kg == 850
    assert build_vehicle({"plate": "R", "type": "reefer-van", "payload_kg": 720}).payload_kg == 720


def test_other_options_still_reach_the_base_class():
    reefer = RefrigeratedVan("R", payload_kg=800, depot="east", odometer_km=900, last_service_km=100,
                             service_interval_km=15_000, min_temp_c=-5)
    assert (reefer.payload_kg, reefer.depot, reefer.odometer_km, reefer.km_to_service(), reefer.min_temp_c) == (
        800, "east", 900, 14_200, -5)


def test_invalid_payload_is_refused():
    with pytest.raises(ValueError, match="payload_kg"):
        RefrigeratedVan("R", payload_kg=0)
    with pytest.raises(FleetError, match="payload_kg"):
        build_vehicle({"plate": "R", "type": "reefer-van", "payload_kg": -5})


def test_exact_fit_and_one_kilo_more():
    fleet = [RefrigeratedVan("R", payload_kg=850)]
    plan = plan_loads(fleet, [Load("A", 500, temp_c=2), Load("B", 350, temp_c=2), Load("C", 1, temp_c=2)])
    assert plan.load_kg("R") == 850 and [load.id for load in plan.unassigned] == ["C"]


def test_chilled_capacity_by_depot():
    fleet = Fleet([RefrigeratedVan("R1"), RefrigeratedVan("R2", payload_kg=600, depot="north"), Van("V1")])
    assert capacity_by_depot(fleet, chilled_only=True) == {"central": 1_000, "north": 600}
    assert capacity_by_depot(fleet) == {"central": 2_200, "north": 600}
