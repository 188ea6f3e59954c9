"""First-run setup, login and logout.

Failed and throttled logins go to the Python log (address and username repr'd, so a typed
newline cannot forge a log line), not to the audit log: that one belongs to an event and
tells its story, while a login belongs to the laptop.
"""

from __future__ import annotations

import logging
import math
import time
from datetime import UTC, datetime

from flask import flash, g, redirect, render_template, request, session, url_for

from ... import db
from ...core.i18n import T, Text, Tn
from ...i18n import translate
from ...services import accounts
from ...services.errors import DomainError
from ...throttle import limit_failed_logins, limiter
from ..guards import log_in
from ..links import local_path
from ..moments import local_time
from . import bp
from .forms import LoginForm, SetupForm

log = logging.getLogger(__name__)


@bp.get("/health")
def health():
    """Cheapest route: the baseline for benchmarks and a liveness check."""
    return {"ok": True}


@bp.route("/setup", methods=["GET", "POST"])
def setup():
    """First run: create the organiser account. Closed once an account exists; of several
    browsers submitting at once, one creates it and the others are told to log in."""
    if accounts.has_organiser(db.session()):
        return redirect(url_for("organiser.login"))
    form = SetupForm()
    if not form.validate_on_submit():
        return render_template("organiser/setup.html", form=form), 400 if form.errors else 200
    try:
        organiser = accounts.create_first_organiser(db.session(), form.username.data, form.password.data)
    except accounts.SetupTaken:
        return render_template("organiser/setup.html", form=form, taken=True), 409
    except accounts.PasswordBusy as error:
        return _busy("organiser/setup.html", form, error)
    except accounts.UsernameRefused as error:
        return _refused("organiser/setup.html", form, form.username, error)
    except DomainError as error:
        return _refused("organiser/setup.html", form, form.password, error)
    log_in(organiser)
    flash(translate(T("Welcome! Your organiser account is ready.")), "success")
    return redirect(url_for("organiser.index"))


@bp.route("/login", methods=["GET", "POST"])
@limit_failed_logins
def login():
    """Log in; on success go back to the page that asked for it (same site only)."""
    if not accounts.has_organiser(db.session()):
        return redirect(url_for("organiser.setup"))
    form = LoginForm()
    if not form.validate_on_submit():
        return render_template("organiser/login.html", form=form), 400 if form.errors else 200
    try:
        organiser = accounts.authenticate(db.session(), form.username.data, form.password.data)
    except accounts.UsernameRefused as error:
        _log_failed_login(form.username.data)
        return _refused("organiser/login.html", form, form.username, error)
    except accounts.PasswordBusy as error:
        return _busy("organiser/login.html", form, error)
    if organiser is None:
        _log_failed_login(form.username.data)
        flash(translate(T("Wrong username or password.")), "error")
        return render_template("organiser/login.html", form=form), 401
    log_in(organiser)
    return redirect(_safe_next(request.args.get("next")))


@bp.errorhandler(429)
def _too_many_logins(error):
    """The login form again, username kept, saying when the next attempt will be checked."""
    limit = limiter.current_limit
    reset_at = limit.reset_at if limit is not None else time.time() + 60
    wait = max(1, math.ceil(reset_at - time.time()))
    log.warning("throttled login for username %r from %r", request.form.get("username", ""),
                request.remote_addr)
    form = LoginForm()
    message = translate(T("Too many failed logins. Try again in {duration} (at {clock}).", duration=_duration(wait),
                          clock=local_time(datetime.fromtimestamp(reset_at, UTC), format="clock")))
    response = render_template("organiser/login.html", form=form, notice=message)
    return response, 429, {"Retry-After": str(wait)}


@bp.post("/logout")
def logout():
    """Ends this session and every copy of its cookie: the account's generation moves on, so
    the account's other devices are logged out too. CSRFProtect checks the form's token."""
    accounts.end_sessions(db.session(), g.organiser)
    session.clear()
    flash(translate(T("Logged out.")), "success")
    return redirect(url_for("organiser.login"))


def _log_failed_login(username: str) -> None:
    log.warning("failed login for username %r from %r", username, request.remote_addr)


def _refused(template: str, form, field, error: Exception):
    field.errors = [*field.errors, translate(getattr(error, "text", str(error)))]
    return render_template(template, form=form), 400


def _busy(template: str, form, error: accounts.PasswordBusy):
    return (render_template(template, form=form, notice=translate(error.text)), 503,
            {"Retry-After": str(error.retry_after)})


def _duration(seconds: int) -> Text:
    if seconds < 90:
        return Tn("{n} second", "{n} seconds", seconds)
    return Tn("{n} minute", "{n} minutes", math.ceil(seconds / 60))


def _safe_next(target: str | None) -> str:
    """Only local paths: a crafted ?next= must not send the organiser to another site."""
    return local_path(target) or url_for("organiser.index")
