"""Document approval workflow driven by a StateMachine."""

from __future__ import annotations

from fsm import StateMachine, TransitionError

STATES = ["draft", "review", "approved", "rejected", "published", "archived"]


class Document:
    """A document that needs several distinct approvers before it may be published."""

    def __init__(self, doc_id: str, author: str, required_approvals: int = 2) -> None:
        self.doc_id = doc_id
        self.author = author
        self.required_approvals = required_approvals
        self._approvers: set[str] = set()
        self._ever_approved: set[str] = set()
        self.rejections: list[tuple[str, str]] = []
        m = StateMachine(STATES, "draft", final_states=("archived",))
        m.add_transition("submit", "draft", "review")
        m.add_transition("approve", "review", "approved", guard=lambda n: n >= self.required_approvals)
        m.add_transition("reject", "review", "rejected")
        m.add_transition("revise", "rejected", "draft")
        m.add_transition("publish", "approved", "published")
        m.add_transition("archive", "published", "archived")
        self._machine = m

    @property
    def state(self) -> str:
        return self._machine.state

    @property
    def approvals(self) -> list[str]:
        return sorted(self._approvers)

    def _need_state(self, state: str) -> None:
        if self.state != state:
            raise TransitionError(f"{self.doc_id} is {self.state}, not {state}")

    def submit(self, user: str) -> None:
        self._need_state("draft")
        if user != self.author:
            raise PermissionError("only the author may submit")
        self._machine.fire("submit")

    def approve(self, user: str) -> str:
        self._need_state("review")
        if user == self.author:
            raise PermissionError("authors cannot approve their own document")
        if user in self._approvers:
            raise ValueError(f"{user} already approved")
        self._approvers.add(user)
        if self._machine.can_fire("approve", len(self._approvers)):
            self._machine.fire("approve", len(self._approvers))
            self._ever_approved = set(self._approvers)
        return self.state

    def reject(self, user: str, reason: str) -> None:
        self._need_state("review")
        if user == self.author:
            raise PermissionError("authors cannot reject their own document")
        if not reason.strip():
            raise ValueError("a rejection needs a reason")
        self._machine.fire("reject")
        self.rejections.append((user, reason))
        self._approvers.clear()

    def revise(self, user: str) -> None:
        self._need_state("rejected")
        if user != self.author:
            raise PermissionError("only the author may revise")
        self._machine.fire("revise")

    def publish(self, user: str) -> None:
        self._need_state("approved")
        if user not in self._ever_approved:
            raise PermissionError("only an approver may publish")
        self._machine.fire("publish")

    def archive(self) -> None:
        self._machine.fire("archive")

    def log(self) -> list[tuple[str, str, str]]:
        return list(self._machine.history)
