"""cadence: recurring calendar events: rules, their dates, an agenda and iCalendar export."""

from .agenda import Agenda
from .event import Event
from .parse import parse_rule
from .rule import Rule

__all__ = ["Agenda", "Event", "Rule", "parse_rule"]
