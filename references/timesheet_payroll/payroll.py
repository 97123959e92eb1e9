"""Overtime rules and pay computation over parsed shifts."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from timesheet import Shift, parse_timesheet


@dataclass
class PayLine:
    """One employee's minutes and pay."""

    regular_minutes: int
    overtime_minutes: int
    pay_cents: int


def split_overtime(shifts: list[Shift], daily_limit: int = 480, weekly_limit: int = 2400) -> tuple[int, int]:
    per_day: dict[str, int] = {}
    for shift in shifts:
        per_day[shift.day] = per_day.get(shift.day, 0) + shift.worked_minutes()
    weekly: dict[tuple[int, int], int] = {}
    regular = overtime = 0
    for day in sorted(per_day):
        minutes = per_day[day]
        day_regular = min(minutes, daily_limit)
        overtime += minutes - day_regular
        iso = date.fromisoformat(day).isocalendar()
        week = (iso[0], iso[1])
        room = max(0, weekly_limit - weekly.get(week, 0))
        counted = min(day_regular, room)
        weekly[week] = weekly.get(week, 0) + counted
        regular += counted
        overtime += day_regular - counted
    return regular, overtime


def compute_pay(shifts: list[Shift], rates: dict[str, int], multiplier: float = 1.5) -> dict[str, PayLine]:
    by_employee: dict[str, list[Shift]] = {}
    for shift in shifts:
        by_employee.setdefault(shift.employee, []).append(shift)
    result = {}
    for employee, own in by_employee.items():
        rate = Fraction(rates[employee])
        regular, overtime = split_overtime(own)
        exact = Fraction(regular, 60) * rate + Fraction(overtime, 60) * rate * Fraction(str(multiplier))
        result[employee] = PayLine(regular, overtime, math.floor(exact + Fraction(1, 2)))
    return result


def format_minutes(m: int) -> str:
    return f"{m // 60}:{m % 60:02d}"


def payroll_report(text: str, rates: dict[str, int]) -> list[str]:
    pay = compute_pay(parse_timesheet(text), rates)
    lines = []
    for employee in sorted(pay):
        p = pay[employee]
        money = f"{p.pay_cents // 100}.{p.pay_cents % 100:02d}"
        lines.append(f"{employee}: {format_minutes(p.regular_minutes)} regular, "
                     f"{format_minutes(p.overtime_minutes)} overtime, {money}")
    return lines
