"""Names in the reader's language, for any game's catalog, without the service naming a game.

A game or expansion package offers a language by holding a module ``names_<lang>``
(``names_fr``, ``names_de``) with `KIND` (the game kind it names things of) and `NAMES`:
section (a catalog key such as ``cards``, or ``terms`` for the game's vocabulary) to stable
key to name. The packages asked are the kind's and its expansions' (`packages_of`).
Catalog entries may also carry ``name_<lang>`` themselves (from the reference). A name with no
translation stays English and is listed as such: never a silent gap.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.effect_text import Describer, describer
from domain.kernel.expansions import package_module, packages_of

LANGUAGES = ("en", "fr", "de")
"""Languages a catalog is offered in; English is the catalog's own language."""
DEFAULT_LANGUAGE = "en"

Names = dict[str, dict[str, str]]


def names(kind: str, lang: str) -> Names:
    """Every translation `lang` has for `kind`, merged over the game packages."""
    merged: Names = {}
    if lang == DEFAULT_LANGUAGE:
        return merged
    for package in packages_of(kind):
        module = package_module(package, f"names_{lang}")
        if module is None or getattr(module, "KIND", None) != kind:
            continue
        for section, table in module.NAMES.items():
            merged.setdefault(section, {}).update(table)
    return merged


class Localised(msgspec.Struct):
    """A catalog in one language, with what fell back to English."""

    lang: str
    catalog: dict[str, Any]
    """The game's catalog; each named entry's `name` in `lang`, its English `name_en`, and
    `name_lang`, the language its `name` is in (``en`` where no translation exists)."""
    labels: Names
    """Plain vocabularies of the catalog (resources, colours, ...) and `terms`: key to name
    in `lang` (English where no translation exists)."""
    untranslated: list[str]
    """``section/key`` of every name shown in English although `lang` was asked for."""
    untranslated_effects: list[str] = msgspec.field(default_factory=list)
    """``section/key`` of every `effect` text given (wholly or partly) in English although
    `lang` was asked for."""


def localise(kind: str, catalog: dict[str, Any], lang: str) -> Localised:
    """`catalog` with its names in `lang`, and every entry a game's effect-text module
    describes with its `effect`, generated from the catalog's data (`effect_text`)."""
    table = names(kind, lang)
    texts = describer(kind)
    no_effect: list[str] = []
    missing: list[str] = []
    out: dict[str, Any] = {}
    labels: Names = {}
    for section, value in catalog.items():
        words = [v for v in value if isinstance(v, str)] if isinstance(value, list) else []
        if words and len(words) == len(value):
            own = table.get(section, {})
            labels[section] = {v: own.get(v, v) for v in words}
            if lang != DEFAULT_LANGUAGE:
                missing.extend(f"{section}/{v}" for v in words if v not in own)
            out[section] = value
            continue
        if not isinstance(value, list):
            out[section] = value
            continue
        entries = []
        for entry in value:
            if isinstance(entry, dict):
                described = _described(texts, section, entry, lang, table, catalog, no_effect)
                if isinstance(entry.get("name"), str):
                    described = _named(section, described, lang, table.get(section, {}),
                                       missing)
                entry = described
            entries.append(entry)
        out[section] = entries
    terms = table.get("terms", {})
    if terms:
        labels["terms"] = dict(terms)
    return Localised(lang, out, labels, missing, no_effect)


def _described(texts: Describer, section: str, entry: dict[str, Any], lang: str,
               table: Names, catalog: dict[str, Any], missing: list[str]) -> dict[str, Any]:
    """`entry` with its `effect` text (its own structured `effect`, if any, kept as
    `effect_data`) and whatever nested texts its game adds (a wonder's stages)."""
    phrasing = texts.phrasing(lang, table, catalog)
    text = texts.describe(phrasing, section, entry)
    extra = texts.enrich(phrasing, section, entry)
    if text is None and not extra:
        return entry
    out = {**entry, **extra}
    if text is not None:
        if "effect" in entry:
            out["effect_data"] = entry["effect"]
        out["effect"] = text
        out["effect_lang"] = DEFAULT_LANGUAGE if phrasing.fell_back else lang
    if phrasing.fell_back:
        missing.append(f"{section}/{entry.get('key', entry.get('id', entry.get('card')))}")
    return out


def _named(
    section: str, entry: dict[str, Any], lang: str, table: dict[str, str], missing: list[str]
) -> dict[str, Any]:
    english = entry["name"]
    key = str(entry.get("key", entry.get("id", english)))
    found = None
    if lang != DEFAULT_LANGUAGE:
        own = entry.get(f"name_{lang}")
        found = own if isinstance(own, str) and own and own != "unknown" else table.get(key)
        if found is None:
            missing.append(f"{section}/{key}")
    return {**entry, "name": found or english, "name_en": english,
            "name_lang": lang if found else DEFAULT_LANGUAGE}


def negotiate(query: str | None, accept_language: str | None) -> str:
    """The language to answer in: `?lang=` first, then `Accept-Language` by its q-values,
    else English. An unknown language is not an error: the answer is English, and says so."""
    if query:
        base = query.strip().lower().split("-", 1)[0]
        return base if base in LANGUAGES else DEFAULT_LANGUAGE
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        pieces = part.strip().split(";")
        tag = pieces[0].strip().lower().split("-", 1)[0]
        q = 1.0
        for param in pieces[1:]:
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if tag in LANGUAGES and q > 0:
            ranked.append((-q, index, tag))
    return min(ranked)[2] if ranked else DEFAULT_LANGUAGE
