"""A card in words, for screen readers and the online screen's spoken sentences: "ace of
spades", never "A♠" (read aloud as "A black spade suit").

One message per suit with the rank as its only placeholder, because each language orders and
joins the two its own way ("Pik Ass", "as de pique", "schoppen aas"); face cards' ranks are
words, number cards keep their digits (every screen reader says them in the page's language)."""

from __future__ import annotations

from typing import Final

from ..core.i18n import T, Text
from .protocol import CardFace

RANK_WORDS: Final[dict[str, Text]] = {
    "A": T("ace"),
    "K": T("king"),
    "Q": T("queen"),
    "J": T("jack"),
}
SAID_WITH_SUIT: Final[dict[str, Text]] = {
    "hearts": T("{rank} of hearts"),
    "diamonds": T("{rank} of diamonds"),
    "clubs": T("{rank} of clubs"),
    "spades": T("{rank} of spades"),
}


def spoken(face: CardFace) -> Text | str:
    """The card as said aloud; a suit without words (another game's deck) keeps its label."""
    said = SAID_WITH_SUIT.get(face.suit)
    if said is None:
        return face.label
    return said.filled(rank=RANK_WORDS.get(face.rank, face.rank))
