"""Typed SQLAlchemy models, one module per aggregate."""

from .audit import AuditEntry
from .base import Base
from .event import Event, Table, TableAgreement
from .game import Agreement, Game, GameResult
from .note import DebriefNote
from .online import OnlineClaim, OnlineClock, OnlineGame, OnlineMessage
from .organiser import Organiser, Role
from .player import Player, PlayerStatus
from .round import Presence, Round, RoundState, Seat
from .setting import AppSetting
from .throttle import ThrottleCount
from .wish import SeatingWish, WishKind

__all__ = [
    "Agreement",
    "AppSetting",
    "AuditEntry",
    "Base",
    "DebriefNote",
    "Event",
    "Game",
    "GameResult",
    "OnlineClaim",
    "OnlineClock",
    "OnlineGame",
    "OnlineMessage",
    "Organiser",
    "Player",
    "PlayerStatus",
    "Presence",
    "Role",
    "Round",
    "RoundState",
    "Seat",
    "SeatingWish",
    "Table",
    "TableAgreement",
    "ThrottleCount",
    "WishKind",
]
