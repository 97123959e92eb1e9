import re

_NAME = r"[A-Za-z0-9_]+"
_NUMBER = r"\d+(?:\.\d+)?"
_EDGE = re.compile(rf"^({_NAME})\s*(->|--)\s*({_NAME})\s*(?::\s*({_NUMBER}))?$")
_NODE = re.compile(rf"^({_NAME})$")


class GraphSyntaxError(ValueError):
    def __init__(self, line, message):
        super().__init__(f"line {line}: {message}")
        self.line = line


class Graph:
    def __init__(self):
        self._adj = {}

    def add_node(self, name):
        self._adj.setdefault(name, {})

    def add_edge(self, u, v, weight=1):
        if weight < 0:
            raise ValueError(f"negative weight on {u}->{v}")
        self.add_node(u)
        self.add_node(v)
        self._adj[u][v] = weight

    def nodes(self):
        return sorted(self._adj)

    def edges(self):
        return sorted((u, v, w) for u, nbrs in self._adj.items() for v, w in nbrs.items())

    def successors(self, u):
        return dict(self._adj[u])


def _number(text):
    return float(text) if "." in text else int(text)


def parse_graph(text):
    graph = Graph()
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = _EDGE.match(line)
        if m:
            u, arrow, v, weight = m.groups()
            w = _number(weight) if weight is not None else 1
            graph.add_edge(u, v, w)
            if arrow == "--":
                graph.add_edge(v, u, w)
            continue
        m = _NODE.match(line)
        if m:
            graph.add_node(m.group(1))
            continue
        raise GraphSyntaxError(lineno, f"cannot parse {line!r}")
    return graph
