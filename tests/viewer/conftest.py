"""Records of three scripted runs on one task (a debate with two seeds and a solo run), the
viewer site built from them, and a headless Chromium to open it."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from codedebate.backends import clear_backend_cache
from codedebate.cli import main

TASK = Path(__file__).parents[1] / "protocol" / "data" / "add_easy.json"
PARTIAL = "```python\ndef add(a, b):\n    return a + b if (a >= 0 or b >= 0) else 0\n```"
RULES = [
    {"when": {"phase": "propose", "agent": "agent_1"}, "reply": PARTIAL},
    {"when": {"phase": "propose"}, "reply": "```python\ndef add(a, b):\n    return a - b\n```"},
    {"when": {"phase": "critique"}, "reply": "### Agent 1\nBUGS:\n- add(-1, -2) returns 0 instead of -3\n"
                                             "### Agent 2\nBUGS:\n- subtracts instead of adding\n"
                                             "### Agent 3\nBUGS:\n- subtracts instead of adding"},
    {"when": {"phase": "revise"}, "reply": "```python\ndef add(a, b):\n    # fixed\n    return a + b\n```"},
    {"when": {"phase": "vote", "agent": "agent_1"}, "reply": "VOTE: Agent 2\nCONFIDENCE: 0.6"},
    {"when": {"phase": "vote"}, "reply": "VOTE: Agent 1\nCONFIDENCE: 0.8"},
]


@pytest.fixture(scope="session")
def results(tmp_path_factory) -> Path:
    """results/runs/<experiment>/tiny_add/<seed>/ for a 3-agent debate (seeds 1, 2) and a solo run."""
    root = tmp_path_factory.mktemp("viewer")
    script = root / "script.json"
    script.write_text(json.dumps({"rules": RULES}))
    model = f"scripted:{script}"
    runs = [("debate3", 1, ["--agents", model, model, model, "--max-rounds", "2"]),
            ("debate3", 2, ["--agents", model, model, model, "--max-rounds", "2"]),
            ("solo", 1, ["--solo", "--agents", model])]
    for experiment, seed, extra in runs:
        clear_backend_cache()
        out = root / "results" / "runs" / experiment / "tiny_add" / str(seed)
        assert main(["run", "--task", str(TASK), *extra, "--seed", str(seed), "--experiment", experiment,
                     "--output", str(out)]) == 0
    clear_backend_cache()
    return root / "results"


@pytest.fixture(scope="session")
def site(results, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    assert main(["view", str(results), "-o", str(out)]) == 0
    return out


def chromium_paths() -> tuple[str | None, str | None]:
    return shutil.which("chromium") or shutil.which("chromium-browser"), shutil.which("chromedriver")


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium through Selenium; skips without it locally, fails under CI (CI=true)."""
    binary, driver = chromium_paths()
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        binary = None
    if not (binary and driver):
        reason = "needs Debian's chromium + chromium-driver and selenium (pip install -e '.[test]')"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"browser tests under CI: {reason}; .ci/run installs them")
        pytest.skip(reason)
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1300,1600",
                "--allow-file-access-from-files"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    drv = webdriver.Chrome(service=Service(driver), options=options)
    yield drv
    drv.quit()
