"""Typed SQLAlchemy models, one module per aggregate."""

from .audit import AuditEntry
from .base import Base
from .event import Event, Table
from .game import Game, GameResult
from .note import DebriefNote
from .online import OnlineClaim, OnlineClock, OnlineGame, OnlineMessage
from .organiser import Organiser
from .player import Player, PlayerStatus
from .round import Round, RoundState, Seat
from .setting import AppSetting
from .throttle import ThrottleCount

__all__ = [
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
    "Round",
    "RoundState",
    "Seat",
    "Table",
    "ThrottleCount",
]
