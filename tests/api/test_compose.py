"""compose.yaml, kept valid by hand (no Docker engine runs where Polis is developed)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import yaml

from infra.embedded import free_port
from infra.settings import Settings
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess
from tests.missing_tools import missing

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
    # the client's address comes from the connection, never from the client's own header
    assert "proxy_set_header X-Forwarded-For $$remote_addr;" in nginx
    assert "proxy_add_x_forwarded_for" not in nginx
    assert set(services["proxy"]["depends_on"]) == {"api-1", "api-2"}


def test_the_cluster_variant_puts_wake_ups_on_three_masters() -> None:
    """compose.cluster.yaml on top of compose.yaml: a Redis Cluster of three masters, the
    replicas and the bot worker told so (`POLIS_REDIS_CLUSTER=1`), REDIS_URL still naming
    one node of it."""
    base = yaml.safe_load((REPO / "compose.yaml").read_text(encoding="utf-8"))["services"]
    variant = yaml.safe_load((REPO / "compose.cluster.yaml").read_text(encoding="utf-8"))
    services = variant["services"]
    nodes = ("redis", "redis-2", "redis-3")
    for name in nodes:
        command = services[name]["command"]
        options = dict(zip(command[1::2], command[2::2], strict=False))
        assert options["--cluster-enabled"] == "yes", name
        assert options["--cluster-require-full-coverage"] == "no", name  # others serve on
        assert options["--cluster-announce-hostname"] == name, name
        assert services[name]["restart"] == "unless-stopped"
        assert "cluster_state:ok" in " ".join(services[name]["healthcheck"]["test"])
    create = " ".join(services["redis-cluster"]["command"])
    assert "--cluster create" in create and all(f"hosts {n} " in create for n in nodes)
    for name in ("api-1", "api-2", "bots"):
        assert services[name]["environment"]["POLIS_REDIS_CLUSTER"] == "1"
        assert base[name]["environment"]["REDIS_URL"].startswith("redis://redis:")
        env = {"REDIS_URL": base[name]["environment"]["REDIS_URL"],
               **services[name]["environment"]}
        assert Settings.from_env(env).redis_cluster


def test_the_image_installs_every_package() -> None:
    dockerfile = (REPO / "Dockerfile").read_text(encoding="utf-8")
    stages = dockerfile.split("\nFROM ")
    final = stages[-1]
    for package in ("api", "infra", "projections"):
        assert f"COPY {package} {package}" in final
    # the rules come from the stage ENGINES names: the sources, or them compiled beside them
    assert "COPY --from=rules /src/domain domain" in final
    assert "FROM rules-${ENGINES} AS rules" in dockerfile
    assert dockerfile.startswith("#") and "\nARG ENGINES=pure\n" in dockerfile
    for engines in ("pure", "compiled"):
        (stage,) = [s for s in stages if s.split("\n", 1)[0].endswith(f"AS rules-{engines}")]
        assert "COPY domain domain" in stage
    (compiled,) = [s for s in stages if s.startswith("python:3.13 AS rules-compiled")]
    assert "$(make -s engine-sources)" in compiled and "annotation_typing=False" in compiled
    assert final.startswith("python:3.13-slim\n")  # no compiler in the image itself
    assert 'CMD ["polis", "serve"]' in final


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


# -- the proxy of compose.yaml, run here with Debian's nginx ----------------------------------

NGINX = shutil.which("nginx", path=os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin"]))


def nginx_config(workdir: Path, port: int, upstream: str) -> str:
    """compose.yaml's nginx configuration, runnable on this machine: both replicas are
    `upstream`, it listens on a loopback `port`, and every file it writes is in `workdir`."""
    site = yaml.safe_load((REPO / "compose.yaml").read_text(encoding="utf-8"))[
        "configs"]["nginx"]["content"].replace("$$", "$")  # compose's escape of `$`
    for old, new in (("server api-1:8000;", f"server {upstream};"),
                     ("server api-2:8000;", f"server {upstream};"),
                     ("listen 80;", f"listen 127.0.0.1:{port};"),
                     ("/var/log/nginx/access.log", str(workdir / "access.log"))):
        assert old in site, old
        site = site.replace(old, new)
    return (f"daemon off;\nmaster_process off;\npid {workdir / 'nginx.pid'};\nevents {{}}\n"
            f"http {{\nclient_body_temp_path {workdir / 'body'};\n"
            f"proxy_temp_path {workdir / 'proxy'};\n{site}\n}}\n")


@contextlib.contextmanager
def compose_proxy(tmp_path: Path, upstream: str) -> Iterator[str]:
    """compose.yaml's nginx in front of `upstream` until the block ends; yields its URL."""
    if NGINX is None:
        missing("no nginx found (install Debian's 'nginx-light'): the test of compose's "
                "proxy did not run")
    port = free_port()
    config = tmp_path / "nginx.conf"
    config.write_text(nginx_config(tmp_path, port, upstream), encoding="utf-8")
    command = [NGINX, "-e", str(tmp_path / "error.log"), "-p", str(tmp_path), "-c", str(config)]
    subprocess.run([*command, "-t", "-q"], check=True)
    process = subprocess.Popen(command, process_group=0)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 10
        while True:
            assert process.poll() is None, (tmp_path / "error.log").read_text()
            with contextlib.suppress(httpx.HTTPError):
                httpx.get(url + "/health", timeout=1)
                break
            assert time.monotonic() < deadline, "nginx did not answer"
            time.sleep(0.05)
        yield url
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


async def test_a_forged_x_forwarded_for_does_not_escape_the_rate_limit_behind_the_proxy(
    settings: Settings, tmp_path: Path
) -> None:
    """Issue: nginx appended to the client's own X-Forwarded-For and the server kept the
    left-most hop, so every forged address had a fresh limit (20 of 20 creations passed a
    limit of 5). The proxy of compose.yaml, with the replicas' own trust setting: a client
    forging the header is still counted as the address of its connection."""
    compose = yaml.safe_load((REPO / "compose.yaml").read_text(encoding="utf-8"))
    trust = compose["x-api"]["environment"]["POLIS_FORWARDED_ALLOW_IPS"]
    env = {**api_env(settings), "POLIS_CHANNEL": f"{settings.channel}:proxy",
           "POLIS_FORWARDED_ALLOW_IPS": trust, "POLIS_RATE_CREATE": "3/86400"}
    api = ApiProcess(env, tmp_path, "behind-nginx").start()
    body = {"kind": "duel", "seats": [{"name": "a"}, {"name": "b"}]}
    try:
        with compose_proxy(tmp_path, f"127.0.0.1:{api.port}") as proxy:
            async with httpx.AsyncClient(base_url=proxy, timeout=10) as client:
                statuses = [(await client.post(
                    "/games", json=body, headers={"X-Forwarded-For": f"203.0.113.{i}"}
                )).status_code for i in range(5)]
            assert statuses == [201, 201, 201, 429, 429]
            # the replica does take the proxy's word: the same forged header sent to it
            # directly (from a trusted peer) names another client, with a limit of its own
            async with httpx.AsyncClient(base_url=api.url, timeout=10) as direct:
                answer = await direct.post("/games", json=body,
                                           headers={"X-Forwarded-For": "203.0.113.9"})
            assert answer.status_code == 201
        log = (tmp_path / "access.log").read_text(encoding="utf-8")
        assert log.count('"POST /games" 201') == 3 and log.count('"POST /games" 429') == 2
    finally:
        api.stop()
