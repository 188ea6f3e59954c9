"""The translation catalogues, by Babel's Python API (no gettext tools needed).

    python scripts/i18n.py extract   # messages marked in code and templates -> tournament/translations/messages.pot
    python scripts/i18n.py update    # the .pot into every language's .po (new ones created, gone ones dropped)
    python scripts/i18n.py compile   # every .po -> .mo (built, not committed; `flask serve` also does this)

`make catalogs` runs extract and compile. Translators edit the .po files; tests/i18n/test_catalogues.py
says what is missing.
"""

from __future__ import annotations

import io
import sys
from configparser import RawConfigParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tournament.i18n.catalogues import TRANSLATIONS, compile_all, po_path  # noqa: E402
from tournament.i18n.languages import TRANSLATED  # noqa: E402

CONFIG = ROOT / "babel.cfg"
TEMPLATE = TRANSLATIONS / "messages.pot"
PROJECT = "tournament"


def keywords(config: Path = CONFIG) -> dict:
    """The marker functions babel.cfg names (the `keywords` option of its sections)."""
    parser = RawConfigParser()
    parser.read(config)
    specs = [spec for section in parser.sections() for spec in parser.get(section, "keywords", fallback="").split()]
    return parse_keywords(specs)


def extract(root: Path = ROOT, config: Path = CONFIG) -> Catalog:
    """A fresh catalogue of every message marked under `root`, with where each is used."""
    with config.open() as source:
        method_map, options_map = parse_mapping_cfg(source, str(config))
    options_map = {pattern: {k: v for k, v in options.items() if k != "keywords"}
                   for pattern, options in options_map.items()}
    catalogue = Catalog(project=PROJECT, fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root), method_map, options_map, keywords=keywords(config),
        comment_tags=("Translators:",), strip_comment_tags=True,
    ):
        catalogue.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalogue


def _po_text(catalogue: Catalog, **options) -> str:
    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True, **options)
    return buffer.getvalue().decode()


def _write_if_changed(path: Path, text: str) -> bool:
    """Write unless only the header's dates would change (keeps diffs to real changes)."""
    def body(value: str) -> str:
        return "\n".join(line for line in value.splitlines() if "-Date:" not in line)

    if path.exists() and body(path.read_text()) == body(text):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return True


def write_template(catalogue: Catalog, path: Path = TEMPLATE) -> bool:
    return _write_if_changed(path, _po_text(catalogue))


def update(template: Catalog, root: Path = TRANSLATIONS) -> list[str]:
    """Bring every language's .po in line with `template`; returns the languages whose file changed."""
    changed = []
    for code in TRANSLATED:
        path = po_path(code, root)
        if path.exists():
            with path.open("rb") as source:
                catalogue = read_po(source, locale=code)
        else:
            catalogue = Catalog(locale=code, project=PROJECT, fuzzy=False)
        catalogue.update(template, no_fuzzy_matching=True)
        if _write_if_changed(path, _po_text(catalogue)):
            changed.append(code)
    return changed


def main(argv: list[str]) -> int:
    commands = set(argv) or {"extract", "compile"}
    unknown = commands - {"extract", "update", "compile"}
    if unknown:
        print(__doc__, file=sys.stderr)
        return 2
    if commands & {"extract", "update"}:
        template = extract()
        if write_template(template):
            print(f"{TEMPLATE.relative_to(ROOT)}: {len(template)} messages")
        if "update" in commands:
            for code in update(template):
                print(f"{po_path(code).relative_to(ROOT)} updated")
    if "compile" in commands:
        for mo in compile_all():
            print(f"{mo.relative_to(ROOT)} compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
