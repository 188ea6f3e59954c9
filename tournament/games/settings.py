"""A game's rule settings, each declared once; what the app says and stores about a table's
settings is derived from the declaration here.

A game states its variant as ``VariantSettings``: the variant's class and, per setting, a
``DeclaredSetting``: its key (the variant's attribute and the stored JSON key), its label, and its
choices (``Choice``: the value, a stable code, the words the summary and the debrief say, the
form's wording). From it come the stored JSON (``to_json``/``from_json``), the tables page's line
(``summary``), the debrief's side-by-side rows (``compared``), the rules page's form (``form``,
``from_form``) and the new tables' rules (``default_variants``).

Invariants:
- The JSON holds exactly the declared keys, in the declared order, each the choice's ``stored``
  value: what an event or an event file stored keeps reading back.
- A choice's ``code`` is both the form's value and the debrief's comparison: two tables play a
  setting alike exactly when their codes are equal. A setting that changes nothing at a table
  (``applies`` false) compares as ``NOT_APPLIED`` there, whatever it holds.
- The variant's own class still checks every value it is built with (a stored value no choice
  holds is refused by it, in its own words).
- New tables take the game's ``cycle`` in turn, or its ``generator``; neighbouring tables
  differ in at least ``differ_by`` settings (a test checks every game).
- Standard library only at import; WTForms is imported by ``form`` alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from string import Formatter
from typing import Any, Final, Generic, TypeVar

from ..core.errors import RuleError
from ..core.i18n import T, Text
from .protocol import Setting

V = TypeVar("V")

NOT_APPLIED: Final = "none"  # the debrief's code of a setting that changes nothing at a table
DASH: Final = "—"  # and its value


@dataclass(frozen=True, slots=True)
class Choice:
    """One value a setting may take. ``stored`` is its JSON (the value itself unless given)."""

    value: Any
    code: str
    words: Text | str  # as the summary and the debrief say it: "Two jokers"
    option: Text | None = None  # as the rules page's select offers it (a checkbox has none)
    stored: Any = field(default=None)
    stored_as_value: bool = True

    def __post_init__(self) -> None:
        if self.stored_as_value:
            object.__setattr__(self, "stored", self.value)


def stored(value: Any, code: str, words: Text | str, option: Text | None, json: Any) -> Choice:
    """A choice whose JSON differs from its value (a suit stored by its name)."""
    return Choice(value, code, words, option, stored=json, stored_as_value=False)


def yes_no(yes: Text | str, no: Text | str, yes_option: Text | None = None, no_option: Text | None = None,
           codes: tuple[str, str] = ("yes", "no")) -> tuple[Choice, Choice]:
    """The two choices of an on/off setting, stored as JSON booleans."""
    return Choice(True, codes[0], yes, yes_option), Choice(False, codes[1], no, no_option)


@dataclass(frozen=True, slots=True)
class DeclaredSetting:
    """One setting of a game's rules, said once.

    ``label`` names it on the debrief and, unless ``question`` says otherwise, on the form.
    ``check``: the form shows a checkbox (its label ``question``) for the choices True and False.
    ``read`` turns a stored JSON value into the variant's (default: as stored). ``applies``: a
    setting that changes nothing at some tables (when to trump, without a trump) says so."""

    key: str
    label: Text
    choices: tuple[Choice, ...]
    question: Text | None = None
    check: bool = False
    read: Callable[[Any], Any] | None = None
    applies: Callable[[Any], bool] | None = None

    def __post_init__(self) -> None:
        # A declaration is the game author's, never a teacher's: plain ValueErrors.
        codes = [choice.code for choice in self.choices]
        if len(set(codes)) != len(codes) or not codes:
            raise ValueError(f"the setting {self.key!r} needs choices with distinct codes")
        if self.check and {choice.value for choice in self.choices} != {True, False}:
            raise ValueError(f"the checkbox {self.key!r} takes the values True and False")
        if not self.check and any(choice.option is None for choice in self.choices):
            raise ValueError(f"every choice of the select {self.key!r} needs the form's wording")

    def choice(self, value: Any) -> Choice:
        for choice in self.choices:
            if choice.value == value and type(choice.value) is type(value):
                return choice
        raise RuleError(f"{self.key} holds {value!r}, which is not one of its choices")

    def coded(self, code: str) -> Choice:
        for choice in self.choices:
            if choice.code == code:
                return choice
        raise RuleError(f"{code!r} is not a choice of {self.key}")


@dataclass(frozen=True, slots=True)
class VariantSettings(Generic[V]):
    """A game's variant, declared: ``variant`` is its class, built with every key.

    ``summary``: the tables page's line, a message whose placeholders, in the order they appear,
    take each setting's words in declared order; or the game's own line, for a game whose line
    is not its settings' words in a row. ``default``: the form's start for a new table (``None``:
    the form starts empty). ``cycle`` or ``generator``: new tables' rules, table 1 first."""

    variant: type[V]
    declared: tuple[DeclaredSetting, ...]
    summary: Text | Callable[[V], Text | str]
    default: V | None = None
    cycle: tuple[V, ...] = ()
    generator: Callable[[int], tuple[V, ...]] | None = None
    differ_by: int = 1

    def __post_init__(self) -> None:
        keys = [setting.key for setting in self.declared]
        if len(set(keys)) != len(keys) or not keys:
            raise ValueError(f"{self.variant.__name__} needs settings with distinct keys")
        if (self.generator is None) == (not self.cycle):
            raise ValueError(f"{self.variant.__name__} takes its new tables from a cycle or a generator")
        if isinstance(self.summary, Text):
            names = _placeholders(self.summary)
            if len(names) != len(keys):
                raise ValueError(f"{self.variant.__name__}'s summary has a place for each setting")

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(setting.key for setting in self.declared)

    def check(self, value: object) -> V:
        if not isinstance(value, self.variant):
            raise RuleError(f"expected a table's rules as {self.variant.__name__}, not {value!r}")
        return value


def _placeholders(message: Text) -> tuple[str, ...]:
    return tuple(name for _literal, name, _spec, _conversion in Formatter().parse(message.msgid) if name)


def to_json(settings: VariantSettings[V], variant: V) -> dict[str, Any]:
    """The variant as stored (a table's column, an event file): the declared keys in order."""
    variant = settings.check(variant)
    return {setting.key: setting.choice(getattr(variant, setting.key)).stored for setting in settings.declared}


def from_json(settings: VariantSettings[V], data: object) -> V:
    """The variant ``to_json`` stored; ``RuleError`` for anything else."""
    if not isinstance(data, Mapping) or set(data) != set(settings.keys):
        raise RuleError(T("a table's rules must be stored as an object with the keys {keys}, not {data}",
                          keys=", ".join(settings.keys), data=str(data)[:80]))
    values = {setting.key: data[setting.key] if setting.read is None else setting.read(data[setting.key])
              for setting in settings.declared}
    return settings.variant(**values)


def summary(settings: VariantSettings[V], variant: V) -> Text | str:
    """One line for the tables page and the print list: "Two jokers; stuck: draw one per player; …"."""
    variant = settings.check(variant)
    if not isinstance(settings.summary, Text):
        return settings.summary(variant)
    words = (setting.choice(getattr(variant, setting.key)).words for setting in settings.declared)
    return Text(settings.summary.msgid, dict(zip(_placeholders(settings.summary), words, strict=True)),
                context=settings.summary.context)


def summary_of(game: Any, variant: Any) -> Text | str:
    """``summary`` for a game object (a page holds the game, not its settings)."""
    return summary(game.settings, variant)


def compared(settings: VariantSettings[V], variant: V) -> tuple[Setting, ...]:
    """The settings one by one for the debrief's side-by-side view, in declared order."""
    variant = settings.check(variant)
    rows = []
    for setting in settings.declared:
        if setting.applies is not None and not setting.applies(variant):
            rows.append(Setting(setting.key, setting.label, DASH, NOT_APPLIED))
            continue
        choice = setting.choice(getattr(variant, setting.key))
        rows.append(Setting(setting.key, setting.label, choice.words, choice.code))
    return tuple(rows)


def default_variants(settings: VariantSettings[V], tables: int) -> tuple[V, ...]:
    """One variant per table, table 1 first: the cycle in turn, or the game's generator."""
    if settings.generator is not None:
        return settings.generator(tables)
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 0:
        raise RuleError(T("the number of tables must be a whole number of at least 0, not {tables}",
                          tables=repr(tables)))
    return tuple(settings.cycle[index % len(settings.cycle)] for index in range(tables))


def form(settings: VariantSettings[V], formdata: Any, variant: V | None) -> Any:
    """A Flask-WTF form of the settings, filled from ``formdata`` when posted, else from
    ``variant`` (``None``: the game's ``default``). Needs an app context."""
    from flask_wtf import FlaskForm
    from wtforms import BooleanField, SelectChoice, SelectField

    from .form_words import lazy

    class VariantForm(FlaskForm):  # type: ignore[misc]  # WTForms ships no type information
        pass

    for setting in settings.declared:
        label = lazy(setting.question or setting.label)
        if setting.check:
            setattr(VariantForm, setting.key, BooleanField(label))
        else:
            setattr(VariantForm, setting.key, SelectField(label, choices=[
                SelectChoice(choice.code, lazy(choice.option)) for choice in setting.choices if choice.option]))
    shown = settings.default if variant is None else settings.check(variant)
    if shown is None:
        return VariantForm(formdata=formdata)
    values = {}
    for setting in settings.declared:
        value = getattr(shown, setting.key)
        values[setting.key] = value if setting.check else setting.choice(value).code
    return VariantForm(formdata=formdata, **values)


def from_form(settings: VariantSettings[V], posted: Any) -> V:
    """The variant a validated ``form`` holds."""
    values = {setting.key: bool(posted[setting.key].data) if setting.check
              else setting.coded(posted[setting.key].data).value for setting in settings.declared}
    return settings.variant(**values)


__all__ = ["DASH", "NOT_APPLIED", "Choice", "DeclaredSetting", "VariantSettings", "compared",
           "default_variants", "form", "from_form", "from_json", "stored", "summary", "summary_of", "to_json", "yes_no"]
