"""exportkit: export lists of records as CSV, TSV, JSON Lines or Markdown tables; formats are plugins."""
