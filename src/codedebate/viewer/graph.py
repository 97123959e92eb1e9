"""The votes of one round as an inline SVG graph: agents on a circle, an arrow per vote."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from .run_view import short_agent

SIZE, RADIUS, NODE = 320, 100, 26


def _fmt(x: Any) -> str:
    return "?" if x is None else f"{float(x):.2f}"


def votes_svg(round_votes: dict[str, Any]) -> str:
    """SVG of who voted for whom; each arrow says confidence (c) and weight (w); the most weighted
    agent is marked as the round's winner."""
    edges = round_votes["edges"]
    names = list(dict.fromkeys(round_votes["agents"] + [e["voter"] for e in edges]))
    centre = SIZE / 2
    pos = {}
    for i, name in enumerate(names):
        angle = -math.pi / 2 + 2 * math.pi * i / max(len(names), 1)
        pos[name] = (centre + RADIUS * math.cos(angle), centre + RADIUS * math.sin(angle))
    totals: dict[str, float] = {}
    for e in edges:
        totals[e["target"]] = totals.get(e["target"], 0.0) + float(e["weight"] or 0.0)
    winner = max(totals, key=lambda n: totals[n]) if totals else None
    parts = [f'<svg class="votes" viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" height="{SIZE}" role="img" '
             f'aria-label="votes of round {round_votes["round"]}">',
             '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
             'orient="auto-start-reverse"><path d="M0,0L10,5L0,10z"/></marker></defs>']
    for e in edges:
        (x1, y1), (x2, y2) = pos[e["voter"]], pos[e["target"]]
        d = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / d, (y2 - y1) / d
        ox, oy = uy * 5, -ux * 5  # shift left of the direction: A->B and B->A stay apart
        sx, sy, tx, ty = x1 + ux * NODE + ox, y1 + uy * NODE + oy, x2 - ux * NODE + ox, y2 - uy * NODE + oy
        mx, my = (sx + tx) / 2 + ox * 2.6, (sy + ty) / 2 + oy * 2.6 + 3
        label = f"c={_fmt(e['confidence'])} w={_fmt(e['weight'])}"
        parts.append(f'<g class="vote" data-voter="{escape(e["voter"])}" data-target="{escape(e["target"])}">'
                     f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{tx:.1f}" y2="{ty:.1f}" marker-end="url(#arrow)"/>'
                     f'<text x="{mx:.1f}" y="{my:.1f}">{escape(label)}</text></g>')
    for name in names:
        x, y = pos[name]
        cls = "node winner" if name == winner else "node"
        d = math.hypot(x - centre, y - centre) or 1.0  # weighted total outside the circle, away from arrows
        lx, ly = x + (x - centre) / d * (NODE + 14), y + (y - centre) / d * (NODE + 14) + 4
        total = f'<text class="total" x="{lx:.1f}" y="{ly:.1f}">Σw={totals[name]:.2f}</text>' \
            if name in totals else ""
        parts.append(f'<g class="{cls}"><title>{escape(name)}</title><circle cx="{x:.1f}" cy="{y:.1f}" r="{NODE}"/>'
                     f'<text x="{x:.1f}" y="{y + 4:.1f}">{escape(short_agent(name))}</text>{total}</g>')
    parts.append("</svg>")
    return "".join(parts)
