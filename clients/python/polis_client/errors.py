"""Errors the client raises: the service's problem details, and a broken version sequence."""

from __future__ import annotations

from polis_client.messages import Problem


class PolisError(Exception):
    """The service refused a request; `problem.code` says why (see `x-error-codes`)."""

    def __init__(self, status: int, problem: Problem) -> None:
        super().__init__(f"{status} {problem.code}: {problem.detail or problem.message}")
        self.status = status
        self.problem = problem

    @property
    def code(self) -> str:
        return self.problem.code


class VersionGap(Exception):
    """An update did not start where the previous message ended: the client missed versions."""
