"""Where the suite's time goes: per-folder totals and the slowest tests of each pass, read from
the JUnit reports `make test` writes (test-artifacts/junit-sqlite.xml, junit-postgres.xml).

    .venv/bin/python scripts/test_times.py [--slowest 10]

Times are each test's own (setup, call and teardown) summed over the parallel processes, so a
folder's total is CPU-ish work, not wall time; the wall time of a pass is printed by pytest."""

from __future__ import annotations

import argparse
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"


def folder_of(case: ET.Element) -> str:
    # classname is "tests.room.test_serve" (or "tests.room.test_serve.TestX"): the first two parts.
    return "/".join(case.get("classname", "?").split(".")[:2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slowest", type=int, default=10)
    args = parser.parse_args()
    for report in sorted(ARTIFACTS.glob("junit-*.xml")):
        cases = list(ET.parse(report).getroot().iter("testcase"))
        per_folder: dict[str, float] = defaultdict(float)
        counts: dict[str, int] = defaultdict(int)
        for case in cases:
            per_folder[folder_of(case)] += float(case.get("time", 0))
            counts[folder_of(case)] += 1
        total = sum(per_folder.values())
        print(f"\n{report.name}: {len(cases)} tests, {total / 60:.1f} min of test time")
        print("| folder | tests | minutes | share |\n|---|---|---|---|")
        for folder, seconds in sorted(per_folder.items(), key=lambda item: -item[1]):
            print(f"| {folder} | {counts[folder]} | {seconds / 60:.1f} | {seconds / total:.0%} |")
        print(f"\nslowest {args.slowest}:")
        for case in sorted(cases, key=lambda c: -float(c.get("time", 0)))[: args.slowest]:
            print(f"- {float(case.get('time', 0)):.1f} s {case.get('classname')}::{case.get('name')}")


if __name__ == "__main__":
    main()
