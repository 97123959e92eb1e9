"""The fix plan a discriminator writes: JSON, validated field by field (errors name the field)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

MODIFICATION_FIELDS = ("file", "function", "instruction", "rationale")


class PlanError(ValueError):
    """A fix plan that is not valid JSON or breaks the schema; ``errors`` lists each problem."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = errors
        super().__init__("invalid fix plan: " + "; ".join(errors))


@dataclass(frozen=True)
class Modification:
    file: str
    function: str
    instruction: str
    rationale: str


@dataclass(frozen=True)
class FixPlan:
    summary: str
    modifications: tuple[Modification, ...]
    execution_order: tuple[int, ...]
    risks: tuple[str, ...]

    def ordered(self) -> list[Modification]:
        return [self.modifications[i] for i in self.execution_order]

    def to_json(self) -> str:
        return json.dumps({"summary": self.summary,
                           "modifications": [m.__dict__ for m in self.modifications],
                           "execution_order": list(self.execution_order), "risks": list(self.risks)}, indent=1)


def json_object(text: str) -> Any:
    """The JSON object in a reply: a ```json fence, else the outermost {...}; PlanError if none."""
    fence = re.search(r"```(?:json)?\s*\n(.*?)```", text, re.S)
    candidate = fence.group(1) if fence else text[text.find("{"): text.rfind("}") + 1]
    if not candidate.strip():
        raise PlanError(["the reply holds no JSON object"])
    try:
        return json.loads(candidate)
    except json.JSONDecodeError as exc:
        raise PlanError([f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"]) from None


def validate_plan(data: Any, files: set[str] | None = None) -> FixPlan:
    """A FixPlan from decoded JSON; PlanError listing every schema error (``modifications[1].file: ...``)."""
    if not isinstance(data, dict):
        raise PlanError([f"the plan must be a JSON object, got {type(data).__name__}"])
    errors: list[str] = []
    unknown = sorted(set(data) - {"summary", "modifications", "execution_order", "risks"})
    errors += [f"{k}: unknown field" for k in unknown]
    summary = data.get("summary")
    if not isinstance(summary, str) or not summary.strip():
        errors.append("summary: must be a non-empty string")
    mods_raw = data.get("modifications")
    mods: list[Modification] = []
    if not isinstance(mods_raw, list) or not mods_raw:
        errors.append("modifications: must be a non-empty list")
        mods_raw = []
    for i, m in enumerate(mods_raw):
        if not isinstance(m, dict):
            errors.append(f"modifications[{i}]: must be an object")
            continue
        bad = [f for f in MODIFICATION_FIELDS if not isinstance(m.get(f), str) or not m[f].strip()]
        errors += [f"modifications[{i}].{f}: must be a non-empty string" for f in bad]
        if files is not None and "file" not in bad and m["file"] not in files:
            errors.append(f"modifications[{i}].file: '{m['file']}' is not a file of the repository")
        if not bad:
            mods.append(Modification(*(m[f].strip() for f in MODIFICATION_FIELDS)))
    order_raw = data.get("execution_order", list(range(len(mods_raw))))
    if not isinstance(order_raw, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in order_raw):
        errors.append("execution_order: must be a list of modification indexes (0-based integers)")
        order_raw = []
    elif sorted(order_raw) != list(range(len(mods_raw))):
        errors.append(f"execution_order: must name each of the {len(mods_raw)} modifications once (0-based), "
                      f"got {order_raw}")
    risks = data.get("risks", [])
    if not isinstance(risks, list) or not all(isinstance(r, str) for r in risks):
        errors.append("risks: must be a list of strings")
        risks = []
    if errors:
        raise PlanError(errors)
    return FixPlan(summary.strip(), tuple(mods), tuple(order_raw), tuple(risks))


def parse_plan(reply: str, files: set[str] | None = None) -> FixPlan:
    """The validated fix plan in a model's reply, or PlanError."""
    return validate_plan(json_object(reply), files)
