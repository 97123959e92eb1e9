"""Per-run records: the schema of the three Parquet tables and their atomic writer.

One run (one debate or solo attempt on one task with one seed) writes ``summary.parquet``
(one row), ``per_round.parquet`` (one row per agent solution per round) and
``transcript.parquet`` (one row per model call). Stats, figures and the thesis importer read
and write exactly these columns; :func:`conform` enforces them.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

# (column, pandas dtype, description). dtypes: "string", "Int64", "Float64", "boolean".
SUMMARY_COLUMNS: list[tuple[str, str, str]] = [
    ("debate_id", "string", "unique id of the run"),
    ("experiment", "string", "experiment tag (config name, or the thesis job tag)"),
    ("source", "string", "'codedebate' for our runs, 'thesis' for imported thesis runs"),
    ("task_id", "string", "task id"),
    ("task_name", "string", "task name"),
    ("difficulty", "string", "easy | medium | hard | extreme"),
    ("task_set", "string", "name of the task folder the task came from (tasks, tasks2, ...)"),
    ("mode", "string", "debate | solo (later: best_of_n, majority_vote, ...)"),
    ("protocol", "string", "protocol name, e.g. thesis, solo"),
    ("agent_models", "string", "comma-joined proposer model names, in agent order"),
    ("judge_model", "string", "judge model name, empty when no judge"),
    ("num_agents", "Int64", "number of proposers"),
    ("seed", "Int64", "run seed"),
    ("final_pass_rate", "Float64", "visible-test pass rate of the final answer"),
    ("tests_passed", "Int64", "visible tests the final answer passes"),
    ("tests_total", "Int64", "visible tests of the task"),
    ("hidden_pass_rate", "Float64", "hidden-test pass rate of the final answer (NaN: no hidden tests)"),
    ("hidden_tests_passed", "Int64", "hidden tests the final answer passes"),
    ("hidden_tests_total", "Int64", "hidden tests of the task"),
    ("pass_at_1", "Float64", "share of round-1 proposals that pass every visible test"),
    ("pass_at_k", "Float64", "1 if any round-1 proposal passes every visible test (k = num_agents)"),
    ("best_initial_pass_rate", "Float64", "best visible pass rate among round-1 proposals"),
    ("avg_initial_pass_rate", "Float64", "mean visible pass rate of round-1 proposals"),
    ("best_initial_hidden_pass_rate", "Float64", "hidden pass rate of the best round-1 proposal"),
    ("improvement_over_best_initial", "Float64", "final_pass_rate - best_initial_pass_rate"),
    ("improvement_over_avg_initial", "Float64", "final_pass_rate - avg_initial_pass_rate"),
    ("total_rounds", "Int64", "rounds run"),
    ("consensus_reached", "boolean", "a vote reached consensus (or round 1 stopped early)"),
    ("consensus_ratio", "Float64", "winning share of the weighted vote in the last vote"),
    ("rounds_to_consensus", "Int64", "round at which consensus was reached (0: early stop / none)"),
    ("total_critiques", "Int64", "critiques written"),
    ("total_bugs_found", "Int64", "bugs listed across critiques"),
    ("initial_avg_pylint", "Float64", "mean Pylint score of round-1 proposals"),
    ("final_pylint", "Float64", "Pylint score of the final answer"),
    ("initial_avg_complexity", "Float64", "mean Radon complexity of round-1 proposals"),
    ("final_complexity", "Float64", "Radon complexity of the final answer"),
    ("duration_seconds", "Float64", "wall-clock seconds of the run"),
    ("avg_round_duration", "Float64", "mean seconds per round"),
    ("total_llm_time", "Float64", "seconds spent in model calls (summed over calls)"),
    ("total_execution_time", "Float64", "seconds spent running tests and code metrics (summed over candidates)"),
    ("all_solutions_count", "Int64", "solutions generated"),
    ("passing_solutions_count", "Int64", "solutions that pass every visible test"),
    ("status", "string", "early_stop | consensus | max_rounds | solo | error"),
    ("winning_agent", "string", "agent whose solution is the final answer"),
    ("best_round", "Int64", "round of the final answer"),
    ("best_round_pass_rate", "Float64", "visible pass rate of the final answer's round"),
    ("peak_after_debate", "boolean", "the final answer comes from a round after round 1"),
    ("prompt_tokens", "Int64", "prompt tokens over all calls"),
    ("completion_tokens", "Int64", "completion tokens over all calls"),
    ("total_tokens", "Int64", "prompt + completion tokens"),
    ("config_hash", "string", "hash of the resolved run settings"),
    ("code_version", "string", "codedebate version and git commit"),
    ("started_at", "string", "ISO-8601 UTC start time"),
    ("settings", "string", "resolved run settings as JSON (config_hash hashes them without the seed)"),
    ("backend_info", "string", "JSON object: model name -> backend description (file, checksum, host, versions)"),
]

PER_ROUND_COLUMNS: list[tuple[str, str, str]] = [
    ("debate_id", "string", "run id"),
    ("experiment", "string", "experiment tag"),
    ("task_id", "string", "task id"),
    ("difficulty", "string", "task difficulty"),
    ("agent_id", "string", "agent id, e.g. agent_1_qwen2.5-coder"),
    ("model", "string", "model name"),
    ("role", "string", "proposer role/strategy"),
    ("round_num", "Int64", "round, from 1"),
    ("is_revision", "boolean", "solution is a revision (round > 1)"),
    ("pass_rate", "Float64", "visible pass rate"),
    ("tests_passed", "Int64", "visible tests passed"),
    ("tests_total", "Int64", "visible tests"),
    ("hidden_pass_rate", "Float64", "hidden pass rate (NaN when not scored)"),
    ("status", "string", "passed | partial | failed | syntax_error"),
    ("generation_time", "Float64", "seconds the model took"),
    ("code_chars", "Int64", "characters of code"),
    ("was_truncated", "boolean", "the reply hit the token limit"),
    ("is_historical_best_reuse", "boolean", "anti-regression restored the agent's best earlier solution"),
    ("revert_reason", "string", "why anti-regression restored it: truncated | syntax_error | skeleton | lost_tests; empty if kept"),
    ("rejected_pass_rate", "Float64", "visible pass rate of the revision anti-regression threw out (NaN if kept)"),
    ("temperature", "Float64", "sampling temperature used"),
    ("pylint_score", "Float64", "Pylint score"),
    ("complexity", "Float64", "Radon cyclomatic complexity"),
    ("prompt_tokens", "Int64", "prompt tokens of the generating call(s)"),
    ("completion_tokens", "Int64", "completion tokens of the generating call(s)"),
    ("code", "string", "the solution (JSON object file name -> source for multi-file tasks)"),
]

TRANSCRIPT_COLUMNS: list[tuple[str, str, str]] = [
    ("debate_id", "string", "run id"),
    ("call_index", "Int64", "order of the call in the run"),
    ("agent_id", "string", "calling agent"),
    ("model", "string", "model name"),
    ("role", "string", "proposer | judge | solo"),
    ("phase", "string", "propose | critique | revise | vote"),
    ("round_num", "Int64", "round"),
    ("temperature", "Float64", "temperature"),
    ("seed", "Int64", "seed sent to the backend"),
    ("prompt_tokens", "Int64", "prompt tokens"),
    ("completion_tokens", "Int64", "completion tokens"),
    ("seconds", "Float64", "seconds the call took"),
    ("finish_reason", "string", "stop | length"),
    ("prompt", "string", "JSON list of {role, content} messages"),
    ("reply", "string", "model reply"),
]

TABLES = {
    "summary": SUMMARY_COLUMNS,
    "per_round": PER_ROUND_COLUMNS,
    "transcript": TRANSCRIPT_COLUMNS,
}
#: Order in which writers write the tables: summary last, so its presence means a run is complete.
WRITE_ORDER = ("transcript", "per_round", "summary")


class RecordError(ValueError):
    """A table does not fit the record schema."""


def conform(df: pd.DataFrame, table: str) -> pd.DataFrame:
    """Return df with exactly the schema's columns, in order, with the schema's dtypes.

    Missing columns are filled with nulls; unknown columns raise :class:`RecordError`.
    """
    spec = TABLES[table]
    names = [c for c, _, _ in spec]
    unknown = [c for c in df.columns if c not in names]
    if unknown:
        raise RecordError(f"{table}: unknown columns {unknown}")
    out = pd.DataFrame(index=df.index)
    for name, dtype, _ in spec:
        col = df[name] if name in df.columns else pd.Series([None] * len(df), index=df.index)
        out[name] = col.astype(dtype)
    return out.reset_index(drop=True)


def atomic_write_parquet(df: pd.DataFrame, path: Path | str) -> Path:
    """Write a Parquet file through a temp file in the same folder and a rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        df.to_parquet(tmp, index=False)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


@dataclass
class RunRecords:
    """The three tables of one run."""

    summary: pd.DataFrame
    per_round: pd.DataFrame
    transcript: pd.DataFrame

    def write(self, outdir: Path | str) -> dict[str, Path]:
        """Write all three tables atomically; summary last, so its presence means done."""
        outdir = Path(outdir)
        paths = {}
        for table in WRITE_ORDER:
            df = conform(getattr(self, table), table)
            paths[table] = atomic_write_parquet(df, outdir / f"{table}.parquet")
        return paths


def read_table(paths: list[Path | str] | Path | str, table: str) -> pd.DataFrame:
    """Read and concatenate record files of one table (conformed to the schema)."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    frames = [conform(pd.read_parquet(p), table) for p in paths]
    if not frames:
        return conform(pd.DataFrame(), table)
    return pd.concat(frames, ignore_index=True)


def schema_markdown() -> str:
    """The record schema as Markdown tables (for docs/records.md)."""
    parts = []
    for table, spec in TABLES.items():
        parts.append(f"### `{table}.parquet`\n\n| column | type | meaning |\n|---|---|---|")
        parts.extend(f"| `{c}` | {t} | {d.replace('|', chr(92) + '|')} |" for c, t, d in spec)
        parts.append("")
    return "\n".join(parts)
