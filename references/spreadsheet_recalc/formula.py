import re

_TOKEN = re.compile(r"\s*(?:(\d+\.\d+|\d+)|([A-Za-z]+[0-9]*)|(.))")
_CELL = re.compile(r"([A-Z]+)([1-9][0-9]*)\Z")
FUNCTIONS = ("SUM", "MIN", "MAX", "AVG")


class FormulaError(ValueError):
    pass


class EvalError(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


def split_cell(name):
    match = _CELL.match(name.upper())
    if not match:
        raise ValueError(f"bad cell name {name!r}")
    letters, row = match.groups()
    col = 0
    for ch in letters:
        col = col * 26 + ord(ch) - 64
    return col, int(row)


def cell_name(col, row):
    letters = ""
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(65 + rem) + letters
    return f"{letters}{row}"


def _expand(first, last):
    (c1, r1), (c2, r2) = split_cell(first), split_cell(last)
    return [cell_name(c, r) for r in range(min(r1, r2), max(r1, r2) + 1)
            for c in range(min(c1, c2), max(c1, c2) + 1)]


def _tokens(text):
    out = []
    for num, word, other in _TOKEN.findall(text):
        if num:
            out.append(("num", float(num) if "." in num else int(num)))
        elif word:
            out.append(("word", word.upper()))
        else:
            out.append(("op", other))
    return out


class _Parser:
    def __init__(self, text):
        self.toks = _tokens(text)
        self.i = 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else ("end", None)

    def take(self, value=None):
        tok = self.peek()
        if tok[0] == "end" or (value is not None and tok[1] != value):
            raise FormulaError(f"expected {value or 'a value'}, got {tok[1]!r}")
        self.i += 1
        return tok

    def parse(self):
        node = self.expr()
        if self.peek()[0] != "end":
            raise FormulaError(f"unexpected {self.peek()[1]!r}")
        return node

    def expr(self):
        node = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            node = ("bin", self.take()[1], node, self.term())
        return node

    def term(self):
        node = self.unary()
        while self.peek() in (("op", "*"), ("op", "/")):
            node = ("bin", self.take()[1], node, self.unary())
        return node

    def unary(self):
        if self.peek() == ("op", "-"):
            self.take()
            return ("neg", self.unary())
        return self.primary()

    def primary(self):
        kind, value = self.take()
        if kind == "num":
            return ("num", value)
        if kind == "op" and value == "(":
            node = self.expr()
            self.take(")")
            return node
        if kind == "word" and _CELL.match(value):
            if self.peek() == ("op", ":"):
                raise FormulaError("a range is only allowed as a function argument")
            return ("ref", value)
        if kind == "word" and value in FUNCTIONS and self.peek() == ("op", "("):
            self.take("(")
            args = [self.arg()]
            while self.peek() == ("op", ","):
                self.take()
                args.append(self.arg())
            self.take(")")
            return ("call", value, args)
        raise FormulaError(f"unexpected {value!r}")

    def arg(self):
        kind, value = self.peek()
        nxt = self.toks[self.i + 1] if self.i + 1 < len(self.toks) else None
        if kind == "word" and _CELL.match(value) and nxt == ("op", ":"):
            self.i += 2
            last = self.take()
            if last[0] != "word" or not _CELL.match(last[1]):
                raise FormulaError("bad range")
            return ("range", _expand(value, last[1]))
        return self.expr()


def parse(text):
    return _Parser(text).parse()


def _refs(node, out):
    if node[0] == "ref":
        out.add(node[1])
    elif node[0] == "range":
        out.update(node[1])
    elif node[0] == "neg":
        _refs(node[1], out)
    elif node[0] == "bin":
        _refs(node[2], out)
        _refs(node[3], out)
    elif node[0] == "call":
        for arg in node[2]:
            _refs(arg, out)
    return out


def cell_refs(text):
    return _refs(parse(text), set())


def _eval(node, lookup):
    kind = node[0]
    if kind == "num":
        return node[1]
    if kind == "ref":
        return lookup(node[1])
    if kind == "neg":
        return -_eval(node[1], lookup)
    if kind == "bin":
        op, a, b = node[1], _eval(node[2], lookup), _eval(node[3], lookup)
        if op == "/" and b == 0:
            raise EvalError("#DIV/0!")
        return a + b if op == "+" else a - b if op == "-" else a * b if op == "*" else a / b
    values = []
    for arg in node[2]:
        if arg[0] == "range":
            values.extend(lookup(name) for name in arg[1])
        else:
            values.append(_eval(arg, lookup))
    if node[1] == "SUM":
        return sum(values)
    if node[1] == "AVG":
        return sum(values) / len(values)
    return min(values) if node[1] == "MIN" else max(values)


def evaluate(text, lookup):
    return _eval(parse(text), lookup)
