"""Organiser accounts page: who can log in, add a colleague, remove an account (after a
confirmation page), and log out every other device of your own account."""

from __future__ import annotations

from flask import flash, g, redirect, render_template, session, url_for
from flask_wtf import FlaskForm
from wtforms import PasswordField, StringField
from wtforms.validators import DataRequired, EqualTo, Length

from ... import db
from ...i18n import translate
from ...models import Organiser
from ...services import accounts as account_service
from ...services.errors import DomainError, NotFound
from ..guards import SESSION_GENERATION_KEY
from . import bp
from .forms import ButtonForm


class AddAccountForm(FlaskForm):
    username = StringField("Username", validators=[DataRequired(), Length(max=80)])
    password = PasswordField("Password", validators=[DataRequired(), Length(min=8, max=200)])
    confirm = PasswordField(
        "Repeat password", validators=[DataRequired(), EqualTo("password", "The passwords differ.")]
    )


def _page(form: AddAccountForm, status: int = 200):
    return render_template(
        "organiser/accounts.html", form=form, button=ButtonForm(),
        organisers=account_service.list_organisers(db.session()),
    ), status


@bp.get("/accounts")
def accounts():
    return _page(AddAccountForm(formdata=None))


@bp.post("/accounts/add")
def add_account():
    form = AddAccountForm()
    if not form.validate_on_submit():
        return _page(form, 400)
    try:
        organiser = account_service.add_organiser(db.session(), form.username.data, form.password.data)
    except account_service.PasswordBusy as error:
        form.password.errors = [str(error)]
        page, _status = _page(form)
        return page, 503, {"Retry-After": str(error.retry_after)}
    except account_service.UsernameRefused as error:
        form.username.errors = [str(error)]
        return _page(form, 400)
    except DomainError as error:
        form.password.errors = [str(error)]
        return _page(form, 400)
    flash(f"Account “{organiser.username}” added. It can log in now.", "success")
    return redirect(url_for("organiser.accounts"))


@bp.route("/accounts/<int:account_id>/remove", methods=["GET", "POST"])
def remove_account(account_id: int):
    """Removing needs a second, explicit confirmation; the removed account's sessions end at
    once (the login guard finds no account)."""
    account = db.session().get(Organiser, account_id)
    if account is None:
        raise NotFound("That account no longer exists.")
    form = ButtonForm()
    if form.validate_on_submit():
        acting_id = g.organiser.id
        try:
            username = account_service.remove_organiser(db.session(), g.organiser, account_id)
        except DomainError as error:
            if db.session().get(Organiser, acting_id) is None:
                # Removed by another organiser at the same moment: this session is over.
                session.clear()
                return redirect(url_for("organiser.login"))
            flash(translate(error.text), "error")
            return _page(AddAccountForm(formdata=None), 409)
        flash(f"Account “{username}” removed.", "success")
        return redirect(url_for("organiser.accounts"))
    if account.id == g.organiser.id:
        flash("You cannot remove your own account; ask another organiser to do it.", "error")
        return _page(AddAccountForm(formdata=None), 409)
    return render_template("organiser/remove_account.html", account=account, form=form)


@bp.post("/accounts/logout-others")
def logout_other_devices():
    """Every other session of this account ends, copied cookies included; this one stays."""
    session[SESSION_GENERATION_KEY] = account_service.end_sessions(db.session(), g.organiser)
    flash("Every other device logged in as you has been logged out.", "success")
    return redirect(url_for("organiser.accounts"))
