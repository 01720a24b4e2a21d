"""The one error the domain raises: a rule said no, with a code a client can switch on."""

from __future__ import annotations


class DomainError(Exception):
    """An illegal command or an invalid set-up.

    `code` is a stable machine-readable identifier (``snake_case``); `reason` is a sentence
    for a person. The API turns it into a 422 without a stack trace.
    """

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
