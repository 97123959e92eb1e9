from collections import deque

from flow_network import FlowNetwork


def _residual(network):
    res = {n: {} for n in network.nodes()}
    for u, v, c in network.edges():
        res[u][v] = res[u].get(v, 0) + c
        res[v].setdefault(u, 0)
    return res


def _run(network, source, sink):
    nodes = set(network.nodes())
    for n in (source, sink):
        if n not in nodes:
            raise KeyError(n)
    if source == sink:
        raise ValueError("source and sink must differ")
    res = _residual(network)
    value = 0
    while True:
        parent = {source: None}
        queue = deque([source])
        while queue and sink not in parent:
            u = queue.popleft()
            for v in sorted(res[u]):
                if res[u][v] > 0 and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if sink not in parent:
            return value, res
        push, v = None, sink
        while parent[v] is not None:
            u = parent[v]
            push = res[u][v] if push is None else min(push, res[u][v])
            v = u
        v = sink
        while parent[v] is not None:
            u = parent[v]
            res[u][v] -= push
            res[v][u] += push
            v = u
        value += push


def max_flow(network, source, sink):
    value, res = _run(network, source, sink)
    flows = {}
    for u, v, c in network.edges():
        net = c - res[u][v]  # flow u->v minus flow v->u
        if net > 0:
            flows[(u, v)] = net
    return value, flows


def min_cut(network, source, sink):
    value, res = _run(network, source, sink)
    seen = {source}
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v, c in res[u].items():
            if c > 0 and v not in seen:
                seen.add(v)
                queue.append(v)
    return value, sorted(seen)
