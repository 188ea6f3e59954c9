"""One corpus of hostile-but-ordinary names, and what must happen to each wherever a name enters.

A class list pasted from a chat app, a spreadsheet or a web page brings invisible and direction
characters, other alphabets, emoji and now and then markup. Each entry says what the app must do
with it at every entry point (paste, latecomer, rename, import file, event name):

- ``Accepted(stored)``: the name is kept, exactly as ``stored`` (NFC, invisible characters at the
  edges trimmed, spaces collapsed), and every page shows it escaped and isolated.
- ``Refused(fragment)``: a 4xx whose message contains ``fragment`` (naming the character or the
  problem), and nothing changes.

Lookalike letters: a word mixing Latin, Cyrillic or Greek letters is refused (it would look
like another name); a whole word in one alphabet is a name like any other, even when it looks
like a Latin word ("Анна").
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Accepted:
    stored: str


@dataclass(frozen=True)
class Refused:
    fragment: str


MAX = 40  # the app's default longest name

CORPUS: dict[str, tuple[str, Accepted | Refused]] = {
    # ordinary, and the letters people expect in their place
    "plain": ("Ana", Accepted("Ana")),
    "slashed o": ("Øystein", Accepted("Øystein")),
    "stroked l": ("Łukasz", Accepted("Łukasz")),
    "ae ligature": ("Æsa", Accepted("Æsa")),
    "sharp s": ("Straße", Accepted("Straße")),
    "precomposed accents": ("Jérôme", Accepted("Jérôme")),
    "combining accent becomes precomposed": ("Ire\u0300ne", Accepted("Irène")),
    "apostrophe, ampersand and quotes": ("O'Brien & \"Bo\"", Accepted("O'Brien & \"Bo\"")),
    # other alphabets and scripts
    "arabic": ("محمد", Accepted("محمد")),
    "hebrew": ("דוד", Accepted("דוד")),
    "arabic with a latin initial": ("ليلى K.", Accepted("ليلى K.")),
    "chinese": ("张伟", Accepted("张伟")),
    "japanese kana": ("さくら", Accepted("さくら")),
    "cyrillic word": ("Анна", Accepted("Анна")),
    "greek word": ("Ελένη", Accepted("Ελένη")),
    "emoji": ("Zoë 🦊", Accepted("Zoë 🦊")),
    "flag and skin tone": ("Kai 🇳🇴👍🏽", Accepted("Kai 🇳🇴👍🏽")),
    # spaces of other kinds
    "no-break space inside": ("Gil\u00a0Ortiz", Accepted("Gil Ortiz")),
    "ideographic space inside": ("Hana\u3000Sato", Accepted("Hana Sato")),
    "spaces around": ("   Uma  Rao  ", Accepted("Uma Rao")),
    # invisible characters at the edges are trimmed
    "isolates around": ("\u2066Bea\u2069", Accepted("Bea")),
    "zero width spaces around": ("\u200bCleo\u200b", Accepted("Cleo")),
    "leading right-to-left override": ("\u202eDan", Accepted("Dan")),
    "leading soft hyphen": ("\u00adEli", Accepted("Eli")),
    "byte order mark": ("\ufeffFay", Accepted("Fay")),
    # markup is a name like any other: stored as typed, shown escaped, never run
    "script tag": ("<script>alert(1)</script>", Accepted("<script>alert(1)</script>")),
    "attribute breakout": ("\"><img src=x onerror=alert(1)>", Accepted("\"><img src=x onerror=alert(1)>")),
    "longest allowed": ("Maximiliana Konstantinopoulou-Vandermeer",
                        Accepted("Maximiliana Konstantinopoulou-Vandermeer")),
    # invisible, direction and control characters inside are refused, naming the character
    "zero width space inside": ("A\u200bna", Refused("U+200B")),
    "zero width joiner inside": ("Jo\u200dy", Refused("U+200D")),
    "emoji family (joiners)": ("Ruth 👨\u200d👩\u200d👧", Refused("U+200D")),
    "override inside": ("Ki\u202erk", Refused("U+202E")),
    "isolate inside": ("Le\u2066o", Refused("U+2066")),
    "soft hyphen inside": ("Ma\u00adx", Refused("U+00AD")),
    "NUL inside": ("Ne\x00d", Refused("U+0000")),
    "bell inside": ("Ol\x07a", Refused("U+0007")),
    "tab inside": ("Pa\tm", Refused("U+0009")),
    "private use character": ("Qu\ue000ill", Refused("U+E000")),
    # lookalikes inside one word
    "cyrillic A in a latin word": ("\u0410nna", Refused("Cyrillic and Latin")),
    "greek alpha in a latin word": ("\u0391lex", Refused("Greek and Latin")),
    # length
    "one character too long": ("Maximiliana Konstantinopoulou-Vandermeers", Refused("longer than 40")),
}

ACCEPTED = {label: (raw, outcome.stored) for label, (raw, outcome) in CORPUS.items()
            if isinstance(outcome, Accepted)}
REFUSED = {label: (raw, outcome.fragment) for label, (raw, outcome) in CORPUS.items()
           if isinstance(outcome, Refused)}

# Names a person counts as the same (refused side by side), and names that are not.
SAME_NAME_PAIRS = [("Zoë", "ZOE"), ("Øystein", "Oystein"), ("Łukasz", "Lukasz"), ("Straße", "STRASSE"),
                   ("Æsa", "AEsa"), ("Émile", "emile"), ("Hana Sato", "hana\u3000sato")]
DIFFERENT_NAME_PAIRS = [("Ana", "Anna"), ("Анна", "Anna"), ("Ana B.", "Ana B"), ("Ilkay", "ılkay")]

# The alphabetical order a reader expects, whatever the alphabet (Latin letters in their place,
# other scripts after Latin in the Unicode default order).
IN_ORDER = ["Adam", "Æsa", "Bea", "Emil", "Émile", "Lucas", "Łukasz", "Oscar", "Øystein", "Straße",
            "Sven", "Zed", "Ελένη", "Анна", "דוד", "محمد", "さくら", "张伟"]
