"""The browser client: its page at `/`, its static files under `/web/`, and the catalog it
names cards from. The files are built from `web/` (TypeScript) and shipped in the wheel."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Any

import msgspec
from litestar import Response, get
from litestar.params import Parameter

from api.errors import ApiError
from domain.kernel.errors import DomainError
from domain.kernel.registry import get_game

STATIC = Path(__file__).parent / "static"
_TYPES = {".html": "text/html", ".js": "text/javascript",
          ".css": "text/css", ".png": "image/png", ".svg": "image/svg+xml"}
_HEADERS = {"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer"}
"""Revalidate on every load (a new release is seen at once); no referrer leaves the page."""


@cache
def _files() -> dict[str, Path]:
    """Every servable file by its URL path: nothing outside `static/` can be named."""
    return {p.relative_to(STATIC).as_posix(): p for p in STATIC.rglob("*")
            if p.is_file() and p.suffix in _TYPES}


def _file(name: str) -> Response[bytes]:
    path = _files().get(name)
    if path is None:
        raise ApiError(404, "not_found", f"no file {name!r}")
    return Response(path.read_bytes(), media_type=_TYPES[path.suffix], headers=_HEADERS)


@get("/", include_in_schema=False)
async def web_index() -> Response[bytes]:
    return _file("index.html")


@get("/web/{name:path}", include_in_schema=False)
async def web_file(name: str) -> Response[bytes]:
    return _file(name.lstrip("/"))


@cache
def _catalog(kind: str, expansions: tuple[str, ...]) -> bytes:
    return msgspec.json.encode(get_game(kind, expansions).catalog())


@get("/web-catalog/{kind:str}", include_in_schema=False)
async def web_catalog(
    kind: str,
    expansions: Annotated[list[str] | None, Parameter(max_items=8)] = None,
    lang: Annotated[str | None, Parameter(max_length=8)] = None,
) -> Response[bytes]:
    """The names and data of a kind's cards, wonders and tokens in every language recorded
    (`lang` is accepted for the catalog endpoint's shape; the page picks the names)."""
    try:
        body = _catalog(kind, tuple(sorted(expansions or ())))
    except DomainError as exc:
        raise ApiError(404, exc.code, exc.reason) from exc
    return Response(body, media_type="application/json", headers=_HEADERS)


ROUTES: list[Any] = [web_index, web_file, web_catalog]
