from fractions import Fraction


class Polynomial:
    def __init__(self, coeffs):
        cs = [Fraction(c) for c in coeffs]
        while cs and cs[-1] == 0:
            cs.pop()
        self._c = tuple(cs)

    @property
    def coeffs(self):
        return self._c

    @property
    def degree(self):
        return len(self._c) - 1

    def __call__(self, x):
        total = Fraction(0)
        for c in reversed(self._c):
            total = total * x + c
        return total

    @staticmethod
    def _lift(other):
        if isinstance(other, Polynomial):
            return other
        if isinstance(other, (int, Fraction)):
            return Polynomial([other])
        return None

    def __add__(self, other):
        o = self._lift(other)
        if o is None:
            return NotImplemented
        n = max(len(self._c), len(o._c))
        a = self._c + (Fraction(0),) * (n - len(self._c))
        b = o._c + (Fraction(0),) * (n - len(o._c))
        return Polynomial([x + y for x, y in zip(a, b)])

    __radd__ = __add__

    def __neg__(self):
        return Polynomial([-c for c in self._c])

    def __sub__(self, other):
        o = self._lift(other)
        if o is None:
            return NotImplemented
        return self + (-o)

    def __rsub__(self, other):
        o = self._lift(other)
        if o is None:
            return NotImplemented
        return o + (-self)

    def __mul__(self, other):
        o = self._lift(other)
        if o is None:
            return NotImplemented
        if not self._c or not o._c:
            return Polynomial([])
        out = [Fraction(0)] * (len(self._c) + len(o._c) - 1)
        for i, a in enumerate(self._c):
            for j, b in enumerate(o._c):
                out[i + j] += a * b
        return Polynomial(out)

    __rmul__ = __mul__

    def __divmod__(self, other):
        o = self._lift(other)
        if o is None:
            return NotImplemented
        if not o._c:
            raise ZeroDivisionError("division by the zero polynomial")
        rem = list(self._c)
        q = [Fraction(0)] * max(len(rem) - len(o._c) + 1, 0)
        lead = o._c[-1]
        for k in range(len(q) - 1, -1, -1):
            factor = rem[k + len(o._c) - 1] / lead
            q[k] = factor
            for j, b in enumerate(o._c):
                rem[k + j] -= factor * b
        return Polynomial(q), Polynomial(rem[:len(o._c) - 1])

    def __eq__(self, other):
        o = self._lift(other)
        if o is None:
            return NotImplemented
        return self._c == o._c

    def __hash__(self):
        return hash(self._c)

    def __repr__(self):
        return f"Polynomial({list(self._c)!r})"

    def __str__(self):
        parts = []
        for k in range(len(self._c) - 1, -1, -1):
            c = self._c[k]
            if c == 0:
                continue
            mag = abs(c)
            num = "" if (mag == 1 and k > 0) else str(mag)
            power = "" if k == 0 else ("x" if k == 1 else f"x^{k}")
            term = num + power
            if not parts:
                parts.append(("-" if c < 0 else "") + term)
            else:
                parts.append((" - " if c < 0 else " + ") + term)
        return "".join(parts) if parts else "0"
