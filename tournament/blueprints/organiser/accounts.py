"""Organiser accounts page: who can log in, add a colleague, remove an account (after a
confirmation page), and log out every other device of your own account."""

from __future__ import annotations

from flask import flash, g, redirect, render_template, session, url_for
from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import PasswordField, StringField
from wtforms.validators import DataRequired, EqualTo, Length

from ... import db
from ...core.i18n import Name, T
from ...i18n import translate
from ...i18n.locale import use_language
from ...models import Organiser
from ...services import accounts as account_service
from ...services.errors import DomainError, NotFound
from ..guards import SESSION_GENERATION_KEY
from . import bp
from .forms import FOLLOW_BROWSER, ButtonForm, PageLanguageForm


class AddAccountForm(FlaskForm):
    username = StringField(lazy_gettext("Username"), validators=[DataRequired(), Length(max=80)])
    password = PasswordField(lazy_gettext("Password"), validators=[DataRequired(), Length(min=8, max=200)])
    confirm = PasswordField(
        lazy_gettext("Repeat password"),
        validators=[DataRequired(), EqualTo("password", lazy_gettext("The passwords differ."))],
    )


def _page(form: AddAccountForm, status: int = 200, language: PageLanguageForm | None = None):
    if language is None:
        language = PageLanguageForm(formdata=None, language=g.organiser.language or FOLLOW_BROWSER)
    return render_template(
        "organiser/accounts.html", form=form, button=ButtonForm(), language=language,
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
        form.password.errors = [translate(error.text)]
        page, _status = _page(form)
        return page, 503, {"Retry-After": str(error.retry_after)}
    except account_service.UsernameRefused as error:
        form.username.errors = [translate(error.text)]
        return _page(form, 400)
    except DomainError as error:
        form.password.errors = [translate(error.text)]
        return _page(form, 400)
    flash(translate(T("Account “{name}” added. It can log in now.", name=Name(organiser.username))), "success")
    return redirect(url_for("organiser.accounts"))


@bp.route("/accounts/<int:account_id>/remove", methods=["GET", "POST"])
def remove_account(account_id: int):
    """Removing needs a second, explicit confirmation; the removed account's sessions end at
    once (the login guard finds no account)."""
    account = db.session().get(Organiser, account_id)
    if account is None:
        raise NotFound(T("That account no longer exists."))
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
        flash(translate(T("Account “{name}” removed.", name=Name(username))), "success")
        return redirect(url_for("organiser.accounts"))
    if account.id == g.organiser.id:
        flash(translate(T("You cannot remove your own account; ask another organiser to do it.")), "error")
        return _page(AddAccountForm(formdata=None), 409)
    return render_template("organiser/remove_account.html", account=account, form=form)


@bp.post("/accounts/logout-others")
def logout_other_devices():
    """Every other session of this account ends, copied cookies included; this one stays."""
    session[SESSION_GENERATION_KEY] = account_service.end_sessions(db.session(), g.organiser)
    flash(translate(T("Every other device logged in as you has been logged out.")), "success")
    return redirect(url_for("organiser.accounts"))


@bp.post("/accounts/language")
def page_language():
    """The language of this account's pages, on every device it logs in from ("follow the
    browser" stores none). The next page already speaks it."""
    language = PageLanguageForm()
    if not language.validate_on_submit():
        return _page(AddAccountForm(formdata=None), 400, language)
    stored = account_service.set_page_language(db.session(), g.organiser.id, language.language.data or None)
    use_language(stored or "")  # this request's flash already in the new language
    flash(translate(T("The language of these pages is saved.")), "success")
    return redirect(url_for("organiser.accounts"))
