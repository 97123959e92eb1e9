"""Runs candidate code against pytest tests in a sandbox. Knows nothing of debates."""

from .results import ExecutionResult, Outcome, TestResult
from .runner import Executor
from .settings import ExecutorSettings

__all__ = ["ExecutionResult", "Executor", "ExecutorSettings", "Outcome", "TestResult"]
