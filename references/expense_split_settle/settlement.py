"""A group's expenses: balances and a greedy settlement plan."""

from __future__ import annotations

from expenses import Expense, parse_expense


class Group:
    """Expenses shared by a group of people."""

    def __init__(self) -> None:
        self.expenses: list[Expense] = []

    def add(self, expense: Expense | str) -> Expense:
        if isinstance(expense, str):
            expense = parse_expense(expense)
        self.expenses.append(expense)
        return expense

    def balances(self) -> dict[str, int]:
        net: dict[str, int] = {}
        for exp in self.expenses:
            net[exp.payer] = net.get(exp.payer, 0) + exp.amount_cents
            for person, share in exp.shares().items():
                net[person] = net.get(person, 0) - share
        return net

    def owed_by(self, person: str) -> int:
        return -self.balances().get(person, 0)

    def total_spent(self) -> int:
        return sum(e.amount_cents for e in self.expenses)

    def settle(self) -> list[tuple[str, str, int]]:
        net = {p: v for p, v in self.balances().items() if v != 0}
        plan = []
        while net:
            debtor = min((p for p in net if net[p] < 0), key=lambda p: (net[p], p))
            creditor = min((p for p in net if net[p] > 0), key=lambda p: (-net[p], p))
            amount = min(-net[debtor], net[creditor])
            plan.append((debtor, creditor, amount))
            for person, delta in ((debtor, amount), (creditor, -amount)):
                net[person] += delta
                if net[person] == 0:
                    del net[person]
        return plan
