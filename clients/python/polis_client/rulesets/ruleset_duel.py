"""Generated from openapi/openapi.json by clients/python/generate.py: do not edit."""

from __future__ import annotations

from typing import Any

import msgspec

RULESET = 'duel'


class ActionOwed(msgspec.Struct, kw_only=True, tag='ActionOwed', tag_field="type"):
    action: int
    arg: int
    position: int = -1
    seat: int


class AgeBegan(msgspec.Struct, kw_only=True, tag='AgeBegan', tag_field="type"):
    age: int
    cards: list[int]


class AgeEnded(msgspec.Struct, kw_only=True, tag='AgeEnded', tag_field="type"):
    age: int
    chooser: int


class BuildingConstructed(msgspec.Struct, kw_only=True, tag='BuildingConstructed', tag_field="type"):
    bought: list[int] = msgspec.field(default_factory=list)
    card: int
    chained: bool
    cost: int
    seat: int
    slot: int
    to_opponent: int


class CardDestroyed(msgspec.Struct, kw_only=True, tag='CardDestroyed', tag_field="type"):
    card: int
    owner: int
    seat: int


class CardDiscarded(msgspec.Struct, kw_only=True, tag='CardDiscarded', tag_field="type"):
    card: int
    coins: int
    seat: int
    slot: int


class CardRevealed(msgspec.Struct, kw_only=True, tag='CardRevealed', tag_field="type"):
    card: int
    slot: int


class ChooseProgressToken(msgspec.Struct, kw_only=True, tag='ChooseProgressToken', tag_field="type", forbid_unknown_fields=True):
    seat: int
    token: int


class ChooseStartPlayer(msgspec.Struct, kw_only=True, tag='ChooseStartPlayer', tag_field="type", forbid_unknown_fields=True):
    seat: int
    starts: int


class CoinsGained(msgspec.Struct, kw_only=True, tag='CoinsGained', tag_field="type"):
    amount: int
    reason: str
    seat: int


class CoinsLost(msgspec.Struct, kw_only=True, tag='CoinsLost', tag_field="type"):
    amount: int
    reason: str
    seat: int


class ConflictPawnMoved(msgspec.Struct, kw_only=True, tag='ConflictPawnMoved', tag_field="type"):
    position: int
    seat: int
    shields: int


class ConstructBuilding(msgspec.Struct, kw_only=True, tag='ConstructBuilding', tag_field="type", forbid_unknown_fields=True):
    buy: list[int] | None = None
    coins: int | None = None
    seat: int
    slot: int


class ConstructFromDiscard(msgspec.Struct, kw_only=True, tag='ConstructFromDiscard', tag_field="type", forbid_unknown_fields=True):
    card: int
    seat: int


class ConstructWonder(msgspec.Struct, kw_only=True, tag='ConstructWonder', tag_field="type", forbid_unknown_fields=True):
    buy: list[int] | None = None
    coins: int | None = None
    seat: int
    slot: int
    wonder: int


class DestroyCard(msgspec.Struct, kw_only=True, tag='DestroyCard', tag_field="type", forbid_unknown_fields=True):
    card: int
    seat: int


class DiscardCard(msgspec.Struct, kw_only=True, tag='DiscardCard', tag_field="type", forbid_unknown_fields=True):
    seat: int
    slot: int


class DiscardedCardConstructed(msgspec.Struct, kw_only=True, tag='DiscardedCardConstructed', tag_field="type"):
    card: int
    seat: int


class GameEnded(msgspec.Struct, kw_only=True, tag='GameEnded', tag_field="type"):
    scores: list[list[int]]
    victory: str
    winner: int | None


class GameStarted(msgspec.Struct, kw_only=True, tag='GameStarted', tag_field="type"):
    board_tokens: list[int]
    deal: Deal | None
    explicit_deal: bool
    first_player: int


class GreatLibraryDrawn(msgspec.Struct, kw_only=True, tag='GreatLibraryDrawn', tag_field="type"):
    count: int
    seat: int
    tokens: list[int]


class MilitaryTokenTaken(msgspec.Struct, kw_only=True, tag='MilitaryTokenTaken', tag_field="type"):
    seat: int
    token: int


class PickWonder(msgspec.Struct, kw_only=True, tag='PickWonder', tag_field="type", forbid_unknown_fields=True):
    seat: int
    wonder: int


class PlayAgainGranted(msgspec.Struct, kw_only=True, tag='PlayAgainGranted', tag_field="type"):
    seat: int


class ProgressTokenTaken(msgspec.Struct, kw_only=True, tag='ProgressTokenTaken', tag_field="type"):
    from_library: bool
    seat: int
    token: int


class Resign(msgspec.Struct, kw_only=True, tag='Resign', tag_field="type", forbid_unknown_fields=True):
    "The seat leaves the game: it ends, the seat loses."
    seat: int


class SeatForfeited(msgspec.Struct, kw_only=True, tag='SeatForfeited', tag_field="type"):
    "Appended by the service when a seat's clock runs out and its option says forfeit."
    seat: int
    winner: int | None


class SeatResigned(msgspec.Struct, kw_only=True, tag='SeatResigned', tag_field="type"):
    seat: int
    winner: int | None


class StartPlayerChosen(msgspec.Struct, kw_only=True, tag='StartPlayerChosen', tag_field="type"):
    seat: int
    starts: int


class Struct(msgspec.Struct, kw_only=True):
    "A base class for defining efficient serializable objects.\n\nFields are defined using type annotations. Fields may optionally have\ndefault values, which result in keyword parameters to the constructor.\n\nStructs automatically define ``__init__``, ``__eq__``, ``__repr__``, and\n``__copy__`` methods. Additional methods can be defined on the class as\nneeded. Note that ``__init__``/``__new__`` cannot be overridden, but other\nmethods can. A tuple of the field names is available on the class via the\n``__struct_fields__`` attribute if needed.\n\nAdditional class options can be enabled by passing keywords to the class\ndefinition (see example below). These configuration options may also be\ninspected at runtime through the ``__struct_config__`` attribute.\n\nConfiguration\n-------------\nfrozen: bool, default False\n   Whether instances of this type are pseudo-immutable. If true, attribute\n   assignment is disabled and a corresponding ``__hash__`` is defined.\norder: bool, default False\n   If True, ``__lt__``, `__le__``, ``__gt__``, and ``__ge__`` methods\n   will be generated for this type.\neq: bool, default True\n   If True (the default), an ``__eq__`` method will be generated for this\n   type. Set to False to compare based on instance identity alone.\nkw_only: bool, default False\n   If True, all fields will be treated as keyword-only arguments in the\n   generated ``__init__`` method. Default is False.\nomit_defaults: bool, default False\n   Whether fields should be omitted from encoding if the corresponding value\n   is the default for that field. Enabling this may reduce message size, and\n   often also improve encoding & decoding performance.\nforbid_unknown_fields: bool, default False\n   If True, an error is raised if an unknown field is encountered while\n   decoding structs of this type. If False (the default), no error is raised\n   and the unknown field is skipped.\ntag: str, int, bool, callable, or None, default None\n   Used along with ``tag_field`` for configuring tagged union support. If\n   either are non-None, then the struct is considered \"tagged\". In this case,\n   an extra field (the ``tag_field``) and value (the ``tag``) are added to the\n   encoded message, which can be used to differentiate message types during\n   decoding.\n\n   Set ``tag=True`` to enable the default tagged configuration (``tag_field``\n   is ``\"type\"``, ``tag`` is the class name). Alternatively, you can provide\n   a string (or less commonly int) value directly to be used as the tag\n   (e.g. ``tag=\"my-tag-value\"``).``tag`` can also be passed a callable that\n   takes the class qualname and returns a valid tag value (e.g.\n   ``tag=str.lower``). See the docs for more information.\ntag_field: str or None, default None\n   The field name to use for tagged union support. If ``tag`` is non-None,\n   then this defaults to ``\"type\"``. See the ``tag`` docs above for more\n   information.\nrename: str, mapping, callable, or None, default None\n   Controls renaming the field names used when encoding/decoding the struct.\n   May be one of ``\"lower\"``, ``\"upper\"``, ``\"camel\"``, ``\"pascal\"``, or\n   ``\"kebab\"`` to rename in lowercase, UPPERCASE, camelCase, PascalCase,\n   or kebab-case respectively. May also be a mapping from field names to the\n   renamed names (missing fields are not renamed). Alternatively, may be a\n   callable that takes the field name and returns a new name or ``None`` to\n   not rename that field. Default is ``None`` for no field renaming.\nrepr_omit_defaults: bool, default False\n   Whether fields should be omitted from the generated repr if the\n   corresponding value is the default for that field.\narray_like: bool, default False\n   If True, this struct type will be treated as an array-like type during\n   encoding/decoding, rather than a dict-like type (the default). This may\n   improve performance, at the cost of a more inscrutable message encoding.\ngc: bool, default True\n   Whether garbage collection is enabled for this type. Disabling this *may*\n   help reduce GC pressure, but will prevent reference cycles composed of only\n   ``gc=False`` from being collected. It is the user's responsibility to ensure\n   that reference cycles don't occur when setting ``gc=False``.\nweakref: bool, default False\n   Whether instances of this type support weak references. Defaults to False.\ndict: bool, default False\n   Whether instances of this type will include a ``__dict__``. Setting this to\n   True will allow adding additional undeclared attributes to a struct instance,\n   which may be useful for holding private runtime state. Defaults to False.\ncache_hash: bool, default False\n   If enabled, the hash of a frozen struct instance will be computed at most\n   once, and then cached on the instance for further reuse. For expensive\n   hash values this can improve performance at the cost of a small amount of\n   memory usage.\n\nExamples\n--------\nHere we define a new `Struct` type for describing a dog. It has three fields;\ntwo required and one optional.\n\n>>> class Dog(Struct):\n...     name: str\n...     breed: str\n...     is_good_boy: bool = True\n...\n>>> Dog('snickers', breed='corgi')\nDog(name='snickers', breed='corgi', is_good_boy=True)\n\nAdditional struct options can be set as part of the class definition. Here\nwe define a new `Struct` type for a frozen `Point` object.\n\n>>> class Point(Struct, frozen=True):\n...     x: float\n...     y: float\n...\n>>> {Point(1.5, 2.0): 1}  # frozen structs are hashable\n{Point(x=1.5, y=2.0): 1}"


class TakeLibraryToken(msgspec.Struct, kw_only=True, tag='TakeLibraryToken', tag_field="type", forbid_unknown_fields=True):
    seat: int
    token: int


class TurnBegan(msgspec.Struct, kw_only=True, tag='TurnBegan', tag_field="type"):
    seat: int


class WonderConstructed(msgspec.Struct, kw_only=True, tag='WonderConstructed', tag_field="type"):
    bought: list[int] = msgspec.field(default_factory=list)
    card: int
    cost: int
    seat: int
    slot: int
    to_opponent: int
    wonder: int


class WonderPicked(msgspec.Struct, kw_only=True, tag='WonderPicked', tag_field="type"):
    seat: int
    wonder: int


class WonderRetired(msgspec.Struct, kw_only=True, tag='WonderRetired', tag_field="type"):
    seat: int
    wonder: int


class WondersRevealed(msgspec.Struct, kw_only=True, tag='WondersRevealed', tag_field="type"):
    round: int
    wonders: list[int]


Command = PickWonder | ConstructBuilding | DiscardCard | ConstructWonder | ChooseProgressToken | DestroyCard | ConstructFromDiscard | TakeLibraryToken | ChooseStartPlayer | Resign


Event = GameStarted | WondersRevealed | WonderPicked | AgeBegan | TurnBegan | BuildingConstructed | CardDiscarded | WonderConstructed | CardRevealed | CoinsGained | CoinsLost | ConflictPawnMoved | MilitaryTokenTaken | PlayAgainGranted | ActionOwed | ProgressTokenTaken | GreatLibraryDrawn | CardDestroyed | DiscardedCardConstructed | WonderRetired | AgeEnded | StartPlayerChosen | GameEnded | SeatResigned | SeatForfeited


Deal = dict[str, Any]


View = Struct


__all__ = ["Command", "Deal", "Event", "RULESET", "View"]
