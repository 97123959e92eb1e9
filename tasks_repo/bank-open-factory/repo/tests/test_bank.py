from bankkit.bank import Bank
from bankkit.statements import statement


def test_savings_account_earns_interest_at_month_end():
    bank = Bank()
    acc = bank.open("savings", "Ben", 120_000)
    assert acc.kind == "savings"
    assert [(e.kind, e.amount) for e in bank.month_end()[acc.number]] == [("interest", 240)]


def test_statement_of_a_current_account():
    bank = Bank()
    acc = bank.open("current", "Cleo", 5_000)
    acc.withdraw(1_250)
    assert statement(acc).splitlines()[1:] == ["  opening deposit           50.00      50.00",
                                               "  withdrawal               -12.50      37.50",
                                               "  balance                              37.50"]
