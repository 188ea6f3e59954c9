"""Checks of single values in an uploaded event file; each refusal names its place ("players[2].name").

Every number is bounded, and every text is length-checked and free of NUL characters and unpaired
surrogates (names and the event name also pass the one text gate, ``clean_text``), so a hostile file
cannot reach the database with a value it would reject (a 500).
"""

from __future__ import annotations

import json
import zlib
from datetime import UTC, datetime
from typing import Any, Literal, NoReturn, overload

from ..core.errors import RuleError
from ..core.i18n import Name, T, Text
from ..core.limits import MAX_FILE_BYTES, MiB
from ..core.names import clean_text
from .errors import DomainError


class FileProblem(DomainError):
    """The uploaded file cannot become an event; the message says where and why."""


def load_json(raw: bytes) -> Any:
    """Bytes of an upload -> a JSON value, or a FileProblem a teacher can act on."""
    try:
        content = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        if error.start >= len(raw) - 3:  # cut inside a multi-byte character
            raise FileProblem(T("The file ends too early: it seems cut off (truncated).")) from None
        raise FileProblem(T("The file is not a text file in UTF-8: it cannot be an event export.")) from None
    if not content.strip():
        raise FileProblem(T("The file is empty."))
    try:
        return json.loads(content)
    except json.JSONDecodeError as error:
        # A cut-off file fails at its very end, or inside a string the end left open.
        if error.pos >= len(content.rstrip()) - 8 or error.msg.startswith("Unterminated string"):
            raise FileProblem(T("The file ends too early: it seems cut off (truncated). "
                                "Export it again or use a backup.")) from None
        # The parser's own words (error.msg) are English in every language, like a code.
        raise FileProblem(T("The file is not valid JSON: {problem} at line {line}, column {column}.",
                            problem=error.msg, line=error.lineno, column=error.colno)) from None
    except RecursionError:
        raise FileProblem(T("The file is nested far too deeply to be an event export.")) from None
    except ValueError as error:  # e.g. an integer with thousands of digits
        raise FileProblem(T("The file is not valid JSON: {problem}.", problem=str(error))) from None


def _show(value: Any) -> Name:
    if isinstance(value, str):
        shown = value
    elif isinstance(value, (int, float, bool, type(None))):
        shown = json.dumps(value)[:80]
    else:
        shown = type(value).__name__
    return Name("'" + (shown[:57] + "…" if len(shown) > 60 else shown) + "'")


def fail(path: str, message: Text | str) -> NoReturn:
    """Refuse the file, saying where (``path``: a place in the file, as written there) and why."""
    raise FileProblem(T("{path}: {problem}", path=path, problem=message) if path else message)


def obj(value: Any, path: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        fail(path, T("must be an object {{…}}, not {kind}", kind=_kind(value)))
    missing = [key for key in keys if key not in value]
    if missing:
        fail(path, T("is missing {keys}", keys=", ".join(f"'{k}'" for k in missing)))
    return value


def array(value: Any, path: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        fail(path, T("must be a list […], not {kind}", kind=_kind(value)))
    if len(value) > most:
        fail(path, T("has {count} entries; at most {most} are allowed", count=len(value), most=most))
    return value


# A required value (the default) is never None, so callers get the plain type.
@overload
def integer(value: Any, path: str, low: int, high: int, *, optional: Literal[False] = False) -> int: ...
@overload
def integer(value: Any, path: str, low: int, high: int, *, optional: bool) -> int | None: ...
def integer(value: Any, path: str, low: int, high: int, *, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        fail(path, T("must be a whole number, not {kind}", kind=_kind(value)))
    if not low <= value <= high:
        fail(path, T("{value} is out of range ({low} to {high})", value=value, low=low, high=high))
    return value


def flag(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        fail(path, T("must be true or false, not {kind}", kind=_kind(value)))
    return value


@overload
def text(value: Any, path: str, most: int, *, optional: Literal[False] = False, blank: bool = True) -> str: ...
@overload
def text(value: Any, path: str, most: int, *, optional: bool, blank: bool = True) -> str | None: ...
def text(value: Any, path: str, most: int, *, optional: bool = False, blank: bool = True) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        fail(path, T("must be text, not {kind}", kind=_kind(value)))
    if "\x00" in value or not _encodable(value):
        fail(path, T("contains characters that cannot be stored"))
    if len(value) > most:
        fail(path, T("is {count} characters long; at most {most} are allowed", count=len(value), most=most))
    if not blank and not value.strip():
        fail(path, T("cannot be empty"))
    return value


def name(value: Any, path: str, most: int) -> str:
    """A display name, through the same gate as a typed one (``clean_text``): NFC, invisible
    characters trimmed at the edges, spaces collapsed, control and invisible characters inside
    refused, naming the character."""
    raw = text(value, path, 10 * most)
    if not raw.strip():
        fail(path, T("cannot be empty"))
    try:
        cleaned = clean_text(raw, _show(raw))
    except RuleError as error:
        fail(path, error.text)
    if len(cleaned) > most:
        fail(path, T("{value} is {count} characters long; at most {most} are allowed",
                     value=_show(cleaned), count=len(cleaned), most=most))
    return cleaned


def label(value: Any, path: str, most: int) -> str:
    """Text shown on a page that may be empty (a log entry's subject): when not blank, it passes
    the same gate as a name, so no invisible or direction character reaches a page."""
    raw = text(value, path, most)
    if not raw.strip():
        return ""
    try:
        return clean_text(raw, _show(raw))
    except RuleError as error:
        fail(path, error.text)


def choice(value: Any, path: str, options: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in options:
        fail(path, T("must be one of {options}, not {value}", options=", ".join(options), value=_show(value)))
    return value


@overload
def moment(value: Any, path: str, *, optional: Literal[False] = False) -> datetime: ...
@overload
def moment(value: Any, path: str, *, optional: bool) -> datetime | None: ...
def moment(value: Any, path: str, *, optional: bool = False) -> datetime | None:
    """ISO 8601; a time without a zone is taken as UTC, as the app stores UTC."""
    if value is None and optional:
        return None
    raw = text(value, path, 40)
    try:
        parsed = datetime.fromisoformat(raw)
    except ValueError:
        fail(path, T("{value} is not a date and time like 2024-05-02T09:30:00Z", value=_show(raw)))
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    try:
        parsed = parsed.astimezone(UTC)
    except (OverflowError, ValueError):
        fail(path, T("{value} is out of range", value=_show(raw)))
    if not 1970 <= parsed.year <= 9998:
        fail(path, T("{value} is out of range (years 1970 to 9998)", value=_show(raw)))
    return parsed


def _encodable(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _kind(value: Any) -> Text | str:
    if value is None:
        return "null"  # JSON's own word
    if isinstance(value, str):
        return T("the text {value}", value=_show(value))
    kinds: dict[type, Text] = {bool: T("true/false"), int: T("a number"), float: T("a decimal number"),
                               list: T("a list"), dict: T("an object")}
    return kinds.get(type(value), type(value).__name__)


GZIP_MAGIC = b"\x1f\x8b"


def load_upload(raw: bytes) -> Any:
    """An uploaded or backed-up event file, plain or gzip-compressed (recognised by its first
    bytes, whatever its name), -> a JSON value. Decompression stops at MAX_FILE_BYTES, so a
    small file that would unpack into gigabytes is refused without unpacking it."""
    if raw[:2] == GZIP_MAGIC:
        raw = _gunzip(raw)
    elif len(raw) > MAX_FILE_BYTES:
        raise FileProblem(T("The file is larger than {size} MB, more than any event can be.",
                            size=MAX_FILE_BYTES // MiB))
    return load_json(raw)


def _gunzip(raw: bytes) -> bytes:
    unpacker = zlib.decompressobj(wbits=31)  # 31: gzip header and trailer
    try:
        content = unpacker.decompress(raw, MAX_FILE_BYTES + 1)
    except zlib.error:
        raise FileProblem(T("The file starts like a compressed (.gz) file but is damaged.")) from None
    if len(content) > MAX_FILE_BYTES or unpacker.unconsumed_tail:
        raise FileProblem(T("The compressed file unpacks to more than {size} MB, more than any event can be.",
                            size=MAX_FILE_BYTES // MiB))
    if not unpacker.eof:
        raise FileProblem(T("The compressed file ends too early: it seems cut off (truncated)."))
    return content
