"""Write the static viewer site: an overview page, one page per run and a side-by-side page.

Pages are rendered with Jinja2 templates (``templates/``); the overview's rows ship as one small
data script that ``static/overview.js`` turns into sortable, filterable tables, so the page stays
light for thousands of runs. Everything opens from disk (no server, no fetch of local files).
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
from jinja2 import Environment, FileSystemLoader, select_autoescape

from .graph import votes_svg
from .load import Results, load_results
from .run_view import run_view, value

HERE = Path(__file__).parent
RUN_COLUMNS = ("experiment", "protocol", "task_id", "difficulty", "seed", "status", "total_rounds",
               "final_pass_rate", "hidden_pass_rate", "agent_models", "debate_id")
GRID_COLUMNS = ("experiment", "task_id", "difficulty", "runs", "final_pass_rate", "hidden_pass_rate")


@dataclass(frozen=True)
class Site:
    """What was written: the folder, its run count and pages."""

    root: Path
    runs: int
    pages: int


def page_name(debate_id: str) -> str:
    """The file name of a run's page (ids are hex; anything else is made safe)."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", str(debate_id)) + ".html"


def environment() -> Environment:
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]),
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["pct"] = lambda x: "–" if x is None else f"{100 * float(x):.0f}%"
    env.filters["num"] = lambda x, d=2: "–" if x is None else f"{float(x):.{d}f}"
    env.filters["short_id"] = lambda x: str(x).split("_")[0] + "_" + str(x).split("_")[1] \
        if str(x).startswith("agent_") and len(str(x).split("_")) > 2 else str(x)
    return env


def _rows(df: pd.DataFrame, columns: tuple[str, ...]) -> list[list[Any]]:
    part = df[list(columns)].astype(object)
    return [[value(v) for v in row] for row in part.itertuples(index=False, name=None)]


def overview_data(summary: pd.DataFrame) -> dict[str, Any]:
    """Rows of the runs table and of the configuration x task table (means over seeds)."""
    runs = summary.sort_values(["experiment", "task_id", "seed"], kind="stable")
    grid = (runs.assign(final_pass_rate=runs["final_pass_rate"].astype("Float64"),
                        hidden_pass_rate=runs["hidden_pass_rate"].astype("Float64"))
            .groupby(["experiment", "task_id"], sort=True, dropna=False)
            .agg(difficulty=("difficulty", "first"), runs=("debate_id", "size"),
                 final_pass_rate=("final_pass_rate", "mean"), hidden_pass_rate=("hidden_pass_rate", "mean"))
            .reset_index())
    return {"runs": {"columns": list(RUN_COLUMNS), "rows": _rows(runs, RUN_COLUMNS),
                     "pages": [page_name(i) for i in runs["debate_id"]]},
            "grid": {"columns": list(GRID_COLUMNS), "rows": _rows(grid, GRID_COLUMNS)}}


def build_site(results_dir: Path | str, site_dir: Path | str) -> Site:
    """Render every page for the records under ``results_dir`` into ``site_dir``."""
    results = load_results(results_dir)
    out = Path(site_dir)
    (out / "runs").mkdir(parents=True, exist_ok=True)
    (out / "data").mkdir(exist_ok=True)
    shutil.copytree(HERE / "static", out / "static", dirs_exist_ok=True)
    env = environment()
    data = overview_data(results.summary)
    payload = json.dumps(data, separators=(",", ":"), allow_nan=False, default=str)
    (out / "data" / "overview.js").write_text(f"window.CD_OVERVIEW={payload};\n", encoding="utf-8")
    experiments = sorted(results.summary["experiment"].dropna().astype(str).unique())
    (out / "index.html").write_text(env.get_template("index.html").render(
        root="", title=f"codedebate results: {Path(results_dir).name}", runs=len(results.summary),
        experiments=experiments), encoding="utf-8")
    (out / "compare.html").write_text(env.get_template("compare.html").render(
        root="", title="two runs side by side"), encoding="utf-8")
    pages = 2 + _write_runs(results, env, out / "runs")
    return Site(out, len(results.summary), pages)


def _write_runs(results: Results, env: Environment, folder: Path) -> int:
    template = env.get_template("run.html")
    same_task = {t: list(g["debate_id"]) for t, g in results.summary.groupby("task_id", sort=False)}
    labels = {i: f"{e} · seed {value(sd)}" for i, e, sd in
              zip(results.summary["debate_id"], results.summary["experiment"], results.summary["seed"])}
    count = 0
    for debate_id in results.summary["debate_id"]:
        summary, rounds, calls = results.run(debate_id)
        view = run_view(summary, rounds, calls)
        graphs = [{"round": v["round"], "svg": votes_svg(v)} for v in view["votes"]]
        others = [(o, labels[o], page_name(o)) for o in same_task.get(summary["task_id"], []) if o != debate_id]
        html = template.render(root="../", title=f"{summary['task_id']} · {summary['experiment']}", run=view,
                               graphs=graphs, others=others[:30], page=page_name(debate_id))
        (folder / page_name(debate_id)).write_text(html, encoding="utf-8")
        count += 1
    return count
