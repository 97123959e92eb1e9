"""Ledger: numbered transactions, atomic transfers, reversals and statements."""

from __future__ import annotations

from bank_accounts import Account, AccountClosed, InsufficientFunds, check_amount


class Ledger:
    """Accounts by id plus a journal of every successful transaction."""

    def __init__(self) -> None:
        self._accounts: dict[str, Account] = {}
        self._lines: dict[str, list[tuple[int, str, int, int]]] = {}
        self._transfers: dict[int, tuple[str, str, int]] = {}
        self._kinds: dict[int, str] = {}
        self._reversed: set[int] = set()
        self._next = 1

    def open_account(self, account_id: str, owner: str, overdraft_limit_cents: int = 0) -> Account:
        if account_id in self._accounts:
            raise ValueError(f"account {account_id} exists")
        acc = Account(account_id, owner, overdraft_limit_cents)
        self._accounts[account_id] = acc
        self._lines[account_id] = []
        return acc

    def account(self, account_id: str) -> Account:
        return self._accounts[account_id]

    def _new_id(self, kind: str) -> int:
        txn = self._next
        self._next += 1
        self._kinds[txn] = kind
        return txn

    def _log(self, acc: Account, txn: int, kind: str, delta: int) -> None:
        self._lines[acc.account_id].append((txn, kind, delta, acc.balance))

    def deposit(self, account_id: str, cents: int) -> int:
        acc = self.account(account_id)
        acc.deposit(cents)
        txn = self._new_id("deposit")
        self._log(acc, txn, "deposit", cents)
        return txn

    def withdraw(self, account_id: str, cents: int) -> int:
        acc = self.account(account_id)
        acc.withdraw(cents)
        txn = self._new_id("withdraw")
        self._log(acc, txn, "withdraw", -cents)
        return txn

    def transfer(self, from_id: str, to_id: str, cents: int, kind: str = "transfer") -> int:
        if from_id == to_id:
            raise ValueError("cannot transfer to the same account")
        src, dst = self.account(from_id), self.account(to_id)
        check_amount(cents)
        if src.closed or dst.closed:
            raise AccountClosed(from_id if src.closed else to_id)
        if not src.can_withdraw(cents):
            raise InsufficientFunds(f"{from_id}: cannot transfer {cents}")
        src.withdraw(cents)
        dst.deposit(cents)
        txn = self._new_id(kind)
        self._transfers[txn] = (from_id, to_id, cents)
        self._log(src, txn, "transfer_out", -cents)
        self._log(dst, txn, "transfer_in", cents)
        return txn

    def statement(self, account_id: str) -> list[tuple[int, str, int, int]]:
        self.account(account_id)
        return list(self._lines[account_id])

    def reverse(self, txn_id: int) -> int:
        if txn_id not in self._kinds:
            raise KeyError(txn_id)
        if self._kinds[txn_id] != "transfer" or txn_id in self._reversed:
            raise ValueError(f"transaction {txn_id} cannot be reversed")
        from_id, to_id, cents = self._transfers[txn_id]
        new = self.transfer(to_id, from_id, cents, kind="reversal")
        self._reversed.add(txn_id)
        return new

    def total_cents(self) -> int:
        return sum(a.balance for a in self._accounts.values())
