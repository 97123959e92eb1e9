import datetime as dt
import json
from decimal import Decimal

import pytest

from exportkit.delimited import CsvExporter
from exportkit.report import export_records, write_records
from exportkit.values import text_of

SALES = [
    {"day": dt.date(2024, 1, 5), "store": "North", "units": 12, "revenue": 340.5, "note": None},
    {"day": dt.date(2024, 1, 6), "store": "South, old town", "units": 0, "revenue": -12.25, "note": "refund"},
]


def test_csv_quotes_like_spreadsheets():
    assert export_records(SALES, "csv").splitlines() == [
        "day,store,units,revenue,note",
        "2024-01-05,North,12,340.5,",
        '2024-01-06,"South, old town",0,-12.25,refund',
    ]
    exporter = CsvExporter(["a"], delimiter=";", missing="NA")
    assert exporter.export([{"a": 'say "hi"'}, {"a": "x;y"}, {}]) == 'a\n"say ""hi"""\n"x;y"\nNA\n'


def test_tsv_with_plain_values():
    assert export_records(SALES, "TSV", fields=["store", "units"]).splitlines() == [
        "store\tunits", "North\t12", "South, old town\t0"]


def test_json_lines_keep_json_types():
    lines = export_records(SALES, "jsonl", fields=["day", "units", "note"]).splitlines()
    assert [json.loads(line) for line in lines] == [
        {"day": "2024-01-05", "units": 12, "note": None},
        {"day": "2024-01-06", "units": 0, "note": "refund"},
    ]


def test_markdown_table_aligns_numbers():
    assert export_records(SALES, "markdown", fields=["store", "revenue", "note"], missing="-").splitlines() == [
        "| store | revenue | note |",
        "| --- | ---: | --- |",
        "| North | 340.5 | - |",
        "| South, old town | -12.25 | refund |",
    ]
    assert export_records([{"a": "x|y"}], "markdown") == "| a |\n| --- |\n| x\\|y |\n"


def test_values():
    assert text_of(True) == "true" and text_of(None, "?") == "?"
    assert text_of(2.50) == "2.5" and text_of(3.0) == "3" and text_of(Decimal("1.10")) == "1.10"
    assert text_of(dt.datetime(2024, 2, 1, 8, 30)) == "2024-02-01T08:30:00"


def test_files_by_extension(tmp_path):
    path = write_records(tmp_path / "out.md", SALES, fields=["units"])
    assert path.read_text() == "| units |\n| ---: |\n| 12 |\n| 0 |\n"
    with pytest.raises(ValueError, match="no export format writes '.xlsx'"):
        write_records(tmp_path / "out.xlsx", SALES)
