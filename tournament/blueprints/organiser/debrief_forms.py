"""The debrief steps editor: every step's title, prompt, view and position, one form.

A blank row (no title, no prompt) is no step: the page always offers one, to add a step
without scripts. Titles and prompts pass the one gate for typed text (``clean_text``)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, Form, FormField, SelectChoice, SelectField, StringField, TextAreaField
from wtforms.validators import Length, NumberRange, Optional, ValidationError

from ...core.errors import RuleError
from ...core.i18n import T, Text
from ...core.limits import MAX_DEBRIEF_STEPS, MAX_STEP_PROMPT, MAX_STEP_TITLE
from ...core.names import clean_text
from ...i18n import translate
from ...services import debrief
from ...services.debrief.steps import DEFAULT_STEPS
from ..fields import IntegerField

NO_VIEW = ""


def _cleaned(field, what: Text) -> None:
    if not (field.data or "").strip():
        field.data = ""
        return
    try:
        field.data = clean_text(field.data, what)
    except RuleError as error:
        raise ValidationError(translate(T("{message}.", message=error.text))) from None


class PositionField(IntegerField):
    """A step's position; anything but a whole number is refused in the page's language."""

    def process_formdata(self, valuelist):
        try:
            super().process_formdata(valuelist)
        except ValueError:
            self.data = None
            raise ValueError(translate(T("A position is a whole number, such as 3."))) from None


class StepForm(Form):
    title = StringField(_l("Title"), validators=[Length(max=MAX_STEP_TITLE)],
                        render_kw={"maxlength": MAX_STEP_TITLE, "autocomplete": "off"})
    prompt = TextAreaField(_l("Prompt"), validators=[Length(max=MAX_STEP_PROMPT)],
                           render_kw={"maxlength": MAX_STEP_PROMPT, "rows": 2})
    view = SelectField(_l("Shows"), default=NO_VIEW, validate_choice=True)
    position = PositionField(_l("Position"), validators=[Optional(), NumberRange(
        1, MAX_DEBRIEF_STEPS + 1, _l("Positions run from 1 to %(most)s.", most=MAX_DEBRIEF_STEPS + 1))])
    remove = BooleanField(_l("Remove this step"))

    def validate_title(self, field) -> None:
        _cleaned(field, T("A step's title"))
        if not field.data and (self.prompt.data or "").strip() and not self.remove.data:
            raise ValidationError(translate(T("A step needs a title.")))

    def validate_prompt(self, field) -> None:
        _cleaned(field, T("A step's prompt"))

    @property
    def is_blank(self) -> bool:
        return not (self.title.data or "").strip() and not (self.prompt.data or "").strip()


def _named(key: str) -> Text:
    """A view not registered here, named by the default step that shows it."""
    return next((step.title for step in DEFAULT_STEPS if step.view == key and isinstance(step.title, Text)),
                T("Another view"))


class StepsForm(FlaskForm):
    steps = FieldList(FormField(StepForm), min_entries=0, max_entries=MAX_DEBRIEF_STEPS + 1)

    def offer_views(self, known: set[str]) -> None:
        """Each step's choice of view: none, every registered view, and a key the event's steps
        already name that is not registered here (kept as it is, marked as not available)."""
        registered = [SelectChoice(view.key, translate(view.label)) for view in debrief.registered()]
        for entry in self.steps:
            choices = [SelectChoice(NO_VIEW, translate(T("Prompt only"))), *registered]
            value = entry.form.view.data
            if value and value in known and debrief.find(value) is None:
                choices.append(SelectChoice(value, translate(T("{view} (not available)", view=_named(value)))))
            entry.form.view.choices = choices

    def kept(self) -> list[dict[str, str]]:
        """The steps as stored, in the chosen order (by position; a step moved to a position
        goes before the one already there); blank and removed rows left out."""
        rows = []
        for index, entry in enumerate(self.steps):
            step = entry.form
            if step.remove.data or step.is_blank:
                continue
            listed = index + 1
            position = step.position.data if step.position.data is not None else listed
            # A step given a new position goes before the one that held it.
            rows.append(((position, position == listed, index),
                         {"title": step.title.data, "prompt": step.prompt.data, "view": step.view.data or NO_VIEW}))
        return [row for _key, row in sorted(rows, key=lambda r: r[0])]
