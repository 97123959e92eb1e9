class MinStack:
    """A stack that also reports its smallest value in O(1)."""

    def __init__(self) -> None:
        self._items: list = []
        self._mins: list = []  # _mins[i] is the minimum of _items[: i + 1]

    def push(self, x) -> None:
        self._items.append(x)
        self._mins.append(x if not self._mins or x < self._mins[-1] else self._mins[-1])

    def pop(self):
        if not self._items:
            raise IndexError("pop from an empty MinStack")
        self._mins.pop()
        return self._items.pop()

    def top(self):
        if not self._items:
            raise IndexError("top of an empty MinStack")
        return self._items[-1]

    def min(self):
        if not self._mins:
            raise IndexError("min of an empty MinStack")
        return self._mins[-1]

    def __len__(self) -> int:
        return len(self._items)
