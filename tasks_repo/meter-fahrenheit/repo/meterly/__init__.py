"""meterly: temperature sensor logs in, daily summaries and alerts out."""

from .report import daily_table, alerts

__all__ = ["daily_table", "alerts"]
