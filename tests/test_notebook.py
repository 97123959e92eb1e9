"""notebooks/analysis.ipynb executes top to bottom (nbclient, a kernel of this interpreter)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK = REPO / "notebooks" / "analysis.ipynb"
KERNEL = "codedebate-test"


@pytest.fixture
def kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A kernel spec that starts ipykernel on sys.executable, found first on JUPYTER_PATH."""
    spec = tmp_path / "jupyter" / "kernels" / KERNEL
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "codedebate tests", "language": "python",
    }))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    return KERNEL


def run_notebook(kernel: str) -> nbformat.NotebookNode:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(nb, kernel_name=kernel, timeout=300,
                            resources={"metadata": {"path": str(NOTEBOOK.parent)}})
    client.execute()
    return nb


def _text(nb: nbformat.NotebookNode) -> str:
    parts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            parts.append(out.get("text", ""))
            parts.append(out.get("data", {}).get("text/plain", ""))
    return "\n".join(parts)


def _images(nb: nbformat.NotebookNode) -> int:
    return sum("image/png" in out.get("data", {}) for c in nb.cells for out in c.get("outputs", []))


def test_notebook_on_thesis_data(kernel: str, thesis_dir: Path, monkeypatch) -> None:
    monkeypatch.delenv("CODEDEBATE_RECORDS", raising=False)
    nb = run_notebook(kernel)
    text = _text(nb)
    assert "1200 runs" in text and "0.922" in text  # Table 6 row of 9b_judge
    assert _images(nb) == 5


def test_notebook_on_given_records(kernel: str, tmp_path: Path, monkeypatch) -> None:
    import pandas as pd

    from codedebate.records import RunRecords, conform

    for i, (mode, exp) in enumerate([("solo", "s"), ("debate", "d")]):
        for task in ("a", "b"):
            rid = f"{exp}-{task}"
            RunRecords(
                summary=conform(pd.DataFrame([{
                    "debate_id": rid, "experiment": exp, "task_id": task, "difficulty": "easy",
                    "task_set": "tasks", "mode": mode, "agent_models": "m", "source": "codedebate",
                    "final_pass_rate": 0.5 + 0.25 * i, "best_initial_pass_rate": 0.5,
                    "avg_initial_pass_rate": 0.5, "duration_seconds": 1.0}]), "summary"),
                per_round=conform(pd.DataFrame([{"debate_id": rid, "experiment": exp, "task_id": task,
                                                 "round_num": 1, "pass_rate": 0.5}]), "per_round"),
                transcript=conform(pd.DataFrame(), "transcript"),
            ).write(tmp_path / "runs" / exp / task / "0")
    monkeypatch.setenv("CODEDEBATE_RECORDS", str(tmp_path / "runs"))
    nb = run_notebook(kernel)
    text = _text(nb)
    assert "4 runs" in text and "thesis tables skipped" in text
    assert _images(nb) == 5
