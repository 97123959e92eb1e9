"""The swe_debate phases after localisation: argue (each round), then in the last round vote on a
chain, write the fix plan, and search for a patch scored by tests."""

from __future__ import annotations

import asyncio
import re
from collections import Counter

from codedebate.backends.base import Message
from codedebate.repo.plan import FixPlan, Modification, PlanError, parse_plan
from codedebate.repo.search import PatchSearch, SearchNode

from ..context import RunContext
from ..phases import ANALYSIS_TEMPERATURE
from ..state import Agent, DebateState
from .localise import describe_chains, describe_failures, node_source, repository_task
from .options import SweDebateOptions
from .patching import applier, ask_patch, failures_of, file_block, patch_messages, record_search, scorer
from .prompts import DISCRIMINATOR, FORMAT_ARGUMENT, PERSPECTIVE_PROMPTS, cut, plan_format
from .workspace import Argument, Workspace

CHAIN_LINE = re.compile(r"CHAIN\s*[:#]?\s*\**\s*(\d+)", re.I)
PLAN_TEMPERATURE = 0.2


def perspective_of(agent: Agent, opts: SweDebateOptions) -> str:
    names = opts.perspective_list
    return names[(agent.number - 1) % len(names)]


def parse_chain(reply: str, n_chains: int) -> int | None:
    """The 0-based chain a reply argues for (its first ``CHAIN: n`` line), None if absent or out of range."""
    match = CHAIN_LINE.search(reply)
    if not match:
        return None
    number = int(match.group(1))
    return number - 1 if 1 <= number <= n_chains else None


class ArguePhase:
    """Each agent argues for one chain from its perspective; later rounds see the others' arguments."""

    name = "argue"

    def __init__(self, ws: Workspace, opts: SweDebateOptions) -> None:
        self.ws, self.opts = ws, opts

    def _messages(self, state: DebateState, agent: Agent) -> list[Message]:
        task, ws, opts = state.task, self.ws, self.opts
        files = task.source_files()
        parts = [f"# Issue\n{task.issue.strip()}", f"# Failing tests\n{describe_failures(ws)}",
                 f"# Fault chains (hypotheses)\n{describe_chains(ws, files, ws.chains, opts.source_chars)}"]
        previous = [a for a in ws.arguments if a.round == state.current.number - 1]
        if previous:
            lines = [f"- {'You' if a.agent_id == agent.id else a.perspective + ' agent'} "
                     f"(chain {a.chain + 1 if a.chain is not None else '?'}): {cut(a.text, opts.argument_chars)}"
                     for a in previous]
            parts.append("# Arguments of the last round\n" + "\n".join(lines))
        parts.append(FORMAT_ARGUMENT)
        system = PERSPECTIVE_PROMPTS[perspective_of(agent, opts)]
        return [Message("system", system), Message("user", "\n\n".join(parts))]

    async def _one(self, state: DebateState, ctx: RunContext, agent: Agent) -> Argument:
        reply = await ctx.chat(state, agent, self.name, state.current.number, self._messages(state, agent),
                               ANALYSIS_TEMPERATURE)
        return Argument(agent.id, perspective_of(agent, self.opts), state.current.number,
                        parse_chain(reply.text, len(self.ws.chains)), reply.text.strip())

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        with self.ws.stage("argue"):
            if not self.ws.chains:
                return
            args = await asyncio.gather(*(self._one(state, ctx, a) for a in state.agents))
            self.ws.arguments.extend(args)


def last_round(state: DebateState) -> bool:
    return state.current.number >= state.settings.max_rounds


class ChainVotePhase:
    """Last round: each agent's latest argument is its vote; plurality wins, ties go to the better-ranked chain."""

    name = "chain_vote"

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        ws = self.ws
        if not last_round(state) or not ws.chains:
            return
        for arg in ws.arguments:  # later rounds override earlier ones
            if arg.chain is not None:
                ws.votes[arg.agent_id] = arg.chain
        counts = Counter(ws.votes.values())
        ws.chosen = min(counts, key=lambda c: (-counts[c], c)) if counts else 0


def fallback_plan(ws: Workspace) -> FixPlan:
    """Used only when the discriminator's plan stays invalid (recorded as repo_plan_valid = false)."""
    node = ws.graph.nodes[ws.chains[ws.chosen or 0].root]
    mod = Modification(node.file, node.qualname, "fix the behaviour the issue describes", "root of the chosen chain")
    return FixPlan("fix the root of the chosen chain", (mod,), (0,), ())


class PlanPhase:
    """Last round: the discriminator turns the chosen chain and its arguments into a validated fix plan."""

    name = "plan"

    def __init__(self, ws: Workspace, opts: SweDebateOptions) -> None:
        self.ws, self.opts = ws, opts

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        ws, opts = self.ws, self.opts
        if not last_round(state) or not ws.chains:
            return
        task = repository_task(state)
        files = task.source_files()
        with ws.stage("plan"):
            chain = ws.chains[ws.chosen or 0]
            support = [a for a in ws.arguments if a.chain == ws.chosen][-len(state.agents):]
            user = (f"# Issue\n{task.issue.strip()}\n\n# Failing tests\n{describe_failures(ws)}\n\n"
                    f"# Chosen chain\n{chain.describe(ws.graph)}\n```python\n"
                    f"{node_source(ws, files, chain.root, opts.source_chars)}\n```\n\n# Arguments for it\n"
                    + "\n".join(f"- {a.perspective}: {cut(a.text, opts.argument_chars)}" for a in support)
                    + "\n\n" + plan_format(ws.graph.nodes[chain.root].file, ws.graph.nodes[chain.root].qualname))
            messages = [Message("system", DISCRIMINATOR), Message("user", user)]
            judge = state.judge or state.agents[0]
            for attempt in range(opts.plan_retries + 1):
                reply = await ctx.chat(state, judge, self.name, state.current.number, messages, PLAN_TEMPERATURE,
                                       part=attempt)
                try:
                    ws.plan = parse_plan(reply.text, set(files))
                    ws.plan_valid = True
                    return
                except PlanError as exc:
                    ws.plan_errors.append("; ".join(exc.errors))
                    messages = messages + [Message("assistant", reply.text), Message(
                        "user", "That plan is invalid: " + "; ".join(exc.errors) + ". " + plan_format(
                            ws.graph.nodes[chain.root].file, ws.graph.nodes[chain.root].qualname))]
            ws.plan = fallback_plan(ws)


class SearchPhase:
    """Last round: beam search or MCTS over patches that follow the plan, scored by tests."""

    name = "search"

    def __init__(self, ws: Workspace, opts: SweDebateOptions) -> None:
        self.ws, self.opts = ws, opts

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        ws, opts = self.ws, self.opts
        if not last_round(state):
            return
        task = repository_task(state)
        source = task.source_files()
        plan = ws.plan
        count = {"n": 0}

        async def propose(node: SearchNode, k: int) -> tuple[str, dict]:
            count["n"] += 1
            agent = state.agents[(count["n"] - 1) % len(state.agents)]
            files = {**source, **node.changes}
            targets = dict.fromkeys(m.file for m in plan.ordered()) if plan else {}
            code = "\n\n".join(file_block(f, files[f]) for f in targets if f in files)
            guidance = f"# Fix plan\n{plan.to_json()}" if plan else "# Fix plan\n(none)"
            if node.changes:
                guidance += "\n\nEarlier edits are already applied to the code below."
            temperature = min(state.settings.max_temperature, state.settings.proposal_temperature + 0.1 * k)
            return await ask_patch(ctx, state, agent, self.name,
                                   patch_messages(task, guidance, cut(code, 6000),
                                                  failures_of(task, node.evaluation.result if node.evaluation else None),
                                                  next(iter(targets), next(iter(source)))),
                                   temperature, count["n"])

        with ws.stage("search"):
            search = PatchSearch(propose, applier(task), scorer(task, ctx, ws), strategy=opts.search,
                                 budget=opts.budget, expand=opts.expand, beam_width=opts.beam_width,
                                 max_depth=opts.search_depth, exploration=opts.exploration)
            result = await search.run(ws.baseline_eval)
        record_search(state, ws, result, {a.id: a for a in state.agents})
