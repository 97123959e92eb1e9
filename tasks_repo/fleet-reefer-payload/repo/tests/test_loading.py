from fleetkit.dispatch import plan_loads
from fleetkit.loads import Load
from fleetkit.refrigerated import RefrigeratedVan
from fleetkit.registry import Fleet, parse_fleet
from fleetkit.reports import utilisation
from fleetkit.vehicles import Van


def test_chilled_loads_beyond_the_cooling_payload_stay_unassigned():
    fleet = Fleet([Van("VN-01"), RefrigeratedVan("RF-02")])
    loads = [Load("C1", 600, temp_c=4), Load("C2", 550, temp_c=4), Load("A1", 400)]
    plan = plan_loads(fleet, loads)
    assert plan.plate_of("C1") == "RF-02" and plan.plate_of("A1") == "VN-01"
    assert [load.id for load in plan.unassigned] == ["C2"]
    assert utilisation(fleet, plan) == [
        "RF-02    reefer-van    600/1000 kg  60%",
        "VN-01    van           400/1200 kg  33%",
        "unassigned: C2",
    ]


def test_payload_from_the_fleet_file():
    fleet = parse_fleet('[{"plate": "RF-07", "type": "reefer-van", "payload_kg": 900, "depot": "north"}]')
    plan = plan_loads(fleet, [Load("F1", 500, "north", -18), Load("F2", 450, "north", -18)])
    assert utilisation(fleet, plan) == ["RF-07    reefer-van    500/900 kg  56%", "unassigned: F2"]
