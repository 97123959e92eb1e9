"""Per-run records: the schema of the three Parquet tables and their atomic writer.

One run (one debate or solo attempt on one task with one seed) writes ``summary.parquet``
(one row), ``per_round.parquet`` (one row per agent solution per round) and
``transcript.parquet`` (one row per model call). The columns below are common to every run;
a protocol or task kind adds its own through :func:`declare_columns` (next to its code), and
:func:`conform` enforces both: undeclared columns are refused when writing and kept as they are
when reading, so merged records of different protocols concatenate with nulls where a column
does not apply.
"""

from __future__ import annotations

import fcntl
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

#: (column, pandas dtype, description). dtypes: "string", "Int64", "Float64", "boolean".
Column = tuple[str, str, str]
DTYPES = ("string", "Int64", "Float64", "boolean")

SUMMARY_COLUMNS: list[Column] = [
    ("debate_id", "string", "unique id of the run"),
    ("experiment", "string", "experiment tag (config name, or the thesis job tag)"),
    ("source", "string", "'codedebate' for our runs, 'thesis' for imported thesis runs"),
    ("task_id", "string", "task id"),
    ("task_name", "string", "task name"),
    ("difficulty", "string", "easy | medium | hard | extreme"),
    ("task_set", "string", "name of the task folder the task came from (tasks, tasks2, ...)"),
    ("mode", "string", "debate | solo | best_of_n | majority_vote | vote_only | self_repair"),
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
    ("tokens_by_phase", "string", "JSON object: phase -> {prompt, completion, calls} over the run's model calls"),
    ("tokens_by_agent", "string", "JSON object: agent id -> {prompt, completion, calls} over the run's model calls"),
    ("model_seconds", "Float64", "wall-clock seconds with at least one model call running (overlapping calls count once)"),
    ("oracle_hidden", "boolean", "some candidate the run produced passes every hidden test (NA: the task has no hidden tests)"),
    ("config_hash", "string", "hash of the resolved run settings"),
    ("code_version", "string", "codedebate version and git commit"),
    ("started_at", "string", "ISO-8601 UTC start time"),
    ("settings", "string", "resolved run settings as JSON (config_hash hashes them without the seed)"),
    ("backend_info", "string", "JSON object: model name -> backend description (file, checksum, host, versions)"),
    ("cache_hits", "Int64", "model calls answered from the response cache (--cache); null when no cache was used"),
    ("cache_misses", "Int64", "model calls the response cache did not hold (asked the model, then stored)"),
]

PER_ROUND_COLUMNS: list[Column] = [
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
    ("test_outcomes", "string", "JSON {visible: {test: outcome}, hidden: {test: outcome}}; hidden only when scored"),
    ("votes_received", "string", "JSON list of the votes this solution got this round: {voter, confidence, weight}"),
    ("critiques_received", "string", "JSON list of this round's critiques of this agent: {critic, bugs: [{text, grounded}]}"),
]

TRANSCRIPT_COLUMNS: list[Column] = [
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


#: table -> column -> (dtype, description, owner): columns that protocols and task kinds add.
_EXTENSIONS: dict[str, dict[str, tuple[str, str, str]]] = {table: {} for table in TABLES}


def declare_columns(owner: str, table: str, columns: list[Column] | tuple[Column, ...]) -> None:
    """Declare the columns ``owner`` (a protocol or task kind) adds to ``table``.

    Declaring the same column twice with the same dtype is fine (owners may share a column,
    e.g. ``oracle_hidden``); a clash with a common column or another dtype raises RecordError.
    """
    if table not in TABLES:
        raise RecordError(f"{owner}: no record table {table!r} (tables: {', '.join(TABLES)})")
    common = {c for c, _, _ in TABLES[table]}
    for name, dtype, desc in columns:
        if name in common:
            raise RecordError(f"{owner}: {table}.{name} is a common column; it cannot be redeclared")
        if dtype not in DTYPES:
            raise RecordError(f"{owner}: {table}.{name} has dtype {dtype!r}, not one of {', '.join(DTYPES)}")
        known = _EXTENSIONS[table].get(name)
        if known and known[0] != dtype:
            raise RecordError(f"{owner}: {table}.{name} is already declared by {known[2]} as {known[0]}")
        if not known:
            _EXTENSIONS[table][name] = (dtype, desc, owner)


def extension_columns(table: str) -> dict[str, tuple[str, str, str]]:
    """Declared extra columns of a table: name -> (dtype, description, owner)."""
    return dict(_EXTENSIONS[table])


def conform(df: pd.DataFrame, table: str, strict: bool = True) -> pd.DataFrame:
    """Return df with the schema's common columns, in order and dtype, then its extra columns.

    Missing common columns are filled with nulls. Extra columns declared by an owner get their
    declared dtype; undeclared ones raise :class:`RecordError` when ``strict`` (writing) and are
    kept unchanged otherwise (reading records written by a protocol this process has not loaded).
    """
    spec = TABLES[table]
    names = [c for c, _, _ in spec]
    declared = _EXTENSIONS[table]
    extra = [c for c in df.columns if c not in names]
    unknown = [c for c in extra if c not in declared]
    if unknown and strict:
        raise RecordError(f"{table}: unknown columns {unknown} (declare them with records.declare_columns)")
    out = pd.DataFrame(index=df.index)
    for name, dtype, _ in spec:
        col = df[name] if name in df.columns else pd.Series([None] * len(df), index=df.index)
        out[name] = col.astype(dtype)
    for name in extra:
        out[name] = df[name].astype(declared[name][0]) if name in declared else df[name]
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

    def write(self, outdir: Path | str, lock: bool = True) -> dict[str, Path]:
        """Write all three tables atomically; summary last, so its presence means done.

        A second writer into the same folder at the same time is refused (RecordError), so a
        folder never holds tables of two different runs; ``lock=False`` when the caller already
        holds :func:`writer_lock` for the whole run.
        """
        outdir = Path(outdir)
        frames = {table: conform(getattr(self, table), table) for table in WRITE_ORDER}
        paths = {}
        with writer_lock(outdir) if lock else nullcontext():
            for table in WRITE_ORDER:
                paths[table] = atomic_write_parquet(frames[table], outdir / f"{table}.parquet")
        return paths


@contextmanager
def writer_lock(outdir: Path) -> Iterator[None]:
    """Hold an exclusive lock on the folder ``outdir`` for one record writer; fail at once if
    another process holds it. A folder this call created is removed again if nothing was written."""
    created = not outdir.exists()
    outdir.mkdir(parents=True, exist_ok=True)
    fd = os.open(outdir, os.O_RDONLY | os.O_DIRECTORY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RecordError(f"{outdir}: another run is writing records into this folder; "
                              "give each run its own --output") from None
        yield
    finally:
        os.close(fd)
        if created and not any(outdir.iterdir()):
            outdir.rmdir()


def read_table(paths: list[Path | str] | Path | str, table: str) -> pd.DataFrame:
    """Read and concatenate record files of one table (conformed to the schema)."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    frames = [conform(pd.read_parquet(p), table, strict=False) for p in paths]
    if not frames:
        return conform(pd.DataFrame(), table)
    return pd.concat(frames, ignore_index=True)


def _cell(text: str) -> str:
    return text.replace("|", chr(92) + "|")


def schema_markdown() -> str:
    """The record schema as Markdown tables (for docs/records.md): common columns, then the
    columns each protocol or task kind declares (those loaded in this process)."""
    parts = []
    for table, spec in TABLES.items():
        parts.append(f"### `{table}.parquet`\n\n| column | type | meaning |\n|---|---|---|")
        parts.extend(f"| `{c}` | {t} | {_cell(d)} |" for c, t, d in spec)
        parts.append("")
    for table in TABLES:
        ext = _EXTENSIONS[table]
        if not ext:
            continue
        parts.append(f"### Added to `{table}.parquet` by protocols and task kinds\n\n"
                     "| column | type | added by | meaning |\n|---|---|---|---|")
        parts.extend(f"| `{c}` | {t} | {o} | {_cell(d)} |" for c, (t, d, o) in sorted(ext.items()))
        parts.append("")
    return "\n".join(parts)
