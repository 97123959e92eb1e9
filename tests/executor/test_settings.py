"""Executor settings: validation and the CPU limit derived from the timeout."""

from __future__ import annotations

import pytest

from codedebate.executor import ExecutorSettings


def test_bad_settings_are_rejected():
    with pytest.raises(ValueError, match="timeout_s"):
        ExecutorSettings(timeout_s=0)
    with pytest.raises(ValueError, match="memory_mb"):
        ExecutorSettings(memory_mb=-1)
    with pytest.raises(ValueError, match="cpu_time_s"):
        ExecutorSettings(cpu_time_s=0)


def test_cpu_limit_never_below_the_timeout():
    assert ExecutorSettings(timeout_s=2.5).cpu_limit_s == 3
    assert ExecutorSettings(timeout_s=0.2).cpu_limit_s == 1
    assert ExecutorSettings(timeout_s=30, cpu_time_s=10).cpu_limit_s == 10


def test_every_field_is_in_the_cache_key():
    settings = ExecutorSettings()
    assert set(settings.key()) == set(settings.__dataclass_fields__)
