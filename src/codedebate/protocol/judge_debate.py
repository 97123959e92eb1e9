"""Debates of LLM judges on pairwise tasks: n judges answer independently (round 1, the
paper's "round 0"); each later round every judge sees all judges' earlier verdicts and reasons
and answers again. A task stops when all judges agree; the final verdict is the majority of the
last round. Baselines from the same calls: SoM (majority of round 1) and a single judge
(judge 1's round-1 verdict), both in the summary.

Options (``protocol_options``): ``judges`` (default 7), ``temperature`` (1.0), ``reason_chars``
(each earlier reason shown up to this many characters, 800).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass

from codedebate.backends.base import Message
from codedebate.tasks import kind_of

from .context import RunContext
from .extensions import RecordExtension
from .options import check_range, parse_options
from .registry import BackendFor, Protocol, agent_id, register_protocol
from .settings import DebateSettings, SettingsError
from .state import Agent, DebateState, Solution
from .stop_rules import CONSENSUS, MaxRounds

JUDGE_SYSTEM = ("You are a careful, impartial judge. You compare two candidate outputs for an instruction "
                "and decide which one is better. Reason briefly, then give your verdict.")
VERDICT_FORMAT = "End your answer with exactly one line: 'Output (1)' or 'Output (2)'."
VERDICT, REASON = "verdict", "reason"


@dataclass(frozen=True)
class JudgeOptions:
    """The judge debate's own options."""

    judges: int = 7
    temperature: float = 1.0
    reason_chars: int = 800

    def check(self, source: str) -> "JudgeOptions":
        check_range(source, "judges", self.judges, 1, 50)
        check_range(source, "temperature", self.temperature, 0.0, 2.0)
        check_range(source, "reason_chars", self.reason_chars, 0)
        return self


def judge_options(settings: DebateSettings, source: str = "settings") -> JudgeOptions:
    return parse_options(JudgeOptions, settings, source).check(source)


def verdict_of(sol: Solution) -> int:
    """The preference (1, 2, or 0 for none) a judge's solution holds."""
    return int(sol.files.get(VERDICT, "0"))


def majority(verdicts: list[int], tie_break: int = 0) -> int:
    """The more frequent of 1 and 2; a tie (or no verdict) gives ``tie_break``."""
    counts = Counter(v for v in verdicts if v in (1, 2))
    if counts[1] == counts[2]:
        return tie_break
    return 1 if counts[1] > counts[2] else 2


def round_verdicts(state: DebateState, round_index: int) -> list[int]:
    """Each judge's verdict in one round (index into state.rounds), in judge order."""
    sols = state.rounds[round_index].solutions
    return [verdict_of(sols[a.id]) for a in state.agents if a.id in sols]


def som_verdict(state: DebateState) -> int:
    """Society of minds: majority of the independent round; a tie goes to judge 1."""
    first = round_verdicts(state, 0)
    return majority(first, tie_break=first[0] if first else 0)


def history_text(state: DebateState, reason_chars: int) -> str:
    """Every earlier round: each judge's verdict and (shortened) reason."""
    blocks = []
    for rnd in state.rounds[:-1]:
        lines = [f"## Round {rnd.number}"]
        for agent in state.agents:
            sol = rnd.solutions.get(agent.id)
            if sol is None:
                continue
            v = verdict_of(sol)
            reason = sol.files.get(REASON, "").strip()
            if len(reason) > reason_chars:
                reason = reason[:reason_chars].rstrip() + " [...]"
            lines.append(f"Judge {agent.number}: {'Output (%d)' % v if v else 'no verdict'}\nReason: {reason}")
        blocks.append("\n\n".join(lines))
    return "\n\n".join(blocks)


def judge_messages(state: DebateState, agent: Agent, reason_chars: int) -> list[Message]:
    """Round 1: the task alone. Later rounds: the task plus all judges' earlier verdicts and reasons."""
    task_text = kind_of(state.task).render(state.task)
    if len(state.rounds) == 1:
        user = task_text
    else:
        user = (f"{task_text}\n\n# Earlier verdicts of all judges (you are Judge {agent.number})\n\n"
                f"{history_text(state, reason_chars)}\n\nConsider the other judges' reasons, then give your "
                f"own verdict. {VERDICT_FORMAT}")
    return [Message("system", JUDGE_SYSTEM), Message("user", user)]


@dataclass(frozen=True)
class JudgePhase:
    """Every judge answers once, concurrently; its verdict is scored against the gold preference."""

    options: JudgeOptions
    name: str = "judge"

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        round_no = state.current.number
        kind = kind_of(state.task)
        if kind.name != "pairwise_judge":
            raise SettingsError(state.task.source_path or state.task.id, "kind",
                                f"judge_debate judges pairwise_judge tasks, not {kind.name} tasks")

        async def one(agent: Agent) -> Solution:
            messages = judge_messages(state, agent, self.options.reason_chars)
            reply = await ctx.chat(state, agent, self.name, round_no, messages, self.options.temperature)
            verdict = int(kind.extract(state.task, reply.text))
            result = await ctx.test(state.task, verdict)  # type: ignore[arg-type]  # kinds take any answer
            return Solution(agent.id, round_no, {VERDICT: str(verdict), REASON: reply.text}, result,
                            hit_token_limit=reply.finish_reason == "length",
                            temperature=self.options.temperature, generation_time=reply.seconds,
                            prompt_tokens=reply.prompt_tokens, completion_tokens=reply.completion_tokens)

        for sol in await asyncio.gather(*(one(a) for a in state.agents)):
            state.add_solution(sol)


@dataclass(frozen=True)
class AllAgree:
    """Stop a task when every judge gave the same verdict this round."""

    def __call__(self, state: DebateState) -> str:
        verdicts = [verdict_of(s) for s in state.current.solutions.values()]
        return CONSENSUS if verdicts and verdicts[0] in (1, 2) and len(set(verdicts)) == 1 else ""


def select_majority(state: DebateState) -> Solution:
    """The last round's majority verdict (a tie goes to the SoM verdict), as the solution of the
    first judge who gave it (judge 1's when no judge gave a verdict)."""
    last = state.current
    want = majority(round_verdicts(state, -1), tie_break=som_verdict(state))
    ordered = [last.solutions[a.id] for a in state.agents if a.id in last.solutions]
    return next((s for s in ordered if verdict_of(s) == want), ordered[0])


def cast_judges(settings: DebateSettings, backend_for: BackendFor) -> tuple[list[Agent], Agent | None]:
    """``judges`` judges; models cycle over ``settings.agents``."""
    if settings.judge:
        raise SettingsError("settings", "judge", "judge_debate has no separate judge; set judge to null "
                                                 "and list the judges' models under agents")
    n = judge_options(settings).judges
    models = [settings.agents[i % len(settings.agents)] for i in range(n)]
    return [Agent(agent_id(f"judge_{i}", m), i, m, "judge", backend_for(m)) for i, m in enumerate(models, 1)], None


def _agreement(verdicts: list[int]) -> float:
    if not verdicts:
        return float("nan")
    return max(Counter(verdicts).values()) / len(verdicts)


def _summary(state: DebateState) -> dict[str, object]:
    gold = getattr(state.task, "label", None)
    first = round_verdicts(state, 0)
    final = verdict_of(state.final) if state.final else 0
    som = som_verdict(state)
    return {"judge_verdict": final, "judge_gold": gold, "judge_som_verdict": som,
            "judge_som_correct": som == gold, "judge_single_correct": bool(first) and first[0] == gold,
            "judge_first_agreement": _agreement(first), "judge_final_agreement": _agreement(round_verdicts(state, -1))}


JUDGE_COLUMNS = RecordExtension(
    owner="judge_debate",
    summary=(
        ("judge_verdict", "Int64", "judge_debate: final verdict (majority of the last round; 0 = none)"),
        ("judge_gold", "Int64", "judge_debate: gold preference of the pair (1 or 2)"),
        ("judge_som_verdict", "Int64", "judge_debate: majority of the independent round 1 (SoM baseline)"),
        ("judge_som_correct", "boolean", "judge_debate: SoM baseline verdict equals gold"),
        ("judge_single_correct", "boolean", "judge_debate: judge 1's round-1 verdict equals gold (single-judge baseline)"),
        ("judge_first_agreement", "Float64", "judge_debate: share of judges with the modal verdict in round 1"),
        ("judge_final_agreement", "Float64", "judge_debate: share of judges with the modal verdict in the last round"),
    ),
    per_round=(("judge_verdict", "Int64", "judge_debate: this judge's verdict in this round (0 = none)"),),
    summary_values=_summary,
    per_round_values=lambda state, sol: {"judge_verdict": verdict_of(sol)},
)


@register_protocol("judge_debate")
def judge_debate_protocol(settings: DebateSettings) -> Protocol:
    options = judge_options(settings)
    phase = JudgePhase(options)
    return Protocol(
        name="judge_debate",
        mode="judge_debate",
        opening=(phase,),
        later=(phase,),
        stop_rules=(AllAgree(), MaxRounds(settings.max_rounds)),
        cast=cast_judges,
        select_final=select_majority,
        extensions=(JUDGE_COLUMNS,),
    )
