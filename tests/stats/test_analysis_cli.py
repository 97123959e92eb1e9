"""The tables / figures / thesis-tables commands end to end on files."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from codedebate.cli import main


def test_tables_and_figures_commands(runs_dir: Path, tmp_path: Path, capsys) -> None:
    assert main(["tables", "--records", str(runs_dir), "--output", str(tmp_path / "t")]) == 0
    means = pd.read_csv(tmp_path / "t" / "config_means.csv").set_index("experiment")
    assert means.loc["deb", "runs"] == 4
    assert (tmp_path / "t" / "debate_vs_solo.md").read_text().startswith("# debate_vs_solo")
    assert main(["figures", "--records", str(runs_dir), "--output", str(tmp_path / "f")]) == 0
    assert len(list((tmp_path / "f").glob("*.png"))) == 5
    assert "16 runs" in capsys.readouterr().out


def test_missing_records_is_a_clear_error(tmp_path: Path, capsys) -> None:
    assert main(["tables", "--records", str(tmp_path / "nope"), "--output", str(tmp_path / "t")]) == 2
    assert "nope: no such file or folder" in capsys.readouterr().err
    assert not (tmp_path / "t").exists()


def test_thesis_tables_command(thesis_dir: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "thesis"
    assert main(["thesis-tables", "--thesis-dir", str(thesis_dir), "--output", str(out), "--check"]) == 0
    assert "all Table 6 values reproduced" in capsys.readouterr().out
    assert len(pd.read_parquet(out / "records" / "summary.parquet")) == 1200
    t6 = pd.read_csv(out / "tables" / "thesis_table6.csv")
    assert t6["matches_3dp"].all()
    assert (out / "figures" / "pass_rate_by_difficulty.pdf").stat().st_size > 0
