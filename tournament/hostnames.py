"""The one judge of what a host may look like, in a request's Host header or in an address the
organiser types for links: an IPv4 address, a bracketed IPv6 address, or a DNS name (labels of
1 to 63 letters, digits, hyphens or underscores, 253 characters at most, `xn--` labels valid
IDNA), optionally followed by a port from 1 to 65535. ASCII only: browsers send IDNA names
already encoded, so anything else did not come from a browser."""

from __future__ import annotations

import ipaddress
import re

MAX_NAME_LENGTH = 253
_LABEL = re.compile(r"[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?")
_PORT = re.compile(r"[0-9]{1,5}")


def split_host_port(value: str) -> tuple[str, int | None] | None:
    """(host, port) of a well-formed `host[:port]`, the host without IPv6 brackets; None when
    the value is no host a browser would send."""
    if not value or not value.isascii():
        return None
    if value.startswith("["):
        inner, bracket, rest = value[1:].partition("]")
        if not bracket or not _is_ipv6(inner):
            return None
        host = inner
    else:
        host, _, rest = value.partition(":")
        rest = ":" + rest if _ else ""
        if not is_host_name(host):
            return None
    if not rest:
        return host, None
    if not rest.startswith(":") or not _PORT.fullmatch(rest[1:]) or not 0 < int(rest[1:]) < 65536:
        return None
    return host, int(rest[1:])


def is_well_formed(value: str) -> bool:
    return split_host_port(value) is not None


def is_host_name(host: str) -> bool:
    """An IPv4 address or a DNS name (see the module's rules); no port, no brackets."""
    if not host or len(host) > MAX_NAME_LENGTH + 1 or not host.isascii():
        return False
    name = host[:-1] if host.endswith(".") else host
    labels = name.split(".")
    if all(label.isdigit() for label in labels):
        return _is_ipv4(name)
    return all(_LABEL.fullmatch(label) and _idna_ok(label) for label in labels)


def _idna_ok(label: str) -> bool:
    if not label.lower().startswith("xn--"):
        return True
    try:
        label.encode("ascii").decode("idna")
    except UnicodeError:
        return False
    return True


def _is_ipv4(text: str) -> bool:
    try:
        ipaddress.IPv4Address(text)
    except ValueError:
        return False
    return True


def _is_ipv6(text: str) -> bool:
    try:
        ipaddress.IPv6Address(text)
    except ValueError:
        return False
    return True


def is_loopback(host: str) -> bool:
    """127.x.x.x, ::1 or a name that always means this very machine."""
    name = host.strip("[]").rstrip(".").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def is_wildcard(host: str | None) -> bool:
    """A bind address meaning "every interface": it names no address a phone could open."""
    return (host or "").strip("[]") in {"", "*", "0.0.0.0", "::"}


def with_port(host: str, port: int | None) -> str:
    """`host[:port]` as it goes into a URL (IPv6 in brackets)."""
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"{shown}:{port}" if port else shown
