"""API keys and the caller a request runs as.

``--keys FILE`` is JSON ``{"KEY": {"groups": ["hr"]}}`` (an optional ``"name"`` labels the
key in traces). With keys, every API request needs ``Authorization: Bearer KEY`` and runs
with that key's groups. Without keys the server is local-only and the caller is the store's
owner: documents and traces are all visible, and ``ask``/``search`` use the groups the
request names, exactly like the CLI's ``--groups``.

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


@dataclass(frozen=True)
class Caller:
    """Who a request runs as: a non-secret label and what it may read."""

    label: str
    groups: frozenset[str] = frozenset()
    owner: bool = False  # the local store owner (no keys configured)

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


@dataclass(frozen=True)
class _Entry:
    digest: bytes
    caller: Caller


class KeyRing:
    """The configured API keys; lookups compare SHA-256 digests in constant time."""

    def __init__(self, keys: Mapping[str, Mapping[str, Any]]) -> None:
        self._entries: list[_Entry] = []
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
    groups = spec.get("groups", [])
    if not isinstance(groups, list) or not all(isinstance(g, str) and g.strip() for g in groups):
        raise ConfigError(f"key {label}: 'groups' must be a list of group names")
    name = spec.get("name")
    if name is not None and (not isinstance(name, str) or not name.strip()):
        raise ConfigError(f"key {label}: 'name' must be a non-empty string")
    unknown = set(spec) - {"groups", "name"}
    if unknown:
        raise ConfigError(f"key {label}: unknown fields {sorted(unknown)} (allowed: groups, name)")
    return Caller(label=name.strip() if name else label, groups=frozenset(g.strip() for g in groups))
