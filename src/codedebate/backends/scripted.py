"""Test-only backend: replays canned replies; never a fallback for a real model.

A script is a list of replies (served in order), a callable ``(ChatRequest) -> reply``, or a
mapping (also the JSON file of ``scripted:path.json``)::

    {"rules": [{"when": {"phase": "propose", "agent": "agent_1"}, "reply": "..."},
               {"when": {"phase": "vote", "round": 2}, "replies": ["VOTE: ...", "..."]}],
     "fallback": ["...", "..."]}

A rule matches when every ``when`` key equals the request's meta (``round`` also matches meta
``round_num``, ``agent`` also ``agent_id``). ``reply`` is served every time; ``replies`` one per
call until used up. A reply is a string or ``{"text": ..., "finish_reason": "length"}`` or
``{"error": "..."}`` (raises BackendError). No match and no fallback left raises BackendError:
the backend never invents an answer. Every request is kept in ``requests``. Token counts are
whitespace-separated words.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Union

from codedebate.backends.base import Backend, BackendError, ChatRequest, ChatResponse

Reply = Union[str, Mapping[str, Any]]
_ALIASES = {"round": ("round", "round_num"), "round_num": ("round_num", "round"),
            "agent": ("agent", "agent_id"), "agent_id": ("agent_id", "agent")}


class _Rule:
    def __init__(self, when: Mapping[str, Any], replies: list[Reply], repeat: bool) -> None:
        self.when, self.replies, self.repeat = dict(when), replies, repeat

    def matches(self, meta: Mapping[str, Any]) -> bool:
        for key, want in self.when.items():
            names = _ALIASES.get(key, (key,))
            if not any(n in meta and meta[n] == want for n in names):
                return False
        return True


class ScriptedBackend(Backend):
    """Replays a script of replies keyed by request meta (role, phase, round, agent)."""

    def __init__(self, script: Sequence[Reply] | Mapping[str, Any] | Callable[[ChatRequest], Reply],
                 name: str = "scripted", source: str = "<script>") -> None:
        self.name = name
        self.source = source
        self.requests: list[ChatRequest] = []
        self._func: Callable[[ChatRequest], Reply] | None = None
        self._rules: list[_Rule] = []
        self._fallback: list[Reply] = []
        if callable(script):
            self._func = script
        elif isinstance(script, Mapping):
            unknown = set(script) - {"rules", "fallback"}
            if unknown:
                raise BackendError(f"{source}: unknown script keys {sorted(unknown)}; use rules, fallback")
            for i, rule in enumerate(script.get("rules", [])):
                self._rules.append(self._parse_rule(rule, f"{source}: rules[{i}]"))
            self._fallback = list(self._check_list(script.get("fallback", []), f"{source}: fallback"))
        elif isinstance(script, Sequence) and not isinstance(script, str):
            self._fallback = list(self._check_list(script, source))
        else:
            raise BackendError(f"{source}: a script is a list, a mapping or a callable, not {type(script).__name__}")

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "backend": "scripted", "source": self.source}

    @classmethod
    def from_file(cls, path: str | Path) -> ScriptedBackend:
        """Load a JSON script file."""
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise BackendError(f"scripted backend: cannot read {path}: {exc}") from None
        except ValueError as exc:
            raise BackendError(f"scripted backend: {path} is not valid JSON: {exc}") from None
        return cls(data, name=f"scripted:{path}", source=str(path))

    @staticmethod
    def _check_list(items: Any, where: str) -> list[Reply]:
        if not isinstance(items, list):
            raise BackendError(f"{where}: expected a list of replies")
        for i, item in enumerate(items):
            if not isinstance(item, (str, Mapping)):
                raise BackendError(f"{where}[{i}]: a reply is a string or an object")
        return items

    def _parse_rule(self, rule: Any, where: str) -> _Rule:
        if not isinstance(rule, Mapping) or not isinstance(rule.get("when", {}), Mapping):
            raise BackendError(f"{where}: a rule is an object with a 'when' object")
        if ("reply" in rule) == ("replies" in rule):
            raise BackendError(f"{where}: give exactly one of 'reply' or 'replies'")
        if "reply" in rule:
            return _Rule(rule.get("when", {}), self._check_list([rule["reply"]], where), repeat=True)
        return _Rule(rule.get("when", {}), list(self._check_list(rule["replies"], where)), repeat=False)

    def _next(self, request: ChatRequest) -> Reply:
        if self._func is not None:
            return self._func(request)
        for rule in self._rules:
            if rule.replies and rule.matches(request.meta):
                return rule.replies[0] if rule.repeat else rule.replies.pop(0)
        if self._fallback:
            return self._fallback.pop(0)
        raise BackendError(f"{self.name}: script {self.source} has no reply left for request "
                           f"#{len(self.requests)} with meta {dict(request.meta)}")

    async def chat(self, request: ChatRequest) -> ChatResponse:
        self.requests.append(request)
        reply = self._next(request)
        if isinstance(reply, str):
            reply = {"text": reply}
        if "error" in reply:
            raise BackendError(f"{self.name}: {reply['error']}")
        text = reply.get("text")
        if not isinstance(text, str):
            raise BackendError(f"{self.source}: a reply object needs a string 'text' (got {dict(reply)})")
        prompt_words = sum(len(m.content.split()) for m in request.messages)
        return ChatResponse(
            text=text, model=self.name, prompt_tokens=prompt_words,
            completion_tokens=len(text.split()), seconds=0.0,
            finish_reason=reply.get("finish_reason", "stop"),
        )


def create(model: str) -> ScriptedBackend:
    """``scripted:<path.json>``."""
    return ScriptedBackend.from_file(model)
