"""Every form's whole number goes through `blueprints.fields.IntegerField`: WTForms' own field takes
any length, and a number beyond a float's range then crashes its NumberRange with a 500."""

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "tournament"


def test_only_the_fields_module_imports_wtforms_integer_field():
    importing = {str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
                 if any(line.startswith("from wtforms") and "IntegerField" in line
                        for line in path.read_text(encoding="utf-8").splitlines())}
    assert importing == {"blueprints/fields.py"}
