"""Statistics over run records: descriptive tables, paired tests, pass@k, thesis tables.

Reads records only (see :mod:`codedebate.records`); never imports the protocol or backends.
"""

from codedebate.stats.load import Records, RecordsNotFound, load_records
from codedebate.stats.paired import PairedResult, bonferroni, paired_test
from codedebate.stats.passk import pass_at_k
from codedebate.stats.tables import standard_tables, to_markdown, write_table, write_tables

__all__ = [
    "PairedResult", "Records", "RecordsNotFound", "bonferroni", "load_records", "paired_test",
    "pass_at_k", "standard_tables", "to_markdown", "write_table", "write_tables",
]
