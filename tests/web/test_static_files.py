"""The page's files as the service serves them: what is served, with which type, and
nothing outside the client's folder."""

from __future__ import annotations

import gzip
from typing import TYPE_CHECKING

import httpx

from tests.api.servers import ROOT, ApiProcess

if TYPE_CHECKING:
    from playwright.async_api import Browser

BUILT = ROOT / "api" / "static" / "js"


def test_every_typescript_module_has_its_built_script_committed() -> None:
    """Running the page needs no build step, so each source's output must be in the tree:
    the page's modules and the client library's (web/tsconfig.json builds both)."""
    sources = [*(ROOT / "web" / "src").glob("*.ts"),
               ROOT / "clients" / "typescript" / "src" / "index.ts",
               *(ROOT / "clients" / "typescript" / "src" / "generated").glob("*.ts")]
    built = {p.relative_to(BUILT).with_suffix("") for p in BUILT.rglob("*.js")}
    assert {p.relative_to(ROOT).with_suffix("") for p in sources} == built
    for source in sources:
        ts = source.read_text()
        js = (BUILT / source.relative_to(ROOT)).with_suffix(".js").read_text()
        exported = [line.split("(")[0].split("<")[0].split(" extends")[0].split(" {")[0]
                    .replace("export ", "").replace("async ", "")
                    for line in ts.splitlines()
                    if line.startswith(("export function ", "export class ", "export async"))]
        assert all(name in js for name in exported), source  # built from this version


def test_the_pages_scripts_and_styles_stay_under_150_kb_compressed() -> None:
    """A phone on a slow line loads the page quickly: every script and style the page may
    load, each compressed as a server would send it, together under 150 KB."""
    files = [*BUILT.rglob("*.js"), ROOT / "api" / "static" / "style.css",
             ROOT / "api" / "static" / "index.html"]
    total = sum(len(gzip.compress(p.read_bytes(), 9)) for p in files)
    print(f"the page's files: {total / 1024:.1f} KB compressed")
    assert total < 150 * 1024


async def test_the_page_and_its_files_are_served(web_api: ApiProcess) -> None:
    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        index = await http.get("/")
        assert index.status_code == 200
        assert index.headers["content-type"].startswith("text/html")
        assert index.headers["referrer-policy"] == "no-referrer"
        assert '<script type="module" src="/web/js/web/src/main.js">' in index.text
        script = await http.get("/web/js/web/src/main.js")
        assert script.status_code == 200
        assert script.headers["content-type"].startswith("text/javascript")
        assert (await http.get("/web/style.css")).headers["content-type"].startswith("text/css")
        for path in ("/web/../web.py", "/web/%2e%2e/web.py", "/web/js/../../web.py",
                     "/web/nothing.js", "/web/"):
            reply = await http.get(path)
            assert reply.status_code == 404, path
            assert reply.json()["code"] == "not_found"
        schema = await http.get("/schema/openapi.json")  # the page is not part of the API
        assert schema.status_code == 200
        assert not [p for p in schema.json()["paths"] if p.startswith("/web") or p == "/"]



async def test_a_wrong_seat_token_is_refused_once_and_shown(
    browser: Browser, web_api: ApiProcess
) -> None:
    """A seat link with a token the game does not know: one refusal shown, no retry loop."""
    from tests.web.pages import Tab

    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        created = (await http.post("/games", json={
            "kind": "duel", "seats": [{"name": "Ada"}, {"name": "Brutus"}]})).json()
    game_id = created["game"]["game_id"]
    tab = await Tab.open(browser, web_api.url + f"/#game={game_id}&token=not-a-token&lang=en")
    await tab.page.wait_for_function(
        "document.getElementById('status')?.textContent.startsWith('unauthorized')")
    await tab.page.wait_for_timeout(600)
    assert len([u for u in tab.urls if u.startswith("ws://")]) == 1  # no retry loop
    await tab.close()
