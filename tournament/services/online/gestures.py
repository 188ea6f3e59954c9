"""The silent means of an online table once the tournament starts: a fixed set of gestures.

The guide allows gestures and pictures, never words, so a gesture is a symbol with a short
label (shown as its tooltip and read by screen readers), and nothing a player types."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.i18n import Text, Tp


@dataclass(frozen=True)
class Gesture:
    key: str  # as stored and sent by the device
    symbol: str
    label: Text


GESTURES: tuple[Gesture, ...] = (
    Gesture("yes", "👍", Tp("gesture", "Yes")),
    Gesture("no", "👎", Tp("gesture", "No")),
    Gesture("wait", "✋", Tp("gesture", "Wait")),
    Gesture("puzzled", "❓", Tp("gesture", "I don't understand")),
    Gesture("your-turn", "👉", Tp("gesture", "Your turn")),
    Gesture("mine", "☝", Tp("gesture", "Mine")),
    Gesture("oops", "😮", Tp("gesture", "Oops")),
    Gesture("happy", "🙂", Tp("gesture", "Happy")),
    Gesture("angry", "😠", Tp("gesture", "Annoyed")),
    Gesture("clap", "👏", Tp("gesture", "Well played")),
)
BY_KEY = {gesture.key: gesture for gesture in GESTURES}
