"""Welcome and receipt e-mails (queued, not sent)."""

from __future__ import annotations

from .events import Event
from .handlers import Handler


class MailHandler(Handler):
    def __init__(self) -> None:
        self.queue: list[tuple[str, str]] = []

    def handle(self, event: Event) -> str:
        to = event.payload.get("email", "")
        subject = "Welcome!" if event.name == "user.created" else "Your receipt"
        self.queue.append((to, subject))
        return f"mail to {to}: {subject}"


MailHandler.listens_to("user.created", "order.paid")
