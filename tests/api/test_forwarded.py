"""The client's address behind proxies (`api/http/forwarded.py`): the right-most untrusted hop."""

from __future__ import annotations

from litestar import Litestar, Request, get
from litestar.testing import TestClient

from api.http.forwarded import TrustedProxies, forwarded_client_middleware


def test_the_right_most_hop_that_no_trusted_proxy_added_is_the_client() -> None:
    proxies = TrustedProxies("127.0.0.1, 10.0.0.0/8")
    # a client forging a left-most hop is still known by the hop its first proxy wrote
    assert proxies.client("127.0.0.1", ["203.0.113.5, 198.51.100.7"]) == "198.51.100.7"
    # hops added by trusted proxies are skipped, right to left
    assert proxies.client("10.0.0.2", ["203.0.113.5, 198.51.100.7, 10.0.0.9"]) == "198.51.100.7"
    # several headers read as one list, in order; ports dropped
    assert proxies.client("127.0.0.1", ["203.0.113.5", "198.51.100.7:4242, 10.1.1.1"]) \
        == "198.51.100.7"
    assert proxies.client("127.0.0.1", ["[2001:db8::1]:443"]) == "2001:db8::1"
    # an untrusted peer's header is ignored; an empty one leaves the peer
    assert proxies.client("192.0.2.1", ["203.0.113.5"]) == "192.0.2.1"
    assert proxies.client("127.0.0.1", [" , "]) == "127.0.0.1"
    # every hop a trusted proxy: the first of them
    assert proxies.client("127.0.0.1", ["10.0.0.3, 10.0.0.4"]) == "10.0.0.3"


def test_trusting_any_peer_believes_only_the_hop_it_added() -> None:
    """`*` (compose: only the proxy reaches the replicas) takes the right-most hop: what a
    client put before it is its own word."""
    proxies = TrustedProxies("*")
    assert proxies.client("172.18.0.5", ["203.0.113.5, 198.51.100.7"]) == "198.51.100.7"
    assert proxies.client("172.18.0.5", []) == "172.18.0.5"


def test_the_app_sees_the_forwarded_client_only_from_a_trusted_peer() -> None:
    @get("/whoami", sync_to_thread=False)
    def whoami(request: Request) -> str:  # type: ignore[type-arg]
        return request.client.host if request.client else ""

    for trusted, expected in (("testclient", "198.51.100.7"), ("127.0.0.1", "testclient")):
        app = Litestar([whoami], middleware=[forwarded_client_middleware(trusted)])
        with TestClient(app) as client:
            answer = client.get("/whoami",
                                headers={"X-Forwarded-For": "203.0.113.5, 198.51.100.7"})
        assert answer.text == expected, trusted
