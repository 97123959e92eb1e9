from tabular import read_table
from tabular.filters import where
from tabular.summary import describe, group_count
from tabular.types import guess

DATA = """city,visits,member,since
Bonn,12,yes,2021-04-01
Köln,7,no,2022-01-15
Bonn,30,yes,
Essen,7,no,2020-11-30
"""


def test_types_guessed():
    t = read_table(DATA)
    assert [guess(t.column(c)) for c in t.header] == ["text", "int", "bool", "date"]


def test_where_numbers_and_contains():
    t = read_table(DATA)
    assert where(t, "visits >= 12").column("city") == ["Bonn", "Bonn"]
    assert where(t, "city ~ ss").column("visits") == ["7"]


def test_describe_and_group_count():
    t = read_table(DATA)
    assert describe(t)["visits"] == {"kind": "int", "count": 4, "distinct": 3, "min": 7, "max": 30, "mean": 14.0}
    assert describe(t)["since"]["count"] == 3
    assert group_count(t, "city") == {"Bonn": 2, "Essen": 1, "Köln": 1}
