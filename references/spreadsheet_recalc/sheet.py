from formula import EvalError, FormulaError, cell_refs, evaluate, split_cell

CYCLE = "#CYCLE!"


def _number(text):
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    raise ValueError(f"not a number or formula: {text!r}")


class Sheet:
    def __init__(self):
        self._content = {}
        self._refs = {}
        self._values = {}
        self._dependents = {}

    def get(self, name):
        return self._values.get(name.upper())

    def dependents(self, name):
        return set(self._dependents.get(name.upper(), ()))

    def set(self, name, content):
        split_cell(name)
        name = name.upper()
        if content.startswith("="):
            refs = cell_refs(content[1:])
        elif content == "":
            refs = set()
        else:
            _number(content)
            refs = set()
        for ref in self._refs.get(name, ()):
            self._dependents[ref].discard(name)
        for ref in refs:
            self._dependents.setdefault(ref, set()).add(name)
        self._refs[name] = refs
        if content:
            self._content[name] = content
        else:
            self._content.pop(name, None)
        affected = self._affected(name)
        old = {cell: self._values.get(cell) for cell in affected}
        for cell in affected:
            self._values.pop(cell, None)
        on_cycle = {cell for cell in affected if self._reaches(cell, cell)}
        done = set()
        for cell in sorted(affected, key=split_cell):
            self._compute(cell, affected, on_cycle, done)
        changed = [cell for cell in affected if self._values.get(cell) != old[cell]]
        return sorted(changed, key=split_cell)

    def _affected(self, name):
        seen, stack = {name}, [name]
        while stack:
            for dep in self._dependents.get(stack.pop(), ()):
                if dep not in seen:
                    seen.add(dep)
                    stack.append(dep)
        return seen

    def _reaches(self, start, target):
        seen, stack = set(), list(self._refs.get(start, ()))
        while stack:
            cell = stack.pop()
            if cell == target:
                return True
            if cell not in seen:
                seen.add(cell)
                stack.extend(self._refs.get(cell, ()))
        return False

    def _compute(self, cell, affected, on_cycle, done):
        if cell in done or cell not in affected:
            return self._values.get(cell)
        done.add(cell)
        content = self._content.get(cell, "")
        if cell in on_cycle:
            value = CYCLE
        elif not content.startswith("="):
            value = _number(content) if content else None
        else:
            def lookup(ref):
                got = self._compute(ref, affected, on_cycle, done)
                if isinstance(got, str):
                    raise EvalError(got)
                return 0 if got is None else got
            try:
                value = evaluate(content[1:], lookup)
            except EvalError as exc:
                value = exc.code
        if value is None:
            self._values.pop(cell, None)
        else:
            self._values[cell] = value
        return value
