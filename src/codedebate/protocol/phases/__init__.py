"""The phases protocols are composed of."""

from .base import ANALYSIS_TEMPERATURE, Phase
from .critique import CritiquePhase
from .propose import ProposePhase
from .revise import RevisePhase
from .vote import VotePhase

__all__ = ["ANALYSIS_TEMPERATURE", "CritiquePhase", "Phase", "ProposePhase", "RevisePhase", "VotePhase"]
