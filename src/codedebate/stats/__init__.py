"""Statistics over run records: descriptive tables, paired tests, pass@k, thesis tables.

Reads records only (see :mod:`codedebate.records`); never imports the protocol or backends.
Modules: load (find/read records), descriptive, paired, passk, comparisons, tables (write CSV
+ Markdown), thesis_tables, outputs (file names, importable without pandas).
"""
