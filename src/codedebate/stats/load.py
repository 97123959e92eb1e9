"""Find and read run records (summary and per-round Parquet files) for analysis."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from codedebate.records import conform, read_table


class RecordsNotFound(FileNotFoundError):
    """No summary records under the paths a user gave."""


@dataclass
class Records:
    """Summary and per-round tables of many runs, conformed to the record schema."""

    summary: pd.DataFrame
    per_round: pd.DataFrame


def _table_of(path: Path) -> str | None:
    """Which record table a Parquet file holds, by its name (summary*, per_round*)."""
    stem = path.stem
    for table in ("summary", "per_round", "transcript"):
        if stem.startswith(table) or stem.endswith(table):
            return table
    return None


def find_record_files(paths: list[Path | str]) -> dict[str, list[Path]]:
    """Summary and per-round Parquet files in the given files or folders (searched recursively)."""
    found: dict[str, list[Path]] = {"summary": [], "per_round": []}
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            candidates = sorted(path.rglob("*.parquet"))
        elif path.is_file():
            candidates = [path]
        else:
            raise RecordsNotFound(f"{path}: no such file or folder")
        for file in candidates:
            table = _table_of(file)
            if table in found and not file.name.startswith("."):
                found[table].append(file)
    if not found["summary"]:
        raise RecordsNotFound(f"no summary*.parquet record files under {[str(p) for p in paths]}")
    return found


def load_records(paths: list[Path | str] | Path | str) -> Records:
    """Read all runs under paths; per-round rows of runs without a summary (unfinished) are dropped."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    files = find_record_files(list(paths))
    summary = read_table(files["summary"], "summary")
    dupes = summary["debate_id"].duplicated()
    if dupes.any():
        raise ValueError(
            f"debate_id {summary.loc[dupes, 'debate_id'].iloc[0]!r} appears in more than one "
            "summary file; pass each run's records once"
        )
    if files["per_round"]:
        per_round = read_table(files["per_round"], "per_round")
        per_round = per_round[per_round["debate_id"].isin(set(summary["debate_id"]))]
        per_round = per_round.reset_index(drop=True)
    else:
        per_round = conform(pd.DataFrame(), "per_round")
    return Records(summary=summary, per_round=per_round)
