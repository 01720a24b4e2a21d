"""The service's settings from the environment: the keep-alive of idle HTTP connections
outlasts the clients' own (a client reusing a connection the server is closing at that
moment loses its request), and a bad value is refused before the service starts."""

from __future__ import annotations

import pytest

from infra.settings import Settings, SettingsError


def test_idle_connections_outlast_the_clients_keep_alive() -> None:
    # httpx keeps an idle connection 5 s; browsers and nginx's upstreams longer
    assert Settings.from_env({}).keep_alive_seconds > 5
    assert Settings.from_env({"POLIS_KEEP_ALIVE_SECONDS": "120"}).keep_alive_seconds == 120


@pytest.mark.parametrize("raw", ["0", "-3", "soon"])
def test_a_bad_keep_alive_is_refused(raw: str) -> None:
    with pytest.raises(SettingsError, match="POLIS_KEEP_ALIVE_SECONDS"):
        Settings.from_env({"POLIS_KEEP_ALIVE_SECONDS": raw})


def test_connection_bounds_are_read_and_checked() -> None:
    settings = Settings.from_env({"POLIS_HEADER_TIMEOUT_SECONDS": "2.5",
                                  "POLIS_MAX_SOCKETS_PER_CLIENT": "7"})
    assert (settings.header_timeout_seconds, settings.max_sockets_per_client) == (2.5, 7)
    for name, raw in (("POLIS_HEADER_TIMEOUT_SECONDS", "0"),
                      ("POLIS_HEADER_TIMEOUT_SECONDS", "never"),
                      ("POLIS_MAX_SOCKETS_PER_CLIENT", "0")):
        with pytest.raises(SettingsError, match=name):
            Settings.from_env({name: raw})


def test_a_redis_cluster_is_named_by_any_node() -> None:
    env = {"REDIS_URL": "redis://node-2:6379/0", "POLIS_REDIS_CLUSTER": "1"}
    assert Settings.from_env(env).redis_cluster
    assert not Settings.from_env({"REDIS_URL": "redis://r:6379/0"}).redis_cluster
    with pytest.raises(SettingsError, match="POLIS_REDIS_CLUSTER"):
        Settings.from_env({"POLIS_REDIS_CLUSTER": "1"})  # the embedded server is no cluster
    with pytest.raises(SettingsError, match="POLIS_REDIS_CLUSTER"):
        Settings.from_env({**env, "POLIS_REDIS_CLUSTER": "maybe"})
