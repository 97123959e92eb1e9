import re

_TOKEN = re.compile(r"\s*(?:(\d+\.\d+|\d+)|([A-Za-z_]\w*)|(\*\*|[-+*/%()]))")


def _tokens(text):
    pos, out = 0, []
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ValueError(f"unexpected character at {pos}: {text[pos:pos + 5]!r}")
        num, name, op = m.groups()
        if num is not None:
            out.append(("num", float(num) if "." in num else int(num)))
        elif name is not None:
            out.append(("name", name))
        else:
            out.append(("op", op))
        pos = m.end()
    return out


class _Parser:
    def __init__(self, tokens, variables):
        self.toks = tokens
        self.i = 0
        self.vars = variables

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else (None, None)

    def take(self):
        tok = self.peek()
        self.i += 1
        return tok

    def expr(self):
        value = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            op = self.take()[1]
            rhs = self.term()
            value = value + rhs if op == "+" else value - rhs
        return value

    def term(self):
        value = self.unary()
        while self.peek() in (("op", "*"), ("op", "/"), ("op", "%")):
            op = self.take()[1]
            rhs = self.unary()
            if op == "*":
                value = value * rhs
            elif op == "/":
                value = value / rhs
            else:
                value = value % rhs
        return value

    def unary(self):
        if self.peek() in (("op", "+"), ("op", "-")):
            op = self.take()[1]
            value = self.unary()
            return -value if op == "-" else value
        return self.power()

    def power(self):
        base = self.atom()
        if self.peek() == ("op", "**"):
            self.take()
            return base ** self.unary()
        return base

    def atom(self):
        kind, val = self.take()
        if kind == "num":
            return val
        if kind == "name":
            if val not in self.vars:
                raise NameError(f"unknown name {val!r}")
            return self.vars[val]
        if (kind, val) == ("op", "("):
            value = self.expr()
            if self.take() != ("op", ")"):
                raise ValueError("missing ')'")
            return value
        raise ValueError(f"unexpected token {val!r}")


def evaluate(expression, variables=None):
    parser = _Parser(_tokens(expression), dict(variables or {}))
    value = parser.expr()
    if parser.i != len(parser.toks):
        raise ValueError(f"unexpected token {parser.peek()[1]!r}")
    return value
