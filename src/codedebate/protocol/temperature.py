"""Adaptive revision temperature: explore more the longer an agent's best has not improved."""

from __future__ import annotations

from .settings import DebateSettings


def revision_temperature(settings: DebateSettings, rounds_without_improvement: int) -> float:
    """revision_temperature + temperature_step x stagnation, capped at max_temperature.

    With adaptive_temperature off the revision temperature is fixed.
    """
    if not settings.adaptive_temperature:
        return settings.revision_temperature
    t = settings.revision_temperature + settings.temperature_step * max(rounds_without_improvement, 0)
    return round(min(t, settings.max_temperature), 6)
