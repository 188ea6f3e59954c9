"""What a helper account may do: the one list of the organiser-side endpoints it may use.

A helper runs the class beside the organiser: enters and corrects results, starts and closes
rounds, runs the timers, marks absentees, settles disputes, and sees the Room and projector
links. Everything that sets the class up or could lose it (events, files, backups, accounts,
rules, the table plan, players, the debrief and its reveal, printing, the links themselves) stays
with organisers.

Every endpoint behind the organiser login is in exactly one of ``HELPER_MAY`` and
``ORGANISER_ONLY`` (tests/roles checks it against the URL map), so a new page is decided here
before it ships. ``guards.require_organiser_login`` enforces it for every method: a refused
request is a 403 with a sentence, never just a missing button.

Each refusal is one whole sentence per kind of action, so every language words it its own way.
"""

from __future__ import annotations

from flask import g

from ..core.i18n import T, Text
from ..models import Organiser, Role
from ..services.errors import DomainError

# Endpoints a helper may use, each for the part of the class it runs.
HELPER_MAY: frozenset[str] = frozenset({
    # Finding the event and its pages; their own session and language.
    "organiser.index",
    "organiser.event",
    "organiser.rounds",
    "organiser.standings",
    "organiser.audit_log",
    "organiser.logout",
    "organiser.own_account",
    "organiser.logout_other_devices",
    "organiser.page_language",
    # The notice for the school: what this app stores (reading it changes nothing).
    "organiser.notice",
    # Running rounds: start, close (and undo a close made by mistake), the board. A planned
    # round's board is its seating page, where it starts; moving a seat there before the start
    # is part of starting it (the table plan itself stays the organiser's).
    "organiser.round_seats",
    "organiser.start_round",
    "organiser.close_round",
    "organiser.reopen_round",
    "organiser.round_board",
    "organiser.round_results",
    # Entering and correcting results, typed or on the scorer.
    "organiser.table_results",
    "organiser.score_game",
    # The notes the tables send, as the Room page lists them live (hiding one from the
    # debrief stays the organiser's).
    "organiser.notes_feed",
    # Settling a result its table disputed.
    "organiser.settle_game",
    # Who is at the tables: absent for this round, or here after all.
    "organiser.mark_absent",
    "organiser.mark_here",
    # Keeping online tables playing during a round.
    "organiser.online",
    "organiser.online_live",
    "organiser.online_skip",
    "organiser.online_play_for",
    "organiser.online_release",
    "organiser.online_move",
    # The Room: its board, the timers, and the table and projector links to read.
    "room.room_page",
    "room.live",
    "room.table_links",
    "room.timer_action",
    "room.durations",
})

# Whole sentences, one per kind of organiser-only action.
_EVENTS = T("A helper account cannot create, delete, duplicate, import or restore events. Ask an organiser.")
_FILES = T("A helper account cannot download the event's files. Ask an organiser.")
_ACCOUNTS = T("A helper account cannot manage accounts. Ask an organiser.")
_SETTINGS = T("A helper account cannot change the event's settings. Ask an organiser.")
_TABLES = T("A helper account cannot change the rules or the table plan. Ask an organiser.")
_PLAYERS = T("A helper account cannot change the list of players. Ask an organiser.")
_DEBRIEF = T("A helper account cannot run the debrief or reveal the rules. Ask an organiser.")
_PRINT = T("A helper account cannot print the class's materials. Ask an organiser.")
_LINKS = T("A helper account cannot change the links or the projector's display. Ask an organiser.")
_TOURNAMENT = T("A helper account cannot end the tournament or add rounds to it. Ask an organiser.")
_RETENTION = T("A helper account cannot change how long this laptop keeps events. Ask an organiser.")
GENERIC = T("A helper account cannot do this. Ask an organiser.")

# Endpoints only an organiser may use, each with the sentence a helper reads instead.
ORGANISER_ONLY: dict[str, Text] = {
    "organiser.create_event": _EVENTS,
    "organiser.delete_event": _EVENTS,
    "organiser.duplicate_event": _EVENTS,
    "organiser.import_event": _EVENTS,
    "organiser.event_backups": _EVENTS,
    "organiser.restore_backup": _EVENTS,
    "organiser.set_retention": _RETENTION,
    "organiser.keep_event": _RETENTION,
    "organiser.export_json": _FILES,
    "organiser.export_json_gz": _FILES,
    "organiser.games_csv": _FILES,
    "organiser.moves_csv": _FILES,
    "organiser.debrief_csv": _FILES,
    "organiser.research": _FILES,
    "organiser.research_zip": _FILES,
    "organiser.accounts": _ACCOUNTS,
    "organiser.add_account": _ACCOUNTS,
    "organiser.remove_account": _ACCOUNTS,
    "organiser.set_account_role": _ACCOUNTS,
    "organiser.event_settings": _SETTINGS,
    "organiser.tables": _TABLES,
    "organiser.table_plan": _TABLES,
    "organiser.table_rules": _TABLES,
    "organiser.table_sheets": _TABLES,
    "organiser.move_home": _TABLES,
    "organiser.add_wish": _TABLES,
    "organiser.remove_wish": _TABLES,
    "organiser.online_tables": _TABLES,
    "organiser.online_all": _TABLES,
    "organiser.players": _PLAYERS,
    "organiser.player": _PLAYERS,
    "organiser.player_status": _PLAYERS,
    "organiser.remove_player": _PLAYERS,
    "organiser.replace_players": _PLAYERS,
    "organiser.late_player": _PLAYERS,
    "organiser.withdraw_player": _PLAYERS,
    "organiser.player_nickname": _PLAYERS,
    "organiser.propose_nicknames": _PLAYERS,
    "organiser.debrief": _DEBRIEF,
    "organiser.debrief_default_steps": _DEBRIEF,
    "organiser.debrief_hide": _DEBRIEF,
    "organiser.debrief_reveal": _DEBRIEF,
    "organiser.debrief_step": _DEBRIEF,
    "organiser.debrief_steps": _DEBRIEF,
    "organiser.debrief_stop": _DEBRIEF,
    "organiser.debrief_trick_choose": _DEBRIEF,
    "organiser.debrief_trick_propose": _DEBRIEF,
    "organiser.hide_note": _DEBRIEF,
    "organiser.show_note": _DEBRIEF,
    "organiser.end_tournament": _TOURNAMENT,
    "organiser.one_more_round": _TOURNAMENT,
    "print.index": _PRINT,
    "print.everything": _PRINT,
    "print.debrief": _PRINT,
    "print.guide": _PRINT,
    "print.preview": _PRINT,
    "print.settings": _PRINT,
    "print.sheets": _PRINT,
    "print.signs": _PRINT,
    "print.slips": _PRINT,
    "print.personal_links": _PRINT,
    "print.make_personal_links": _PRINT,
    "room.display": _LINKS,
    "room.regenerate": _LINKS,
    "room.regenerate_all": _LINKS,
    "room.regenerate_event_links": _LINKS,
    "room.revoke": _LINKS,
    "room.set_link_base": _LINKS,
}


class HelperRefused(DomainError):
    """A helper account asked for an organiser-only page or action."""

    http_status = 403
    title = T("Ask an organiser")


def may_use(organiser: Organiser, endpoint: str | None) -> bool:
    """Whether `organiser` may use `endpoint`. An endpoint on neither list is organiser-only."""
    return organiser.role is Role.ORGANISER or endpoint in HELPER_MAY


def may(endpoint: str) -> bool:
    """For templates: whether the logged-in account may use `endpoint` (a button a helper cannot
    use is not drawn; the guard's 403 is the rule)."""
    organiser = g.get("organiser")
    return organiser is not None and may_use(organiser, endpoint)


def check(organiser: Organiser, endpoint: str | None) -> None:
    """Refuse a helper an organiser-only endpoint, with the sentence for what it does."""
    if not may_use(organiser, endpoint):
        raise HelperRefused(ORGANISER_ONLY.get(endpoint or "", GENERIC))
