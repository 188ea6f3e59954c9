"""Small helpers for driving the organiser pages through the test client."""

from __future__ import annotations

from html.parser import HTMLParser

from sqlalchemy import select

from tournament import db
from tournament.models import Event, Player, Round, Seat, Table


def seating(app, event_id: int, round_number: int) -> dict[str, int]:
    """player name -> table number in that round."""
    with app.app_context():
        rows = db.session().execute(
            select(Player.name, Table.number)
            .join(Seat, Seat.player_id == Player.id)
            .join(Table, Seat.table_id == Table.id)
            .join(Round, Seat.round_id == Round.id)
            .where(Round.event_id == event_id, Round.number == round_number)
        )
        return dict(rows.all())


def player_ids(app, event_id: int) -> dict[str, int]:
    with app.app_context():
        return dict(db.session().execute(select(Player.name, Player.id).where(Player.event_id == event_id)).all())


def winners_form(app, event_id: int, winners: list[str], tricks: list[dict[str, int]] | None = None) -> dict:
    """The table-results form data for games won by `winners` (game 1 first)."""
    ids = player_ids(app, event_id)
    data = {}
    for index, name in enumerate(winners):
        data[f"games-{index}-winner"] = str(ids[name]) if name else ""
        data[f"games-{index}-version"] = ""
    for index, counts in enumerate(tricks or []):
        for name, count in counts.items():
            data[f"games-{index}-s{ids[name]}"] = str(count)
    return data


def event_row(app, event_id: int) -> Event:
    with app.app_context():
        return db.session().get(Event, event_id)


def page_text(response) -> str:
    """A page's HTML with the isolates around names removed, so sentences read as written."""
    return response.get_data(as_text=True).replace("<bdi>", "").replace("</bdi>", "")


class _Shown(HTMLParser):
    """Rebuilds a page's markup without the elements hidden from readers (aria-hidden="true"):
    a rule sheet keeps a setting's other wordings there, invisible, to hold every sheet's layout."""

    VOID = frozenset({"br", "hr", "img", "input", "link", "meta", "col", "source", "wbr", "area", "base"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.out: list[str] = []
        self.hidden = 0  # depth inside a hidden element

    def handle_starttag(self, tag, attrs):
        if self.hidden:
            self.hidden += tag not in self.VOID
        elif ("aria-hidden", "true") in attrs and tag not in self.VOID:
            self.hidden = 1
        else:
            self.out.append(self.get_starttag_text() or "")

    def handle_startendtag(self, tag, attrs):
        if not self.hidden:
            self.out.append(self.get_starttag_text() or "")

    def handle_endtag(self, tag):
        if self.hidden:
            self.hidden -= 1
        else:
            self.out.append(f"</{tag}>")

    def handle_data(self, data):
        if not self.hidden:
            self.out.append(data)

    def handle_entityref(self, name):
        self.handle_data(f"&{name};")

    def handle_charref(self, name):
        self.handle_data(f"&#{name};")


def shown_text(response) -> str:
    """``page_text`` of what a reader sees: hidden elements (a sheet's other wordings) left out."""
    reader = _Shown()
    reader.feed(page_text(response))
    reader.close()
    return "".join(reader.out)
