"""A repository's dependency graph from the standard ``ast``: modules, classes and functions as
nodes; contains / imports / invokes / inherits / reads as edges. Built once per repository content."""

from __future__ import annotations

import ast
import hashlib
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

EDGE_KINDS = ("contains", "imports", "invokes", "inherits", "reads")
#: A call ``obj.name()`` on an unknown object links to every method ``name`` if there are at most this many.
MAX_METHOD_GUESSES = 3
CONSTRUCTORS = frozenset({"__init__", "__new__", "__post_init__", "__init_subclass__"})
#: calls that change the container they are called on (``self.items.append(x)`` writes ``items``)
MUTATORS = frozenset({"append", "extend", "insert", "add", "update", "pop", "popitem", "remove", "discard",
                      "clear", "setdefault", "sort", "reverse"})


@dataclass(frozen=True)
class Node:
    """A module, class or function; ``qualname`` is the name inside its module (``Class.method``)."""

    id: str  # dotted: module path + qualname
    kind: str  # module | class | function
    file: str
    qualname: str
    lineno: int
    end_lineno: int

    @property
    def name(self) -> str:
        return self.qualname.rsplit(".", 1)[-1] if self.qualname else self.id.rsplit(".", 1)[-1]


@dataclass
class Graph:
    """Nodes by id and typed edges, forward and backward."""

    nodes: dict[str, Node] = field(default_factory=dict)
    edges: set[tuple[str, str, str]] = field(default_factory=set)  # (source, kind, target)
    #: what a class or function says about itself: docstring, string literals, names it uses
    texts: dict[str, str] = field(default_factory=dict)

    def add_edge(self, src: str, kind: str, dst: str) -> None:
        if src != dst and src in self.nodes and dst in self.nodes:
            self.edges.add((src, kind, dst))

    def out(self, node: str, kind: str) -> list[str]:
        return sorted(d for s, k, d in self.edges if s == node and k == kind)

    def into(self, node: str, kind: str) -> list[str]:
        return sorted(s for s, k, d in self.edges if d == node and k == kind)

    def callees(self, node: str) -> list[str]:
        return self._index("fwd").get(node, [])

    def callers(self, node: str) -> list[str]:
        return self._index("back").get(node, [])

    def sources(self, node: str) -> list[str]:
        """Where ``node``'s values come from: its callees and the writers of the state it reads."""
        return self._index("sources").get(node, [])

    def dependents(self, node: str) -> list[str]:
        """Who uses ``node``'s results: its callers and the readers of the state it writes."""
        return self._index("dependents").get(node, [])

    def _index(self, which: str) -> dict[str, list[str]]:
        cache = self.__dict__.setdefault("_calls", {})
        if not cache:
            fwd, back, src, dep = defaultdict(set), defaultdict(set), defaultdict(set), defaultdict(set)
            for s, k, d in self.edges:
                if k in ("invokes", "reads"):
                    src[s].add(d)
                    dep[d].add(s)
                if k == "invokes":
                    fwd[s].add(d)
                    back[d].add(s)
            for name, index in (("fwd", fwd), ("back", back), ("sources", src), ("dependents", dep)):
                cache[name] = {k: sorted(v) for k, v in index.items()}
        return cache[which]

    def function_at(self, file: str, line: int) -> Node | None:
        """The innermost function of ``file`` whose lines hold ``line``."""
        hits = [n for n in self.nodes.values()
                if n.kind == "function" and n.file == file and n.lineno <= line <= n.end_lineno]
        return max(hits, key=lambda n: n.lineno, default=None)

    def find(self, file: str, qualname: str) -> Node | None:
        return next((n for n in self.nodes.values() if n.file == file and n.qualname == qualname), None)


def module_name(path: str) -> str:
    """``pkg/sub/mod.py`` -> ``pkg.sub.mod``; ``pkg/__init__.py`` -> ``pkg``."""
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


class _Module:
    """One parsed file: its imports (local name -> dotted target) and definitions."""

    def __init__(self, path: str, tree: ast.Module) -> None:
        self.path, self.tree, self.name = path, tree, module_name(path)
        self.package = self.name if path.endswith("__init__.py") else self.name.rpartition(".")[0]
        self.imports: dict[str, str] = {}

    def resolve_from(self, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        base = self.package.split(".") if self.package else []
        base = base[: len(base) - node.level + 1] if node.level > 1 else base
        return ".".join(base + ([node.module] if node.module else []))


def build_graph(files: Mapping[str, str]) -> Graph:
    """The graph of every parseable ``.py`` file in ``files`` (relative path -> text)."""
    graph = Graph()
    modules: list[_Module] = []
    for path, text in sorted(files.items()):
        if not path.endswith(".py"):
            continue
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        mod = _Module(path, tree)
        modules.append(mod)
        end = len(text.splitlines()) or 1
        graph.nodes[mod.name] = Node(mod.name, "module", path, "", 1, end)
        _definitions(graph, mod, tree.body, mod.name, "")
    by_name = {m.name: m for m in modules}
    graph.__dict__["_modules"] = by_name
    methods: dict[str, list[str]] = defaultdict(list)
    for n in graph.nodes.values():
        if n.kind == "function" and "." in n.qualname:
            methods[n.name].append(n.id)
    for mod in modules:
        _imports(graph, mod, by_name)
    for mod in modules:
        _inherits(graph, mod)
    properties = _properties(modules, graph)
    for mod in modules:
        _invokes(graph, mod, methods, properties)
    _special_methods(graph)
    _reads(graph, modules)
    for mod in modules:
        _global_reads(graph, mod, methods)
    return graph


def _definitions(graph: Graph, mod: _Module, body: list[ast.stmt], parent: str, prefix: str) -> None:
    for stmt in body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            qual = f"{prefix}{stmt.name}"
            kind = "class" if isinstance(stmt, ast.ClassDef) else "function"
            node_id = f"{mod.name}.{qual}"
            graph.nodes[node_id] = Node(node_id, kind, mod.path, qual, stmt.lineno, stmt.end_lineno or stmt.lineno)
            graph.edges.add((parent, "contains", node_id))
            graph.texts[node_id] = _text_of(stmt)
            if kind == "class":
                _definitions(graph, mod, stmt.body, node_id, qual + ".")


def _text_of(definition: ast.AST) -> str:
    """Docstring, string literals and identifiers of a definition (a class: its own lines only)."""
    parts = [ast.get_docstring(definition) or ""]
    nodes = ast.walk(definition) if not isinstance(definition, ast.ClassDef) else \
        (n for stmt in definition.body if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
         for n in ast.walk(stmt))
    for node in nodes:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            parts.append(node.value)
        elif isinstance(node, ast.Name):
            parts.append(node.id)
        elif isinstance(node, ast.Attribute):
            parts.append(node.attr)
        elif isinstance(node, ast.arg):
            parts.append(node.arg)
    return " ".join(dict.fromkeys(p for p in parts if p))


def _imports(graph: Graph, mod: _Module, by_name: dict[str, _Module]) -> None:
    for node in ast.walk(mod.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                mod.imports[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else alias.name.split(".")[0]
                target = alias.name
                while target and target not in by_name:
                    target = target.rpartition(".")[0]
                if target:
                    graph.add_edge(mod.name, "imports", target)
        elif isinstance(node, ast.ImportFrom):
            base = mod.resolve_from(node)
            for alias in node.names:
                full = f"{base}.{alias.name}" if base else alias.name
                mod.imports[alias.asname or alias.name] = full
                graph.add_edge(mod.name, "imports", full if full in by_name else base)


def _resolve(graph: Graph, mod: _Module, dotted: str) -> str | None:
    """A dotted name as written in ``mod`` -> a node id, through the module's imports and through
    re-exports (``from .reader import read_table`` in a package ``__init__``)."""
    head, _, rest = dotted.partition(".")
    for candidate in (f"{mod.name}.{dotted}", f"{mod.imports[head]}{'.' + rest if rest else ''}" if head in mod.imports else None):
        found = _follow(graph, candidate) if candidate else None
        if found:
            return found
    return None


def _follow(graph: Graph, dotted: str, hops: int = 4) -> str | None:
    """``dotted`` itself if it is a node, else the name a module re-exports it as."""
    if dotted in graph.nodes:
        return dotted
    modules = graph.__dict__.get("_modules", {})
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        owner = modules.get(".".join(parts[:cut]))
        if owner is not None and parts[cut] in owner.imports and hops:
            target = owner.imports[parts[cut]] + "".join("." + p for p in parts[cut + 1:])
            return _follow(graph, target, hops - 1) if target != dotted else None
    return None


def _dotted(expr: ast.expr) -> str | None:
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        inner = _dotted(expr.value)
        return f"{inner}.{expr.attr}" if inner else None
    return None


def _inherits(graph: Graph, mod: _Module) -> None:
    for node in ast.walk(mod.tree):
        if isinstance(node, ast.ClassDef):
            owner = _class_id(graph, mod, node)
            for base in node.bases:
                name = _dotted(base)
                target = _resolve(graph, mod, name) if name else None
                if owner and target and graph.nodes[target].kind == "class":
                    graph.add_edge(owner, "inherits", target)


def _class_id(graph: Graph, mod: _Module, cls: ast.ClassDef) -> str | None:
    return next((n.id for n in graph.nodes.values()
                 if n.kind == "class" and n.file == mod.path and n.lineno == cls.lineno), None)


def method_of(graph: Graph, cls: str, name: str) -> str | None:
    """``name`` defined on class ``cls`` or the nearest base that defines it."""
    seen: set[str] = set()
    queue = [cls]
    while queue:
        current = queue.pop(0)
        if current in seen:
            continue
        seen.add(current)
        if f"{current}.{name}" in graph.nodes:
            return f"{current}.{name}"
        queue.extend(graph.out(current, "inherits"))
    return None


def _properties(modules: list[_Module], graph: Graph) -> dict[str, list[str]]:
    """Methods decorated ``@property`` (or ``functools.cached_property``) by name."""
    out: dict[str, list[str]] = defaultdict(list)
    for mod in modules:
        for node in ast.walk(mod.tree):
            if isinstance(node, ast.ClassDef):
                owner = _class_id(graph, mod, node)
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and owner and any(
                            (_dotted(d) or "").rsplit(".", 1)[-1] in ("property", "cached_property")
                            for d in item.decorator_list):
                        out[item.name].append(f"{owner}.{item.name}")
    return out


def overrides_of(graph: Graph, cls: str, name: str) -> list[str]:
    """``name`` as redefined by subclasses of ``cls`` (``self.name()`` may dispatch to them), and a
    subclass method spelt like ``name`` up to leading underscores where the subclass does not
    define ``name`` itself (``discount`` for a ``_discount`` hook: meant as an override, never called)."""
    found, seen, queue = [], {cls}, list(graph.into(cls, "inherits"))
    while queue:
        sub = queue.pop(0)
        if sub in seen:
            continue
        seen.add(sub)
        if f"{sub}.{name}" in graph.nodes:
            found.append(f"{sub}.{name}")
        elif not name.startswith("__"):
            found.extend(m for m in graph.out(sub, "contains") if graph.nodes[m].kind == "function"
                         and graph.nodes[m].name != name and graph.nodes[m].name.lstrip("_") == name.lstrip("_")
                         and method_of(graph, cls, graph.nodes[m].name) is None)
        queue.extend(graph.into(sub, "inherits"))
    return found


def _invokes(graph: Graph, mod: _Module, methods: dict[str, list[str]], properties: dict[str, list[str]]) -> None:
    for fn in [n for n in graph.nodes.values() if n.kind == "function" and n.file == mod.path]:
        body = _function_ast(mod.tree, fn)
        if body is None:
            continue
        cls = fn.id.rsplit(".", 1)[0] if graph.nodes.get(fn.id.rsplit(".", 1)[0], None) and \
            graph.nodes[fn.id.rsplit(".", 1)[0]].kind == "class" else None
        called = set()
        for call in (c for c in ast.walk(body) if isinstance(c, ast.Call)):
            called.add(id(call.func))
            for target in _call_targets(graph, mod, cls, call.func, methods):
                graph.add_edge(fn.id, "invokes", target)
        for attr in (a for a in ast.walk(body) if isinstance(a, ast.Attribute) and id(a) not in called):
            for target in _property_targets(graph, cls, attr, properties):
                graph.add_edge(fn.id, "invokes", target)


def _property_targets(graph: Graph, cls: str | None, attr: ast.Attribute, properties: dict[str, list[str]]) -> list[str]:
    """Reading ``obj.name`` runs a ``@property`` called ``name`` (on self's class, or a few guesses)."""
    if not isinstance(attr.ctx, ast.Load) or attr.attr not in properties:
        return []
    if isinstance(attr.value, ast.Name) and attr.value.id == "self" and cls:
        hit = method_of(graph, cls, attr.attr)
        return [hit] if hit in properties[attr.attr] else []
    guesses = properties[attr.attr]
    return list(guesses) if len(guesses) <= MAX_METHOD_GUESSES else []


def _ancestors(graph: Graph, cls: str) -> list[str]:
    """``cls`` and its base classes, nearest first."""
    out, queue = [], [cls]
    while queue:
        current = queue.pop(0)
        if current not in out:
            out.append(current)
            queue.extend(graph.out(current, "inherits"))
    return out


def _special_methods(graph: Graph) -> None:
    """A class invokes the special methods (``__init__``, ``__eq__``, ``__hash__``, ...) it defines or
    inherits: Python calls them for it (construction, ``==``, ``hash``, ``in``, ``len``)."""
    for cls in [n.id for n in graph.nodes.values() if n.kind == "class"]:
        names = {graph.nodes[m].name for c in _ancestors(graph, cls) for m in graph.out(c, "contains")
                 if graph.nodes[m].kind == "function"}
        for name in sorted(n for n in names if n.startswith("__") and n.endswith("__")):
            target = method_of(graph, cls, name)
            if target:
                graph.add_edge(cls, "invokes", target)


def _state_access(fn: ast.AST) -> tuple[set[str], set[str]]:
    """(attributes of ``self``/``cls`` the function reads, those it writes: assigns, deletes,
    item-assigns, or changes in place with a :data:`MUTATORS` call)."""
    def own(expr: ast.expr) -> str | None:
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id in ("self", "cls"):
            return expr.attr
        return None

    reads, writes, skip = set(), set(), set()  # skip: method calls and containers being written
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            skip.add(id(node.func))
            if isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS and own(node.func.value):
                writes.add(own(node.func.value))
                skip.add(id(node.func.value))
        elif isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.ctx, (ast.Store, ast.Del)):
            name = own(node) if isinstance(node, ast.Attribute) else own(node.value)
            if name:
                writes.add(name)
                skip.add(id(node.value))
        elif isinstance(node, ast.AugAssign) and own(node.target):
            writes.add(own(node.target))
    for node in ast.walk(fn):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and id(node) not in skip and own(node):
            reads.add(own(node))
    return reads, writes


def _reads(graph: Graph, modules: list[_Module]) -> None:
    """``reads`` edges: a method -> the methods of its class, its bases or its subclasses that write
    an attribute of ``self``/``cls`` it reads (a wrong value read from state comes from its writer).
    Constructors are left out as writers: they set nearly every attribute, and the code that builds
    an object already invokes them."""
    access: dict[str, tuple[set[str], set[str]]] = {}
    for mod in modules:
        for fn in [n for n in graph.nodes.values() if n.kind == "function" and n.file == mod.path]:
            owner = fn.id.rsplit(".", 1)[0]
            body = _function_ast(mod.tree, fn) if graph.nodes.get(owner) and graph.nodes[owner].kind == "class" else None
            if body is not None:
                access[fn.id] = _state_access(body)
    writers: dict[str, list[str]] = defaultdict(list)  # attribute -> methods that write it
    for fn, (_, writes) in access.items():
        if graph.nodes[fn].name not in CONSTRUCTORS:
            for attr in writes:
                writers[attr].append(fn)
    families: dict[str, tuple[set[str], set[str]]] = {}
    for reader, (reads, _) in access.items():
        cls = reader.rsplit(".", 1)[0]
        if cls not in families:
            family = set(_ancestors(graph, cls))
            queue = list(graph.into(cls, "inherits"))
            while queue:
                sub = queue.pop(0)
                if sub not in family:
                    family.add(sub)
                    queue.extend(graph.into(sub, "inherits"))
            methods = {graph.nodes[m].name for c in family for m in graph.out(c, "contains")}  # calls, not state
            families[cls] = (family, methods)
        family, methods = families[cls]
        for attr in reads - methods:
            for writer in writers.get(attr, ()):
                if writer.rsplit(".", 1)[0] in family:
                    graph.add_edge(reader, "reads", writer)


def _global_reads(graph: Graph, mod: _Module, methods: dict[str, list[str]]) -> None:
    """``reads`` edges for module state: a function that reads a module-level name -> the functions
    whose result the module assigns to it (``AIRPORTS = load()``)."""
    sources: dict[str, set[str]] = defaultdict(set)
    for stmt in mod.tree.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            called = {t for call in ast.walk(stmt.value) if isinstance(call, ast.Call)
                      for t in _call_targets(graph, mod, None, call.func, methods) if graph.nodes[t].kind == "function"}
            for target in targets:
                for name in (n.id for n in ast.walk(target) if isinstance(n, ast.Name)):
                    sources[name] |= called
    if not any(sources.values()):
        return
    for fn in [n for n in graph.nodes.values() if n.kind == "function" and n.file == mod.path]:
        body = _function_ast(mod.tree, fn)
        if body is None:
            continue
        local = {a.arg for a in ast.walk(body) if isinstance(a, ast.arg)} | {
            n.id for n in ast.walk(body) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        for name in {n.id for n in ast.walk(body) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - local:
            for target in sources.get(name, ()):
                graph.add_edge(fn.id, "reads", target)


def _function_ast(tree: ast.Module, fn: Node) -> ast.AST | None:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno == fn.lineno and node.name == fn.name:
            return node
    return None


def _call_targets(graph: Graph, mod: _Module, cls: str | None, func: ast.expr,
                  methods: dict[str, list[str]]) -> list[str]:
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in ("self", "cls") and cls:
        hit = method_of(graph, cls, func.attr)
        return ([hit] if hit else []) + overrides_of(graph, cls, func.attr)[:MAX_METHOD_GUESSES]
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call) and _dotted(func.value.func) == "super" and cls:
        hits = [method_of(graph, base, func.attr) for base in graph.out(cls, "inherits")]
        return [h for h in hits if h]
    name = _dotted(func)
    target = _resolve(graph, mod, name) if name else None
    if target:
        node = graph.nodes[target]
        if node.kind == "class":
            init = method_of(graph, target, "__init__")
            return [target] + ([init] if init else [])
        return [target] if node.kind == "function" else []
    if isinstance(func, ast.Attribute):
        guesses = methods.get(func.attr, [])
        return list(guesses) if 0 < len(guesses) <= MAX_METHOD_GUESSES else []
    return []


_CACHE: dict[str, Graph] = {}


def graph_for(files: Mapping[str, str]) -> Graph:
    """:func:`build_graph`, cached by the files' content (one build per repository version)."""
    digest = hashlib.sha256()
    for path, text in sorted(files.items()):
        digest.update(path.encode() + b"\0" + text.encode() + b"\0")
    key = digest.hexdigest()
    if key not in _CACHE:
        _CACHE[key] = build_graph(files)
    return _CACHE[key]
