"""tabular: read small CSV exports, type their columns, filter and summarise them."""

from .reader import read_table

__all__ = ["read_table"]
