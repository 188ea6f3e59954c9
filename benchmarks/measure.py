"""Times each route of one built event through a running server.

Requests are sequential over keep-alive connections, so each sample is one request's full
round trip (server work plus loopback), and /health measured the same way is the floor."""

from __future__ import annotations

import re
import statistics
import time
from dataclasses import dataclass, field
from functools import partial

from benchmarks.harness import Client, Reply, Server, percentile, phone_form


@dataclass
class Figures:
    samples: dict[str, list[float]] = field(default_factory=dict)  # route -> milliseconds

    def add(self, name: str, started: float) -> None:
        self.samples.setdefault(name, []).append((time.perf_counter() - started) * 1000)

    def median(self, name: str) -> float:
        return statistics.median(self.samples[name])

    def p95(self, name: str) -> float:
        return percentile(self.samples[name], 0.95)

    def ratio(self, name: str) -> float:
        return self.median(name) / self.median("health")


def timed(figures: Figures, name: str, call, expect: int | tuple[int, ...]) -> Reply:
    started = time.perf_counter()
    reply = call()
    figures.add(name, started)
    if reply.status not in (expect if isinstance(expect, tuple) else (expect,)):
        raise AssertionError(f"{name}: {reply.status}, expected {expect}\n{reply.text[:500]}")
    return reply


PLAYER_LINK = r'href="/events/{event}/players/(\d+)"'


def measure_event(server: Server, built, username: str, password: str, repeats: int, closes: int,
                  play_next_round) -> Figures:
    """Cached rows time what repeated requests cost once the per-revision cache holds the body;
    "after ..." rows time the first request after a real change made through the server, which
    rebuilds the body (the cost a projector or organiser meets once per change)."""
    figures = Figures()
    organiser, projector, phone = Client(server.base), Client(server.base), Client(server.base)
    organiser.login(username, password)
    feed = f"/p/{built.projector_token}/feed.json"
    standings = f"/events/{built.event_id}/standings"
    for warm in ("/health", feed, standings):
        (organiser if warm == standings else projector).get(warm)

    for _ in range(repeats):
        timed(figures, "health", lambda: projector.get("/health"), 200)
    # After a close the projector shows results, moves, standings and the next seating: its
    # heaviest phase. "poll" is what the page does every 700 ms (an ETag it already has).
    tag = projector.get(feed).headers["etag"]
    for _ in range(repeats):
        timed(figures, "projector (cached, no ETag)", lambda: projector.get(feed), 200)
        timed(figures, "projector poll (cached)", lambda: projector.get(feed, {"If-None-Match": tag}), 304)
        timed(figures, "standings (cached)", lambda: organiser.get(standings), 200)
    standings_after_rename(figures, organiser, built.event_id, standings, repeats)

    number = play_next_round()  # every table has its 3 games, as before a real close
    tag = projector.get(feed).headers["etag"]
    for _ in range(repeats):
        timed(figures, "projector poll (round, cached)", lambda: projector.get(feed, {"If-None-Match": tag}), 304)
    tokens = list(built.table_tokens.values())
    for index in range(repeats):
        url = f"/t/{tokens[index % len(tokens)]}"
        page = timed(figures, "entry GET", partial(phone.get, url), 200)
        form, _ = phone_form(page.text, shift=index + 1)
        timed(figures, "entry POST", partial(phone.post, url, form), 302)
        # The first poll after a phone's result rebuilds the running round's snapshot (the
        # revision moved); the answer is a 304 when the screen shows the same games count.
        tag = timed(figures, "projector after a result", partial(projector.get, feed, {"If-None-Match": tag}),
                    (200, 304)).headers["etag"]
        timed(figures, "standings after a result", lambda: organiser.get(standings), 200)

    close = f"/events/{built.event_id}/rounds/{number}/close"
    reopen = f"/events/{built.event_id}/rounds/{number}/reopen"
    for _ in range(closes):
        token = organiser.get(close).csrf()
        timed(figures, "round close", partial(organiser.post, close, {"csrf_token": token}), 302)
        # The first poll after a close rebuilds the heaviest snapshot: results, moves, standings.
        tag = timed(figures, "projector after a close", partial(projector.get, feed, {"If-None-Match": tag}),
                    200).headers["etag"]
        token = organiser.get(f"/events/{built.event_id}/rounds/{number}/results").csrf()
        reply = organiser.post(reopen, {"csrf_token": token})
        if reply.status != 302:
            raise AssertionError(f"reopen: {reply.status}")
        tag = projector.get(feed).headers["etag"]
    for client in (organiser, projector, phone):
        client.close()
    return figures


def standings_after_rename(figures: Figures, organiser: Client, event_id: int, standings: str, repeats: int) -> None:
    """A harmless change through the real server (one player renamed, each time to a name she
    never had), then the first standings request, which finds the cached table stale and
    computes it again. Round winners break ties by name and her name is in every round's seats,
    so every closed round is worked out and planned again: the dearest change. (Renamed back and
    forth, each name's rounds would still be kept from the time before.)"""
    found = re.search(PLAYER_LINK.format(event=event_id), organiser.get(f"/events/{event_id}/players").text)
    if not found:
        raise AssertionError("no player link on the players page")
    player = f"/events/{event_id}/players/{found.group(1)}"
    original = re.search(r'name="name"[^>]*value="([^"]*)"', organiser.get(player).text).group(1)
    for index in range(repeats):
        token = organiser.get(player).csrf()
        name = f"{original} r{index}"
        reply = organiser.post(player, {"csrf_token": token, "name": name})
        if reply.status != 302:
            raise AssertionError(f"rename: {reply.status}\n{reply.text[:300]}")
        timed(figures, "standings after a rename", lambda: organiser.get(standings), 200)
    organiser.post(player, {"csrf_token": organiser.get(player).csrf(), "name": original})
