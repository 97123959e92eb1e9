import pytest

from tabular import read_table
from tabular.reader import CsvError, split_line


def test_plain_and_quoted_commas():
    assert split_line('a,"b,c",d') == ["a", "b,c", "d"]
    assert split_line("x;y", sep=";") == ["x", "y"]


def test_empty_fields():
    assert split_line("a,,") == ["a", "", ""]


def test_errors():
    with pytest.raises(CsvError, match="unclosed"):
        split_line('a,"b')
    with pytest.raises(CsvError, match="line 3"):
        read_table("a,b\n1,2\n3\n")
