from fractions import Fraction

from rational_matrix import Matrix


class SingularMatrixError(ValueError):
    pass


def _eliminate(rows, ncols):
    """Reduce rows (in place) to reduced row echelon form over the first ncols columns.

    Returns (pivot_columns, determinant_sign_and_scale)."""
    nrows = len(rows)
    pivots = []
    det = Fraction(1)
    r = 0
    for c in range(ncols):
        pivot = next((i for i in range(r, nrows) if rows[i][c] != 0), None)
        if pivot is None:
            det = Fraction(0)
            continue
        if pivot != r:
            rows[r], rows[pivot] = rows[pivot], rows[r]
            det = -det
        p = rows[r][c]
        det *= p
        rows[r] = [x / p for x in rows[r]]
        for i in range(nrows):
            if i != r and rows[i][c] != 0:
                f = rows[i][c]
                rows[i] = [x - f * y for x, y in zip(rows[i], rows[r])]
        pivots.append(c)
        r += 1
        if r == nrows:
            break
    return pivots, det


def _square(m):
    n, k = m.shape
    if n != k:
        raise ValueError("matrix must be square")
    return n


def rank(m):
    pivots, _ = _eliminate(m.rows(), m.shape[1])
    return len(pivots)


def determinant(m):
    n = _square(m)
    pivots, det = _eliminate(m.rows(), n)
    return det if len(pivots) == n else Fraction(0)


def inverse(m):
    n = _square(m)
    ident = Matrix.identity(n).rows()
    rows = [r + e for r, e in zip(m.rows(), ident)]
    pivots, _ = _eliminate(rows, n)
    if len(pivots) < n:
        raise SingularMatrixError("matrix is singular")
    return Matrix([r[n:] for r in rows])


def solve(a, b):
    n = _square(a)
    if b.shape != (n, 1):
        raise ValueError("b must be a column with as many rows as a")
    rows = [r + s for r, s in zip(a.rows(), b.rows())]
    pivots, _ = _eliminate(rows, n)
    if len(pivots) < n:
        raise SingularMatrixError("matrix is singular")
    return Matrix([[r[n]] for r in rows])
