"""What the fuzzer sends: for every form route its fields, for every route that reads the query
string its parameters, and for every address parameter plausible and hostile values.

A new POST route, or a new `request.args` read, fails tests/fuzz/test_fuzz_coverage.py until it
is listed here.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from hypothesis import strategies as st

from tests.fuzz.conftest import World

HOSTILE = [
    "", " ", "0", "-1", "-0", "+1", "01", "1.5", "1e309", "NaN", "inf", "0x10", "１",
    "²", "٣", "Ⅻ", "½", "2147483647", "2147483648", "-2147483649", "9223372036854775808", "9" * 400,
    "\x00", "a\x00b", "\ud800", "\udfff", "x\udcff", "\u202e", "\ufeff", "\u0085", "𝕏" * 50,
    "<script>window.__xss=1</script>", "<img src=x onerror=window.__xss=1>", '"><svg onload=alert(1)>',
    "'; DROP TABLE players; --", "' OR '1'='1", '" OR 1=1 --', "1; SELECT pg_sleep(5)", "%00", "%s%s%n",
    "../../etc/passwd", "{{ 7*7 }}", "${7*7}", "\n\n\n", "\r\n", "true", "on", "y", "null", "[]", "{}",
    "x" * 5000, "Ä" * 41, "é" * 121,
]

# Every character, lone surrogates included (sent as raw bytes; see conftest.encode_form).
any_char = st.characters(exclude_categories=())
hostile = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(any_char, max_size=40),
    st.integers(-(2**70), 2**70).map(str),
    st.integers(10**300, 10**400).map(str),  # beyond a float: NumberRange used to overflow on these
    st.text(any_char, min_size=100, max_size=600),
)


def as_header(text: str) -> str:
    """`text` as a server hands a header to the app: its UTF-8 bytes read as Latin-1 (lone
    surrogates kept, as raw bytes would be), line breaks gone (no HTTP client sends one)."""
    raw = text.encode("utf-8", "surrogatepass").decode("latin-1")
    return raw.replace("\r", "").replace("\n", "")


# The cookies the app reads (tests/fuzz/test_fuzz_coverage.py finds them by watching
# `request.cookies`). Flask's session cookie is signed; the others are plain text anyone can set.
COOKIES = ("session", "online_play", "lang")
# What may follow `name=` in a Cookie header. A quoted value has its octal escapes decoded, so
# `"\000"` reaches the app as a NUL, which PostgreSQL refuses in a query with an error.
HOSTILE_COOKIES = [
    '"\\000"', '"a\\000b\\000"', "\x00", "a\x00b", "%00", '"\\303\\251"', '"\\377\\376"',
    "x" * 5000, "A" * 64, "A" * 65, "A" * 63 + "é", '"' + "\\000" * 100 + '"',
    '"', '""', "'", "''", '"unterminated', '"\\"', 'a"b', "\\", ";", "=", ",", " ", "\t",
    as_header("Zoë"), as_header("𝕏" * 30), as_header("\ud800"), as_header("\u202e"), as_header("Ä" * 41),
    "de", "DE-at", "pt_BR", "xx", "de\x00", "en-XA", "<script>", "'; DROP TABLE online_claims; --",
]


@st.composite
def cookie_header(draw, names: tuple[str, ...] = COOKIES) -> str:
    """A Cookie header setting some of `names` (and perhaps a name the app never reads) to
    hostile values."""
    name = st.one_of(st.sampled_from(names), st.sampled_from(names), hostile.map(as_header))
    value = st.one_of(st.sampled_from(HOSTILE_COOKIES), hostile.map(as_header))
    pairs = draw(st.lists(st.tuples(name, value), min_size=1, max_size=4))
    return "; ".join(f"{key}={text}" for key, text in pairs)


def mixed(plausible: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(plausible, plausible, hostile)


def small_numbers() -> st.SearchStrategy[str]:
    return st.integers(-2, 12).map(str)


# Address parameters by name, drawn from both events (so ids of the other event turn up).
def path_values(world: World) -> dict[str, st.SearchStrategy]:
    events = [world.a, world.b]
    players = world.player_ids[world.a] + world.player_ids[world.b]
    tokens = world.table_tokens[world.a] + world.table_tokens[world.b]
    big = st.integers(0, 2**70)
    return {
        "event_id": st.one_of(st.sampled_from(events), st.sampled_from([0, 999_999]), big),
        "player_id": st.one_of(st.sampled_from(players), big),
        "account_id": st.one_of(st.sampled_from([world.organiser_id, 0]), big),
        "number": st.one_of(st.integers(0, 5), big),
        "table_number": st.one_of(st.integers(0, 5), big),
        "game": st.one_of(st.integers(0, 45), big),
        "name": st.one_of(st.sampled_from(world.backup_names), hostile),
        "status": st.one_of(st.sampled_from(["observer", "withdrawn", "seated", "SEATED"]), hostile),
        "action": st.one_of(st.sampled_from(["study", "practice", "round", "pause", "resume", "add-minute",
                                             "stop", "lunch"]), hostile),
        "token": st.one_of(st.sampled_from(tokens + list(world.projector_tokens.values())
                                           + list(world.public_tokens.values())), hostile),
        "filename": st.one_of(st.sampled_from(["app.css", "phone.js", "../tournament/web.py"]), hostile),
        "code": st.one_of(st.sampled_from(["de", "FR", "pt-BR", "xx", "en-XA"]), hostile),
        "note_id": st.one_of(st.integers(0, 5), big),
        "key": st.one_of(st.sampled_from(["rules", "journeys", "trick", "x"]), hostile),
        "wish_id": st.one_of(st.integers(0, 5), big),
        "ticket": hostile,
    }


def plausible_fields(world: World) -> dict[str, st.SearchStrategy[str]]:
    """Values a form field of that name would normally hold."""
    ids = [str(i) for i in world.player_ids[world.a] + world.player_ids[world.b]]
    return {
        "name": st.sampled_from(["Spring class", "Zoë", "ZOE", "Ana", "ana", "New Player"]),
        "round_minutes": small_numbers(), "study_minutes": small_numbers(), "practice_minutes": small_numbers(),
        "planned_rounds": small_numbers(),
        "names": st.lists(st.sampled_from(["Ana", "Zed", "Yuki", "ÁNA", "", "  Bo  "]), max_size=6).map("\n".join),
        "table": small_numbers(), "tables": small_numbers(),
        "even": st.sampled_from(["y", "", "on"]),
        "player": st.sampled_from(ids),
        "ace": st.sampled_from(["high", "low"]), "wins": st.sampled_from(["highest", "lowest"]),
        "trump": st.sampled_from(["", "hearts", "spades", "none"]),
        "trump_any_time": st.sampled_from(["y", ""]),
        "username": st.sampled_from(["teacher", "Teacher", " teacher "]),
        "password": st.sampled_from(["correct horse", "wrong", "long enough"]),
        "confirm": st.sampled_from(["correct horse", "long enough"]),
        "paper_size": st.sampled_from(["a4", "letter", "a3"]), "sheet_copies": small_numbers(),
        "colour_safe": st.sampled_from(["y", ""]),
        "projector_theme": st.sampled_from(["dark", "light", "pink"]), "chime": st.sampled_from(["y", ""]),
        "round": st.sampled_from(["1", "2"]),
        "time_zone": st.sampled_from(["Europe/Berlin", "europe/berlin", "UTC", "Mars/Olympus", "", "Etc/GMT+3"]),
        "winner": st.sampled_from([*ids, ""]), "version": st.sampled_from(["", "1", "2"]),
        "missing": st.sampled_from([*ids, "", "x"]), "everyone": st.sampled_from(["1", ""]),
        "again": st.sampled_from(["1", "", "0"]),
        "answer": st.sampled_from(["yes", "no", "maybe", ""]), "how": st.sampled_from(["keep", "remove", "x", ""]),
        "back": st.sampled_from(["score", "", "//evil.example/"]),
        "flag": st.sampled_from(["disagreed", "fun", "", "nope"]), "text": st.sampled_from(["Hi", "", " ", "x" * 300]),
        "nonce": st.sampled_from(["abcdefgh12345678", "", "short", "a" * 65]),
        "next": st.sampled_from(["/events/1/room", "//evil.example/", "https://evil.example/", ""]),
        "step": small_numbers(),
        "to": st.sampled_from(["on", "off", "On", ""]),
        "wish-first": st.sampled_from(ids), "wish-second": st.sampled_from(ids),
        "wish-kind": st.sampled_from(["apart", "together", "near", ""]),
        "retention_days": st.sampled_from(["never", "30", "90", "365", "7", ""]),
        **{f"{box}-{n}": st.sampled_from(["y", "", "on"]) for box in ("online", "referee") for n in (1, 2, 99)},
        **{f"steps-{row}-{part}": values for row in (0, 1, 25) for part, values in (
            ("title", st.sampled_from(["How did it feel?", "", "  Zoë  "])),
            ("prompt", st.sampled_from(["Why?", "", "x" * 401])),
            ("view", st.sampled_from(["", "rules", "journeys", "nothing"])),
            ("position", small_numbers()), ("remove", st.sampled_from(["y", ""])))},
    }


# POST routes -> the fields their forms read. "games" marks a table-results form
# (games-<row>-winner / -version / -number / -t<player id>).
FORM_FIELDS: dict[str, tuple[str, ...]] = {
    "organiser.setup": ("username", "password", "confirm"),
    "organiser.login": ("username", "password"),
    "organiser.logout": (),
    "organiser.add_account": ("username", "password", "confirm"),
    "organiser.remove_account": (),
    "organiser.logout_other_devices": (),
    "organiser.page_language": ("language",),
    "organiser.set_account_role": ("role",),
    "organiser.create_event": ("name", "round_minutes", "planned_rounds", "time_zone", "language"),
    "organiser.event_settings": ("name", "round_minutes", "planned_rounds", "time_zone", "language", "names_shown"),
    "organiser.delete_event": (),
    "organiser.keep_event": (),
    "organiser.set_retention": ("retention_days",),
    "organiser.players": ("names",),
    "organiser.replace_players": ("replacement",),
    "organiser.player": ("name",),
    "organiser.remove_player": (),
    "organiser.player_status": ("table",),
    "organiser.late_player": ("name", "table"),
    "organiser.player_nickname": ("nickname", "back"),
    "organiser.propose_nicknames": ("back",),
    "organiser.table_plan": ("tables", "even"),
    "organiser.table_rules": ("ace", "wins", "trump", "trump_any_time"),
    "organiser.table_sheets": ("sheets",),
    "organiser.debrief_trick_choose": ("cards",),
    "organiser.debrief_trick_propose": (),
    "organiser.move_home": ("player", "table"),
    "organiser.add_wish": ("wish-first", "wish-second", "wish-kind"),
    "organiser.remove_wish": (),
    "organiser.start_round": (),
    "organiser.close_round": (),
    "organiser.reopen_round": (),
    "organiser.end_tournament": (),
    "organiser.one_more_round": (),
    "organiser.round_seats": ("player", "table"),
    "organiser.table_results": ("games",),
    "organiser.import_event": ("file",),
    "organiser.restore_backup": (),
    "organiser.duplicate_event": ("players", "names"),
    "print.settings": ("paper_size", "sheet_copies", "colour_safe"),
    "room.timer_action": (),
    "room.durations": ("study_minutes", "practice_minutes", "round_minutes"),
    "room.display": ("projector_theme", "chime"),
    "room.set_link_base": ("base_url",),
    "room.revoke": (),
    "room.regenerate": (),
    "room.regenerate_all": (),
    "room.regenerate_event_links": (),
    "table.enter": ("round", "games"),
    "table.score": ("seen", "top", "undo"),
    "organiser.score_game": ("seen", "top", "undo"),
    "organiser.hide_note": ("next",),
    "organiser.show_note": ("next",),
    "table.note": ("flag", "text", "nonce"),
    "table.presence_answer": ("round", "again", "missing", "everyone"),
    "organiser.mark_absent": ("back",),
    "organiser.mark_here": ("back",),
    "table.agree": ("round", "version", "back", "answer"),
    "organiser.settle_game": ("version", "how"),
    "public.note": ("flag", "text", "nonce", "table"),
    "organiser.debrief_reveal": (),
    "organiser.debrief_hide": (),
    "organiser.debrief_step": ("step",),
    "organiser.debrief_stop": (),
    "projector.present_step": ("step",),
    "projector.present_stop": (),
    "organiser.debrief_steps": tuple(f"steps-{row}-{part}" for row in (0, 1, 25)
                                     for part in ("title", "prompt", "view", "position", "remove")),
    "organiser.debrief_default_steps": (),
    "organiser.online_tables": ("online-1", "referee-1", "online-2", "referee-2", "online-99"),
    "organiser.online_all": ("to",),
    "organiser.online_release": (),
    "organiser.online_skip": (),
    "organiser.online_play_for": (),
    "organiser.online_move": ("player", "table"),
    "print.make_personal_links": (),
    # A JSON body in real use; sent as a form here, it must be refused in words, never a 500.
    "play.act": ("action", "card", "index", "after", "text", "gesture", "points", "colour", "nonce"),
    "play.here": (),
    "public.claim": ("player_id", "q"),
}

# Routes that read the query string -> the parameters they read.
QUERY_PARAMS: dict[str, tuple[str, ...]] = {
    "organiser.login": ("next",),
    "organiser.audit_log": ("round", "table"),
    "organiser.table_results": ("rows",),
    # Every printed page takes ?lang= (tournament/i18n/locale.py).
    "print.index": ("lang",),
    "print.sheets": ("lang",),
    "print.guide": ("lang",),
    "print.signs": ("lang",),
    "print.preview": ("ace", "wins", "trump", "trump_any_time", "table", "lang"),
    "print.slips": ("round", "lang"),
    "print.everything": ("round", "lang"),
    "print.debrief": ("lang",),
    "table.enter": ("rows", "presence"),
    "public.language": ("next",),
    "organiser.online_live": ("key",),
    "print.personal_links": ("lang",),
    "organiser.research_zip": ("notes",),
    "public.pick": ("q",),
    "public.claim": ("q",),
}

QUERY_VALUES = {
    "next": st.sampled_from(["/", "//evil.example/", "https://evil.example/", "/events/1", "javascript:alert(1)"]),
    "round": small_numbers(), "table": small_numbers(), "rows": st.integers(-5, 60).map(str),
    "ace": st.sampled_from(["high", "low"]), "wins": st.sampled_from(["highest", "lowest"]),
    "trump": st.sampled_from(["", "none", "hearts"]), "trump_any_time": st.sampled_from(["", "y"]),
    "lang": st.sampled_from(["de", "pt-BR", "xx", "en-XA", ""]),
    "key": st.sampled_from(["", "0.0.0", "1.2.3"]),
    "notes": st.sampled_from(["", "1", "0", "on"]),
}

PARAM = re.compile(r"<(?:(?P<converter>[a-z]+)(?:\([^)]*\))?:)?(?P<name>[a-z_]+)>")


@st.composite
def url_for_rule(draw, rule: str, world: World) -> str:
    values = path_values(world)

    def fill(match: re.Match) -> str:
        value = draw(values[match["name"]])
        return quote(str(value).encode("utf-8", "surrogatepass"), safe="")

    return PARAM.sub(fill, rule)


@st.composite
def game_rows(draw, world: World, with_number: bool) -> list[tuple[str, str]]:
    """A results form: some rows, each with some of its fields, tricks for any player ids."""
    plausible = plausible_fields(world)
    ids = world.player_ids[world.a] + world.player_ids[world.b]
    fields = []
    rows = draw(st.lists(st.one_of(st.integers(0, 45).map(str), hostile), max_size=5))
    for row in rows:
        parts = ["winner", "version"] + (["number"] if with_number else [])
        for part in draw(st.lists(st.sampled_from(parts), max_size=4)):
            value = draw(mixed(plausible.get(part, small_numbers())))
            fields.append((f"games-{row}-{part}", value))
        for player in draw(st.lists(st.one_of(st.sampled_from(ids), st.integers(-3, 2**40)), max_size=4)):
            fields.append((f"games-{row}-s{player}", draw(mixed(st.integers(-1, 15).map(str)))))
    return fields


@st.composite
def form_fields(draw, endpoint: str, world: World) -> list[tuple[str, str]]:
    """Some of the form's fields (missing ones too), plausible or hostile, repeated at times,
    plus fields the form does not know."""
    plausible = plausible_fields(world)
    fields: list[tuple[str, str]] = []
    for name in FORM_FIELDS[endpoint]:
        if name == "games":
            fields += draw(game_rows(world, with_number=endpoint == "table.enter"))
            continue
        if name == "file":
            continue
        for _ in range(draw(st.sampled_from([0, 1, 1, 1, 2]))):
            fields.append((name, draw(mixed(plausible.get(name, hostile)))))
    extra = st.tuples(st.one_of(st.sampled_from([*plausible, "csrf_token", "id", "event_id"]), hostile),
                      hostile)
    fields += draw(st.lists(extra, max_size=3))
    return draw(st.permutations(fields))


@st.composite
def query_string(draw, endpoint: str) -> str:
    pairs = []
    for name in QUERY_PARAMS.get(endpoint, ()):
        if draw(st.booleans()):
            pairs.append((name, draw(mixed(QUERY_VALUES.get(name, hostile)))))
    pairs += draw(st.lists(st.tuples(hostile, hostile), max_size=2))
    if not pairs:
        return ""

    def enc(text: str) -> str:
        return quote(text.encode("utf-8", "surrogatepass"), safe="")

    return "?" + "&".join(f"{enc(k)}={enc(v)}" for k, v in pairs)
