from flow_network import FlowNetwork
from max_flow import max_flow


def max_matching(left, right, pairs):
    lset, rset = set(left), set(right)
    net = FlowNetwork()
    src, dst = "\x00source", "\x00sink"
    for l in left:
        net.add_edge(src, "L:" + l, 1)
    for r in right:
        net.add_edge("R:" + r, dst, 1)
    for l, r in pairs:
        if l not in lset or r not in rset:
            raise ValueError(f"pair ({l!r}, {r!r}) names an unknown vertex")
        net.add_edge("L:" + l, "R:" + r, 1)
    if not left or not right:
        return []
    _, flows = max_flow(net, src, dst)
    out = []
    for (u, v), f in flows.items():
        if f > 0 and u.startswith("L:") and v.startswith("R:"):
            out.append((u[2:], v[2:]))
    return sorted(out)
