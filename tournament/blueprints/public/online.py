"""Claiming a name for online play on the event's public link: a player taps their name and
this device gets the player's personal link (`/play/<token>`).

Rules:
- The class list is not public: a player types at least two letters of their public name (a
  GET form, `q`) and only the matching playing names are listed (seated at a table played
  online); names already claimed on a device are marked and cannot be tapped. A claim refused
  (claimed meanwhile, not playing) comes back with the same matches and the sentence beside
  that name; nothing is changed.
- The device remembers its personal link in a cookie kept for this event's public link only,
  so opening the public link again offers "Continue as {name}", by the public name (while the
  link is still that player's: a released name offers nothing).
- A device claims one name: the cookie's link is sent along, and a device holding a name is
  refused another (`claims.claim`). Its address holds at most ONLINE_NAMES_PER_ADDRESS names of
  the event (default 1), and may try at most ONLINE_CLAIMS_PER_ADDRESS claims (default 10 a
  minute, 60 an hour; beyond: 429). On the room's network every phone has an address of its
  own, so both are one phone's; a class reaching the app through one shared address (a server
  on the internet behind the school's router) needs both raised, or personal links. The
  laptop itself is exempt from both, as from the other per-address limits.
"""

from __future__ import annotations

from flask import current_app, redirect, render_template, request, url_for
from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from sqlalchemy import select
from wtforms.validators import InputRequired, NumberRange

from ... import db
from ...i18n import translate
from ...i18n.locale import use_event
from ...models import Event, OnlineClaim, Player, Table
from ...models.base import is_token
from ...services import room_links
from ...services.errors import DomainError
from ...services.online import claims
from ...services.public_names import room_names
from ...throttle import from_the_laptop, limiter
from ..fields import IntegerField
from . import bp

COOKIE = "online_play"
MAX_ID = 2**31 - 1
COOKIE_SECONDS = 7 * 24 * 3600  # an event's online sessions span a week at most
DEFAULT_NAMES_PER_ADDRESS = 1
# A pupil needs a tap or two (a name taken a moment before, a wrong tap told off); a script
# waiting for a released name gets a try every six seconds.
DEFAULT_CLAIMS_PER_ADDRESS = "10 per minute; 60 per hour"


def _claims_per_address() -> str:
    return current_app.config.get("ONLINE_CLAIMS_PER_ADDRESS", DEFAULT_CLAIMS_PER_ADDRESS)


def _claim_address() -> str:
    return "claim-address:" + (request.remote_addr or "")


class ClaimForm(FlaskForm):
    # Ids are positive and fit the database's integer (a longer number is no name's button).
    player_id = IntegerField(_l("Your name"), validators=[InputRequired(), NumberRange(min=1, max=MAX_ID)])


def has_online_table(session, event: Event) -> bool:
    """Whether any table of the event plays online (the public page then links the claim page)."""
    found = select(Table.id).where(Table.event_id == event.id, Table.online.is_(True)).limit(1)
    return session.scalar(found) is not None


def remembered(session, event: Event) -> tuple[str, str] | None:
    """(token, name) of the personal link this device claimed for this event, if still its own."""
    token = request.cookies.get(COOKIE)
    # Any device can set the cookie to anything: only a token's shape reaches the query.
    if not is_token(token):
        return None
    row = session.execute(
        select(OnlineClaim.token, Player.id).join(Player, Player.id == OnlineClaim.player_id)
        .where(OnlineClaim.token == token, OnlineClaim.event_id == event.id)
    ).first()
    return (row[0], room_names(event)[row[1]]) if row is not None else None


def _page(session, event: Event, form: ClaimForm, typed: str | None, refused_id: int | None = None,
          status: int = 200):
    """The names matching what was typed; a refusal for a name not among them (another event's,
    a made-up id) shows above the list, since there is no name to show it beside."""
    found, claimed = claims.names_to_pick(session, event, typed)
    if refused_id is not None and refused_id not in {pid for pid, _name in found.matches}:
        refused_id = None
    return render_template("public/online.html", event=event, form=form, found=found, claimed=claimed,
                           refused_id=refused_id, mine=remembered(session, event)), status


@bp.route("/<token>/play", methods=["GET", "POST"])
@limiter.limit(_claims_per_address, key_func=_claim_address, methods=["POST"], exempt_when=from_the_laptop)
def claim(token: str):
    """The names to claim (GET); claiming one (POST) leads to the player's own screen."""
    session = db.session()
    event = room_links.event_by_public_token(session, token)
    use_event(event)
    form = ClaimForm()
    if request.method == "GET":
        return _page(session, event, form, request.args.get("q"))
    typed = request.form.get("q")  # the search the tapped name was found by, to show it again
    if not form.validate_on_submit():
        # Anything but a name's button (a missing or garbled id): one plain sentence.
        if not getattr(getattr(form, "csrf_token", None), "errors", None):
            form.player_id.errors = [gettext("Tap your name.")]
        return _page(session, event, form, typed, status=400)
    player_id = form.player_id.data
    per_address = None if from_the_laptop() else current_app.config.get("ONLINE_NAMES_PER_ADDRESS",
                                                                         DEFAULT_NAMES_PER_ADDRESS)
    try:
        personal = claims.claim(session, event, player_id, held=request.cookies.get(COOKIE),
                                address=request.remote_addr, names_per_address=per_address)
    except DomainError as error:  # the claim's change rolled back: nothing was written
        form.player_id.errors = [translate(error.text)]
        return _page(session, event, form, typed, refused_id=player_id, status=error.http_status)
    response = redirect(url_for("play.page", token=personal))
    response.set_cookie(COOKIE, personal, max_age=COOKIE_SECONDS, path=url_for("public.pick", token=token),
                        samesite="Lax", httponly=True)
    return response
