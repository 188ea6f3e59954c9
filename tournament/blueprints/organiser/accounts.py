"""Accounts: who can log in and with which role, add a colleague or a helper, change an
account's role, remove an account (after a confirmation page). "Your account" (every role): the
language of your pages, and log out every other device of your own account."""

from __future__ import annotations

from flask import flash, g, redirect, render_template, session, url_for
from flask_babel import lazy_gettext, lazy_pgettext
from flask_wtf import FlaskForm
from wtforms import PasswordField, SelectChoice, SelectField, StringField
from wtforms.validators import DataRequired, EqualTo, Length

from ... import db
from ...core.i18n import Name, T
from ...i18n import translate
from ...i18n.locale import use_language
from ...models import Organiser, Role
from ...services import accounts as account_service
from ...services.errors import DomainError, NotFound
from ..guards import SESSION_GENERATION_KEY
from ..permissions import may_use
from . import bp
from .forms import FOLLOW_BROWSER, ButtonForm, PageLanguageForm

ROLE_CHOICES = [SelectChoice(Role.ORGANISER.value, lazy_gettext("Organiser: everything")),
                SelectChoice(Role.HELPER.value, lazy_gettext("Helper: rounds, results and the room"))]


class AddAccountForm(FlaskForm):
    username = StringField(lazy_gettext("Username"), validators=[DataRequired(), Length(max=80)])
    password = PasswordField(lazy_gettext("Password"), validators=[DataRequired(), Length(min=8, max=200)])
    confirm = PasswordField(
        lazy_gettext("Repeat password"),
        validators=[DataRequired(), EqualTo("password", lazy_gettext("The passwords differ."))],
    )
    role = SelectField(lazy_gettext("Role"), default=Role.ORGANISER.value, validate_choice=True, choices=ROLE_CHOICES)


class RoleForm(FlaskForm):
    """One account's role in the accounts list: the column says what the roles mean."""

    role = SelectField(lazy_gettext("Role"), validate_choice=True, choices=[
        SelectChoice(Role.ORGANISER.value, lazy_pgettext("account role", "Organiser")),
        SelectChoice(Role.HELPER.value, lazy_pgettext("account role", "Helper"))])


def _language_form() -> PageLanguageForm:
    return PageLanguageForm(formdata=None, language=g.organiser.language or FOLLOW_BROWSER)


def _page(form: AddAccountForm, status: int = 200, language: PageLanguageForm | None = None,
          refused_role: tuple[int, RoleForm] | None = None):
    """The accounts page; `refused_role`: an account whose role change was refused, with its
    form as sent (its message beside the field)."""
    if not may_use(g.organiser, "organiser.accounts"):
        return _own_page(status, language)
    organisers = account_service.list_organisers(db.session())
    role_forms = {account.id: RoleForm(formdata=None, role=account.role.value) for account in organisers}
    if refused_role is not None:
        role_forms[refused_role[0]] = refused_role[1]
    return render_template(
        "organiser/accounts.html", form=form, button=ButtonForm(), language=language or _language_form(),
        organisers=organisers, role_forms=role_forms,
    ), status


def _own_page(status: int = 200, language: PageLanguageForm | None = None):
    return render_template("organiser/own_account.html", language=language or _language_form()), status


def _back():
    """Where a change to your own account returns: the accounts page if you may see it."""
    return redirect(url_for("organiser.accounts" if may_use(g.organiser, "organiser.accounts")
                            else "organiser.own_account"))


@bp.get("/account")
def own_account():
    return _own_page()


@bp.get("/accounts")
def accounts():
    return _page(AddAccountForm(formdata=None))


@bp.post("/accounts/add")
def add_account():
    form = AddAccountForm()
    if not form.validate_on_submit():
        return _page(form, 400)
    try:
        organiser = account_service.add_organiser(db.session(), form.username.data, form.password.data,
                                                  Role(form.role.data))
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


@bp.post("/accounts/<int:account_id>/role")
def set_account_role(account_id: int):
    form = RoleForm()
    if not form.validate_on_submit():
        return _page(AddAccountForm(formdata=None), 400, refused_role=(account_id, form))
    try:
        account = account_service.set_role(db.session(), g.organiser, account_id, Role(form.role.data))
    except DomainError as error:
        if isinstance(error, NotFound):
            raise
        form.role.errors = [translate(error.text)]
        return _page(AddAccountForm(formdata=None), error.http_status, refused_role=(account_id, form))
    message = (T("“{name}” is now an organiser.", name=Name(account.username)) if account.role is Role.ORGANISER
               else T("“{name}” is now a helper.", name=Name(account.username)))
    flash(translate(message), "success")
    return _back()


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
    return _back()


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
    return _back()
