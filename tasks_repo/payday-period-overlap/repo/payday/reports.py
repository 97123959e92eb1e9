"""What the employer gets from a pay run: totals and the bank transfer file."""

from __future__ import annotations

from decimal import Decimal

from .money import fmt
from .payslip import Payslip


def totals(slips: list[Payslip]) -> dict[str, Decimal]:
    """Sums over a pay run: gross, tax, pension, dues, net and the employer's cost (gross)."""
    keys = ("gross", "tax", "pension", "dues")
    out = {k: sum((getattr(s, k) for s in slips), Decimal("0.00")) for k in keys}
    out["net"] = sum((s.net for s in slips), Decimal("0.00"))
    return out


def bank_file(slips: list[Payslip], reference: str) -> str:
    """One 'number;name;net;reference' line per payslip with something to pay, by employee number."""
    lines = [f"{s.employee.number};{s.employee.name};{s.net:.2f};{reference}"
             for s in sorted(slips, key=lambda s: s.employee.number) if s.net > 0]
    return "\n".join(lines) + ("\n" if lines else "")


def summary(slips: list[Payslip]) -> str:
    t = totals(slips)
    return (f"{len(slips)} payslips: gross {fmt(t['gross'])}, tax {fmt(t['tax'])}, "
            f"pension {fmt(t['pension'])}, net {fmt(t['net'])}")
