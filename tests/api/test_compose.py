"""compose.yaml, kept valid by hand (no Docker engine runs where Polis is developed)."""

from __future__ import annotations

from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]


def test_compose_describes_two_replicas_behind_the_proxy() -> None:
    compose = yaml.safe_load((REPO / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert {"db", "redis", "api-1", "api-2", "proxy"} <= set(services)
    for name in ("api-1", "api-2"):
        api = services[name]
        assert api["build"] == "."
        assert api["environment"]["DATABASE_URL"].startswith("postgresql://")
        assert "@db:5432/" in api["environment"]["DATABASE_URL"]
        assert api["environment"]["REDIS_URL"].startswith("redis://redis:")
        assert set(api["depends_on"]) == {"db", "redis"}
    assert (REPO / "Dockerfile").exists()
    nginx = compose["configs"]["nginx"]["content"]
    assert "server api-1:8000;" in nginx and "server api-2:8000;" in nginx
    assert "Upgrade" in nginx  # WebSocket upgrades pass through the proxy
    assert set(services["proxy"]["depends_on"]) == {"api-1", "api-2"}


def test_the_image_installs_every_package() -> None:
    dockerfile = (REPO / "Dockerfile").read_text(encoding="utf-8")
    for package in ("api", "domain", "infra", "projections"):
        assert f"COPY {package} {package}" in dockerfile
    assert 'CMD ["polis", "serve"]' in dockerfile


def test_compose_runs_workers_restarts_checks_health_and_keeps_no_secret() -> None:
    text = (REPO / "compose.yaml").read_text(encoding="utf-8")
    compose = yaml.safe_load(text)
    services = compose["services"]
    for name, service in services.items():
        assert service.get("restart") == "unless-stopped", name
        assert "healthcheck" in service, name
    for name in ("api-1", "api-2"):
        command = services[name]["command"]
        assert command[:3] == ["polis", "serve", "--workers"]
        assert "${POSTGRES_PASSWORD" in services[name]["environment"]["DATABASE_URL"]
    assert services["db"]["environment"]["POSTGRES_PASSWORD"].startswith("${POSTGRES_PASSWORD")
    assert "$$uri" in compose["configs"]["nginx"]["content"]  # no query strings logged
