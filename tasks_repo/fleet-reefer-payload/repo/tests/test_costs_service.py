import pytest

from fleetkit.costs import cheapest, trip_cost
from fleetkit.dispatch import plan_loads
from fleetkit.electric import ElectricVan
from fleetkit.loads import Load
from fleetkit.maintenance import due_for_service, record_service
from fleetkit.vehicles import Truck, Van


def test_trip_costs():
    assert trip_cost(Van("V"), 120) == 81.6
    assert trip_cost(ElectricVan("E"), 300) == 168.0
    assert trip_cost(Truck("T", axles=3), 400) == 546.0
    assert cheapest([Van("V"), ElectricVan("E")], 100).plate == "E"
    with pytest.raises(ValueError):
        trip_cost(Van("V"), -1)


def test_service_due_and_booked():
    van = Van("V", odometer_km=29_500)
    truck = Truck("T", odometer_km=20_300)
    fresh = Van("N", odometer_km=1_000)
    assert due_for_service([van, truck, fresh]) == [("T", -300), ("V", 500)]
    record_service(truck)
    truck.drive(150)
    assert truck.km_to_service() == 19_850
    assert due_for_service([van, truck, fresh], within_km=100) == []


def test_ambient_loads_first_fill_vans_and_stay_at_their_depot():
    fleet = [Van("VN-01", payload_kg=500), Van("VN-02", depot="north")]
    plan = plan_loads(fleet, [Load("A", 300), Load("B", 250), Load("C", 200), Load("N", 100, "north")])
    assert plan.assignments == {"VN-01": [Load("A", 300), Load("C", 200)], "VN-02": [Load("N", 100, "north")]}
    assert [load.id for load in plan.unassigned] == ["B"]
