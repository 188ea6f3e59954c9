from __future__ import annotations

from urllib.parse import urlsplit

from flask import flash, redirect, render_template, request, session, url_for

from ... import db
from ...services import accounts
from . import bp
from .forms import LoginForm, SetupForm


@bp.get("/health")
def health():
    """Cheapest route: the baseline for benchmarks and a liveness check."""
    return {"ok": True}


@bp.route("/setup", methods=["GET", "POST"])
def setup():
    """First run: create the organiser account. Closed once an account exists."""
    if accounts.has_organiser(db.session()):
        return redirect(url_for("organiser.login"))
    form = SetupForm()
    if form.validate_on_submit():
        accounts.set_organiser(db.session(), form.username.data, form.password.data)
        session.clear()
        session["organiser_id"] = accounts.authenticate(
            db.session(), form.username.data, form.password.data
        ).id
        flash("Welcome! Your organiser account is ready.", "success")
        return redirect(url_for("organiser.index"))
    return render_template("organiser/setup.html", form=form)


@bp.route("/login", methods=["GET", "POST"])
def login():
    """Log in; on success go back to the page that asked for it (same site only)."""
    if not accounts.has_organiser(db.session()):
        return redirect(url_for("organiser.setup"))
    form = LoginForm()
    if form.validate_on_submit():
        organiser = accounts.authenticate(db.session(), form.username.data, form.password.data)
        if organiser is None:
            flash("Wrong username or password.", "error")
            return render_template("organiser/login.html", form=form), 401
        session.clear()
        session["organiser_id"] = organiser.id
        return redirect(_safe_next(request.args.get("next")))
    return render_template("organiser/login.html", form=form)


@bp.post("/logout")
def logout():
    """CSRFProtect checks the token of this one-button form like every other POST."""
    session.clear()
    flash("Logged out.", "success")
    return redirect(url_for("organiser.login"))


def _safe_next(target: str | None) -> str:
    """Only local paths: a crafted ?next= must not send the organiser to another site."""
    if target and target.startswith("/") and not target.startswith("//") and not urlsplit(target).netloc:
        return target
    return url_for("organiser.index")
