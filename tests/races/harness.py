"""Races against the real threaded server.

A race fires several requests at the same instant (threads released together by a barrier),
each through its own keep-alive connection and cookie jar, like separate devices in the room.
It repeats on fresh state, and after every try the caller checks the database: each request
answered with success must show its effect, nothing may be left half done, and no answer may
be a server error. The failures of all tries are reported together, so a rare interleaving
shows as "3 of 100 tries" instead of a flaky single assertion.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from benchmarks.harness import Client, Reply

ORGANISER = ("teacher", "correct horse")


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
    failures: dict[int, list[str]] = field(default_factory=dict)  # try number -> what went wrong

    def assert_clean(self) -> None:
        if self.failures:
            shown = "\n".join(f"try {n}: {'; '.join(p)}" for n, p in list(self.failures.items())[:10])
            raise AssertionError(f"{len(self.failures)} of {self.tries} tries went wrong:\n{shown}")


def fire(clients: list[Client], contenders: list[Contender]) -> list[Reply]:
    """Send every contender's request at the same instant, each from its own client and thread."""
    assert len(clients) >= len(contenders)
    barrier = threading.Barrier(len(contenders))
    replies: list[Reply | BaseException | None] = [None] * len(contenders)

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=30)
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
) -> RaceReport:
    """`tries` times: build fresh state, fire the contenders at once, then check the database.
    A server error (5xx) is always a failure; `check` returns what else went wrong."""
    started = time.monotonic()
    report = RaceReport(tries, 0.0)
    for number in range(tries):
        state = prepare(number)
        replies = fire(clients, contenders(state))
        problems = [f"contender {i} got {r.status}" for i, r in enumerate(replies) if r.status >= 500]
        problems += check(Try(number, state, replies))
        if problems:
            report.failures[number] = problems
    report.seconds = time.monotonic() - started
    return report


def succeeded(reply: Reply) -> bool:
    """Every state-changing form answers success with a redirect; a refusal is a 4xx page."""
    return reply.status in (302, 303)
