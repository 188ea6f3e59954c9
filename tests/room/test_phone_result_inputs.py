"""The phone's game rows are plain template markup, not WTForms widget calls: they must write
exactly the inputs the widgets would (names, ids, values, checked, attribute order), the same
labels and the same messages beside the fields, and escape every player name."""

from __future__ import annotations

from html.parser import HTMLParser

from flask import request

from tests.app.helpers import player_ids
from tests.conftest import setup_event
from tests.corpus.names import CORPUS
from tests.room.conftest import start_round, tokens
from tournament import db
from tournament.blueprints.game_forms import blank_row, fill_recorded, results_form
from tournament.core.public_names import NamesShown
from tournament.games import game_of
from tournament.models import Event
from tournament.services.latest_round import latest_round
from tournament.services.nicknames import set_names_shown
from tournament.services.round_data import load_round

# Markup, quotes and ampersands, right-to-left scripts, a leading direction override (trimmed
# when the name enters) and an emoji: five players, one table.
HOSTILE = [CORPUS[key][0] for key in ("script tag", "attribute breakout", "apostrophe, ampersand and quotes",
                                      "arabic with a latin initial", "leading right-to-left override")]
STORED = [CORPUS[key][1].stored for key in ("script tag", "attribute breakout", "apostrophe, ampersand and quotes",
                                            "arabic with a latin initial", "leading right-to-left override")]


class Rows(HTMLParser):
    """Each game row (fieldset) of a page: its inputs (attributes in written order), the text of
    each winner label and trick label, and the messages shown in it."""

    def __init__(self):
        super().__init__()
        self.rows: list[dict] = []
        self.collecting: tuple[str, list[str]] | None = None
        self.inside = False  # in a game row (the page's other forms come after the rows)

    def handle_starttag(self, tag, attrs):
        names = dict(attrs)
        if tag == "fieldset" and "data-game" in names:
            self.rows.append({"inputs": [], "winners": [], "tricks": [], "errors": []})
            self.inside = True
        elif not self.inside:
            return
        elif tag == "input":
            self.rows[-1]["inputs"].append(tuple(attrs))
            if self.collecting and self.collecting[0] == "tricks":
                self._finish()
        elif tag == "label" and names.get("class", "").startswith("pick"):
            self.collecting = ("winners", [])
        elif tag == "label" and names.get("class") == "trick":
            self.collecting = ("tricks", [])
        elif tag == "p" and names.get("class") == "error":
            self.collecting = ("errors", [])

    def handle_data(self, data):
        if self.collecting:
            self.collecting[1].append(data)

    def handle_endtag(self, tag):
        if self.collecting and tag in ("label", "p"):
            self._finish()
        if tag == "fieldset":
            self.inside = False

    def _finish(self):
        kind, parts = self.collecting
        self.rows[-1][kind].append("".join(parts).strip())
        self.collecting = None


def rows_of(html: str) -> list[dict]:
    parser = Rows()
    parser.feed(html)
    return parser.rows
FIVE_AT_MOST = "Tricks run from 0 to 5: 28 cards make at most 5 tricks a game at a table of 5."


def widget_rows(form, players) -> list[dict]:
    """What the WTForms widgets write for the same form: the reference the markup must equal."""
    found = []
    for row in [*form.games, blank_row(form)]:
        html = str(row.number()) + str(row.version())
        html += "".join(str(option()) for option in row.winner)
        html += "".join(str(row[f"s{p.id}"](type="number", min=0, max=28 // len(players), inputmode="numeric",
                                             **{"data-score-of": p.id, "data-name": p.name}))
                        for p in players)
        inputs = rows_of(f"<fieldset data-game>{html}</fieldset>")[0]["inputs"]
        found.append({
            "inputs": inputs,
            "winners": [option.label.text if option.data else "No game" for option in row.winner],
            "tricks": [p.name for p in players],
            "errors": list(row.winner.errors) + [f"{p.name}: {error}" for p in players
                                                 for error in row[f"s{p.id}"].errors],
        })
    return found


def hostile_table(app) -> tuple[int, str, dict[str, int]]:
    """The widgets show the names as typed: the event shows full names, so the phone does too."""
    event_id = setup_event(app, HOSTILE, tables=1, name="Hostile names")
    with app.app_context():
        set_names_shown(db.session(), event_id, NamesShown.FULL)
    start_round(app, event_id)
    return event_id, tokens(app, event_id)[1], player_ids(app, event_id)


def reference(app, event_id: int, formdata: dict | None, rows: int) -> list[dict]:
    """The widget rendering of the phone's form, filled as the view fills it."""
    with app.test_request_context("/", method="POST" if formdata else "GET", data=formdata or {}):
        session = db.session()
        event = session.get(Event, event_id)
        data = load_round(session, event, latest_round(session, event).number)
        table = data.table(1)
        players = data.seated_at(table)
        form = results_form(game_of(event), table.variant, players, rows, request.form if formdata else None)
        if formdata:
            form.validate()
        else:
            fill_recorded(form, data.games_at(table))
        return widget_rows(form, players)


def test_phone_game_rows_write_the_same_inputs_labels_and_messages_as_the_wtforms_widgets(app, phone):
    event_id, token, ids = hostile_table(app)
    script, breakout, quotes, arabic, dan = (ids[name] for name in STORED)
    recorded = {"round": "1", "games-0-number": "1", "games-0-version": "", f"games-0-s{arabic}": "3",
                f"games-0-s{quotes}": "2", "games-1-number": "2", "games-1-version": "",
                "games-1-winner": str(breakout)}
    assert phone.post(f"/t/{token}", data=recorded).status_code == 302

    page = phone.get(f"/t/{token}").get_data(as_text=True)
    shown = rows_of(page)
    assert shown == reference(app, event_id, None, len(shown) - 1)
    # Not an empty comparison: the recorded games are in it.
    assert [dict(attrs)["value"] for attrs in shown[1]["inputs"] if ("checked", None) in attrs] == [str(breakout)]
    assert any(dict(attrs).get("value") == "3" and dict(attrs)["name"] == f"games-0-s{arabic}"
               for attrs in shown[0]["inputs"])

    refused = {"round": "1", "games-0-number": "1", "games-0-version": "1", f"games-0-s{script}": "abc",
               f"games-0-s{dan}": "99", "games-1-number": "2", "games-1-version": "1",
               "games-1-winner": str(dan), "games-2-number": "3", "games-2-winner": "x<y\"'"}
    response = phone.post(f"/t/{token}", data=refused)
    assert response.status_code == 400
    shown = rows_of(response.get_data(as_text=True))
    assert shown == reference(app, event_id, refused, len(shown) - 1)
    assert shown[0]["errors"]  # the widgets' reference has messages too: not an empty comparison


def test_hostile_player_names_are_escaped_in_the_phone_game_rows(app, phone):
    _event_id, token, _ids = hostile_table(app)
    html = phone.get(f"/t/{token}").get_data(as_text=True)
    assert "<script>alert" not in html and "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert 'data-name="&#34;&gt;&lt;img src=x onerror=alert(1)&gt;"' in html
    assert 'data-name="O&#39;Brien &amp; &#34;Bo&#34;"' in html
    assert "\u202e" not in html  # the override was trimmed when the name entered
    rows = rows_of(html)
    for row in rows:
        # Each name is a label of its radio and of its trick input, isolated in <bdi>.
        assert row["winners"][0] == "No game" and sorted(row["winners"][1:]) == sorted(STORED)
        assert sorted(row["tricks"]) == sorted(STORED)
        data_names = {dict(attrs)["data-name"] for attrs in row["inputs"] if "data-name" in dict(attrs)}
        assert data_names == set(STORED)
    for name in STORED:
        escaped = name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") \
            .replace('"', "&#34;").replace("'", "&#39;")
        # The list on top, the question "Who is at table 1?" before the table answers, each row twice.
        assert html.count(f"<bdi>{escaped}</bdi>") == 2 + 2 * len(rows)


def test_a_refused_phone_submission_comes_back_filled_in_with_the_message_beside_the_field(app, phone):
    _event_id, token, ids = hostile_table(app)
    script, _breakout, quotes, arabic, dan = (ids[name] for name in STORED)
    sent = {"round": "1", "games-0-number": "1", "games-0-version": "", "games-0-winner": str(quotes),
            f"games-1-s{arabic}": "99", "games-1-number": "2", "games-1-version": "",
            "games-2-number": "3", "games-2-version": "", f"games-2-s{dan}": "4", f"games-2-s{script}": "1"}
    response = phone.post(f"/t/{token}", data=sent)
    assert response.status_code == 400
    rows = rows_of(response.get_data(as_text=True))
    values = {dict(a)["name"]: dict(a).get("value") for row in rows for a in row["inputs"]
              if ("type", "radio") not in a}
    checked = {dict(a)["name"]: dict(a)["value"] for row in rows for a in row["inputs"] if ("checked", None) in a}
    assert checked["games-0-winner"] == str(quotes)
    assert values[f"games-1-s{arabic}"] == "99"
    assert values[f"games-2-s{dan}"] == "4" and values[f"games-2-s{script}"] == "1"
    assert rows[1]["errors"] == [f"{STORED[3]}: {FIVE_AT_MOST}"]  # in game 2's row, naming the player
    assert rows[0]["errors"] == [] and rows[2]["errors"] == []
    # The message follows the input it is about, inside the open tricks panel.
    html = response.get_data(as_text=True)
    field = html.index(f'name="games-1-s{arabic}"')
    assert html.index(FIVE_AT_MOST, field) < html.index("</details>", field)

    # A refusal of the service (a winner from no seat here) goes beside its game, as an alert.
    stranger = {"round": "1", "games-0-number": "1", "games-0-version": "", "games-0-winner": "999999"}
    response = phone.post(f"/t/{token}", data=stranger)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    first_row = html[html.index("<fieldset"):html.index("</fieldset>")]
    assert 'role="alert">Game 1: the winner must be a player seated at this table.</p>' in first_row
    assert "checked" not in first_row  # the id sent is nobody's here, so no name is shown ticked
