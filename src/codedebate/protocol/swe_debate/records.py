"""Record columns of the repository protocols: localisation, patch, visible/hidden, cost per stage."""

from __future__ import annotations

from typing import Any

from codedebate.records import declare_columns
from codedebate.repo.matching import loosest
from codedebate.repo.scoring import evaluation
from codedebate.tasks.repo_scoring import group_result

from ..extensions import RecordExtension
from ..state import DebateState
from .workspace import Workspace

STAGES = ("localise", "argue", "plan", "search", "patch")
OWNER = "swe_debate"

SUMMARY = (
    ("repo_chains", "Int64", "fault chains kept after near-duplicate removal"),
    ("repo_gold_in_chosen", "boolean", "gold function on the path of the chain the vote chose (null: no vote or no gold)"),
    ("repo_gold_in_top1", "boolean", "gold function on the path of the top-ranked chain"),
    ("repo_gold_in_top5", "boolean", "gold function on the path of any of the top five chains"),
    ("repo_plan_valid", "boolean", "the discriminator's fix plan passed validation (null: no plan phase)"),
    ("repo_patch_applies", "boolean", "the final answer is a patch that applied (false: the unpatched repository)"),
    ("repo_patch_match", "string", "loosest rule that placed an edit of the final patch: exact | whitespace | function (null: no patch applied)"),
    ("repo_patches_applied", "Int64", "proposed patches that applied and changed a file"),
    ("repo_patches_lenient", "Int64", "of those, patches with an edit placed by a lenient rule (whitespace or function)"),
    ("repo_visible_pass", "boolean", "final patch passes every visible (failing) test"),
    ("repo_regressions", "Int64", "other repository tests that passed unpatched and fail with the final patch"),
    ("repo_hidden_pass", "boolean", "final patch passes every hidden test (the resolve rate)"),
    ("repo_search_iterations", "Int64", "patches proposed and scored in the search / sampling"),
    *((f"repo_tokens_{s}", "Int64", f"prompt + completion tokens of the {s} stage") for s in STAGES),
    *((f"repo_seconds_{s}", "Float64", f"wall seconds of the {s} stage") for s in STAGES),
)

declare_columns(OWNER, "summary", SUMMARY)  # at import, so docs/records.md lists them


def summary_values(state: DebateState, ws: Workspace) -> dict[str, Any]:
    task, final = state.task, state.final
    tokens = {s: 0 for s in STAGES}
    for call in state.calls:
        stage = call.phase if call.phase in tokens else None
        if stage:
            tokens[stage] += call.response.prompt_tokens + call.response.completion_tokens
    out: dict[str, Any] = {
        "repo_chains": len(ws.chains),
        "repo_gold_in_chosen": ws.gold_in([ws.chains[ws.chosen]]) if ws.chosen is not None else None,
        "repo_gold_in_top1": ws.gold_in(ws.chains[:1]),
        "repo_gold_in_top5": ws.gold_in(ws.chains[:5]),
        "repo_plan_valid": ws.plan_valid if ws.plan is not None else None,
        "repo_patch_applies": ws.patch_applies,
        "repo_search_iterations": ws.search.iterations if ws.search else 0,
        **patch_match_values(ws),
    }
    if final is not None and hasattr(task, "visible_tests"):
        out["repo_visible_pass"] = group_result(final.result, task.visible_tests).all_passed
        out["repo_regressions"] = evaluation(task, final.result, ws.baseline).regressions if ws.baseline else None
        out["repo_hidden_pass"] = final.hidden_result.all_passed if final.hidden_result else None
    out.update({f"repo_tokens_{s}": tokens[s] for s in STAGES})
    out.update({f"repo_seconds_{s}": round(ws.stage_seconds.get(s, 0.0), 3) for s in STAGES})
    return out


def patch_match_values(ws: Workspace) -> dict[str, Any]:
    """How the proposed patches' edits matched (matching.KINDS): the final patch's loosest rule,
    and how many applied patches needed a lenient rule for their own edits."""
    nodes = [n for n in ws.search.nodes if n.applies] if ws.search else []
    kinds = [[m.kind for m in n.meta.get("edit_matches", ())] for n in nodes]
    final: list[str] = []
    node = ws.search.best if ws.search and ws.patch_applies else None
    while node is not None:  # a searched patch is cumulative: its edits are on the path to the root
        final += [m.kind for m in node.meta.get("edit_matches", ())]
        node = node.parent
    return {
        "repo_patch_match": loosest(final),
        "repo_patches_applied": len(nodes),
        "repo_patches_lenient": sum(1 for k in kinds if any(x != "exact" for x in k)),
    }


def extension(ws: Workspace) -> RecordExtension:
    return RecordExtension(OWNER, summary=SUMMARY, summary_values=lambda state: summary_values(state, ws))
