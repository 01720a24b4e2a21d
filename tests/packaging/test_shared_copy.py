"""The repository's copy of the shared data is whole, so a fresh clone runs every test."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tests.shared_paths import DUEL_REFERENCE, DUEL_TRACES, REPO

COPY = REPO / "tests" / "data" / "shared"


def _listed() -> dict[str, str]:
    sums: dict[str, str] = {}
    for line in (COPY / "SHA256SUMS").read_text(encoding="utf-8").splitlines():
        digest, name = line.split(maxsplit=1)
        sums[name.removeprefix("./")] = digest
    return sums


def test_every_copied_file_matches_its_recorded_checksum() -> None:
    listed = _listed()
    present = {
        str(path.relative_to(COPY))
        for path in COPY.rglob("*")
        if path.is_file() and path.name not in {"SHA256SUMS", "PROVENANCE.md"}
    }
    assert present == set(listed)
    for name, digest in listed.items():
        assert hashlib.sha256((COPY / name).read_bytes()).hexdigest() == digest, name


def test_the_files_the_tests_read_are_in_the_copy() -> None:
    for path in (DUEL_TRACES, DUEL_REFERENCE):
        assert path.is_file(), path
    names = {Path(name).parts[0] for name in _listed()}
    assert names == {"traces", "reference", "seeds"}
