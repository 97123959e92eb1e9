"""Runs candidate code against pytest tests in isolation. Knows nothing of debates."""

from .results import ExecutionResult, Outcome, TestResult

__all__ = ["ExecutionResult", "Outcome", "TestResult"]
