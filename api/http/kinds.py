"""Game data by name: the game kinds with their expansions and options (`GET /kinds`), and
each ruleset's catalog (`GET /kinds/{kind}/catalog`) in the reader's language.

Everything comes from the registry (`domain.kernel.describe`, `Game.catalog`) and the game
packages' translations (`domain.kernel.localisation`): no game is named here.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, get
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath, QueryParameter

from api.http.errors import PROBLEM_JSON, ErrorBody
from api.service.refusals import RuleRefused
from domain.kernel import DomainError, get_game, kinds
from domain.kernel.describe import (
    ExpansionDescription,
    OptionDescription,
    description,
    rulesets,
)
from domain.kernel.describe import (
    expansions as kind_expansions,
)
from domain.kernel.localisation import DEFAULT_LANGUAGE, LANGUAGES, localise, negotiate

CLOCK_DESCRIPTION = OptionDescription(
    "clock", "object",
    "Time control per seat, every kind (a service option): {\"bank_seconds\": 300, "
    "\"increment_seconds\": 10, \"on_timeout\": \"bot\" | \"forfeit\", \"bot\": "
    "\"greedy\", \"timeouts_to_bot\": 3}; only bank_seconds is required. A seat's clock "
    "runs while it must act; when it runs out its bot plays the move (or the seat "
    "forfeits), and after timeouts_to_bot timeouts in a row the bot plays the seat to the "
    "end. Absent: no clocks.",
)


class KindOut(msgspec.Struct):
    kind: str
    title: str
    min_seats: int
    max_seats: int
    expansions: list[ExpansionDescription]
    options: list[OptionDescription]
    rulesets: list[list[str]]
    """Every combination of expansions the rules accept (each a valid `expansions`)."""


class KindsOut(msgspec.Struct):
    kinds: list[KindOut]
    languages: list[str]
    """Languages `GET /kinds/{kind}/catalog` is offered in."""


class CatalogOut(msgspec.Struct):
    kind: str
    expansions: list[str]
    lang: str
    """The language of the names (`?lang=` first, then `Accept-Language`; English else)."""
    fallback_lang: str
    """The language a missing translation falls back to."""
    untranslated: list[str]
    """`section/key` of every name given in `fallback_lang` for want of a translation."""
    untranslated_effects: list[str]
    """`section/key` of every `effect` text given (wholly or partly) in `fallback_lang` for
    want of the words in `lang`."""
    labels: dict[str, dict[str, str]]
    """Plain vocabularies (resources, colours, ...) and the game's terms, key to name."""
    catalog: dict[str, Any]
    """The ruleset's cards, wonders, tokens, ... by the ids views and commands use; every
    named entry has `name` (in `lang`), `name_en` and `name_lang`; every card, wonder (and
    each of its stages), token, leader, god, decree, conspiracy and senator has `effect`,
    what it does in words in `lang`, generated from its data, and `effect_lang` (an entry's
    own structured effect, where it had one, stays as `effect_data`)."""


def kind_out(kind: str) -> KindOut:
    described = description(kind)
    low, high = get_game(kind).seat_range()
    return KindOut(
        kind, described.title, low, high, list(kind_expansions(kind)),
        [*described.options, CLOCK_DESCRIPTION], [list(r.expansions) for r in rulesets(kind)],
    )


class KindsController(Controller):
    path = "/kinds"
    tags = ["kinds"]  # noqa: RUF012

    @get("/", operation_id="listKinds")
    async def list_kinds(self) -> KindsOut:
        """The game kinds, their expansions, options and seat counts."""
        return KindsOut([kind_out(k) for k in kinds()], list(LANGUAGES))

    @get("/{kind:str}/catalog", operation_id="getCatalog",
         responses={
             422: ResponseSpec(ErrorBody, False, "No such game kind (`unknown_game_kind`), "
                               "or expansions the kind does not have or the rules do not "
                               "combine.", PROBLEM_JSON),
         })
    async def get_catalog(
        self,
        request: Request[Any, Any, Any],
        kind: FromPath[str],
        expansions: Annotated[list[str] | None, QueryParameter(
            description="The ruleset's expansions (repeat the parameter or separate by commas)",
        )] = None,
        lang: Annotated[str | None, QueryParameter(
            max_length=35, description="en, fr or de; overrides Accept-Language")] = None,
    ) -> Response[CatalogOut]:
        """The ruleset's game data by id, with names and effect texts in the reader's
        language."""
        if kind not in kinds():
            raise RuleRefused("unknown_game_kind", f"no game kind {kind!r}; see GET /kinds",
                              {"kinds": list(kinds())})
        named = tuple(e for part in expansions or [] for e in part.split(",") if e)
        try:
            game = get_game(kind, named)
        except DomainError as exc:
            raise RuleRefused(exc.code, exc.reason) from None
        chosen = negotiate(lang, request.headers.get("accept-language"))
        localised = localise(kind, game.catalog(), chosen)
        body = CatalogOut(kind, list(named), chosen, DEFAULT_LANGUAGE,
                          localised.untranslated, localised.untranslated_effects,
                          localised.labels, localised.catalog)
        return Response(body, headers={"Content-Language": chosen, "Vary": "Accept-Language"})
