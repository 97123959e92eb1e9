"""A driver's printed day sheet."""

from __future__ import annotations

from .planner import DayPlan


def day_sheet(plan: DayPlan) -> str:
    lines = [f"{plan.driver}: {len(plan.order)} stops, {plan.km:.1f} km, {plan.minutes // 60}h{plan.minutes % 60:02d}"]
    after = {b.after_stop: b for b in plan.breaks}
    for number, stop in enumerate(plan.order, start=1):
        lines.append(f"{number:>2}. {stop.name}")
        if stop.name in after:
            lines.append(f"    break {after[stop.name].minutes} min")
    if not plan.feasible:
        lines.append("!! longer than a working day")
    return "\n".join(lines)
