"""A bot player at an online table, over HTTP exactly as a player's device.

A bot opens the event's public link and claims its name (or opens its personal link), reads
the page's root element (`data-state-url`, `data-act-url`, `data-csrf`, `data-key`,
`data-poll-ms`) and keeps the session cookie, then polls `GET /play/<token>/state?key=` at
the interval the last payload asked for (`poll_ms`, or longer when a 429 names a `Retry-After`),
naming the drawing pad's state it was last told (`&pad=`, so that it receives only new strokes),
or, given its table's stream (`stream_path`), polls when the stream says the table changed (and
every `SAFETY_NET_SECONDS` whatever it says), as a pushed page does;
and acts through `POST /play/<token>/act` with a JSON body, the page's CSRF token in
`X-CSRFToken` and a nonce, as the page's script does:

- its turn ("play" stage, `my_turn`): a card from `game.playable` (or `game.hand`);
- "point" stage, not pointed yet: the led card (`pointing="led"`), or a random card of the
  trick (`pointing="random"`, to cause disputes);
- "dispute" stage: the card most players point at when the payload says who points where,
  else the led card: a rule every bot shares, so the table agrees at the next look;
- "over" stage: `deal` (the next deal), unless told to stop.

Every answer's status is kept (`Bot.statuses`), and so is what the bot saw and when
(`Bot.sightings`: each card of another player the first time it is on screen in `trick` or
`last_trick`; `Bot.progress`: every change of deal, trick or stage), so that
`card_latencies` can compare them with the moment the playing bot's POST was answered.
"""

from __future__ import annotations

import hashlib
import html
import json
import random
import re
import threading
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import quote

from benchmarks.harness import Client, Reply
from benchmarks.sse import EventStream

ROOT_ATTRIBUTES = ("state-url", "act-url", "csrf", "key", "poll-ms")
DATA_ATTRIBUTE = re.compile(r'\bdata-(state-url|act-url|csrf|key|poll-ms)="([^"]*)"')
PLAY_PATH = re.compile(r"/play/([A-Za-z0-9_-]+)")
FORM_CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"')
# Statuses a well-behaved device may meet without anything being wrong: a pointing or a "next
# deal" that another player's action overtook between the bot's look and its tap.
CONFLICT = 409
# A pushed screen still polls this often: a change announced while its stream was reconnecting
# is not told again.
SAFETY_NET_SECONDS = 30.0
POLL_SPACING = 0.25  # seconds: the server answers a link at most 4 polls a second


class BotError(AssertionError):
    """The server answered a device in a way the device protocol (docs/online-play.md) does not allow."""


def root_data(page: str) -> dict[str, str]:
    """The `data-*` attributes the page's script reads, from the first element that has them."""
    found: dict[str, str] = {}
    for name, value in DATA_ATTRIBUTE.findall(page):
        found.setdefault(name, html.unescape(value))
    missing = [name for name in ROOT_ATTRIBUTES if name not in found]
    if missing:
        raise BotError(f"the player's page lacks data-{', data-'.join(missing)}")
    return found


def form_csrf(page: str) -> str:
    found = FORM_CSRF.search(page)
    if not found:
        raise BotError("no CSRF token in the claim page")
    return found.group(1) or found.group(2)


@dataclass
class Answer:
    """One request a bot sent: what, when it was answered (monotonic seconds), how long it took."""

    kind: str  # "page", "claim", "poll", "play", "point", "deal"
    status: int
    at: float
    seconds: float
    error: str | None = None


@dataclass
class Played:
    """A card a bot played, answered 200 at `at`."""

    group: str
    player: str
    deal: int
    trick: int
    card: str
    at: float


@dataclass
class Bot:
    base: str
    name: str
    group: str = ""  # the table the bot sits at, as the caller names it (latency bookkeeping)
    player_id: int | None = None  # with `public_token`: the name to claim
    public_token: str | None = None
    personal_path: str | None = None  # "/play/<token>": open this instead of claiming
    pointing: str = "led"  # or "random"
    seed: int = 0
    timeout: float = 30.0
    fastest_ms: int | None = None  # poll at least this often (tests: a whole deal in seconds)
    keep_bodies: bool = False  # keep every answer's raw bytes in `bodies` (privacy, escaping)
    stream_path: str | None = None  # "/push/<ticket>" of the bot's table: poll when it says so
    think_ms: int = 0  # wait this long before each action, as a person does (pushed runs)
    bodies: list[tuple[str, int, bytes]] = field(default_factory=list)  # (kind, status, body)
    answers: list[Answer] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)
    sightings: dict[tuple[int, str], float] = field(default_factory=dict)  # (deal, card) -> first seen
    progress: list[tuple[float, int, int, str]] = field(default_factory=list)  # (at, deal, trick, stage)
    deals_over: dict[int, dict] = field(default_factory=dict)  # deal -> the "over" game payload
    state: dict | None = None
    client: Client | None = None

    def __post_init__(self) -> None:
        self.random = random.Random(self.seed)
        self.salt = f"{self.seed:x}{random.getrandbits(40):x}"
        self.root: dict[str, str] = {}
        self.poll_ms = 2000
        self.key = ""
        self.pad = ""  # the drawing pad's state the last answer named: the poll asks for what is new since
        self.backoff = 0.0  # seconds a 429's Retry-After asked for, waited before the next poll
        self.stream: EventStream | None = None
        self.news = 0  # stream messages that made the bot poll
        self.last_poll = 0.0

    # --- the device's requests ------------------------------------------------------------

    def _send(self, kind: str, method: str, path: str, **kwargs) -> Reply:
        assert self.client is not None
        started = time.monotonic()
        try:
            reply = self.client.request(method, path, **kwargs)
        except OSError as error:
            self.answers.append(Answer(kind, 0, time.monotonic(), time.monotonic() - started, repr(error)))
            raise
        now = time.monotonic()
        error = None
        if reply.status >= 400:
            error = reply.text[:300]
        self.answers.append(Answer(kind, reply.status, now, now - started, error))
        if self.keep_bodies:
            self.bodies.append((kind, reply.status, reply.body))
        return reply

    def twin(self) -> Bot:
        """Another connection of the same device (same cookie, page and screen): a second tap
        racing the first."""
        other = Bot(self.base, self.name, self.group, self.player_id, self.public_token, self.personal_path,
                    self.pointing, self.seed, self.timeout)
        other.client = Client(self.base, timeout=self.timeout)
        other.client.cookies = dict(self.client.cookies) if self.client else {}
        other.root, other.key, other.state, other.salt = dict(self.root), self.key, self.state, self.salt
        other.pad = self.pad
        return other

    def join(self) -> Reply:
        """Open the player's page: through the personal link, or by claiming the name on the
        public link (the claim page's form, then its redirect). Returns the page's answer."""
        self.client = Client(self.base, timeout=self.timeout)
        if self.personal_path is None:
            if self.public_token is None or self.player_id is None:
                raise ValueError("a bot needs a personal link, or the public link and its player id")
            listing = self._send("page", "GET", f"/s/{self.public_token}/play")
            if listing.status != 200:
                raise BotError(f"{self.name}: the claim page answered {listing.status}")
            claimed = self._send("claim", "POST", f"/s/{self.public_token}/play",
                                 form={"csrf_token": form_csrf(listing.text), "player_id": str(self.player_id)})
            if claimed.status not in (302, 303):
                raise BotError(f"{self.name}: claiming the name answered {claimed.status}: {claimed.text[:200]}")
            location = claimed.headers.get("location", "")
            found = PLAY_PATH.search(location)
            if not found:
                raise BotError(f"{self.name}: the claim led to {location!r}, not to a /play/ link")
            self.personal_path = found.group(0)
        for _attempt in range(5):  # a refused page is kept as an error; a person would reload
            page = self._send("page", "GET", self.personal_path)
            if page.status == 200:
                break
            time.sleep(0.2)
        else:
            raise BotError(f"{self.name}: the player's page answered {page.status}")
        self.root = root_data(page.text)
        self.key = self.root["key"]
        self.poll_ms = int(self.root["poll-ms"] or 2000)
        return page

    def poll(self) -> dict | None:
        """One poll; the new payload, or None when the screen is current (204)."""
        self.last_poll = time.monotonic()
        reply = self._send("poll", "GET", f"{self.root['state-url']}?key={quote(self.key)}&pad={quote(self.pad)}")
        if reply.status == 429:  # as the page's script does: wait as long as the server asks
            self.backoff = retry_after(reply.headers)
        if reply.status != 200:
            return None  # 204: the screen is current; a refusal is kept, the script polls again
        return self._take(json.loads(reply.body))

    def act(self, action: str, **arguments) -> Reply:
        """Send one action with the nonce the page would make: one per shown state, action and
        argument (a resend repeats it), salted per device."""
        nonce = hashlib.sha256(f"{self.salt}:{self.key}:{action}:{sorted(arguments.items())}".encode()).hexdigest()[:32]
        return self.send_action({"action": action, **arguments, "nonce": nonce}, kind=action)

    def send_action(self, payload: object, kind: str = "act", raw: bytes | None = None,
                    headers: dict | None = None) -> Reply:
        """POST to the act URL: `payload` as JSON (or `raw` bytes as they are), CSRF header on."""
        sent = {"Content-Type": "application/json", "X-CSRFToken": self.root["csrf"], **(headers or {})}
        body = raw if raw is not None else json.dumps(payload).encode()
        reply = self._send(kind, "POST", f"{self.root['act-url']}?pad={quote(self.pad)}", body=body, headers=sent)
        if reply.status == 200:
            self._take(json.loads(reply.body))
        return reply

    # --- what the bot sees ----------------------------------------------------------------

    def _take(self, payload: dict) -> dict:
        now = time.monotonic()
        self.state = payload
        self.key = payload["key"]
        self.pad = payload.get("pad") or ""
        self.poll_ms = int(payload.get("poll_ms") or 2000)
        game = payload.get("game")
        if game:
            deal = int(game["deal"])
            stamp = (deal, int(game["trick_number"]), game["stage"])
            if not self.progress or self.progress[-1][1:] != stamp:
                self.progress.append((now, *stamp))
            for card in (*game.get("trick", ()), *game.get("last_trick", ())):
                self.sightings.setdefault((deal, card), now)
            if game["stage"] == "over":
                self.deals_over.setdefault(deal, game)
        return payload

    def game(self) -> dict | None:
        return (self.state or {}).get("game")

    # --- deciding -------------------------------------------------------------------------

    def pointing_target(self, game: dict) -> int:
        trick = game.get("trick") or []
        if game["stage"] == "point" and self.pointing == "random":
            return self.random.randrange(len(trick))
        votes = game.get("votes")  # per trick index: how many point there, when the payload says
        if game["stage"] == "dispute" and votes:
            most = max(votes)
            return votes.index(most)
        return 0

    def next_action(self, keep_dealing: bool) -> tuple[str, dict] | None:
        """What the bot does on the screen it has, or None (wait for the next poll)."""
        game = self.game()
        if not game:
            return None
        stage = game["stage"]
        if stage == "play":
            cards = game.get("playable") or game.get("hand") or []
            if game.get("my_turn") and cards:
                return "play", {"card": self.random.choice(cards)}
        elif stage == "point":
            if game.get("my_choice") is None and game.get("trick"):
                return "point", {"index": self.pointing_target(game)}
        elif stage == "dispute":
            target = self.pointing_target(game)
            if game.get("my_choice") != target:
                return "point", {"index": target}
        elif stage == "over" and keep_dealing:
            return "deal", {"after": int(game["deal"])}
        return None

    def step(self, keep_dealing: bool = True) -> str | None:
        """Act once if the screen asks for it; returns the action's kind, if any."""
        chosen = self.next_action(keep_dealing)
        if chosen is None:
            return None
        action, arguments = chosen
        if self.think_ms:
            time.sleep(self.think_ms / 1000)
        game = self.game() or {}
        reply = self.act(action, **arguments)
        if reply.status == 200 and action == "play":
            self.played.append(Played(self.group, self.name, int(game["deal"]), int(game["trick_number"]),
                                      arguments["card"], self.answers[-1].at))
        elif reply.status == CONFLICT:
            self.poll_now()
        return action

    def poll_now(self) -> None:
        self.key = self.pad = ""  # a stale screen: ask for the whole state
        self.poll()

    def run(self, stop: threading.Event, deadline: float, keep_dealing: threading.Event | None = None) -> None:
        """Poll and act until `stop` is set or the deadline passes. An exception ends the bot
        and is kept as an answer with status 0."""
        try:
            if self.client is None:
                self.join()
            if self.stream_path is not None:
                self.stream = EventStream(self.base, self.stream_path, timeout=self.timeout)
                if self.stream.status != 200:
                    raise BotError(f"{self.name}: the stream answered {self.stream.status}")
            self.poll_now()
            while not stop.is_set() and time.monotonic() < deadline:
                dealing = keep_dealing is None or keep_dealing.is_set()
                while self.step(dealing) is not None and not stop.is_set():
                    pass
                if self.stream is not None:
                    self.wait_for_news(stop, deadline)
                else:
                    wait = self.poll_ms if self.fastest_ms is None else min(self.poll_ms, self.fastest_ms)
                    stop.wait(max(wait / 1000, self.backoff))
                self.backoff = 0.0
                self.poll()
        except Exception as error:  # kept for the report; the run goes on
            self.answers.append(Answer("crash", 0, time.monotonic(), 0.0, f"{type(error).__name__}: {error}"))
        finally:
            if self.stream is not None:
                self.stream.close()
            if self.client is not None:
                self.client.close()

    def wait_for_news(self, stop: threading.Event, deadline: float) -> None:
        """Until the table's stream says something changed (a message the bot's own action caused
        included, as a page gets it), or the page's safety-net poll is due, or the run ends."""
        assert self.stream is not None
        if self.backoff:
            stop.wait(self.backoff)
        safety_net = time.monotonic() + SAFETY_NET_SECONDS
        while not stop.is_set() and time.monotonic() < min(deadline, safety_net):
            if any(message.event == "message" for message in self.stream.read(0.2)):
                self.news += 1
                # Several changes in a burst (four players pointing at once) make one poll, spaced
                # as the server's per-link poll limit allows.
                stop.wait(max(0.0, self.last_poll + POLL_SPACING - time.monotonic()))
                return

    def errors(self, allowed: Iterable[int] = (CONFLICT,)) -> list[Answer]:
        """Answers no well-behaved device should get: 5xx, a refused claim, a 4xx other than
        `allowed`, a dropped connection, a crash."""
        allowed = set(allowed)
        return [a for a in self.answers if a.status == 0 or a.status >= 500
                or (a.status >= 400 and a.status not in allowed)]


def retry_after(headers: dict[str, str]) -> float:
    """The seconds a 429's Retry-After asks for (1 when it names none)."""
    try:
        return max(1.0, float(headers.get("retry-after", "1")))
    except ValueError:
        return 1.0


def card_latencies(bots: list[Bot], last_screen: bool = False) -> list[float]:
    """Seconds from a card's play being answered 200 to each other bot of its table first
    having it on screen: in `trick` or `last_trick`, or (when two tricks passed between two
    polls) the first payload past the trick after it. Negative (seen before the player read
    its answer) counts as 0. A card a bot never saw is left out (the run stopped first).
    `last_screen`: one sample per card, until the last of the other bots had it."""
    samples: list[float] = []
    for played in (p for bot in bots for p in bot.played):
        per_screen = []
        for bot in bots:
            if bot.group != played.group or bot.name == played.player:
                continue
            seen = first_sight(bot, played)
            if seen is not None:
                per_screen.append(max(0.0, seen - played.at))
        if last_screen and per_screen:
            samples.append(max(per_screen))
        elif not last_screen:
            samples += per_screen
    return samples


def first_sight(bot: Bot, played: Played) -> float | None:
    seen = bot.sightings.get((played.deal, played.card))
    for at, deal, trick, stage in bot.progress:
        if seen is not None and at >= seen:
            break
        if (deal, trick) > (played.deal, played.trick + 1) or (deal == played.deal and stage == "over"
                                                               and trick >= played.trick):
            return at if seen is None else min(seen, at)
    return seen


def status_counts(bots: list[Bot]) -> Counter:
    return Counter((a.kind, a.status) for bot in bots for a in bot.answers)
