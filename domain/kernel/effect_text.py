"""What a card says, in words, generated from a catalog's structured data.

A game or expansion package (`packages_of` the kind) describes its entries by holding a
module ``effect_text`` with `KIND` (the game kind), `PHRASES` (effect name to a function of
a `Phrasing` and the effect's integer arguments) and `ENTRIES` (catalog section to a
function of a `Phrasing` and one entry, giving its text or None). Modules of one kind are
merged, so an expansion phrases its own effects and sections and the base game's cards read
them; where several modules describe one entry (a senator is a card), their texts are
joined. Words come in English, French and German
where the rulebooks give them; anything else falls back to English and says so
(`Phrasing.fell_back`), as names do. A module may also hold `NESTED` (section to a function
giving fields of an entry to replace, such as a wonder's stages each with its `effect`) and
`WORDS` (language to vocabulary section to key to word). Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from domain.kernel.expansions import package_module, packages_of

DEFAULT = "en"

Templates = Mapping[str, str]
"""One phrase by language (``en`` always present), `str.format` fields by name."""
Phrase = Callable[["Phrasing", tuple[int, ...]], str]
EntryText = Callable[["Phrasing", dict[str, Any]], "str | None"]
Nested = Callable[["Phrasing", dict[str, Any]], dict[str, Any]]
"""Fields of an entry to replace, with texts of their own (a wonder's stages)."""

COINS: Templates = {"en": "{n} coin{s}", "fr": "{n} pièce{s}", "de": "{n} Münze{n_}"}
VP: Templates = {"en": "{n} VP", "fr": "{n} PV", "de": "{n} Siegpunkt{e}"}
SHIELDS: Templates = {"en": "{n} shield{s}", "fr": "{n} bouclier{s}", "de": "{n} Schild{e}"}
JOIN: Templates = {"en": "; ", "fr": " ; ", "de": "; "}


class Phrasing:
    """Words in one language for one catalog; records whether English had to stand in."""

    def __init__(self, lang: str, words: Mapping[str, Mapping[str, str]],
                 catalog: Mapping[str, Any], phrases: Mapping[str, Phrase]) -> None:
        self.lang = lang
        self.words = words
        self.catalog = catalog
        self.phrases = phrases
        self.fell_back = False

    def say(self, templates: Templates, **fields: object) -> str:
        """`templates` in the reader's language (English if none), filled with `fields`;
        a count ``n`` also fills the plural endings ``s``, ``e`` and ``n_``."""
        text = templates.get(self.lang)
        if text is None:
            text = templates[DEFAULT]
            self.fell_back = self.fell_back or self.lang != DEFAULT
        n = fields.get("n")
        plural = isinstance(n, int) and abs(n) != 1
        extra = {"s": "s" if plural else "", "e": "e" if plural else "",
                 "n_": "n" if plural else ""}
        return text.format(**(extra | fields))

    def word(self, section: str, key: str) -> str:
        """The reader's word for a vocabulary key (a resource, a colour, ...)."""
        found = self.words.get(section, {}).get(key)
        if found is None:
            if self.lang != DEFAULT:
                self.fell_back = True
            return key.replace("_", " ")
        return found

    def coins(self, n: int) -> str:
        return self.say(COINS, n=n)

    def vp(self, n: int) -> str:
        return self.say(VP, n=n)

    def shields(self, n: int) -> str:
        return self.say(SHIELDS, n=n)

    def join(self, parts: list[str]) -> str:
        return self.say(JOIN).join(p for p in parts if p)

    def effect(self, name: str, args: tuple[int, ...] | list[int]) -> str:
        """One named effect in words; an effect no module phrases reads as its name."""
        phrase = self.phrases.get(name)
        if phrase is None:
            self.fell_back = self.fell_back or self.lang != DEFAULT
            return name.replace("_", " ") + (f" ({', '.join(map(str, args))})" if args else "")
        return phrase(self, tuple(args))

    def named(self, section: str, ident: int) -> str:
        """The name of entry `ident` of `section` (a card a chain frees, ...), localised."""
        for entry in self.catalog.get(section, ()):
            if isinstance(entry, dict) and entry.get("id") == ident:
                own = entry.get(f"name_{self.lang}")
                if self.lang != DEFAULT and isinstance(own, str) and own and own != "unknown":
                    return own
                if self.lang != DEFAULT:
                    self.fell_back = True
                return str(entry.get("name", entry.get("name_en", ident)))
        return str(ident)


class Describer:
    """Every effect-text module of one kind, merged."""

    def __init__(self, modules: list[ModuleType]) -> None:
        self.phrases: dict[str, Phrase] = {}
        self.entries: dict[str, list[EntryText]] = {}
        self.words: dict[str, dict[str, dict[str, str]]] = {}
        self.enrichers: dict[str, Nested] = {}
        for module in modules:
            self.phrases.update(getattr(module, "PHRASES", {}))
            for section, text in getattr(module, "ENTRIES", {}).items():
                self.entries.setdefault(section, []).append(text)
            self.enrichers.update(getattr(module, "NESTED", {}))
            for lang, table in getattr(module, "WORDS", {}).items():
                for section, words in table.items():
                    self.words.setdefault(lang, {}).setdefault(section, {}).update(words)

    def describe(self, phrasing: Phrasing, section: str, entry: dict[str, Any]) -> str | None:
        """Every module's text for `entry` of `section`, joined; None if none describes it."""
        parts = [t for text in self.entries.get(section, ()) if (t := text(phrasing, entry))]
        return phrasing.join(parts) if parts else None

    def enrich(self, phrasing: Phrasing, section: str, entry: dict[str, Any]) -> dict[str, Any]:
        nested = self.enrichers.get(section)
        return nested(phrasing, entry) if nested is not None else {}

    def phrasing(self, lang: str, names: Mapping[str, Mapping[str, str]],
                 catalog: Mapping[str, Any]) -> Phrasing:
        merged: dict[str, dict[str, str]] = {}
        for table in (self.words.get(lang, {}), names):
            for section, words in table.items():
                merged.setdefault(section, {}).update(words)
        return Phrasing(lang, merged, catalog, self.phrases)


def describer(kind: str) -> Describer:
    """The merged effect-text modules of the game packages of `kind`."""
    found: list[ModuleType] = []
    for package in packages_of(kind):
        module = package_module(package, "effect_text")
        if module is not None and getattr(module, "KIND", None) == kind:
            found.append(module)
    # The base package's name prefixes its expansions': base words first, theirs after.
    found.sort(key=lambda m: m.__name__)
    return Describer(found)


OR: Templates = {"en": " or ", "fr": " ou ", "de": " oder "}


def words(en: str, fr: str, de: str | None = None) -> Templates:
    """A phrase in English and French, and in German where given."""
    return {"en": en, "fr": fr} | ({"de": de} if de is not None else {})


def fixed(templates: Templates) -> Phrase:
    """An effect whose arguments do not change its words."""
    def phrase(ph: Phrasing, args: tuple[int, ...]) -> str:
        return ph.say(templates)
    return phrase


def amount(templates: Templates) -> Phrase:
    """An effect of one amount (``{coins}``, ``{vp}``, ``{shields}`` or ``{n}``)."""
    def phrase(ph: Phrasing, args: tuple[int, ...]) -> str:
        n = args[0] if args else 0
        return ph.say(templates, coins=ph.coins(n), vp=ph.vp(n), shields=ph.shields(n), n=n)
    return phrase


def colours_of(ph: Phrasing, colours: tuple[str, ...], mask: int) -> str:
    """The colours of a colour mask (``1 << colour``), joined by "or"."""
    return ph.say(OR).join(ph.word("colours", c) for i, c in enumerate(colours)
                           if mask >> i & 1)


def resources_of(ph: Phrasing, resources: tuple[str, ...], counts: tuple[int, ...]) -> str:
    """A resource vector in words: "2 stone, 1 glass"."""
    return ", ".join(f"{n} {ph.word('resources', resources[i])}"
                     for i, n in enumerate(counts) if n)


def one_of(ph: Phrasing, resources: tuple[str, ...], indexes: tuple[int, ...]) -> str:
    """Resources by index, as alternatives: "wood / clay"."""
    return " / ".join(ph.word("resources", resources[r]) for r in indexes)
