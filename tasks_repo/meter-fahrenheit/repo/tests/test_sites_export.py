import pytest

from meterly.export import to_csv
from meterly.report import stats_of
from meterly.sites import parse_sites, site_of

SITES = """# two sites
Main office: a1, a2
Server room: s1 [10..22]
"""


def test_parse_sites_with_and_without_band():
    office, servers = parse_sites(SITES)
    assert office.sensors == ("a1", "a2") and (office.low, office.high) == (5.0, 26.0)
    assert (servers.low, servers.high) == (10.0, 22.0)
    assert site_of("s1", [office, servers]) is servers and site_of("zz", [office]) is None


def test_empty_band_is_an_error():
    with pytest.raises(ValueError, match="line 1"):
        parse_sites("Lab: l1 [20..10]")


def test_csv_export():
    text = to_csv(stats_of("a1;2024-03-01T07:00;20.0C\na1;2024-03-01T19:00;23.0C\n"))
    assert text.splitlines() == ["sensor,day,count,mean,low,high,spread", "a1,2024-03-01,2,21.50,20.00,23.00,3.00"]
