from fractions import Fraction
from math import lcm

from polynomial import Polynomial


def derivative(p):
    return Polynomial([k * c for k, c in enumerate(p.coeffs)][1:])


def compose(p, q):
    result = Polynomial([])
    for c in reversed(p.coeffs):
        result = result * q + c
    return result


def gcd(a, b):
    while b.degree >= 0:
        _, r = divmod(a, b)
        a, b = b, r
    if a.degree < 0:
        return a
    return a * (1 / a.coeffs[-1])


def _divisors(n):
    n = abs(n)
    return [d for d in range(1, n + 1) if n % d == 0]


def rational_roots(p):
    if p.degree < 0:
        raise ValueError("the zero polynomial has every number as a root")
    cs = list(p.coeffs)
    roots = set()
    shift = 0
    while cs and cs[0] == 0:
        cs.pop(0)
        shift += 1
    if shift:
        roots.add(Fraction(0))
    if len(cs) > 1:
        scale = lcm(*(c.denominator for c in cs))
        ints = [int(c * scale) for c in cs]
        q = Polynomial(ints)
        for a in _divisors(ints[0]):
            for b in _divisors(ints[-1]):
                for cand in (Fraction(a, b), Fraction(-a, b)):
                    if q(cand) == 0:
                        roots.add(cand)
    return sorted(roots)
