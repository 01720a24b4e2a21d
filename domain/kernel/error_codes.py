"""The codes a game's rules refuse with, and what each means: one catalogue for clients.

`DomainError.code` is what a client switches on; the API documents every code. Codes every
game raises through the kernel's protocol are listed here; each game and expansion package
registers the codes of its own rules by a loader, read only when the catalogue is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from domain.kernel.loading import load_packages

COMMON_RULE_CODES: dict[str, str] = {
    "game_over": "The game has ended: no command is accepted any more.",
    "not_your_turn": "The command's seat may not act now.",
    "wrong_action": "The seat may act, but not with this kind of command in this phase.",
    "unknown_command": "The command is not one of this ruleset's commands.",
    "unknown_game_kind": "No game kind of that name is registered (see GET /kinds).",
    "unknown_expansion": "The game kind has no expansion of that name (see GET /kinds).",
    "duplicate_expansion": "An expansion is named more than once.",
    "unknown_option": "The game takes no option of that name (see GET /kinds).",
    "invalid_option": "An option has a value the game does not accept.",
    "invalid_seat_count": "The game is not played with that many seats.",
    "invalid_deal": "The explicit deal does not match the game's deal format or its contents.",
    "invalid_seat": "The command names a seat the game does not have.",
    "seat_left": "The seat has left the game (resigned, or forfeited on its clock) and the "
                 "game goes on with its bot playing it: its token may send no command.",
}

CodeLoader = Callable[[], Mapping[str, str]]
_LOADERS: dict[str, CodeLoader] = {}


def register_rule_codes(owner: str, loader: CodeLoader) -> None:
    """Register the rule codes of `owner` (a game kind or an expansion, e.g. ``duel+agora``)."""
    _LOADERS[owner] = loader


def unregister_rule_codes(owner: str) -> None:
    _LOADERS.pop(owner, None)


def rule_codes() -> dict[str, tuple[str, tuple[str, ...]]]:
    """Every rule code: (meaning, the owners that raise it; empty for the common ones)."""
    load_packages()  # the game and expansion packages register their loaders
    found: dict[str, tuple[str, tuple[str, ...]]] = {
        code: (meaning, ()) for code, meaning in COMMON_RULE_CODES.items()
    }
    for owner in sorted(_LOADERS):
        for code, meaning in _LOADERS[owner]().items():
            if code in COMMON_RULE_CODES:
                continue
            known = found.get(code)
            owners = (*known[1], owner) if known else (owner,)
            found[code] = (known[0] if known else meaning, owners)
    return dict(sorted(found.items()))
