"""API keys, the rights they carry, and the caller a request runs as.

``--keys FILE`` is JSON::

    {"KEY": {"groups": ["hr"], "write": ["hr", "public"], "admin": false, "name": "hr-bot"}}

* ``groups``: the groups the key reads (public documents are always readable);
* ``write``: the groups it may write documents into, ``"public"`` standing for documents
  without groups; none by default (a read-only key);
* ``admin``: may write every document it can read, and sees every caller's traces (still
  never a trace that read a document it cannot read);
* ``name``: labels the key in traces (else ``key-`` and six hex digits of its SHA-256).

A key may add, replace or delete a document only if it may write every group the document
has before *and* after the change. With keys, every API request needs ``Authorization:
Bearer KEY``. Without keys the server is local-only and the caller is the store's owner:
documents and traces are all visible, and ``ask``/``search`` use the groups the request
names, exactly like the CLI's ``--groups``.

The caller label written to traces is never the key itself: it is the key's name, else
``key-`` and the first six hex digits of the key's SHA-256.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from citadel._errors import ConfigError
from citadel.store import ADMIN, SearchFilter

LOCAL_CALLER = "local"
#: The name of "no groups" in a key's ``write`` list.
PUBLIC = "public"


@dataclass(frozen=True)
class Caller:
    """Who a request runs as: a non-secret label and what it may read."""

    label: str
    groups: frozenset[str] = frozenset()
    owner: bool = False  # the local store owner (no keys configured)
    write: frozenset[str] = frozenset()  # groups it may write into; PUBLIC for no groups
    admin: bool = False

    @property
    def where(self) -> SearchFilter:
        """What this caller may read (documents, traces)."""
        return ADMIN if self.owner else SearchFilter(groups=self.groups)

    def ask_groups(self, requested: Sequence[str] | None) -> list[str]:
        """Groups to ask or search with: the owner's choice, else the key's groups narrowed by
        ``requested`` (a request can narrow a key's access, never widen it)."""
        wanted = {g.strip() for g in requested or () if g.strip()}
        if self.owner:
            return sorted(wanted)
        return sorted(self.groups & wanted if requested is not None else self.groups)

    def can_read(self, doc_groups: Sequence[str]) -> bool:
        return self.where.can_read(doc_groups)

    def can_write(self, doc_groups: Sequence[str]) -> bool:
        """May this caller hold a document with ``doc_groups`` (before or after a change)?"""
        if self.owner:
            return True
        if self.admin:
            return self.can_read(doc_groups)
        return set(doc_groups or [PUBLIC]) <= self.write

    @property
    def sees_all_callers(self) -> bool:
        """The owner and admin keys see every caller's traces; other keys only their own."""
        return self.owner or self.admin

    @property
    def default_write_groups(self) -> list[str] | None:
        """Groups an upload goes into when the request names none: the key's write groups
        (public when that is all it may write); None when the key may write nothing."""
        named = sorted(self.write - {PUBLIC})
        if named:
            return named
        return [] if PUBLIC in self.write else None


@dataclass(frozen=True)
class _Entry:
    digest: bytes
    caller: Caller


class KeyRing:
    """The configured API keys; lookups compare SHA-256 digests in constant time."""

    def __init__(self, keys: Mapping[str, Mapping[str, Any]]) -> None:
        self._entries: list[_Entry] = []
        # Kept only to scrub logs: the longest first, so no key is left half-redacted.
        self._secrets = tuple(sorted((k for k in keys if isinstance(k, str)), key=len, reverse=True))
        for key, spec in keys.items():
            self._entries.append(_Entry(_digest(key), _caller_for(key, spec)))
        if not self._entries:
            raise ConfigError("the keys file lists no keys; add one or run without --keys (local only)")

    @classmethod
    def load(cls, path: str | Path) -> KeyRing:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise ConfigError(f"cannot read the keys file {path}: {exc.strerror or exc}") from exc
        except json.JSONDecodeError as exc:
            raise ConfigError(f"the keys file {path} is not valid JSON ({exc.msg} at line {exc.lineno})") from exc
        if not isinstance(data, dict):
            raise ConfigError(f'the keys file {path} must be an object: {{"KEY": {{"groups": ["hr"]}}}}')
        return cls(data)

    def caller(self, key: str) -> Caller | None:
        """The caller for ``key``, or None if it is not a configured key."""
        digest = _digest(key)
        found = None
        for entry in self._entries:
            if hmac.compare_digest(entry.digest, digest):
                found = entry.caller
        return found

    def __len__(self) -> int:
        return len(self._entries)

    def redact(self, text: str) -> str:
        """``text`` with every configured key in it replaced by ``[redacted]``."""
        for secret in self._secrets:
            if secret in text:
                text = text.replace(secret, "[redacted]")
        return text


def key_label(key: str) -> str:
    return "key-" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:6]


def _digest(key: str) -> bytes:
    return hashlib.sha256(key.encode("utf-8")).digest()


def _caller_for(key: object, spec: object) -> Caller:
    if not isinstance(key, str) or len(key.strip()) < 8:
        raise ConfigError("every API key must be a string of at least 8 characters")
    label = key_label(key)
    if not isinstance(spec, Mapping):
        raise ConfigError(f'key {label}: expected an object such as {{"groups": ["hr"]}}')
    groups = _names(spec, "groups", label)
    write = _names(spec, "write", label)
    admin = spec.get("admin", False)
    if not isinstance(admin, bool):
        raise ConfigError(f"key {label}: 'admin' must be true or false")
    name = spec.get("name")
    if name is not None and (not isinstance(name, str) or not name.strip()):
        raise ConfigError(f"key {label}: 'name' must be a non-empty string")
    unknown = set(spec) - {"groups", "write", "admin", "name"}
    if unknown:
        raise ConfigError(f"key {label}: unknown fields {sorted(unknown)} (allowed: groups, write, admin, name)")
    return Caller(label=name.strip() if name else label, groups=groups, write=write, admin=admin)


def _names(spec: Mapping[str, Any], field: str, label: str) -> frozenset[str]:
    values = spec.get(field, [])
    if not isinstance(values, list) or not all(isinstance(g, str) and g.strip() for g in values):
        raise ConfigError(f"key {label}: {field!r} must be a list of group names")
    return frozenset(g.strip() for g in values)
