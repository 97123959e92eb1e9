"""Record loading, Markdown rendering, and every standard table written as CSV + Markdown."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from codedebate.stats.load import RecordsNotFound, load_records
from codedebate.stats.tables import standard_tables, to_markdown, write_tables


def test_load_records_from_cell_folders(runs_dir, synthetic) -> None:
    records = load_records(runs_dir)
    assert len(records.summary) == len(synthetic.summary) == 16
    assert len(records.per_round) == len(synthetic.per_round)


def test_load_drops_per_round_rows_of_unfinished_runs(runs_dir) -> None:
    (runs_dir / "deb" / "t1" / "0" / "summary.parquet").unlink()  # a killed cell: no summary
    records = load_records(runs_dir)
    assert "deb-t1" not in set(records.summary["debate_id"])
    assert "deb-t1" not in set(records.per_round["debate_id"])


def test_load_rejects_duplicates_and_missing_paths(runs_dir, tmp_path) -> None:
    with pytest.raises(ValueError, match="more than one summary file"):
        load_records([runs_dir, runs_dir / "deb"])
    with pytest.raises(RecordsNotFound, match="no such file"):
        load_records(tmp_path / "absent")
    (tmp_path / "empty").mkdir()
    with pytest.raises(RecordsNotFound, match="no summary"):
        load_records(tmp_path / "empty")


def test_markdown_formatting() -> None:
    df = pd.DataFrame({"name": ["a|b", "c"], "x": [0.12345, math.nan], "p": [0.00001, 1.0]})
    md = to_markdown(df).splitlines()
    assert md[0] == "| name | x | p |"
    assert md[2] == "| a\\|b | 0.123 | 1.00e-05 |"
    assert md[3] == "| c |  | 1.000 |"


def test_every_table_written_as_csv_and_markdown(synthetic, tmp_path) -> None:
    tables = standard_tables(synthetic)
    assert {"config_means", "by_difficulty", "final_vs_round1", "recovery", "debate_vs_solo",
            "pass_at_k", "costs_by_difficulty", "code_quality", "visible_vs_hidden",
            "judge_effect"} <= set(tables)
    paths = write_tables(tables, tmp_path / "tables")
    assert len(paths) == 2 * len(tables)
    back = pd.read_csv(tmp_path / "tables" / "config_means.csv")
    assert back.set_index("experiment").loc["deb", "mean_final_pass_rate"] == pytest.approx(0.8125)
    md = (tmp_path / "tables" / "config_means.md").read_text()
    assert md.startswith("# config_means\n\nci_low, ci_high: 95% percentile bootstrap interval")  # caption
    assert "\n\n| task_set | experiment | mode |" in md
    assert "| T | deb | debate | m1,m2,m3 |  | 4 | 4 | 0.812 |" in md


def test_builders_produce_exactly_the_declared_outputs(synthetic) -> None:
    from codedebate.stats.figures import FIGURES as BUILDERS
    from codedebate.stats import outputs

    assert tuple(standard_tables(synthetic)) == outputs.STANDARD_TABLES
    assert tuple(BUILDERS) == outputs.FIGURES
    assert outputs.table_files("t", ("a",)) == ["t/a.csv", "t/a.md"]


def test_tables_of_a_single_debate_experiment_keep_their_columns(synthetic, tmp_path) -> None:
    from codedebate.stats.load import Records

    only = synthetic.summary["experiment"] == "deb"
    one = Records(synthetic.summary[only], synthetic.per_round[synthetic.per_round["experiment"] == "deb"])
    tables = standard_tables(one)
    assert tables["debate_vs_solo"].empty and "p_t_bonferroni" in tables["debate_vs_solo"].columns
    assert tables["solo_models"].empty
    write_tables(tables, tmp_path)
    for name in tables:
        assert len(pd.read_csv(tmp_path / f"{name}.csv").columns) > 2, name
