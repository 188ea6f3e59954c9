"""The lock installs what pyproject.toml declares, within its ranges, with hashes; the test lock
holds the run lock's versions unchanged (`make lock` compiles it with run.txt as constraints)."""

import tomllib

import pytest
from packaging.requirements import Requirement

from tests.install.lock_check import (
    BUILD_INPUT,
    PYPROJECT,
    RUN_LOCK,
    TEST_LOCK,
    disagreements,
    pins,
)

pytestmark = pytest.mark.no_database

RUN_EXTRAS = ("postgres",)
TEST_EXTRAS = ("postgres", "test")


def test_run_lock_holds_every_declared_runtime_dependency_within_its_range():
    assert disagreements(PYPROJECT.read_text(), RUN_LOCK.read_text(), RUN_EXTRAS) == []


def test_test_lock_holds_every_declared_dependency_within_its_range():
    assert disagreements(PYPROJECT.read_text(), TEST_LOCK.read_text(), TEST_EXTRAS) == []


def test_test_lock_keeps_every_version_of_the_run_lock():
    test_versions = {(pin.name, pin.version) for pin in pins(TEST_LOCK.read_text())}
    changed = [f"{pin.name}=={pin.version}" for pin in pins(RUN_LOCK.read_text())
               if (pin.name, pin.version) not in test_versions]
    assert changed == []


def test_lock_builds_the_project_with_the_backend_pyproject_names():
    backend = tomllib.loads(PYPROJECT.read_text())["build-system"]["requires"]
    build_input = [line for line in BUILD_INPUT.read_text().splitlines()
                   if line.strip() and not line.startswith("#")]
    assert [str(Requirement(line)) for line in build_input] == [str(Requirement(line)) for line in backend]


def _doctored(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


def test_a_lock_missing_a_declared_dependency_is_refused():
    lock = RUN_LOCK.read_text()
    segno_pin = next(pin for pin in pins(lock) if pin.name == "segno")
    start = lock.index(f"segno=={segno_pin.version}")
    end = lock.index("\n", lock.index("# via", start))
    doctored = lock[:start] + lock[end + 1:]
    problems = disagreements(PYPROJECT.read_text(), doctored, RUN_EXTRAS)
    assert problems == ["segno>=1.6 is declared but not locked"]


def test_a_lock_pinning_a_version_outside_the_declared_range_is_refused():
    lock = RUN_LOCK.read_text()
    flask_pin = next(pin for pin in pins(lock) if pin.name == "flask")
    doctored = _doctored(lock, f"flask=={flask_pin.version}", "flask==2.3.3")
    problems = disagreements(PYPROJECT.read_text(), doctored, RUN_EXTRAS)
    assert problems == ["flask==2.3.3 is locked outside the declared flask>=3.0"]


def test_a_pin_without_a_hash_is_refused():
    lock = RUN_LOCK.read_text()
    waitress_pin = next(pin for pin in pins(lock) if pin.name == "waitress")
    line = f"waitress=={waitress_pin.version} \\\n"
    start = lock.index(line)
    hashes_end = lock.index("    # via", start)
    doctored = lock[:start] + f"waitress=={waitress_pin.version}\n" + lock[hashes_end:]
    problems = disagreements(PYPROJECT.read_text(), doctored, RUN_EXTRAS)
    assert problems == [f"waitress=={waitress_pin.version} has no hash"]
