"""Squatting races through the real threaded server: a script claiming every name at once while
the class claims theirs, and a script waiting for a name the organiser takes back. Each try
starts from a fresh event; after it the database must show at most one name for the script's
address and every other name with the phone that got it, and no answer may be a 5xx.

The loopback interface answers on every 127.x.y.z address, so each device here connects from
an address of its own; the app counts them like phones on the room's network (only 127.0.0.1,
the laptop, is exempt)."""

from __future__ import annotations

import http.client
import threading
import time

from sqlalchemy import select

from benchmarks.harness import Client, Reply
from tests.online.conftest import online_event
from tests.online.test_claim_limits import held_claims
from tests.races.harness import ORGANISER, fire, organiser_client
from tournament import db
from tournament.models import Event, Player
from tournament.services import accounts

SEVEN = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"]
TRIES = 3


class Device(Client):
    """A device on an address of its own, on a fresh connection for every request (as a script
    dropping its cookies and connections would; `cookies` may be emptied between requests)."""

    def __init__(self, base: str, address: str):
        super().__init__(base, timeout=60)
        self.address = address

    def request(self, method: str, path: str, form: dict | None = None, headers: dict | None = None,
                body: bytes | None = None) -> Reply:
        self.close()
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout,
                                                     source_address=(self.address, 0))
        try:
            return super().request(method, path, form=form, headers=headers, body=body)
        finally:
            self.close()


def _event(app, names: list[str]) -> tuple[int, str, dict[str, int]]:
    event_id = online_event(app, names, 2)
    with app.app_context():
        session = db.session()
        public = session.get(Event, event_id).public_token
        ids = dict(session.execute(select(Player.name, Player.id).where(Player.event_id == event_id)).all())
    return event_id, public, ids


def _claim(device: Device, public: str, player_id: int, token: str) -> Reply:
    return device.post(f"/s/{public}/play", {"csrf_token": token, "player_id": player_id})


def test_a_script_claiming_every_name_at_once_gets_one_and_the_class_gets_the_rest(app, live_server):
    failures = []
    for number in range(TRIES):
        event_id, public, ids = _event(app, SEVEN)
        names = sorted(ids)
        address = f"127.0.0.{10 + number}"  # each try's script within its tries a minute
        script = [Device(live_server.url, address) for _ in names]
        phones = [Device(live_server.url, f"127.0.{1 + number}.{10 + i}") for i in range(len(names) - 1)]
        devices = script + phones
        tokens = [device.get(f"/s/{public}/play").csrf() for device in devices]
        wanted = names + names[1:]  # the script taps every name; each phone its pupil's, Ana's is absent
        replies = fire(devices, [lambda d, p=ids[name], t=token, public=public: _claim(d, public, p, t)
                                 for name, token in zip(wanted, tokens, strict=True)])
        problems = [f"{name} from {d.address}: {r.status}" for name, d, r in zip(wanted, devices, replies, strict=True)
                    if r.status not in (302, 409)]
        claims = held_claims(app, event_id)
        by_script = [name for name, (_token, held) in claims.items() if held == address]
        if len(by_script) > 1:
            problems.append(f"the script's address holds {by_script}")
        if sum(r.status == 302 for r in replies[:len(script)]) != len(by_script):
            problems.append("the script's 302s and its stored claims differ")
        for name, phone, reply in zip(names[1:], phones, replies[len(script):], strict=True):
            held = claims.get(name, ("", None))[1]
            if reply.status == 302 and held != phone.address:
                problems.append(f"{name}'s phone was answered 302 but the name is held by {held}")
            if reply.status == 409 and held != address:
                problems.append(f"{name}'s phone was refused while the script did not hold the name")
        if problems:
            failures.append(f"try {number}: {'; '.join(problems)}")
    assert failures == []


def test_a_name_released_to_its_personal_link_is_not_claimed_again_by_a_waiting_script(app, live_server):
    with app.app_context():
        accounts.set_organiser(db.session(), *ORGANISER)
    organiser = organiser_client(live_server.url)
    failures = []
    for number in range(TRIES):
        event_id, public, ids = _event(app, SEVEN)
        squatter = Device(live_server.url, f"127.0.0.{10 + number}")
        assert _claim(squatter, public, ids["Ana"], squatter.get(f"/s/{public}/play").csrf()).status == 302
        squatted = held_claims(app, event_id)["Ana"][0]
        # The script watches from other addresses too, each within its tries a minute.
        watchers = [Device(live_server.url, f"127.0.{1 + number}.{10 + i}") for i in range(5)]
        watch_tokens = [w.get(f"/s/{public}/play").csrf() for w in watchers]
        path = f"/events/{event_id}/online/players/{ids['Ana']}/release"
        release_token = organiser.get(path).csrf()
        released = threading.Event()
        grabbed: list[str] = []

        def release(client, path=path, release_token=release_token, released=released):
            time.sleep(0.05)  # the watchers are already asking
            try:
                return client.post(path, {"csrf_token": release_token, "new_link": "y"})
            finally:
                released.set()

        def watch(device, token, released=released, grabbed=grabbed, public=public, ana=ids["Ana"]):
            reply, after = None, 0
            for _ in range(9):
                reply = _claim(device, public, ana, token)
                if reply.status == 302:
                    grabbed.append(device.address)
                if released.is_set():
                    after += 1
                    if after == 3:
                        break
            return reply

        replies = fire([organiser, *watchers], [release, *[lambda d, t=t: watch(d, t) for t in watch_tokens]])
        problems = [f"contender {i} got {r.status}" for i, r in enumerate(replies) if r.status >= 500]
        if replies[0].status != 302:
            problems.append(f"the release answered {replies[0].status}")
        token, address = held_claims(app, event_id).get("Ana", ("", None))
        if grabbed or address is not None:
            problems.append(f"the script took the name again from {grabbed or address}")
        if token == squatted:
            problems.append("the name kept the squatter's link")
        if problems:
            failures.append(f"try {number}: {'; '.join(problems)}")
    assert failures == []
