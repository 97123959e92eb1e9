"""Answer 'may this user do this?' from role grants and explicit denies."""

from __future__ import annotations

from rbac_model import RoleRegistry, matches, parse_permission


class AccessChecker:
    """Users' granted roles and deny patterns over a RoleRegistry."""

    def __init__(self, registry: RoleRegistry) -> None:
        self.registry = registry
        self._roles: dict[str, set[str]] = {}
        self._denies: dict[str, set[str]] = {}

    def grant(self, user: str, role: str) -> None:
        if not self.registry.has_role(role):
            raise KeyError(role)
        self._roles.setdefault(user, set()).add(role)

    def revoke(self, user: str, role: str) -> None:
        self._roles.get(user, set()).discard(role)

    def deny(self, user: str, pattern: str) -> None:
        parse_permission(pattern, pattern=True)
        self._denies.setdefault(user, set()).add(pattern)

    def explain(self, user: str, permission: str) -> tuple:
        parse_permission(permission)
        for pattern in sorted(self._denies.get(user, ())):
            if matches(pattern, permission):
                return ("deny", pattern)
        for role in sorted(self._roles.get(user, ())):
            for pattern in sorted(self.registry.effective_permissions(role)):
                if matches(pattern, permission):
                    return ("allow", role, pattern)
        return ("none",)

    def is_allowed(self, user: str, permission: str) -> bool:
        return self.explain(user, permission)[0] == "allow"

    def users_with(self, permission: str) -> list[str]:
        users = set(self._roles) | set(self._denies)
        return sorted(u for u in users if self.is_allowed(u, permission))
