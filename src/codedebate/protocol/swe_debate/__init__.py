"""Repository-level bug fixing by debate (SWE-Debate style) and its baselines (agentless, repo_solo)."""

from . import baselines, protocol  # noqa: F401  (register the protocols)
