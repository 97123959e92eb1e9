def min_coins(coins: list[int], amount: int) -> int:
    """Fewest coins summing to amount (unlimited supply), or -1 if impossible."""
    if amount < 0:
        raise ValueError("amount must be non-negative")
    if any(c <= 0 for c in coins):
        raise ValueError("denominations must be positive")
    unreachable = amount + 1
    best = [0] + [unreachable] * amount
    for value in range(1, amount + 1):
        for c in set(coins):
            if c <= value and best[value - c] + 1 < best[value]:
                best[value] = best[value - c] + 1
    return best[amount] if best[amount] != unreachable else -1
