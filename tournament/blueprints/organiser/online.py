"""The organiser's online desk: which tables are played online, every online table's play as it
happens (never a hand), the public link, and the organiser's help for a player: release a name,
skip or play for an absent player, move a player.

The live part of the page is a server-drawn fragment; `live.json` answers 204 while
`watch.watch_key` (plus a time bucket, so "away" shows without any write) is the key the page
holds, else the key and the fragment (static/online-desk.js swaps it in)."""

from __future__ import annotations

from flask import flash, jsonify, make_response, redirect, render_template, request, url_for

from ... import db
from ...core.i18n import Name, T, Tn
from ...i18n import translate
from ...models import RoundState
from ...services import players as player_service
from ...services import rounds as rounds_service
from ...services import tables as table_service
from ...services.errors import DomainError
from ...services.latest_round import latest_round
from ...services.online import actions, claims, watch
from ...services.online import settings as online_settings
from ...services.round_data import load_round
from ...services.timer import now_utc
from ..current_event import current_event, with_collections
from ..links import external_url, qr_svg
from ..refusals import field_for, refuse
from . import bp
from .forms import ButtonForm, ReleaseForm
from .tables import move_form_for

POLL_MS = 2000
# The event menu offers the online page only for a game that can be played online.
bp.add_app_template_global(online_settings.is_possible, "online_play_possible")
AWAY_BUCKET = 10  # seconds: the page's key changes this often, so "away" appears by itself


def claim_link(event) -> str:
    """The event's public link for picking a name to play online (`/s/<token>/play`)."""
    return external_url("public.claim", token=event.public_token)


def personal_link(token: str) -> str:
    """A player's personal link (`/play/<token>`): whoever opens it plays as that player."""
    return external_url("play.page", token=token)


def _live(session, event) -> dict:
    """What the live fragment is drawn from: one set of statements, whatever the table count."""
    now = now_utc()
    latest = latest_round(session, event)
    # Skip and Play for act on a deal being played: in practice or in the running round, not
    # on the closed round's last deals shown between rounds.
    playing = latest is None or latest.state is RoundState.RUNNING or (
        latest.number == 1 and latest.state is RoundState.PLANNED)
    return {"watches": watch.table_watches(session, event, now), "claims": claims.claims_of(session, event),
            "now": now, "away_after": claims.AWAY_AFTER, "button": ButtonForm(formdata=None), "playing": playing}


def _key(session, event) -> str:
    return f"{watch.watch_key(session, event)}.{int(now_utc().timestamp()) // AWAY_BUCKET}"


def _rows(event, posted=None, errors=None) -> list[dict]:
    """The settings form's rows: each table's two boxes as stored, or as posted when refused."""
    rows = []
    for table in event.tables:
        online_name = online_settings.ONLINE_FIELD.format(number=table.number)
        referee_name = online_settings.REFEREE_FIELD.format(number=table.number)
        rows.append({
            "table": table, "online_name": online_name, "referee_name": referee_name,
            "online": bool(posted.get(online_name)) if posted is not None else table.online,
            "referee": bool(posted.get(referee_name)) if posted is not None else table.app_referees,
            "errors": (errors or {}).get(referee_name, []) + (errors or {}).get(online_name, []),
        })
    return rows


def _page(event, status=200, rows=None, move_form=None):
    session = db.session()
    with_collections(event, "tables", "players", "rounds")
    possible = online_settings.is_possible(event)
    link = claim_link(event) if possible else None
    return render_template(
        "organiser/online.html", event=event, possible=possible, not_possible=online_settings.not_possible(event),
        rows=rows or _rows(event), move_form=move_form or move_form_for(event), link=link,
        qr=qr_svg(link) if link else None, key=_key(session, event) if possible else "",
        poll_ms=POLL_MS, any_online=any(t.online for t in event.tables),
        **(_live(session, event) if possible else {"watches": []}),
    ), status


@bp.get("/events/<int:event_id>/online")
def online(event_id: int):
    """Every online table as it plays, the public link to join, and the settings."""
    return _page(current_event(event_id, "tables", "players", "rounds"))


@bp.get("/events/<int:event_id>/online/live.json")
def online_live(event_id: int):
    """204 while the page's key is current; else the key and the live fragment, drawn here."""
    session = db.session()
    event = current_event(event_id)
    if not online_settings.is_possible(event):
        return jsonify({"error": translate(online_settings.not_possible(event))}), 404
    key = _key(session, event)
    if request.args.get("key") == key:
        response = make_response("", 204)
    else:
        html = render_template("organiser/online_tables.html", event=event, **_live(session, event))
        response = jsonify({"key": key, "html": html})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/events/<int:event_id>/online/tables")
def online_tables(event_id: int):
    """Save every table's two boxes: played online; the app referees by its rules."""
    session = db.session()
    event = current_event(event_id, "tables", "players", "rounds")
    posted = request.form
    if not ButtonForm().validate_on_submit():
        flash(translate(T("The form expired. Tick the boxes again and save.")), "error")
        return _page(event, status=400, rows=_rows(event, posted))
    wanted = {t.number: online_settings.Wanted(
        online=bool(posted.get(online_settings.ONLINE_FIELD.format(number=t.number))),
        app_referees=bool(posted.get(online_settings.REFEREE_FIELD.format(number=t.number))))
        for t in event.tables}
    try:
        changed = online_settings.set_tables(session, event, wanted)
    except DomainError as error:
        status = refuse(error) if not error.field else _refused_beside(error)
        return _page(event, status=status, rows=_rows(event, posted, {error.field: [translate(error.text)]}
                                                      if error.field else None))
    flash(translate(Tn("Online play saved: {n} table changed.", "Online play saved: {n} tables changed.", changed)),
          "success")
    return redirect(url_for("organiser.online", event_id=event.id))


def _refused_beside(error: DomainError) -> int:
    """A refusal shown beside its table's boxes (the rows carry it), not on top of the page."""
    db.session().rollback()
    return error.http_status


@bp.post("/events/<int:event_id>/online/all")
def online_all(event_id: int):
    """Every table online at once ("on"), or every table back in the room ("off")."""
    session = db.session()
    event = current_event(event_id, "tables", "players", "rounds")
    choice = request.form.get("to")
    if not ButtonForm().validate_on_submit() or choice not in ("on", "off"):
        flash(translate(T("Choose every table online or every table in the room.")), "error")
        return _page(event, status=400)
    try:
        online_settings.set_all(session, event, choice == "on")
    except DomainError as error:
        return _page(event, status=refuse(error))
    flash(translate(T("Every table is played online now.") if choice == "on"
                    else T("Every table is played in the room now.")), "success")
    return redirect(url_for("organiser.online", event_id=event.id))


def _player(session, event, player_id: int):
    return player_service.get_player(session, event, player_id)


def _table_id(event, number: int) -> int:
    return table_service.get_table(event, number).id


def _confirm(event, what: str, player, table_number: int | None = None):
    button = ReleaseForm(formdata=None) if what == "release" else ButtonForm(formdata=None)
    return render_template("organiser/online_confirm.html", event=event, what=what, player=player,
                           table_number=table_number, button=button)


@bp.route("/events/<int:event_id>/online/players/<int:player_id>/release", methods=["GET", "POST"])
def online_release(event_id: int, player_id: int):
    """Free a claimed name: the device holding it loses its link; the player picks the name again.
    Or give the name a new personal link instead, to print: the list no longer offers it."""
    session = db.session()
    event = current_event(event_id, "tables", "players", "rounds")
    form = ReleaseForm()
    try:
        player = _player(session, event, player_id)
        if request.method == "GET":
            return _confirm(event, "release", player)
        if not form.validate_on_submit():
            raise DomainError(T("The form expired. Open the page again and confirm."))
        claims.release(session, event, player.id, new_link=form.new_link.data)
    except DomainError as error:
        return _page(event, status=refuse(error))
    if form.new_link.data:
        flash(translate(T("{name}'s old link no longer works, and the name can now be taken only through its "
                          "new personal link: print it (Personal links to print) and hand it over.",
                          name=Name(player.name))), "success")
    else:
        flash(translate(T("{name}'s name is free again: the old link no longer works.", name=Name(player.name))),
              "success")
    return redirect(url_for("organiser.online", event_id=event.id))


@bp.route("/events/<int:event_id>/online/tables/<int:number>/players/<int:player_id>/skip", methods=["GET", "POST"])
def online_skip(event_id: int, number: int, player_id: int):
    """An absent player sits out the rest of the deal at that table (no cards, no pointing)."""
    session = db.session()
    event = current_event(event_id, "tables", "players", "rounds")
    try:
        player = _player(session, event, player_id)
        table_id = _table_id(event, number)
        if request.method == "GET":
            return _confirm(event, "skip", player, number)
        if not ButtonForm().validate_on_submit():
            raise DomainError(T("The form expired. Open the page again and confirm."))
        actions.skip(session, event, table_id, player.id)
    except DomainError as error:
        return _page(event, status=refuse(error))
    flash(translate(T("{name} sits out the rest of this deal at table {table}.", name=Name(player.name),
                      table=number)), "success")
    return redirect(url_for("organiser.online", event_id=event.id))


@bp.post("/events/<int:event_id>/online/tables/<int:number>/players/<int:player_id>/play-for")
def online_play_for(event_id: int, number: int, player_id: int):
    """The app plays the absent player's first playable card, or points for them, once."""
    session = db.session()
    event = current_event(event_id, "tables", "players", "rounds")
    try:
        player = _player(session, event, player_id)
        table_id = _table_id(event, number)
        if not ButtonForm().validate_on_submit():
            raise DomainError(T("The form expired. Open the page again and press the button."))
        actions.play_for(session, event, table_id, player.id)
    except DomainError as error:
        return _page(event, status=refuse(error))
    flash(translate(T("The app played for {name} at table {table}.", name=Name(player.name), table=number)),
          "success")
    return redirect(url_for("organiser.online", event_id=event.id))


@bp.post("/events/<int:event_id>/online/move")
def online_move(event_id: int):
    """Move a player: before round 1 their home table; in a planned round their seat in it.
    A running round keeps its seats (its games are being recorded)."""
    session = db.session()
    event = current_event(event_id, "tables", "players", "rounds")
    form = move_form_for(event, request.form)
    if not form.validate_on_submit():
        return _page(event, status=400, move_form=form)
    try:
        player = _player(session, event, form.player.data)
        latest = latest_round(session, event)
        if latest is None:
            player_service.set_home_table(session, event, player, table_service.get_table(event, form.table.data))
            done = T("{name} now starts at table {table}.", name=Name(player.name), table=form.table.data)
        elif latest.state is RoundState.PLANNED:
            rounds_service.move_planned_seat(session, load_round(session, event, latest.number), player,
                                             form.table.data)
            done = T("{name} will sit at table {table} in round {number}.", name=Name(player.name),
                     table=form.table.data, number=latest.number)
        elif latest.state is RoundState.RUNNING:
            raise DomainError(T("Round {number} is running: its seats stay as they are. Skip or play for the "
                                "player now, and move them on the next round's seating once this round "
                                "closes.", number=latest.number), field="player")
        else:
            raise DomainError(T("No round is planned: there is no seat left to change."), field="player")
    except DomainError as error:
        return _page(event, status=refuse(error, field_for(form, error, form.player)), move_form=form)
    flash(translate(done), "success")
    return redirect(url_for("organiser.online", event_id=event.id))
