from assembler import assemble


class VMError(RuntimeError):
    def __init__(self, pc, message):
        super().__init__(f"pc {pc}: {message}")
        self.pc = pc


def _trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


_BINARY = {
    "ADD": lambda a, b: a + b,
    "SUB": lambda a, b: a - b,
    "MUL": lambda a, b: a * b,
    "DIV": _trunc_div,
    "MOD": lambda a, b: a - b * _trunc_div(a, b),
    "EQ": lambda a, b: int(a == b),
    "LT": lambda a, b: int(a < b),
}


class VM:
    def __init__(self, program):
        self.program = list(program)
        self.stack = []
        self.calls = []
        self.variables = {}
        self.output = []
        self.pc = 0
        self.steps = 0
        self.halted = False

    def _pop(self):
        if not self.stack:
            raise VMError(self.pc, "stack underflow")
        return self.stack.pop()

    def step(self):
        op, arg = self.program[self.pc]
        nxt = self.pc + 1
        if op == "PUSH":
            self.stack.append(arg)
        elif op == "POP":
            self._pop()
        elif op == "DUP":
            top = self._pop()
            self.stack += [top, top]
        elif op == "SWAP":
            b, a = self._pop(), self._pop()
            self.stack += [b, a]
        elif op in _BINARY:
            b, a = self._pop(), self._pop()
            if op in ("DIV", "MOD") and b == 0:
                raise VMError(self.pc, "division by zero")
            self.stack.append(_BINARY[op](a, b))
        elif op == "JMP":
            nxt = arg
        elif op in ("JZ", "JNZ"):
            if (self._pop() == 0) == (op == "JZ"):
                nxt = arg
        elif op == "CALL":
            self.calls.append(nxt)
            nxt = arg
        elif op == "RET":
            if not self.calls:
                raise VMError(self.pc, "return with empty call stack")
            nxt = self.calls.pop()
        elif op == "LOAD":
            if arg not in self.variables:
                raise VMError(self.pc, f"undefined variable {arg!r}")
            self.stack.append(self.variables[arg])
        elif op == "STORE":
            self.variables[arg] = self._pop()
        elif op == "PRINT":
            self.output.append(self._pop())
        elif op == "HALT":
            self.halted = True
            nxt = self.pc
        self.steps += 1
        self.pc = nxt

    def run(self, max_steps=10_000):
        while not self.halted and 0 <= self.pc < len(self.program):
            if self.steps >= max_steps:
                raise VMError(self.pc, "step limit exceeded")
            self.step()
        return self.output


def execute(source, max_steps=10_000):
    return VM(assemble(source)).run(max_steps)
