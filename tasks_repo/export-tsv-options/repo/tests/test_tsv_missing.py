import datetime as dt

from exportkit.report import export_records, write_records

SALES = [
    {"day": dt.date(2024, 1, 5), "store": "North", "units": 12, "revenue": 340.5, "note": None},
    {"day": dt.date(2024, 1, 6), "store": "South, old town", "units": 0, "revenue": -12.25, "note": "refund"},
]


def test_tsv_writes_the_missing_marker():
    text = export_records(SALES, "tsv", missing="-")
    assert text.splitlines() == [
        "day\tstore\tunits\trevenue\tnote",
        "2024-01-05\tNorth\t12\t340.5\t-",
        "2024-01-06\tSouth, old town\t0\t-12.25\trefund",
    ]


def test_tsv_file_with_missing_marker(tmp_path):
    path = write_records(tmp_path / "sales.tsv", SALES, fields=["day", "note"], missing="n/a")
    assert path.read_text().splitlines() == ["day\tnote", "2024-01-05\tn/a", "2024-01-06\trefund"]
