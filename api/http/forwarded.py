"""The client's address behind trusted proxies: the right-most hop no trusted proxy added.

Every proxy appends the address it saw to `X-Forwarded-For`, so only the hops at the right
were written by proxies we trust; anything further left was sent by the client and may be
forged. The address kept is therefore the right-most hop that is not itself a trusted proxy
(never the left-most, which a client chooses). `*` trusts any peer to name the peer it saw:
only the right-most hop counts. The peer's own address stays when it is not trusted.
Rate limits and the per-client socket limit key on this address (`api/service/rate_limits.py`).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

from litestar.types import ASGIApp, Receive, Scope, Send

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class TrustedProxies:
    """The peers whose `X-Forwarded-For` is believed (`POLIS_FORWARDED_ALLOW_IPS`)."""

    def __init__(self, spec: str) -> None:
        items = [item.strip() for item in spec.split(",") if item.strip()]
        self.anyone = "*" in items
        self.networks: list[Network] = []
        self.names: set[str] = set()
        for item in items:
            try:
                self.networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                self.names.add(item)  # a Unix socket path or a host name, compared as text

    def __contains__(self, host: str) -> bool:
        if self.anyone:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return host in self.names
        return any(address in network for network in self.networks)

    def client(self, peer: str, forwarded_for: list[str]) -> str:
        """The client's address given the peer's and the `X-Forwarded-For` header values."""
        if peer not in self:
            return peer
        hops = [_host(hop) for value in forwarded_for for hop in value.split(",")]
        hops = [hop for hop in hops if hop]
        if not hops:
            return peer
        if self.anyone:
            return hops[-1]
        for hop in reversed(hops):
            if hop not in self:
                return hop
        return hops[0]  # every hop is a trusted proxy: the first of them is the client


def _host(hop: str) -> str:
    """A hop without its port (`1.2.3.4:5678`, `[::1]:5678`)."""
    hop = hop.strip()
    if hop.startswith("["):
        return hop[1:hop.find("]")] if "]" in hop else hop
    if hop.count(":") == 1:
        return hop.split(":", 1)[0]
    return hop


def forwarded_client_middleware(trusted: str) -> Callable[[ASGIApp], ASGIApp]:
    """ASGI middleware that puts the client's address in `scope["client"]` (the access log
    and `request.client` then name it)."""
    proxies = TrustedProxies(trusted)

    def wrap(app: ASGIApp) -> ASGIApp:
        async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
            client = scope.get("client") if scope["type"] in ("http", "websocket") else None
            if client:
                values = [v.decode("latin-1") for k, v in scope["headers"]
                          if k == b"x-forwarded-for"]
                if values:
                    host = proxies.client(client[0], values)
                    if host != client[0]:
                        scope["client"] = (host, 0)
            await app(scope, receive, send)

        return middleware

    return wrap
