"""Organiser accounts. Passwords are hashed with Werkzeug (scrypt), never stored in clear.

Rules:
- A username passes the one text gate (`clean_text`) before it is stored or looked up.
- First-run setup creates exactly one account, however many browsers submit it at once: it
  first inserts the fixed `app_settings` row "setup", whose primary key lets only one
  transaction through; the others get `SetupTaken` and create nothing.
- At most `PASSWORD_SLOTS` scrypt computations run at once (each takes ~32 MB and a CPU for
  ~0.1 s) and at most `PASSWORD_QUEUE` requests wait for one, each for at most
  `PASSWORD_WAIT_SECONDS`; any other gets `PasswordBusy` at once. So a flood of logins holds
  at most four server threads and ~64 MB, and the projector and phones keep the rest.
- An unknown username costs the same scrypt check as a wrong password, so the answer time does
  not tell which usernames exist.
- `session_generation` is stamped into each login session; bumping it (log out, log out
  everywhere else, password reset) ends every session that carries the old number.
- The last account cannot be removed, and nobody removes their own account.
- Each account is an organiser or a helper (`Role`). The first account is an organiser, and the
  last organiser can neither be removed nor become a helper, so someone can always manage the
  accounts.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any, cast

from sqlalchemy import CursorResult, delete, func, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session, aliased
from werkzeug.security import check_password_hash, generate_password_hash

from ..core.errors import RuleError
from ..core.i18n import Name, T
from ..core.names import clean_text
from ..models import AppSetting, Organiser, Role
from .errors import Conflict, DomainError, NotFound, as_sentence
from .unit_of_work import unit_of_work

MIN_PASSWORD_LENGTH = 8
MAX_USERNAME_LENGTH = 80
SETUP_KEY = "setup"
# Two CPUs' worth: more parallel checks only add memory, not answers per second.
PASSWORD_SLOTS = 2
PASSWORD_QUEUE = 2
PASSWORD_WAIT_SECONDS = 1.0
BUSY_RETRY_SECONDS = 2

_password_slots = threading.BoundedSemaphore(PASSWORD_SLOTS)
# Running plus waiting checks; a lock keeps the count exact across server threads.
_password_demand = threading.BoundedSemaphore(PASSWORD_SLOTS + PASSWORD_QUEUE)


class UsernameRefused(DomainError):
    """The typed username cannot be an account name (blank, control characters, too long)."""


class PasswordBusy(DomainError):
    """Every password slot stayed busy: the answer is 503 with Retry-After."""

    http_status = 503
    title = phone_title = T("Busy, try again")
    retry_after = BUSY_RETRY_SECONDS


class SetupTaken(Conflict):
    """Another browser finished first-run setup a moment earlier."""


def clean_username(username: str) -> str:
    try:
        cleaned = clean_text(username, T("The username"))
    except RuleError as error:
        raise UsernameRefused(as_sentence(error.text)) from None
    if len(cleaned) > MAX_USERNAME_LENGTH:
        raise UsernameRefused(T("The username can have at most {count} characters.", count=MAX_USERNAME_LENGTH))
    return cleaned


def _check_password_rules(password: str) -> None:
    if len(password) < MIN_PASSWORD_LENGTH:
        raise DomainError(T("The password needs at least {count} characters.", count=MIN_PASSWORD_LENGTH))


@contextmanager
def _password_slot() -> Iterator[None]:
    if not _password_demand.acquire(blocking=False):
        raise PasswordBusy(_BUSY_MESSAGE)
    try:
        if not _password_slots.acquire(timeout=PASSWORD_WAIT_SECONDS):
            raise PasswordBusy(_BUSY_MESSAGE)
        try:
            yield
        finally:
            _password_slots.release()
    finally:
        _password_demand.release()


_BUSY_MESSAGE = T("The laptop is busy checking other passwords. Try again in a few seconds.")


# Werkzeug's scrypt: ~0.1 s and 32 MB a check, which is what makes guessing slow. The test
# suite alone swaps in a cheap method (tests/conftest.py); a test in a fresh process checks
# that a real install hashes with this one.
HASH_METHOD = "scrypt"


def hash_password(password: str) -> str:
    with _password_slot():
        return generate_password_hash(password, method=HASH_METHOD)


@cache
def _dummy_hash(method: str) -> str:
    """Made once per process and method, with the method of real hashes, so checking it costs the same."""
    return generate_password_hash(secrets.token_hex(16), method=method)


def has_organiser(session: Session) -> bool:
    return session.scalars(select(func.count()).select_from(Organiser)).one() > 0


def list_organisers(session: Session) -> list[Organiser]:
    return list(session.scalars(select(Organiser).order_by(func.lower(Organiser.username), Organiser.id)))


def set_organiser(session: Session, username: str, password: str) -> bool:
    """Create the account or reset its password; returns True when it was created.
    A reset ends every session of the account (a copied cookie stops working)."""
    username = clean_username(username)
    _check_password_rules(password)
    password_hash = hash_password(password)
    with unit_of_work(session):
        organiser = session.scalar(select(Organiser).where(Organiser.username == username))
        created = organiser is None
        if organiser is None:
            session.add(Organiser(username=username, password_hash=password_hash))
        else:
            organiser.password_hash = password_hash
            organiser.session_generation = Organiser.session_generation + 1
    return created


def create_first_organiser(session: Session, username: str, password: str) -> Organiser:
    """First-run setup. Raises `SetupTaken` when an account exists or another setup won."""
    username = clean_username(username)
    _check_password_rules(password)
    if has_organiser(session):
        raise SetupTaken(T("The organiser account was just created. Log in with it."))
    try:
        with unit_of_work(session):
            # The guarded insert comes first so that losers wait here and never hash a password.
            session.add(AppSetting(key=SETUP_KEY, value=username))
            session.flush()
            organiser = Organiser(username=username, password_hash=hash_password(password), role=Role.ORGANISER)
            session.add(organiser)
    except (IntegrityError, OperationalError):
        if has_organiser(session):
            raise SetupTaken(T("The organiser account was just created. Log in with it.")) from None
        raise
    return organiser


def add_organiser(session: Session, username: str, password: str, role: Role = Role.ORGANISER) -> Organiser:
    """Another account (a colleague, or a helper); an existing username is refused, not overwritten."""
    username = clean_username(username)
    _check_password_rules(password)
    password_hash = hash_password(password)
    taken = T("There is already an account named “{username}”.", username=Name(username))
    try:
        with unit_of_work(session):
            if session.scalar(select(Organiser.id).where(Organiser.username == username)) is not None:
                raise UsernameRefused(taken)
            organiser = Organiser(username=username, password_hash=password_hash, role=role)
            session.add(organiser)
    except IntegrityError:
        raise UsernameRefused(taken) from None
    return organiser


def remove_organiser(session: Session, acting: Organiser, organiser_id: int) -> str:
    """Remove another account; returns its username.

    Two organisers removing each other at the same moment must not leave the laptop with no
    account. PostgreSQL: every account row is locked first, so the second removal waits and then
    sees the first. SQLite (no row locks): the checks sit inside the one DELETE statement, which
    runs under the database's single write lock."""
    if organiser_id == acting.id:
        raise DomainError(T("You cannot remove your own account; ask another organiser to do it."))
    acting_id = acting.id  # read before the change: the account may be removed meanwhile
    with unit_of_work(session):
        locked: dict[int, str] = {row.id: row.username for row in session.execute(
            select(Organiser.id, Organiser.username).with_for_update())}
        if organiser_id not in locked:
            raise NotFound(T("That account no longer exists."))
        others, actor = aliased(Organiser), aliased(Organiser)
        # A DELETE's result is a CursorResult, the one kind that counts rows; execute's
        # annotation names only the general Result.
        removed = cast(CursorResult[Any], session.execute(
            delete(Organiser).where(
                Organiser.id == organiser_id,
                select(func.count(others.id)).scalar_subquery() > 1,
                select(actor.id).where(actor.id == acting_id, actor.role == Role.ORGANISER).exists(),
            ).execution_options(synchronize_session=False)
        )).rowcount
        if removed != 1:
            raise Conflict(T("The last organiser account cannot be removed."))
    return locked[organiser_id]


LAST_ORGANISER = T("The last organiser account cannot become a helper: make another account an organiser first.")


def set_role(session: Session, acting: Organiser, organiser_id: int, role: Role) -> Organiser:
    """Make an account an organiser or a helper; returns it. Refused when it would leave no
    organiser. Every account row is locked first (PostgreSQL), so two organisers changing each
    other's roles at once are judged one after the other; on SQLite the change holds the one
    write lock."""
    acting_id = acting.id  # read before the change: the account may be changed meanwhile
    with unit_of_work(session):
        roles: dict[int, Role] = {row.id: row.role for row in session.execute(
            select(Organiser.id, Organiser.role).with_for_update())}
        if organiser_id not in roles:
            raise NotFound(T("That account no longer exists."))
        if roles.get(acting_id) is not Role.ORGANISER:
            raise Conflict(T("Only an organiser can change an account's role."))
        organisers = [account for account, held in roles.items() if held is Role.ORGANISER]
        if role is Role.HELPER and organisers == [organiser_id]:
            raise Conflict(LAST_ORGANISER, field="role")
        session.execute(update(Organiser).where(Organiser.id == organiser_id).values(role=role))
    changed = session.get(Organiser, organiser_id)
    assert changed is not None
    session.refresh(changed)
    return changed


def set_page_language(session: Session, organiser_id: int, language: str | None) -> str | None:
    """The language of the account's pages on every device (None: follow the browser)."""
    with unit_of_work(session):
        session.execute(update(Organiser).where(Organiser.id == organiser_id).values(language=language))
    return language


def end_sessions(session: Session, organiser: Organiser) -> int:
    """Bump the account's generation: every session stamped with the old number ends.
    Returns the new number (a session that should stay logged in stores it)."""
    with unit_of_work(session):
        session.execute(
            update(Organiser).where(Organiser.id == organiser.id)
            .values(session_generation=Organiser.session_generation + 1)
        )
    session.refresh(organiser)
    return organiser.session_generation


def authenticate(session: Session, username: str, password: str) -> Organiser | None:
    """The account if the password matches, else None. Unknown usernames check a dummy hash,
    so both answers take one scrypt computation."""
    organiser = session.scalar(select(Organiser).where(Organiser.username == clean_username(username)))
    stored_hash = organiser.password_hash if organiser is not None else _dummy_hash(HASH_METHOD)
    # End the read transaction before the slow check: no snapshot or pool connection held.
    session.rollback()
    with _password_slot():
        matches = check_password_hash(stored_hash, password)
    return organiser if organiser is not None and matches else None
