"""Baselines for the repository study: agentless (localise from the traceback, sample patches,
select by tests; at equal tokens via ``token_budget``) and repo_solo (one patch, no selection)."""

from __future__ import annotations

from codedebate.repo.search import SearchNode, SearchResult

from ..context import RunContext
from ..options import parse_options
from ..registry import Protocol, register_protocol
from ..settings import DebateSettings
from ..solo import cast_solo
from ..state import DebateState
from ..stop_rules import SOLO, MaxRounds
from .localise import LocalisePhase, describe_chains, describe_failures, repository_task
from .options import AgentlessOptions
from .patching import applier, ask_patch, file_block, patch_messages, record_search, scorer
from .prompts import cut
from .protocol import final_patch
from .records import extension
from .workspace import Workspace


class SamplePatchesPhase:
    """One agent writes patches for the top chains' files; each is scored; the best by reward wins."""

    name = "patch"

    def __init__(self, ws: Workspace, opts: AgentlessOptions, samples: int) -> None:
        self.ws, self.opts, self.samples = ws, opts, samples

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        ws, opts = self.ws, self.opts
        task = repository_task(state)
        agent = state.agents[0]
        files = task.source_files()
        targets = dict.fromkeys(ws.graph.nodes[c.root].file for c in ws.chains)
        code = "\n\n".join(file_block(f, files[f]) for f in targets)
        guidance = "# Likely locations (from the traceback and the issue)\n" + describe_chains(
            ws, files, ws.chains, opts.source_chars)
        example = next(iter(targets), next(iter(files)))
        messages = patch_messages(task, guidance, cut(code, 6000), describe_failures(ws), example)
        apply, evaluate = applier(task), scorer(task, ctx, ws)
        root = SearchNode(changes={}, depth=0, evaluation=ws.baseline_eval)
        nodes: list[SearchNode] = []
        spent = 0
        with ws.stage("patch"):
            while len(nodes) < (opts.max_samples if opts.token_budget else self.samples):
                if opts.token_budget and spent >= opts.token_budget:
                    break
                k = len(nodes)
                temperature = state.settings.proposal_temperature if k == 0 else min(
                    state.settings.max_temperature, state.settings.proposal_temperature + 0.1 * (k % 3))
                reply, meta = await ask_patch(ctx, state, agent, self.name, messages, temperature, k)
                spent += meta["prompt_tokens"] + meta["completion_tokens"]
                node = SearchNode(changes={}, depth=1, reply=reply, parent=root, iteration=k + 1, meta=meta)
                try:
                    node.changes = apply({}, reply)
                    node.meta["edit_matches"] = tuple(getattr(node.changes, "matches", ()))
                except ValueError as exc:
                    node.reason = str(exc)
                else:
                    if node.changes:
                        node.evaluation = await evaluate(node.changes)
                    else:
                        node.reason = "the patch changes nothing"
                nodes.append(node)
                if node.applies and node.reward >= 1.0:
                    break
        applied = [n for n in nodes if n.applies]
        best = max(applied, key=lambda n: (n.reward, -n.iteration), default=root)
        record_search(state, ws, SearchResult(best, nodes, len(nodes), "sample"), {agent.id: agent})


def _baseline(name: str, settings: DebateSettings, samples: int | None) -> Protocol:
    opts = parse_options(AgentlessOptions, settings)
    ws = Workspace()
    return Protocol(
        name=name, mode="solo",
        opening=(LocalisePhase(ws, opts.top_k, opts.max_depth, opts.max_branches, opts.whole_walks),
                 SamplePatchesPhase(ws, opts, samples or opts.samples)),
        later=(), stop_rules=(MaxRounds(1, reason=SOLO),), cast=cast_solo,
        select_final=final_patch(ws), extensions=(extension(ws),))


@register_protocol("agentless")
def agentless_protocol(settings: DebateSettings) -> Protocol:
    return _baseline("agentless", settings, None)


@register_protocol("repo_solo")
def repo_solo_protocol(settings: DebateSettings) -> Protocol:
    """One patch from one call (token_budget and samples are ignored)."""
    opts = parse_options(AgentlessOptions, settings)
    if opts.token_budget:
        from ..settings import SettingsError
        raise SettingsError("settings", "protocol_options.token_budget", "repo_solo writes one patch; use agentless")
    return _baseline("repo_solo", settings, 1)
