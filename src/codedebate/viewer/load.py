"""Find and read the records under a results folder: one run, merged experiments, or a tree of both."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from codedebate.errors import InputError
from codedebate.records import read_table


class ViewerInputError(InputError):
    """A folder holds no records the viewer can show."""

    noun = "file"


@dataclass
class Results:
    """Every run found, one summary row each (duplicates across folders dropped)."""

    summary: pd.DataFrame
    per_round: pd.DataFrame
    transcript: pd.DataFrame

    def run(self, debate_id: str) -> tuple[pd.Series, pd.DataFrame, pd.DataFrame]:
        """One run's summary row, per-round rows and transcript rows (in call order)."""
        summary = self.summary[self.summary["debate_id"] == debate_id].iloc[0]
        rounds = self._by_run(self.per_round, debate_id, ["round_num", "agent_id"])
        calls = self._by_run(self.transcript, debate_id, ["call_index"])
        return summary, rounds, calls

    def _by_run(self, df: pd.DataFrame, debate_id: str, order: list[str]) -> pd.DataFrame:
        if df.empty:
            return df
        groups = getattr(self, "_groups", None)
        if groups is None:
            groups = self._groups = {}
        key = id(df)
        if key not in groups:
            groups[key] = {k: g for k, g in df.groupby("debate_id", sort=False)}
        part = groups[key].get(debate_id)
        return df.iloc[0:0] if part is None else part.sort_values(order, kind="stable")


def record_folders(root: Path) -> list[Path]:
    """Folders under ``root`` (itself included) that hold a summary.parquet, merged ones first."""
    if (root / "summary.parquet").is_file():
        found = [root]
    else:
        found = sorted(p.parent for p in root.rglob("summary.parquet"))
    return sorted(found, key=lambda p: (0 if "merged" in p.parts or "records" in p.parts else 1, str(p)))


def load_results(root: Path | str) -> Results:
    """Read every record folder under ``root``; a run seen twice (cell and merged file) counts once."""
    root = Path(root)
    if not root.is_dir():
        raise ViewerInputError(root, None, "is not a folder; give a run folder or a results folder")
    folders = record_folders(root)
    if not folders:
        raise ViewerInputError(root, None, "holds no summary.parquet; run `codedebate run` or the workflow first")
    tables: dict[str, list[pd.DataFrame]] = {"summary": [], "per_round": [], "transcript": []}
    seen: set[str] = set()
    for folder in folders:
        summary = read_table(folder / "summary.parquet", "summary")
        fresh = summary[~summary["debate_id"].isin(seen)]
        if fresh.empty:
            continue
        ids = set(fresh["debate_id"])
        seen |= ids
        tables["summary"].append(fresh)
        for table in ("per_round", "transcript"):
            path = folder / f"{table}.parquet"
            if path.is_file():
                df = read_table(path, table)
                tables[table].append(df[df["debate_id"].isin(ids)])
    frames = {t: pd.concat(f, ignore_index=True) if f else read_table([], t) for t, f in tables.items()}
    return Results(**frames)
