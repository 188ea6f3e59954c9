"""Races against the real threaded server.

A race fires several requests at the same instant (threads released together by a barrier),
each through its own keep-alive connection and cookie jar, like separate devices in the room.
It repeats on fresh state, and after every try the caller checks the database: each request
answered with success must show its effect, nothing may be left half done, and no answer may
be a server error. The failures of all tries are reported together, so a rare interleaving
shows as "3 of 100 tries" instead of a flaky single assertion.
"""

from __future__ import annotations

import random
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from benchmarks.harness import Client, Reply
from tests.conftest import PG_URL

ORGANISER = ("teacher", "correct horse")


def tries(full: int) -> int:
    """`full` tries on PostgreSQL, where row locks and concurrent transactions give the most
    interleavings; a quarter on SQLite, whose one write lock lets through one writer at a time.
    Every race thus keeps all its tries on one of the two databases the suite runs on."""
    return full if PG_URL is not None else max(full // 4, 1)


def organiser_client(base: str) -> Client:
    """A browser tab logged in through the real login form."""
    client = Client(base, timeout=60)
    client.login(*ORGANISER)
    client.token = client.get("/").csrf()  # the session is new after login: so is its token
    return client


def phone_client(base: str, table_token: str) -> Client:
    """A phone that opened its table's link once (cookie and form token, as a phone keeps them)."""
    client = Client(base, timeout=60)
    client.token = client.get(f"/t/{table_token}").csrf()
    return client


Contender = Callable[[Client], Reply]


@dataclass
class Try:
    """One try: what each contender was answered (in contender order)."""

    number: int
    state: object
    replies: list[Reply]


@dataclass
class RaceReport:
    tries: int
    seconds: float
    phases: dict[str, float] = field(default_factory=lambda: dict.fromkeys(("prepare", "fire", "check"), 0.0))
    failures: dict[int, list[str]] = field(default_factory=dict)  # try number -> what went wrong

    def assert_clean(self) -> None:
        if self.failures:
            shown = "\n".join(f"try {n}: {'; '.join(p)}" for n, p in list(self.failures.items())[:10])
            raise AssertionError(f"{len(self.failures)} of {self.tries} tries went wrong:\n{shown}")


def fire(clients: list[Client], contenders: list[Contender], spread: float = 0.0) -> list[Reply]:
    """Send every contender's request at the same instant, each from its own client and thread.
    With `spread`, each waits a random part of that many seconds after the release, so that
    requests of unequal length also meet at their middles, not only at their starts."""
    assert len(clients) >= len(contenders)
    barrier = threading.Barrier(len(contenders))
    replies: list[Reply | BaseException | None] = [None] * len(contenders)
    delays = [random.uniform(0, spread) for _ in contenders]

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            if delays[index]:
                time.sleep(delays[index])
            replies[index] = contenders[index](clients[index])
        except BaseException as error:  # reported below, with the contender's index
            replies[index] = error

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(len(contenders))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=90)
    for index, reply in enumerate(replies):
        if not isinstance(reply, Reply):
            raise AssertionError(f"contender {index} got no answer: {reply!r}")
    return replies  # type: ignore[return-value]


def race(
    tries: int,
    clients: list[Client],
    prepare: Callable[[int], object],
    contenders: Callable[[object], list[Contender]],
    check: Callable[[Try], list[str]],
    spread: float = 0.0,
) -> RaceReport:
    """`tries` times: build fresh state, fire the contenders at once, then check the database.
    A server error (5xx) is always a failure; `check` returns what else went wrong."""
    started = time.monotonic()
    report = RaceReport(tries, 0.0)
    for number in range(tries):
        moment = time.monotonic()
        state = prepare(number)
        report.phases["prepare"] += time.monotonic() - moment
        moment = time.monotonic()
        replies = fire(clients, contenders(state), spread)
        report.phases["fire"] += time.monotonic() - moment
        moment = time.monotonic()
        problems = [f"contender {i} got {r.status}" for i, r in enumerate(replies) if r.status >= 500]
        problems += check(Try(number, state, replies))
        report.phases["check"] += time.monotonic() - moment
        if problems:
            report.failures[number] = problems
    report.seconds = time.monotonic() - started
    return report


FLASH = re.compile(r'class="flash flash-(\w+)"[^>]*>(.*?)</p>', re.S)


def post_and_follow(client: Client, path: str, form: dict) -> Reply:
    """Post a form and, after a redirect, open the page it leads to and keep the messages it
    flashes, for forms whose redirect alone does not tell whether anything was done."""
    reply = page = client.post(path, form)
    for _hop in range(5):
        if page.status not in (302, 303):
            break
        page = client.get("/" + page.headers["location"].split("://", 1)[-1].partition("/")[2])
    if reply.status in (302, 303):
        reply.flashes = FLASH.findall(page.text)
    return reply


def succeeded(reply: Reply) -> bool:
    """Every state-changing form answers success with a redirect (followed: one that flashes
    a success message); a refusal is a 4xx page."""
    if reply.status not in (302, 303):
        return False
    flashes = getattr(reply, "flashes", None)
    return flashes is None or any(category == "success" for category, _text in flashes)
