"""Fault chains: hypotheses of where a bug lives, walked from entry points along the call graph.

Entry points come from the failing tests' tracebacks (every repository frame, innermost first,
and the failing test functions) and from names the issue text writes as code. From each entry the
walk goes backward (callers, readers of written state) and forward (callees, writers of read
state) up to ``max_depth`` edges, following at most ``max_branches`` neighbours per node, those
with the most evidence first. Evidence (weight 0..1 per function): a traceback frame or a name in
the issue (1), a name in the failing test's lines (1), the issue's words in a function's name,
docstring and literals (idf-weighted overlap, 0..1). A chain (root-cause node, path from the entry,
evidence) has confidence ``max(0, 1 - 0.1 * length) * (1 + E) / (1 + E_max)``: ``E`` the evidence
on its path, ``E_max`` the most on any chain (no evidence anywhere: the length term alone).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass

from .graph import Graph, Node

DEFAULT_DEPTH, DEFAULT_BRANCHES, DEFAULT_TOP_K = 5, 3, 5
#: A frame in pytest's short traceback: ``path/to/file.py:12: in function``.
FRAME = re.compile(r"([\w./\\-]+\.py):(\d+):? in (\w+)")
#: ties (same confidence and entry) go to the entry itself, then callees (where a wrong value comes
#: from), then callers (a traceback already shows the callers that ran)
DIRECTION_ORDER = {"entry": 0, "forward": 1, "backward": 2}
ISSUE_RANK = 50  # issue words are weaker evidence than any traceback frame
TEST_NAME_RANK = 60
TEST_FILE = re.compile(r"test_\w*\.py|\w+_test\.py")
#: a name in the issue text counts as one step away from the observed failure
ISSUE_STEPS = 1
STRING = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
#: word parts of text and identifiers (``parseDate``, ``parse_date`` -> parse, date)
WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
STOP_WORDS = frozenset("""the and for with that this are was were not but from have has had all any can its
into when then than there their them they what which who will would should could been being does did get
got just only also same some such very each every other our out per one two self cls none true false
return returns none str int float bool list dict set tuple def class lambda yield raise assert""".split())
PLAIN_WORD = re.compile(r"[a-z]+")
STEM_LENGTH = 5  # words agree on their first five letters after plural/-ing/-ed endings are cut


@dataclass(frozen=True)
class Entry:
    """Where a walk starts: a node and why (traceback frame, failing test, issue mention)."""

    node: str
    evidence: str
    rank: int  # 0 = strongest (innermost traceback frame)
    steps: int = 0  # how far the entry itself is from the observed failure (issue names: 1)
    weight: float = 1.0  # how strongly the evidence points at the node, 0..1
    start: bool = True  # False: evidence only (orders branches and ranks chains), no walk starts here


@dataclass(frozen=True)
class Chain:
    """One hypothesis: the root-cause function, the path that leads to it, and the evidence."""

    root: str
    path: tuple[str, ...]  # entry ... root
    direction: str  # "entry" | "backward" | "forward"
    evidence: tuple[str, ...]
    confidence: float
    entry_rank: int = 0

    @property
    def length(self) -> int:
        return len(self.path) - 1

    def describe(self, graph: Graph) -> str:
        root = graph.nodes[self.root]
        steps = " -> ".join(graph.nodes[n].qualname or n for n in self.path)
        return (f"root cause: {root.qualname} in {root.file} (lines {root.lineno}-{root.end_lineno}); "
                f"path ({self.direction}): {steps}; evidence: {'; '.join(self.evidence)}; "
                f"confidence {self.confidence:.1f}")


def confidence(length: int) -> float:
    return round(max(0.0, 1.0 - 0.1 * length), 4)


def _file_for(path: str, files: Iterable[str]) -> str | None:
    path = path.replace("\\", "/")
    return next((f for f in sorted(files, key=len, reverse=True) if path == f or path.endswith("/" + f)), None)


def traceback_entries(graph: Graph, messages: Iterable[tuple[str, str]], test_file_of: dict[str, str]) -> list[Entry]:
    """Entries from failing tests: ``messages`` holds (test id ``path::name``, failure text)."""
    files = {n.file for n in graph.nodes.values()}
    entries: list[Entry] = []
    messages = list(messages)
    for test_id, text in messages:
        frames = FRAME.findall(text)
        for depth, (path, line, func) in enumerate(reversed(frames)):
            rel = _file_for(path, files)
            node = graph.function_at(rel, int(line)) if rel else None
            if node is not None and node.name == func:
                entries.append(Entry(node.id, f"frame {func} ({rel}:{line}) in the traceback of {test_id}", depth,
                                     weight=round(1 / (1 + depth), 4)))
        code = "\n".join(ln for ln in text.splitlines() if not ln.startswith("E ") and "Error: " not in ln)
        for hit in named_entries(graph, STRING.sub("", code)):  # names in code lines, not in values
            if graph.nodes[hit.node].file != test_file_of.get(test_id, test_id.partition("::")[0]):
                entries.append(Entry(hit.node, f"{graph.nodes[hit.node].qualname} appears in the failure of {test_id}",
                                     len(frames) + 1, 1, start=False, weight=0.5))
        test_path, _, name = test_id.partition("::")
        test = graph.find(test_file_of.get(test_id, test_path), name)
        if test is not None:
            entries.append(Entry(test.id, f"failing test {test_id}", len(frames) + 2))
    test_files = {test_file_of.get(t, t.partition("::")[0]) for t, _ in messages} | {
        f for f in files if TEST_FILE.fullmatch(f.rpartition("/")[2])}  # pytest's default test file names
    names = " ".join(t.partition("::")[2].removeprefix("test_") for t, _ in messages)
    for node, weight, shared in word_overlap(graph, names, test_files):
        entries.append(Entry(node, f"the failing tests' names share {', '.join(shared)} with {graph.nodes[node].qualname}",
                             TEST_NAME_RANK, 1, weight, start=False))
    return entries


def issue_entries(graph: Graph, issue: str, skip_files: set[str] = frozenset()) -> list[Entry]:
    """Functions and classes the issue names (``parse_date``, ``Invoice.total``, ``Invoice``), and
    evidence-only entries for functions whose names, docstrings and literals share words with it."""
    out = named_entries(graph, issue, skip_files, prose=True)
    for node, weight, shared in word_overlap(graph, issue, skip_files):
        out.append(Entry(node, f"the issue's words {', '.join(shared)} occur in {graph.nodes[node].qualname}",
                         ISSUE_RANK, ISSUE_STEPS, weight, start=False))
    return out


def named_entries(graph: Graph, text: str, skip_files: set[str] = frozenset(), prose: bool = False) -> list[Entry]:
    """Functions and classes ``text`` names (``parse_date``, ``Invoice.total``, ``Invoice``). In
    ``prose``, a plain lower-case word (``discount``) names a function only when written as code:
    in backticks or followed by ``(``; otherwise it is an ordinary word (see :func:`word_overlap`)."""
    words = set(IDENTIFIER.findall(text))
    if prose:
        code = set(re.findall(r"`([^`]+)`", text)) | set(re.findall(r"([\w.]+)\(", text))
        words = {w for w in words if not PLAIN_WORD.fullmatch(w) or w in code}
    out: list[Entry] = []
    for node in graph.nodes.values():
        if node.kind == "module" or node.file in skip_files or node.name.startswith("_") and node.name != "__init__":
            continue
        if node.qualname in words or (len(node.name) > 3 and node.name in words):
            out.append(Entry(node.id, f"the issue names {node.qualname}", ISSUE_RANK, ISSUE_STEPS))
    return out


def stem(word: str) -> str:
    """A crude stem: lower case, plural / -ing / -ed cut, first :data:`STEM_LENGTH` letters."""
    w = word.lower()
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        w = w[:-1]
    for suffix in ("ing", "ed"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            break
    return w[:STEM_LENGTH]


def words(text: str) -> set[str]:
    """Stems of the words of ``text`` (identifiers split at ``_`` and case changes), stop words out."""
    return {stem(w) for w in WORD.findall(text) if len(w) >= 3 and w.lower() not in STOP_WORDS}


def node_words(graph: Graph, node_id: str) -> set[str]:
    return words(graph.nodes[node_id].qualname + " " + graph.texts.get(node_id, ""))


def word_overlap(graph: Graph, text: str, skip_files: set[str] = frozenset()) -> list[tuple[str, float, list[str]]]:
    """(function, weight 0..1, shared words) for every function sharing words with ``text``: the sum
    of the shared words' inverse document frequency over the repository's functions, divided by the
    best function's sum."""
    query = words(text)
    spelt = {}  # stem -> the word as the text writes it, for the evidence line
    for w in WORD.findall(text):
        spelt.setdefault(stem(w), w.lower())
    funcs = [n.id for n in graph.nodes.values() if n.kind == "function" and n.file not in skip_files]
    bags = {f: node_words(graph, f) & query for f in funcs}
    df: dict[str, int] = {}
    for bag in bags.values():
        for w in bag:
            df[w] = df.get(w, 0) + 1
    idf = {w: math.log((1 + len(funcs)) / (1 + n)) for w, n in df.items()}
    scores = {f: sum(idf[w] for w in bag) for f, bag in bags.items() if bag}
    best = max(scores.values(), default=0.0)
    if best <= 0:
        return []
    return [(f, round(v / best, 4), [spelt.get(w, w) for w in sorted(bags[f], key=lambda w: (-idf[w], w))])
            for f, v in sorted(scores.items()) if v > 0]


def _walk(graph: Graph, start: str, step, max_depth: int, max_branches: int, skip: set[str],
          maximal: bool, weight: dict[str, float] | None = None) -> list[tuple[str, ...]]:
    """Simple paths from ``start`` of 1..max_depth edges, following at most ``max_branches``
    functions per node, those with the most evidence (``weight``) first, then by name (classes and
    functions in ``skip`` files are not followed). ``maximal``: only paths that end at the depth
    limit or where nothing is left to follow."""
    weight = weight or {}
    paths: list[tuple[str, ...]] = []
    frontier = [(start,)]
    for depth in range(max_depth):
        nxt = []
        for path in frontier:
            options = sorted((n for n in step(path[-1]) if n not in path and graph.nodes[n].kind == "function"
                              and graph.nodes[n].file not in skip),
                             key=lambda n: (-weight.get(n, 0.0), n))[:max_branches]
            if not options and maximal and depth:
                paths.append(path)
            nxt.extend(path + (n,) for n in options)
        if not maximal:
            paths.extend(nxt)
        frontier = nxt
    if maximal:
        paths.extend(frontier)
    return paths


def node_evidence(entries: Iterable[Entry]) -> dict[str, float]:
    """Each node's strongest evidence weight (0..1) over all entries that name it."""
    out: dict[str, float] = {}
    for e in entries:
        out[e.node] = max(out.get(e.node, 0.0), e.weight)
    return out


def path_evidence(path: tuple[str, ...], weight: dict[str, float]) -> float:
    """The evidence on a chain: the sum of the evidence weights of the functions on its path."""
    return sum(weight.get(n, 0.0) for n in dict.fromkeys(path))


def fault_chains(graph: Graph, entries: list[Entry], *, max_depth: int = DEFAULT_DEPTH,
                 max_branches: int = DEFAULT_BRANCHES, top_k: int = DEFAULT_TOP_K,
                 exclude_files: set[str] = frozenset(), maximal: bool = True) -> list[Chain]:
    """The top ``top_k`` chains: by confidence (length term times evidence factor), entry strength,
    direction, evidence; near-duplicates (same root cause) keep their best chain only. Walks do not
    enter ``exclude_files`` (tests) after the entry. ``maximal`` (default): a chain is a whole walk,
    from the entry to where it ends (its root cause: the deepest callee, or the outermost caller),
    so every function on the way is on its path; otherwise every prefix of a walk is a chain."""
    evidence: dict[str, list[str]] = {}
    for e in entries:
        evidence.setdefault(e.node, []).append(e.evidence)
    weight = node_evidence(e for e in entries if graph.nodes.get(e.node) and graph.nodes[e.node].file not in exclude_files)
    walked: list[tuple[tuple[str, ...], str, Entry, tuple[str, ...]]] = []
    for entry in entries:
        if entry.node not in graph.nodes or not entry.start:
            continue
        walks = [((entry.node,), "entry")]
        walks += [(p, "backward") for p in _walk(graph, entry.node, graph.dependents, max_depth, max_branches,
                                                 exclude_files, maximal, weight)]
        walks += [(p, "forward") for p in _walk(graph, entry.node, graph.sources, max_depth, max_branches,
                                                exclude_files, maximal, weight)]
        for path, direction in walks:
            root: Node = graph.nodes[path[-1]]
            if root.kind != "function" or root.file in exclude_files:
                continue
            ev = tuple(dict.fromkeys([entry.evidence] + evidence.get(root.id, [])))
            walked.append((path, direction, entry, ev))
    best = max((path_evidence(p, weight) for p, _, _, _ in walked), default=0.0)
    candidates = [Chain(p[-1], p, direction, ev, round(confidence(len(p) - 1 + entry.steps)
                                                       * (1 + path_evidence(p, weight)) / (1 + best), 4), entry.rank)
                  for p, direction, entry, ev in walked]
    candidates.sort(key=lambda c: (-c.confidence, c.entry_rank, DIRECTION_ORDER[c.direction], -len(c.evidence),
                                   c.root, c.path))
    return dedupe(candidates)[:top_k]


def dedupe(chains: list[Chain]) -> list[Chain]:
    """Drop near-duplicates: a chain whose root cause an earlier (better) chain already names."""
    seen: set[str] = set()
    kept = []
    for c in chains:
        if c.root not in seen:
            seen.add(c.root)
            kept.append(c)
    return kept


def gold_node(graph: Graph, gold: dict[str, str]) -> str | None:
    """The node id of a task's gold location (file + function, or Class.method)."""
    if not gold.get("file") or not gold.get("function"):
        return None
    node = graph.find(gold["file"], gold["function"])
    return node.id if node else None
