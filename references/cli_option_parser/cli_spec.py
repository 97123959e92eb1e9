"""Declare the options and positionals of a command."""

from __future__ import annotations

import re

_NAME = re.compile(r"^[a-z][a-z0-9-]*$")
KINDS = ("flag", "str", "int", "list")


class Option:
    """A --long (and optional -s) option."""

    def __init__(self, name: str, short: str | None = None, kind: str = "flag", default=None,
                 required: bool = False, choices=None) -> None:
        if not _NAME.match(name):
            raise ValueError(f"bad option name {name!r}")
        if short is not None and not (len(short) == 1 and short.isascii() and short.isalpha()):
            raise ValueError(f"bad short option {short!r}")
        if kind not in KINDS:
            raise ValueError(f"bad kind {kind!r}")
        if kind == "flag" and required:
            raise ValueError("a flag cannot be required")
        self.name, self.short, self.kind = name, short, kind
        self.default, self.required, self.choices = default, required, choices

    @property
    def key(self) -> str:
        return self.name.replace("-", "_")


class Positional:
    """A positional argument."""

    def __init__(self, name: str, nargs: str = "1") -> None:
        if nargs not in ("1", "?", "*"):
            raise ValueError(f"bad nargs {nargs!r}")
        self.name, self.nargs = name, nargs

    @property
    def key(self) -> str:
        return self.name.replace("-", "_")


class CommandSpec:
    """A program's options and positionals, in declaration order."""

    def __init__(self, prog: str) -> None:
        self.prog = prog
        self.options: list[Option] = []
        self.positionals: list[Positional] = []

    def add_option(self, option: Option) -> CommandSpec:
        if any(o.name == option.name for o in self.options):
            raise ValueError(f"option --{option.name} declared twice")
        if option.short and any(o.short == option.short for o in self.options):
            raise ValueError(f"short option -{option.short} declared twice")
        self.options.append(option)
        return self

    def add_positional(self, positional: Positional) -> CommandSpec:
        if any(p.name == positional.name for p in self.positionals):
            raise ValueError(f"positional {positional.name} declared twice")
        if self.positionals and self.positionals[-1].nargs in ("?", "*"):
            raise ValueError("no positional may follow an optional or repeated one")
        self.positionals.append(positional)
        return self

    def usage(self) -> str:
        parts = [f"usage: {self.prog}"]
        for o in self.options:
            if o.kind == "flag":
                parts.append(f"[-{o.short}]" if o.short else f"[--{o.name}]")
                continue
            meta = o.name.upper().replace("-", "_") + ("..." if o.kind == "list" else "")
            text = f"-{o.short} {meta}" if o.short else f"--{o.name} {meta}"
            parts.append(text if o.required else f"[{text}]")
        for p in self.positionals:
            name = p.name.upper()
            parts.append({"1": name, "?": f"[{name}]", "*": f"[{name}...]"}[p.nargs])
        return " ".join(parts)
