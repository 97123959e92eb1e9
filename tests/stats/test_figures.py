"""Every figure is written as a non-empty PNG and PDF, also for records without solo runs."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from codedebate.stats.figures import FIGURES, best_so_far_by_round, write_figures
from codedebate.records import conform
from codedebate.stats.load import Records


def tiny_records(with_solo: bool = True) -> Records:
    summary, rounds = [], []
    for i, (task, diff) in enumerate([("a", "easy"), ("b", "hard"), ("c", "extreme")]):
        for exp, mode in (("solo_m", "solo"), ("debate_x", "debate")):
            if mode == "solo" and not with_solo:
                continue
            rid = f"{exp}-{task}"
            r1 = [0.5, 0.25, 1.0 - 0.5 * i] if mode == "debate" else [0.5]
            r2 = [1.0, 0.5, 0.5] if (mode == "debate" and i) else []
            final = max(r1 + r2)
            summary.append({
                "debate_id": rid, "experiment": exp, "task_id": task, "difficulty": diff,
                "task_set": "tasks", "mode": mode, "agent_models": "m1" if mode == "solo" else "m1,m2,m3",
                "final_pass_rate": final, "best_initial_pass_rate": max(r1),
                "avg_initial_pass_rate": sum(r1) / len(r1), "duration_seconds": 5.0 + 10 * i,
            })
            rounds += [{"debate_id": rid, "experiment": exp, "task_id": task, "round_num": rnd,
                        "pass_rate": p} for rnd, rs in ((1, r1), (2, r2)) for p in rs]
    return Records(conform(pd.DataFrame(summary), "summary"), conform(pd.DataFrame(rounds), "per_round"))


@pytest.mark.parametrize("with_solo", [True, False])
def test_all_figures_written_non_empty(tmp_path: Path, with_solo: bool) -> None:
    paths = write_figures(tiny_records(with_solo), tmp_path)
    assert len(paths) == 2 * len(FIGURES) == 10
    for name in FIGURES:
        png, pdf = tmp_path / f"{name}.png", tmp_path / f"{name}.pdf"
        assert png.stat().st_size > 1000 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert pdf.stat().st_size > 1000 and pdf.read_bytes()[:5] == b"%PDF-"


def test_best_so_far_carries_early_stops_forward() -> None:
    long = best_so_far_by_round(tiny_records()).set_index(["debate_id", "round_num"])["best_so_far"]
    assert long[("debate_x-a", 1)] == 1.0 and long[("debate_x-a", 2)] == 1.0  # stopped after round 1
    assert long[("debate_x-b", 1)] == 0.5 and long[("debate_x-b", 2)] == 1.0
    assert not any(i.startswith("solo") for i, _ in long.index)


def test_figures_on_thesis_records(tmp_path: Path, thesis_dir: Path) -> None:
    from codedebate.stats.thesis import import_thesis

    imported = import_thesis(thesis_dir)
    paths = write_figures(Records(imported.summary, imported.per_round), tmp_path)
    assert all(p.stat().st_size > 10_000 for p in paths if p.suffix == ".png")
