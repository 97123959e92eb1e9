from tabular import read_table
from tabular.reader import split_line
from tabular.writer import quote, write_table


def test_escaped_quote_pairs():
    assert split_line('"say ""hi""",2') == ['say "hi"', "2"]
    assert split_line('""""') == ['"']


def test_empty_quoted_field():
    assert split_line('a,"",c') == ["a", "", "c"]


def test_round_trip_of_quotes_and_separators():
    for field in ['12" pipe', 'he said "no", twice', '"', " padded "]:
        assert split_line(quote(field)) == [field]


def test_table_with_quotes_in_every_column():
    text = 'a,b\n"x""y","1,5"\n'
    assert read_table(text).rows == [['x"y', "1,5"]]
    assert write_table(read_table(text)) == text
