class RangeArray:
    def __init__(self, values):
        self._n = len(values)
        diff = [v - (values[i - 1] if i else 0) for i, v in enumerate(values)]
        self._b1 = self._build(diff)
        self._b2 = self._build([d * i for i, d in enumerate(diff)])

    def __len__(self):
        return self._n

    def _build(self, data):
        tree = [0] + list(data)
        for i in range(1, self._n + 1):
            j = i + (i & -i)
            if j <= self._n:
                tree[j] += tree[i]
        return tree

    def _update(self, tree, i, delta):
        i += 1
        while i <= self._n:
            tree[i] += delta
            i += i & -i

    def _query(self, tree, i):
        i += 1
        total = 0
        while i > 0:
            total += tree[i]
            i -= i & -i
        return total

    def _range_add(self, lo, hi, delta):
        self._update(self._b1, lo, delta)
        self._update(self._b2, lo, delta * lo)
        if hi + 1 < self._n:
            self._update(self._b1, hi + 1, -delta)
            self._update(self._b2, hi + 1, -delta * (hi + 1))

    def _prefix(self, i):
        if i < 0:
            return 0
        return self._query(self._b1, i) * (i + 1) - self._query(self._b2, i)

    def _check(self, lo, hi):
        if not (0 <= lo <= hi < self._n):
            raise IndexError(f"bad range [{lo}, {hi}] for length {self._n}")

    def add(self, lo, hi, delta):
        self._check(lo, hi)
        self._range_add(lo, hi, delta)

    def range_sum(self, lo, hi):
        self._check(lo, hi)
        return self._prefix(hi) - self._prefix(lo - 1)

    def get(self, i):
        self._check(i, i)
        return self._prefix(i) - self._prefix(i - 1)

    def set(self, i, value):
        self._check(i, i)
        self._range_add(i, i, value - self.get(i))

    def to_list(self):
        return [self.get(i) for i in range(self._n)]
