"""The browser client: its page at `/` and its static files under `/web/`, built from `web/`
(TypeScript) and shipped in the wheel. It names cards from `GET /kinds/{kind}/catalog`."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from litestar import Response, get
from litestar.params import FromPath

from api.http.errors import ApiError

STATIC = Path(__file__).parent.parent / "static"
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


WORKER = "js/web/src/sw.js"
"""The page's service worker (Web Push): allowed to control the whole site, `/`, though it
is served from its folder."""


def _file(name: str) -> Response[bytes]:
    path = _files().get(name)
    if path is None:
        raise ApiError(404, "not_found", f"no file {name!r}")
    headers = {**_HEADERS, "Service-Worker-Allowed": "/"} if name == WORKER else _HEADERS
    return Response(path.read_bytes(), media_type=_TYPES[path.suffix], headers=headers)


@get("/", include_in_schema=False)
async def web_index() -> Response[bytes]:
    return _file("index.html")


@get("/web/{name:path}", include_in_schema=False)
async def web_file(name: FromPath[str]) -> Response[bytes]:
    return _file(name.lstrip("/"))


ROUTES: list[Any] = [web_index, web_file]
