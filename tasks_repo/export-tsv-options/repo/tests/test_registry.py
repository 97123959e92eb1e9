import pytest

from exportkit.base import Exporter
from exportkit.fields import infer_fields, parse_fields
from exportkit.registry import available, exporter_class
from exportkit.report import export_records


def test_builtin_formats_are_registered():
    assert {"csv", "tsv", "jsonl", "markdown"} <= set(available())
    with pytest.raises(ValueError, match="unknown export format 'xml'"):
        exporter_class("xml")


def test_plugins_register_by_subclassing():
    class ShoutExporter(Exporter, format_name="shout", extension=".txt"):
        def row(self, cells):
            return " ".join(cells).upper()

    assert exporter_class("shout") is ShoutExporter
    assert export_records([{"a": "hi", "b": None}], "shout", missing="?") == "HI ?\n"
    with pytest.raises(ValueError, match="already provided by ShoutExporter"):
        class Other(Exporter, format_name="shout"):
            pass


def test_fields():
    assert infer_fields([{"a": 1}, {"b": 2, "a": 3}]) == ["a", "b"]
    assert parse_fields(" b, a ", ["a", "b"]) == ["b", "a"]
    with pytest.raises(ValueError, match="unknown fields"):
        parse_fields("c", ["a"])
    with pytest.raises(ValueError, match="at least one field"):
        export_records([], "csv")
    with pytest.raises(ValueError, match="repeat"):
        export_records([{"a": 1}], "csv", fields=["a", "a"])
