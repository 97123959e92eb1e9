import pytest

from jobq.schedule import run_times


def test_every_quarter_hour_from_two():
    assert run_times("every 15m starting 2h", limit=3) == [7200.0, 8100.0, 9000.0]


def test_stops_at_midnight_and_rejects_nonsense():
    assert len(run_times("every 6h")) == 4
    with pytest.raises(ValueError):
        run_times("hourly")
