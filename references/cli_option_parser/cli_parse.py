"""Parse an argument list against a CommandSpec."""

from __future__ import annotations

from cli_spec import CommandSpec, Option


class UsageError(ValueError):
    """The argument list does not fit the command's spec."""


def _store(result: dict, option: Option, raw: str | None) -> None:
    if option.kind == "flag":
        result[option.key] = True
        return
    value: object = raw
    if option.kind == "int":
        try:
            value = int(raw)
        except ValueError:
            raise UsageError(f"--{option.name} needs an integer, got {raw!r}") from None
    if option.choices is not None and value not in option.choices:
        raise UsageError(f"--{option.name} must be one of {option.choices}")
    if option.kind == "list":
        result[option.key].append(value)
    else:
        result[option.key] = value


def parse_args(spec: CommandSpec, argv: list[str]) -> dict:
    result: dict = {}
    for o in spec.options:
        if o.kind == "flag":
            result[o.key] = False
        elif o.kind == "list":
            result[o.key] = list(o.default or [])
        else:
            result[o.key] = o.default
    longs = {o.name: o for o in spec.options}
    shorts = {o.short: o for o in spec.options if o.short}
    seen: set[str] = set()
    positional: list[str] = []
    i = 0
    while i < len(argv):
        token = argv[i]
        i += 1
        if token == "--":
            positional.extend(argv[i:])
            break
        if token == "-" or not token.startswith("-"):
            positional.append(token)
            continue
        if token.startswith("--"):
            name, eq, inline = token[2:].partition("=")
            option = longs.get(name)
            if option is None:
                raise UsageError(f"unknown option --{name}")
            if option.kind == "flag":
                if eq:
                    raise UsageError(f"--{name} takes no value")
                _store(result, option, None)
            else:
                if not eq:
                    if i >= len(argv):
                        raise UsageError(f"--{name} needs a value")
                    inline, i = argv[i], i + 1
                _store(result, option, inline)
            seen.add(option.name)
            continue
        letters = token[1:]
        for pos, letter in enumerate(letters):
            option = shorts.get(letter)
            if option is None:
                raise UsageError(f"unknown option -{letter}")
            seen.add(option.name)
            if option.kind == "flag":
                _store(result, option, None)
                continue
            if pos != 0:
                raise UsageError(f"-{letter} takes a value and cannot be bundled")
            rest = letters[1:]
            if not rest:
                if i >= len(argv):
                    raise UsageError(f"-{letter} needs a value")
                rest, i = argv[i], i + 1
            _store(result, option, rest)
            break
    for o in spec.options:
        if o.required and o.name not in seen:
            raise UsageError(f"--{o.name} is required")
    for p in spec.positionals:
        if p.nargs == "*":
            result[p.key] = positional
            positional = []
        elif positional:
            result[p.key] = positional.pop(0)
        elif p.nargs == "?":
            result[p.key] = None
        else:
            raise UsageError(f"missing {p.name.upper()}")
    if positional:
        raise UsageError(f"unexpected arguments {positional}")
    return result
