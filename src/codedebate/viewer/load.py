"""Find and read the records under a results folder: one run, merged experiments, or a tree of both."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from codedebate.errors import InputError
from codedebate.records import read_table


class ViewerInputError(InputError):
    """A folder holds no records the viewer can show."""

    noun = "file"


Row = dict[str, Any]


@dataclass
class Results:
    """Every run found, one summary row each (duplicates across folders dropped)."""

    summary: pd.DataFrame
    per_round: pd.DataFrame
    transcript: pd.DataFrame
    _rows: dict[str, dict[str, list[Row]]] = field(default_factory=dict, repr=False)

    def run(self, debate_id: str) -> tuple[Row, list[Row], list[Row]]:
        """One run's summary row, per-round rows (by round, agent) and transcript rows (call order)."""
        if not self._rows:  # rows as plain dicts, grouped once: per-run DataFrame slicing is slow
            for name, df, order in (("summary", self.summary, ()), ("per_round", self.per_round, ("round_num", "agent_id")),
                                    ("transcript", self.transcript, ("call_index",))):
                groups: dict[str, list[Row]] = {}
                for row in df.astype(object).where(df.notna(), None).to_dict("records"):
                    groups.setdefault(row["debate_id"], []).append(row)
                for rows in groups.values():
                    rows.sort(key=lambda r: tuple((r[k] is None, "" if r[k] is None else r[k]) for k in order))
                self._rows[name] = groups
        return (self._rows["summary"][debate_id][0], self._rows["per_round"].get(debate_id, []),
                self._rows["transcript"].get(debate_id, []))


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
