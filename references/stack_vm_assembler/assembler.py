import re

OPCODES = {
    "PUSH": "int", "POP": None, "DUP": None, "SWAP": None,
    "ADD": None, "SUB": None, "MUL": None, "DIV": None, "MOD": None,
    "EQ": None, "LT": None,
    "JMP": "label", "JZ": "label", "JNZ": "label", "CALL": "label", "RET": None,
    "LOAD": "name", "STORE": "name", "PRINT": None, "HALT": None,
}

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_INT = re.compile(r"[+-]?[0-9]+\Z")


class AssemblyError(ValueError):
    def __init__(self, line, message):
        super().__init__(f"line {line}: {message}")
        self.line = line


def _split_label(text, lineno):
    head, sep, rest = text.partition(":")
    if not sep:
        return None, text
    label = head.strip()
    if not _NAME.match(label):
        raise AssemblyError(lineno, f"bad label {label!r}")
    return label, rest.strip()


def assemble(source):
    labels = {}
    pending = []
    for lineno, raw in enumerate(source.splitlines(), start=1):
        text = raw.split(";", 1)[0].strip()
        if not text:
            continue
        label, text = _split_label(text, lineno)
        if label is not None:
            if label in labels:
                raise AssemblyError(lineno, f"duplicate label {label!r}")
            labels[label] = len(pending)
        if text:
            pending.append((lineno, text.split()))
    program = []
    for lineno, parts in pending:
        op = parts[0].upper()
        if op not in OPCODES:
            raise AssemblyError(lineno, f"unknown opcode {parts[0]!r}")
        kind = OPCODES[op]
        want = 0 if kind is None else 1
        if len(parts) - 1 != want:
            raise AssemblyError(lineno, f"{op} takes {want} operand(s)")
        if kind is None:
            program.append((op, None))
            continue
        arg = parts[1]
        if kind == "int":
            if not _INT.match(arg):
                raise AssemblyError(lineno, f"bad integer {arg!r}")
            program.append((op, int(arg)))
        elif kind == "label":
            if arg not in labels:
                raise AssemblyError(lineno, f"undefined label {arg!r}")
            program.append((op, labels[arg]))
        else:
            if not _NAME.match(arg):
                raise AssemblyError(lineno, f"bad variable name {arg!r}")
            program.append((op, arg))
    return program
