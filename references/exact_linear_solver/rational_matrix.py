from fractions import Fraction


class Matrix:
    def __init__(self, rows):
        if not rows or not all(isinstance(r, (list, tuple)) and r for r in rows):
            raise ValueError("matrix needs a non-empty list of non-empty rows")
        width = len(rows[0])
        if any(len(r) != width for r in rows):
            raise ValueError("rows must have equal length")
        self._rows = tuple(tuple(Fraction(x) for x in r) for r in rows)

    @property
    def shape(self):
        return (len(self._rows), len(self._rows[0]))

    def __getitem__(self, ij):
        i, j = ij
        return self._rows[i][j]

    def rows(self):
        return [list(r) for r in self._rows]

    def __eq__(self, other):
        return isinstance(other, Matrix) and self._rows == other._rows

    def __hash__(self):
        return hash(self._rows)

    def __repr__(self):
        return f"Matrix({self.rows()!r})"

    def _same_shape(self, other):
        if not isinstance(other, Matrix) or other.shape != self.shape:
            raise ValueError("shapes differ")

    def __add__(self, other):
        self._same_shape(other)
        return Matrix([[a + b for a, b in zip(r, s)] for r, s in zip(self._rows, other._rows)])

    def __sub__(self, other):
        self._same_shape(other)
        return Matrix([[a - b for a, b in zip(r, s)] for r, s in zip(self._rows, other._rows)])

    def __matmul__(self, other):
        if not isinstance(other, Matrix) or self.shape[1] != other.shape[0]:
            raise ValueError("inner dimensions differ")
        cols = list(zip(*other._rows))
        return Matrix([[sum((a * b for a, b in zip(r, c)), Fraction(0)) for c in cols] for r in self._rows])

    def transpose(self):
        return Matrix([list(c) for c in zip(*self._rows)])

    @classmethod
    def identity(cls, n):
        if n < 1:
            raise ValueError("n must be at least 1")
        return cls([[1 if i == j else 0 for j in range(n)] for i in range(n)])
