"""Invoices for a subscription period: plan price, coupon, VAT."""

from __future__ import annotations

from dataclasses import dataclass

from .catalog import plan_for
from .coupons import coupon_value

VAT = 0.19


@dataclass(frozen=True)
class Invoice:
    plan: str
    months: int
    net: int
    coupon: int
    vat: int

    @property
    def total(self) -> int:
        return self.net - self.coupon + self.vat

    def lines(self) -> list[str]:
        out = [f"{self.plan} x {self.months} months: {self.net / 100:.2f}"]
        if self.coupon:
            out.append(f"coupon: -{self.coupon / 100:.2f}")
        out.append(f"VAT: {self.vat / 100:.2f}")
        out.append(f"total: {self.total / 100:.2f}")
        return out


def invoice(code: str, months: int, coupon: str | None = None, seats: int = 2) -> Invoice:
    plan = plan_for(code, seats)
    net = plan.price_for(months)
    off = coupon_value(coupon, net) if coupon else 0
    vat = round((net - off) * VAT)
    return Invoice(plan.code, months, net, off, vat)
