from tabular import read_table
from tabular.writer import write_table

EXPORT = '''sku,name,price
A1,"Monitor 24"" IPS",149.90
A2,"Cable, 2 m",4.50
'''


def test_inch_marks_survive_reading():
    table = read_table(EXPORT)
    assert table.column("name") == ['Monitor 24" IPS', "Cable, 2 m"]


def test_round_trip():
    table = read_table(EXPORT)
    assert read_table(write_table(table)).rows == table.rows
