"""The options of ``star`` and ``mesh`` (``settings.protocol_options``); the agents come from
``settings.agents``, the star judge from ``settings.judge``, output tokens from ``max_tokens``."""

from __future__ import annotations

from dataclasses import dataclass

from ..options import check_range
from ..settings import SettingsError

FINAL_RULES = ("majority", "best_visible")


def _check(rounds: int, temperature: float, final: str) -> None:
    check_range("settings", "rounds", rounds, 1, 20)
    check_range("settings", "temperature", temperature, 0.0, 2.0)
    if final not in FINAL_RULES:
        raise SettingsError("settings", "protocol_options.final",
                            f"must be one of {', '.join(FINAL_RULES)}, got {final!r}")


@dataclass(frozen=True)
class MeshOptions:
    """mesh: ``rounds`` peer rounds after the independent one; stop early on unanimity if asked."""

    rounds: int = 2
    temperature: float = 0.7
    olympiad: bool = False
    final: str = "majority"
    stop_on_agreement: bool = False

    def __post_init__(self) -> None:
        _check(self.rounds, self.temperature, self.final)


@dataclass(frozen=True)
class StarOptions:
    """star: ``rounds`` judge rounds after the independent one."""

    rounds: int = 3
    temperature: float = 0.7
    judge_temperature: float = 0.3
    olympiad: bool = False
    final: str = "majority"

    def __post_init__(self) -> None:
        _check(self.rounds, self.temperature, self.final)
        check_range("settings", "judge_temperature", self.judge_temperature, 0.0, 2.0)
