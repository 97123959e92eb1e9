import pytest

from fleetkit.refrigerated import RefrigeratedVan
from fleetkit.registry import FleetError, parse_fleet

FILE = """[
  {"plate": "VN-01", "type": "van", "depot": "north"},
  {"plate": "RF-02", "type": "reefer-van", "depot": "north", "min_temp_c": -25, "odometer_km": 4100},
  {"plate": "TR-03", "type": "truck", "axles": 4}
]"""


def test_parse_fleet():
    fleet = parse_fleet(FILE)
    assert [v.plate for v in fleet] == ["RF-02", "TR-03", "VN-01"] and len(fleet) == 3
    reefer = fleet["RF-02"]
    assert isinstance(reefer, RefrigeratedVan)
    assert (reefer.depot, reefer.min_temp_c, reefer.odometer_km) == ("north", -25, 4100)
    assert [v.plate for v in fleet.at("north")] == ["RF-02", "VN-01"]


@pytest.mark.parametrize("text, message", [
    ('[{"type": "van"}]', "vehicle 0: 'plate'"),
    ('[{"plate": "X", "type": "bike"}]', "vehicle 0 \\(X\\): 'type' must be one of"),
    ('[{"plate": "X", "type": "reefer-van", "colour": "red"}]', "vehicle 0 \\(X\\):.*colour"),
    ('[{"plate": "X", "type": "truck", "axles": 9}]', "vehicle 0: X: a truck has"),
    ('[{"plate": "X", "type": "van"}, {"plate": "X", "type": "van"}]', "registered twice"),
    ('{"plate": "X"}', "JSON list"),
])
def test_fleet_file_errors(text, message):
    with pytest.raises(FleetError, match=message):
        parse_fleet(text)
