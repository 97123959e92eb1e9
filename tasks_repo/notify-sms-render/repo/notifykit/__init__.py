"""notifykit: send one message through e-mail, SMS or push, with priorities and rate limits."""

from .message import Message
from .router import Router

__all__ = ["Message", "Router"]
