import datetime as dt

from exportkit.delimited import CsvExporter
from exportkit.registry import exporter_class
from exportkit.report import export_records

RECORDS = [
    {"item": "tab\there", "qty": -3.5, "when": dt.date(2023, 12, 31), "memo": 'say "hi"'},
    {"item": "two\nlines", "qty": None, "when": None, "memo": "a-b"},
]


def test_tsv_exporter_options():
    exporter = exporter_class("tsv")(["item"], missing="-")
    assert (exporter.delimiter, exporter.quote, exporter.missing) == ("\t", '"', "-")
    default = exporter_class("tsv")(["item"])
    assert (default.delimiter, default.quote, default.missing) == ("\t", '"', "")


def test_tsv_quotes_tabs_quotes_and_line_breaks():
    text = export_records(RECORDS, "tsv")
    assert text == ('item\tqty\twhen\tmemo\n'
                    '"tab\there"\t-3.5\t2023-12-31\t"say ""hi"""\n'
                    '"two\nlines"\t\t\ta-b\n')


def test_tsv_matches_csv_with_a_tab_delimiter():
    for missing in ("", "-", "n/a", "NULL"):
        tsv = export_records(RECORDS, "tsv", missing=missing)
        csv = CsvExporter(list(RECORDS[0]), delimiter="\t", missing=missing).export(RECORDS)
        assert tsv == csv


def test_dash_marker_leaves_dates_and_negatives_alone():
    text = export_records(RECORDS, "tsv", fields=["qty", "when", "memo"], missing="-")
    assert text.splitlines() == ["qty\twhen\tmemo", '-3.5\t2023-12-31\t"say ""hi"""', "-\t-\ta-b"]
