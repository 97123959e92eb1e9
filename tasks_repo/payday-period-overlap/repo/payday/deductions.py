"""Deductions after tax: the pension contribution and union dues."""

from __future__ import annotations

from decimal import Decimal

from .employees import Employee
from .money import ZERO, to_cents

UNION_DUES = Decimal("12.50")  # per pay period


def pension(employee: Employee, gross: Decimal) -> Decimal:
    return to_cents(gross * employee.pension_percent / 100)


def union_dues(employee: Employee) -> Decimal:
    return UNION_DUES if employee.union_member else ZERO
