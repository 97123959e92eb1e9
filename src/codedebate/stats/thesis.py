"""Import the thesis's CSV exports into the project's record schema.

Each thesis CSV is a cumulative export of one shared database at the end of a SLURM job, so a
run appears in its own job's file and every later one. A run belongs to the experiment tag of
the earliest file (by job id) in which its debate_id appears.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from codedebate.records import atomic_write_parquet, conform

FILE_RE = re.compile(r"^(summary|per_round)_(?P<tag>.+)_(?P<job>\d+)\.csv$")
JUDGES = {"r1": "deepseek-r1:14b", "default": "deepseek-coder-v2:16b"}
STATUS_MAP = {
    "early_stop": "early_stop",
    "consensus_reached": "consensus",
    "max_rounds_reached": "max_rounds",
}
# thesis summary columns copied unchanged (same name and meaning in our schema)
SUMMARY_COPY = (
    "debate_id", "task_id", "task_name", "difficulty", "final_pass_rate", "tests_passed",
    "tests_total", "total_rounds", "consensus_reached", "consensus_ratio",
    "rounds_to_consensus", "total_critiques", "total_bugs_found", "initial_avg_pylint",
    "final_pylint", "initial_avg_complexity", "final_complexity", "duration_seconds",
    "avg_round_duration", "total_llm_time", "total_execution_time", "all_solutions_count",
    "passing_solutions_count", "winning_agent", "best_round", "best_round_pass_rate",
    "peak_after_debate",
)
SUMMARY_REQUIRED = (*SUMMARY_COPY, "mode", "agent_models", "status")
PER_ROUND_COPY = (
    "debate_id", "task_id", "difficulty", "agent_id", "model", "role", "round_num",
    "is_revision", "pass_rate", "tests_passed", "tests_total", "status", "generation_time",
    "code_chars", "was_truncated", "is_historical_best_reuse",
)
PER_ROUND_REQUIRED = PER_ROUND_COPY


class ThesisImportError(ValueError):
    """The thesis folder or one of its files does not have the expected form."""


@dataclass
class ThesisRecords:
    """Imported thesis runs as conformed summary and per-round tables."""

    summary: pd.DataFrame
    per_round: pd.DataFrame

    def write(self, outdir: Path | str) -> dict[str, Path]:
        """Write per_round.parquet then summary.parquet (summary last) into outdir."""
        outdir = Path(outdir)
        return {
            "per_round": atomic_write_parquet(self.per_round, outdir / "per_round.parquet"),
            "summary": atomic_write_parquet(self.summary, outdir / "summary.parquet"),
        }


def task_set_of(tag: str) -> str:
    """Task folder of a thesis tag: tags ending in 2, _r1 or _no_adaptive_temp ran on tasks2/."""
    return "tasks2" if tag.endswith(("2", "_r1", "_no_adaptive_temp")) else "tasks"


def judge_of(tag: str) -> str:
    """Judge model implied by a thesis tag ('' for no judge)."""
    if "no_judge" in tag or "judge" not in tag:
        return ""
    return JUDGES["r1"] if "_r1" in tag else JUDGES["default"]


def list_exports(directory: Path | str) -> dict[str, list[tuple[int, str, Path]]]:
    """The summary and per-round files of a thesis folder, each sorted by job id."""
    directory = Path(directory)
    if not directory.is_dir():
        raise ThesisImportError(f"{directory}: not a folder of thesis CSV exports")
    found: dict[str, list[tuple[int, str, Path]]] = {"summary": [], "per_round": []}
    for path in directory.glob("*.csv"):
        m = FILE_RE.match(path.name)
        if m:
            found[m.group(1)].append((int(m.group("job")), m.group("tag"), path))
    if not found["summary"]:
        raise ThesisImportError(f"{directory}: no summary_<tag>_<jobid>.csv files")
    for kind in found:
        found[kind].sort()
    return found


def _read_csv(path: Path, required: tuple[str, ...]) -> pd.DataFrame:
    try:
        df = pd.read_csv(path, dtype={"debate_id": str, "task_id": str})
    except (pd.errors.ParserError, UnicodeDecodeError) as exc:
        raise ThesisImportError(f"{path}: cannot parse CSV: {exc}") from exc
    missing = [c for c in required if c not in df.columns]
    if missing:
        raise ThesisImportError(f"{path}: missing column(s) {missing}")
    return df


def assign_experiments(
    files: list[tuple[int, str, Path]], required: tuple[str, ...]
) -> pd.DataFrame:
    """Concatenate cumulative exports keeping each run's rows from its earliest file.

    Adds an ``experiment`` column with that file's tag. Rows of one run are taken from one file
    only, so later copies never duplicate them.
    """
    seen: set[str] = set()
    parts = []
    for _, tag, path in files:
        df = _read_csv(path, required)
        new = ~df["debate_id"].isin(seen)
        seen.update(df.loc[new, "debate_id"])
        part = df[new].copy()
        part["experiment"] = tag
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def _round1_stats(per_round: pd.DataFrame) -> pd.DataFrame:
    r1 = per_round[per_round["round_num"] == 1]
    grouped = r1.groupby("debate_id")["pass_rate"]
    solved = (r1["pass_rate"] >= 1.0).groupby(r1["debate_id"])
    return pd.DataFrame({
        "best_initial_pass_rate": grouped.max(),
        "avg_initial_pass_rate": grouped.mean(),
        "pass_at_1": solved.mean(),
        "pass_at_k": solved.max().astype(float),
    })


def _split_models(row: pd.Series, path_of: dict[str, str]) -> tuple[str, str, int]:
    """(proposers, judge, number of proposers); the thesis lists the judge last."""
    models = [m.strip() for m in str(row["agent_models"]).split(",") if m.strip()]
    judge = judge_of(row["experiment"])
    if judge:
        if models[-1] != judge:
            raise ThesisImportError(
                f"{path_of[row['experiment']]}: run {row['debate_id']}: tag "
                f"{row['experiment']!r} implies judge {judge!r} but agent_models ends with "
                f"{models[-1]!r}"
            )
        models = models[:-1]
    return ",".join(models), judge, len(models)


def map_summary(raw: pd.DataFrame, per_round: pd.DataFrame, path_of: dict[str, str]) -> pd.DataFrame:
    """Thesis summary rows -> our summary schema (conformed)."""
    out = raw[list(SUMMARY_COPY)].copy()
    out["experiment"] = raw["experiment"]
    out["source"] = "thesis"
    out["task_set"] = raw["experiment"].map(task_set_of)
    out["mode"] = raw["mode"]
    out["protocol"] = np.where(raw["mode"] == "solo", "solo", "thesis")
    split = raw.apply(_split_models, axis=1, args=(path_of,), result_type="expand")
    out["agent_models"], out["judge_model"], out["num_agents"] = split[0], split[1], split[2]
    r1 = _round1_stats(per_round).reindex(raw["debate_id"]).reset_index(drop=True)
    missing = raw.loc[r1["best_initial_pass_rate"].isna().to_numpy(), "debate_id"]
    if len(missing):
        raise ThesisImportError(f"runs without round-1 rows in per_round files: {list(missing[:5])}")
    for col in r1.columns:
        out[col] = r1[col].to_numpy()
    out["improvement_over_best_initial"] = out["final_pass_rate"] - out["best_initial_pass_rate"]
    out["improvement_over_avg_initial"] = out["final_pass_rate"] - out["avg_initial_pass_rate"]
    out["hidden_pass_rate"] = np.nan
    out["best_initial_hidden_pass_rate"] = np.nan
    status = raw["status"].map(lambda v: STATUS_MAP.get(v, v))
    out["status"] = np.where(raw["mode"] == "solo", "solo", status)
    out["code_version"] = "thesis"
    return conform(out, "summary")


def map_per_round(raw: pd.DataFrame) -> pd.DataFrame:
    """Thesis per-round rows -> our per_round schema (conformed); hidden pass rate NaN."""
    out = raw[list(PER_ROUND_COPY)].copy()
    out["experiment"] = raw["experiment"]
    out["hidden_pass_rate"] = np.nan
    return conform(out, "per_round")


def import_thesis(directory: Path | str) -> ThesisRecords:
    """Read a folder of thesis exports into conformed summary and per-round tables."""
    exports = list_exports(directory)
    path_of = {tag: str(path) for _, tag, path in exports["summary"]}
    raw_summary = assign_experiments(exports["summary"], SUMMARY_REQUIRED)
    if not exports["per_round"]:
        raise ThesisImportError(f"{directory}: no per_round_<tag>_<jobid>.csv files")
    raw_rounds = assign_experiments(exports["per_round"], PER_ROUND_REQUIRED)
    # a run's per-round rows carry the run's experiment (from the summary files)
    exp_of = dict(zip(raw_summary["debate_id"], raw_summary["experiment"]))
    raw_rounds["experiment"] = raw_rounds["debate_id"].map(exp_of)
    orphans = raw_rounds["experiment"].isna()
    if orphans.any():
        raise ThesisImportError(
            f"{directory}: per_round rows for runs missing from every summary file, e.g. "
            f"{raw_rounds.loc[orphans, 'debate_id'].iloc[0]}"
        )
    per_round = map_per_round(raw_rounds)
    summary = map_summary(raw_summary, raw_rounds, path_of)
    return ThesisRecords(summary=summary, per_round=per_round)
