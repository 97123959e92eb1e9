"""A static website over run records: an experiment overview, one page per run (timeline, test
matrix, votes, critiques, code diffs) and two runs side by side. Reads records only."""

from __future__ import annotations

from .site import Site, build_site

__all__ = ["Site", "build_site"]
