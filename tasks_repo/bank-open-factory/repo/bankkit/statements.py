"""Monthly statements: one line per entry with the running balance."""

from __future__ import annotations

from .accounts import Account
from .money import show


def statement(account: Account) -> str:
    lines = [f"{account.kind} account {account.number} - {account.owner}"]
    for entry in account.history:
        lines.append(f"  {entry.kind:<20} {show(entry.amount):>10} {show(entry.balance):>10}")
    lines.append(f"  {'balance':<20} {'':>10} {show(account.balance):>10}")
    return "\n".join(lines)
