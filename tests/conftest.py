"""Fixtures shared by every test folder: where the repository and shared/ data live."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DIR = REPO_ROOT.parent / "shared"
THESIS_DIR = SHARED_DIR / "thesis-results"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture(scope="session")
def thesis_dir() -> Path:
    """The thesis CSV exports (read-only, never committed); skip when this checkout lacks them."""
    if not THESIS_DIR.is_dir():
        pytest.skip(f"thesis exports not found at {THESIS_DIR}")
    return THESIS_DIR
