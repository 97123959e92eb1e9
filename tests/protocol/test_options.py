"""A protocol's own options are checked against its options class, naming protocol_options.<key>."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from codedebate.protocol import DebateSettings, SettingsError
from codedebate.protocol.options import check_range, parse_options


@dataclass(frozen=True)
class SampleOptions:
    n_samples: int = 5
    temperature: float = 0.8

    def __post_init__(self) -> None:
        check_range("settings", "n_samples", self.n_samples, low=1)


def test_defaults_and_values():
    assert parse_options(SampleOptions, DebateSettings()) == SampleOptions()
    got = parse_options(SampleOptions, DebateSettings(protocol_options={"n_samples": 9, "temperature": 1}))
    assert got == SampleOptions(9, 1.0) and isinstance(got.temperature, float)


@pytest.mark.parametrize("options, key, message", [
    ({"n_sample": 3}, "protocol_options.n_sample", "did you mean 'n_samples'"),
    ({"n_samples": "3"}, "protocol_options.n_samples", "must be an integer"),
    ({"n_samples": 0}, "protocol_options.n_samples", "must be at least 1"),
])
def test_bad_options_name_the_key(options, key, message):
    with pytest.raises(SettingsError) as err:
        parse_options(SampleOptions, DebateSettings(protocol_options=options))
    assert err.value.key == key and message in str(err.value)
