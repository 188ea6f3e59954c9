"""What `make run` and `make test` install (requirements/*.txt) against what pyproject.toml
declares. Pure text checks, so a doctored lock can be shown to fail them."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = ROOT / "pyproject.toml"
RUN_LOCK = ROOT / "requirements" / "run.txt"
TEST_LOCK = ROOT / "requirements" / "test.txt"
BUILD_INPUT = ROOT / "requirements" / "build.in"


@dataclass(frozen=True)
class Pin:
    name: str
    version: Version
    hashes: int


def declared(pyproject_text: str, extras: tuple[str, ...]) -> list[Requirement]:
    """The project's dependencies, the named extras and its build backend."""
    project = tomllib.loads(pyproject_text)
    lines = list(project["project"]["dependencies"])
    for extra in extras:
        lines += project["project"]["optional-dependencies"][extra]
    lines += project["build-system"]["requires"]
    return [Requirement(line) for line in lines]


def pins(lock_text: str) -> list[Pin]:
    """Every `name==version ; marker` entry with its hashes; continuation lines joined."""
    joined = lock_text.replace("\\\n", " ")
    found = []
    for line in joined.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        requirement_part, _, _hashes = line.partition(" --hash")
        requirement = Requirement(requirement_part.strip())
        (specifier,) = requirement.specifier
        assert specifier.operator == "==", f"not an exact pin: {line}"
        hashes = line.count("--hash=")
        found.append(Pin(canonicalize_name(requirement.name), Version(specifier.version), hashes))
    return found


def disagreements(pyproject_text: str, lock_text: str, extras: tuple[str, ...]) -> list[str]:
    """Sentences naming each declared dependency the lock misses or pins outside its range,
    and each pin without a hash."""
    locked: dict[str, list[Pin]] = {}
    for pin in pins(lock_text):
        locked.setdefault(pin.name, []).append(pin)
    problems = []
    for requirement in declared(pyproject_text, extras):
        name = canonicalize_name(requirement.name)
        if name not in locked:
            problems.append(f"{requirement} is declared but not locked")
            continue
        for pin in locked[name]:
            if not requirement.specifier.contains(pin.version, prereleases=True):
                problems.append(f"{name}=={pin.version} is locked outside the declared {requirement}")
    problems += [f"{pin.name}=={pin.version} has no hash" for pins_ in locked.values()
                 for pin in pins_ if pin.hashes == 0]
    return problems
