"""DebateSettings: defaults, validation errors naming source and key, hashing."""

from __future__ import annotations

import dataclasses

import pytest

from codedebate.protocol.settings import DEFAULT_MODEL, DebateSettings, SettingsError

CONTRACT_KEYS = [
    "agents", "judge", "protocol", "max_rounds", "early_stop_on_perfect", "proposal_temperature",
    "adaptive_temperature", "revision_temperature", "temperature_step", "max_temperature",
    "critique_history", "critique_history_bugs", "critique_history_chars", "revision_strategy",
    "show_all_solutions", "consensus_threshold", "min_votes", "min_consensus_pass_rate",
    "all_pass_weight", "pylint_weight_max", "regression_tolerance", "max_tokens",
    "executor_timeout_s", "backend", "protocol_options", "seed",
]


def test_fields_are_exactly_the_contract():
    assert [f.name for f in dataclasses.fields(DebateSettings)] == CONTRACT_KEYS


def test_defaults_are_the_thesis_protocol():
    s = DebateSettings()
    assert s.agents == [DEFAULT_MODEL] * 3 and s.judge is None and s.protocol == "debate"
    assert DEFAULT_MODEL == "embedded:qwen2.5-coder-0.5b"  # the backends' default, re-exported
    assert (s.max_rounds, s.revision_temperature, s.temperature_step, s.max_temperature) == (5, 0.4, 0.15, 0.9)
    assert (s.consensus_threshold, s.min_votes, s.min_consensus_pass_rate) == (0.6, 2, 0.5)
    assert (s.all_pass_weight, s.pylint_weight_max, s.regression_tolerance) == (1.5, 1.2, 1)
    assert (s.critique_history_bugs, s.critique_history_chars) == (3, 60)


def test_from_mapping_rejects_unknown_key():
    with pytest.raises(SettingsError, match=r"exp.yaml: key 'max_round': is not a setting \(did you mean 'max_rounds'\?\)"):
        DebateSettings.from_mapping({"max_round": 2}, "exp.yaml")


@pytest.mark.parametrize("key,value,expect", [
    ("max_rounds", "3", "must be an integer"),
    ("max_rounds", True, "must be an integer"),
    ("adaptive_temperature", "yes", "must be true or false"),
    ("agents", "m1", "must be a list of strings"),
    ("agents", [], "at least one proposer"),
    ("judge", 3, "must be a string or null"),
    ("backend", [], "must be a mapping"),
    ("max_rounds", 0, "at least 1"),
    ("revision_strategy", "random", "uniform, diverse"),
    ("consensus_threshold", 1.5, "between 0 and 1"),
])
def test_from_mapping_rejects_bad_values(key, value, expect):
    with pytest.raises(SettingsError, match=rf"run.yaml: key '{key}': .*{expect}"):
        DebateSettings.from_mapping({key: value}, "run.yaml")


def test_ints_are_accepted_for_floats_and_yaml_round_trip(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("agents: [a, b]\njudge: j\nrevision_temperature: 1\nbackend: {n_threads: 2}\n")
    s = DebateSettings.from_yaml(path)
    assert s.agents == ["a", "b"] and s.judge == "j" and s.revision_temperature == 1.0
    assert DebateSettings.from_mapping(s.to_dict()) == s


def test_bad_yaml_names_the_file(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("agents: [a\n")
    with pytest.raises(SettingsError, match="bad.yaml: is not valid YAML"):
        DebateSettings.from_yaml(path)


def test_config_hash_ignores_seed_only():
    base = DebateSettings()
    assert base.config_hash() == base.replace(seed=7).config_hash()
    assert base.config_hash() != base.replace(max_rounds=2).config_hash()
    assert len(base.config_hash()) == 12


def test_replace_validates():
    with pytest.raises(SettingsError, match="command line: key 'max_rounds'"):
        DebateSettings().replace("command line", max_rounds=0)
