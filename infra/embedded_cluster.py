"""A local Redis Cluster of a few masters from the embedded Valkey binary (tests, trying out).

Each node is a child process on its own loopback port with `cluster-enabled yes` and its
`nodes.conf` in a directory of its own, so a node stopped and started again on the same
port rejoins the cluster with the slots it had. The slots are split evenly
(`CLUSTER ADDSLOTSRANGE`) and the nodes introduced to each other (`CLUSTER MEET`); there
are no replicas. `cluster-require-full-coverage no` keeps the other masters serving while
one is down (the wake-ups of the games on the live nodes flow on), and
`cluster-allow-pubsubshard-when-down yes` lets sharded pub/sub run meanwhile.
"""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

from infra.embedded import free_port, redis_binary, redis_ping

SLOTS = 16384


def _command(port: int, *args: str | int, timeout: float = 2.0) -> bytes:
    """One command over a raw connection (RESP), its reply's bytes: no client needed at
    start-up, and errors show as `-ERR ...`."""
    parts = [str(a).encode() for a in args]
    payload = b"*%d\r\n" % len(parts) + b"".join(b"$%d\r\n%s\r\n" % (len(p), p) for p in parts)
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(payload)
        return sock.recv(65536)


class ClusterNode:
    """One master of a `LocalCluster`: a child process; `stop` and `start` keep its port."""

    def __init__(self, directory: Path, port: int, node_timeout_ms: int) -> None:
        self.directory = directory
        self.port = port
        self.bus_port = free_port()
        """The cluster bus (port + 10000 by default, which may be past 65535 or taken)."""
        self.node_timeout_ms = node_timeout_ms
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        self._process = subprocess.Popen(
            [redis_binary(), "--port", str(self.port), "--bind", "127.0.0.1",
             "--dir", str(self.directory.resolve()), "--save", "", "--appendonly", "no",
             "--loglevel", "warning", "--logfile", "node.log",
             "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
             "--cluster-port", str(self.bus_port),
             "--cluster-node-timeout", str(self.node_timeout_ms),
             "--cluster-require-full-coverage", "no",
             "--cluster-allow-pubsubshard-when-down", "yes"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + timeout
        while not redis_ping(self.port):
            if self._process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"cluster node did not start on port {self.port}")
            time.sleep(0.02)

    def stop(self) -> None:
        """SIGKILL: the node dies at once, as a crashed server would."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None


class LocalCluster:
    """`masters` nodes owning an even share of the slots each (see the module docstring)."""

    def __init__(self, directory: Path, masters: int = 3, node_timeout_ms: int = 1000) -> None:
        self.nodes = [ClusterNode(directory / f"node{i}", free_port(), node_timeout_ms)
                      for i in range(masters)]

    @property
    def url(self) -> str:
        """Any node names the cluster: the first."""
        return self.nodes[0].url

    def start(self, timeout: float = 30.0) -> LocalCluster:
        try:
            for node in self.nodes:
                node.start()
            share = SLOTS // len(self.nodes)
            for i, node in enumerate(self.nodes):
                last = SLOTS - 1 if i == len(self.nodes) - 1 else (i + 1) * share - 1
                _expect_ok(_command(node.port, "CLUSTER", "ADDSLOTSRANGE", i * share, last))
            for node in self.nodes[1:]:
                first = self.nodes[0]
                _expect_ok(_command(node.port, "CLUSTER", "MEET", "127.0.0.1", first.port,
                                    first.bus_port))
            self.wait_ok(timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def wait_ok(self, timeout: float = 30.0) -> None:
        """Until every running node says the cluster is ok and knows every node."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(self._ok(node) for node in self.nodes if node.running):
                return
            time.sleep(0.05)
        raise RuntimeError("the local cluster did not become ok")

    def _ok(self, node: ClusterNode) -> bool:
        try:
            info = _command(node.port, "CLUSTER", "INFO")
            nodes = _command(node.port, "CLUSTER", "NODES")
        except OSError:
            return False
        known = sum(1 for line in nodes.decode(errors="replace").splitlines()
                    if "master" in line and "fail" not in line)
        return b"cluster_state:ok" in info and known >= len(self.nodes)

    def node_of_slot(self, slot: int) -> ClusterNode:
        share = SLOTS // len(self.nodes)
        return self.nodes[min(slot // share, len(self.nodes) - 1)]

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()


def _expect_ok(reply: bytes) -> None:
    if not reply.startswith(b"+OK"):
        raise RuntimeError(f"cluster set-up refused: {reply[:200]!r}")
