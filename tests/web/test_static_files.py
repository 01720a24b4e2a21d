"""The page's files as the service serves them: what is served, with which type, and
nothing outside the client's folder; the catalog the page names cards from."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.api.servers import ROOT, ApiProcess


def test_every_typescript_module_has_its_built_script_committed() -> None:
    """Running the page needs no build step, so each source's output must be in the tree."""
    sources = {p.stem for p in (ROOT / "web" / "src").glob("*.ts")}
    built = {p.stem for p in (ROOT / "api" / "static" / "js").glob("*.js")}
    assert sources and sources == built
    for stem in sources:
        ts = (ROOT / "web" / "src" / f"{stem}.ts").read_text()
        js = (ROOT / "api" / "static" / "js" / f"{stem}.js").read_text()
        exported = [line.split("(")[0] for line in ts.splitlines()
                    if line.startswith("export function ")]
        assert all(name in js for name in exported), stem  # built from this version


async def test_the_page_and_its_files_are_served(web_api: ApiProcess) -> None:
    async with httpx.AsyncClient(base_url=web_api.url, timeout=10) as http:
        index = await http.get("/")
        assert index.status_code == 200
        assert index.headers["content-type"].startswith("text/html")
        assert index.headers["referrer-policy"] == "no-referrer"
        assert '<script type="module" src="/web/js/main.js">' in index.text
        script = await http.get("/web/js/main.js")
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


def test_static_folder_is_package_data() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'api = ["static/*.html", "static/*.css", "static/js/*.js"]' in pyproject
    assert Path(ROOT / "api" / "static" / "index.html").is_file()
