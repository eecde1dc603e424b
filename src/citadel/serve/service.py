"""What the routes share: one engine per process, the key ring, who is calling, and the
queue in front of the models.

Engine calls are blocking; routes are plain ``def`` functions (FastAPI runs them in its
thread pool) or call :func:`starlette.concurrency.run_in_threadpool`. Calls that run models
(ask, search, ingest, verify) go through :meth:`Service.run`: one runs at a time per process
(the models already use every core, and the searcher's cache is not thread-safe), the
caller that used the models least goes next (:class:`FairQueue`), a long request hands them
on between its steps, a caller may have at most ``max_inflight_per_caller`` such calls
running or queued (more: 429), and each runs under the request time budget
(:func:`citadel.limits.deadline`). Reads of documents and traces go
straight to the store, which has its own lock.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TypeVar

from fastapi import Request

from citadel._errors import CitadelError, LimitError
from citadel.engine import Citadel
from citadel.limits import Limits, deadline, limits, shutting_down, yielding
from citadel.serve.auth import LOCAL_CALLER, Caller, KeyRing

T = TypeVar("T")


class HTTPProblem(CitadelError):
    """An error with an HTTP status, raised by the routes themselves."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code = status, code


@dataclass(frozen=True)
class ServeSettings:
    """Settings of the HTTP service; input bounds come from :mod:`citadel.limits`
    unless ``limits`` is given here."""

    limits: Limits | None = None
    max_upload_bytes: int | None = None  # per upload request; None: limits().max_upload_bytes

    def bounds(self) -> Limits:
        base = self.limits or limits()
        if self.max_upload_bytes is not None:
            return replace(base, max_upload_bytes=self.max_upload_bytes, max_file_bytes=self.max_upload_bytes)
        return base


class FairQueue:
    """The models, handed to one request at a time, the caller that used them least first.

    Each caller's use is the model time its requests held, decaying with a half-life of
    ``half_life`` seconds; among waiting requests the one whose caller used the least goes
    next (arrival order breaks ties). A holder that has had the models for
    ``slice_seconds`` checks at its next step (:meth:`pass_on`, called from
    :func:`citadel.limits.check_deadline`) whether a caller that used less is waiting, and
    if so queues again behind it: a long request (a large verify, a large upload) is served
    in slices in the gaps between other callers' requests instead of stalling them. Each
    caller may have at most ``bound`` requests running or waiting (see :meth:`turn`)."""

    def __init__(self, slice_seconds: float = 0.25, half_life: float = 30.0) -> None:
        self._cond = threading.Condition()
        self._waiting: list[tuple[str, int, object]] = []  # (caller, arrival, ticket)
        self._arrivals = 0
        self._holder: object | None = None
        self._since = 0.0
        self._used: dict[str, tuple[float, float]] = {}  # caller -> (seconds, as of when)
        self._mine = threading.local()
        self.slice_seconds, self.half_life = slice_seconds, half_life
        self.inflight: Counter[str] = Counter()

    @contextmanager
    def turn(self, who: str, bound: int | None) -> Iterator[None]:
        with self._cond:
            if bound is not None and self.inflight[who] >= bound:
                raise HTTPProblem(
                    429, "too_many_requests",
                    f"this caller already has {self.inflight[who]} model requests running or queued "
                    f"(limit max_inflight_per_caller = {bound}); wait for one to finish",
                )  # fmt: skip
            self.inflight[who] += 1
            try:
                self._wait_for(who)
            except BaseException:
                self._release(who)
                raise
        try:
            yield
        finally:
            with self._cond:
                self._let_go(who)
                self._release(who)

    def used(self, who: str, now: float | None = None) -> float:
        """The caller's decayed model time, in seconds."""
        seconds, then = self._used.get(who, (0.0, 0.0))
        now = time.monotonic() if now is None else now
        return seconds * 0.5 ** (max(0.0, now - then) / self.half_life)

    def _wait_for(self, who: str) -> None:
        """Queue a ticket for ``who`` and wait until it holds the models (the condition is held)."""
        ticket = object()
        self._arrivals += 1
        entry = (who, self._arrivals, ticket)
        self._waiting.append(entry)
        try:
            while self._holder is not None or self._next() is not ticket:
                self._cond.wait(timeout=0.5)
                if shutting_down():
                    raise LimitError("the server is shutting down", "shutdown", "time")
        except BaseException:
            self._waiting.remove(entry)
            self._cond.notify_all()
            raise
        self._waiting.remove(entry)
        self._holder = self._mine.ticket = ticket
        self._since = time.monotonic()

    def _next(self) -> object | None:
        if not self._waiting:
            return None
        now = time.monotonic()
        return min(self._waiting, key=lambda w: (self.used(w[0], now), w[1]))[2]

    def _let_go(self, who: str) -> None:
        """The holder ends its turn: charge the time it held the models to ``who``."""
        if self._holder is not getattr(self._mine, "ticket", None):
            return
        now = time.monotonic()
        self._used[who] = (self.used(who, now) + (now - self._since), now)
        self._holder = None
        self._cond.notify_all()

    def pass_on(self, who: str) -> None:
        """Called by the holder between steps: once its slice is up, let a caller that used
        the models less go first, then carry on."""
        with self._cond:
            now = time.monotonic()
            if not self._waiting or now - self._since < self.slice_seconds:
                return
            mine = self.used(who, now) + (now - self._since)
            if all(self.used(w[0], now) >= mine for w in self._waiting):
                return
            self._let_go(who)
            self._wait_for(who)

    def _release(self, who: str) -> None:
        self.inflight[who] -= 1
        if self.inflight[who] <= 0:
            del self.inflight[who]
        self._cond.notify_all()

    @property
    def busy(self) -> bool:
        return self._holder is not None

    @property
    def contended(self) -> bool:
        """Does any request wait for the models? (A long request then takes smaller steps.)"""
        return bool(self._waiting)


@dataclass
class Service:
    engine: Citadel
    keys: KeyRing | None = None
    settings: ServeSettings = ServeSettings()
    queue: FairQueue = field(default_factory=FairQueue)

    @property
    def limits(self) -> Limits:
        return self.settings.bounds()

    def run(self, fn: Callable[[], T], caller: Caller | None = None) -> T:
        """Run a model-bound engine call: in turn, within the caller's share, under the time budget."""
        bounds = self.limits
        who = caller.label if caller is not None else LOCAL_CALLER
        # The local owner is one person: their requests queue, but are never refused.
        bound = None if caller is None or caller.owner else bounds.max_inflight_per_caller
        with (
            self.queue.turn(who, bound),
            deadline(bounds.request_seconds),
            yielding(lambda: self.queue.pass_on(who)),
        ):
            return fn()

    def caller(self, authorization: str | None) -> Caller:
        """The caller of a request, from its ``Authorization`` header; 401 if keys are on and it is bad."""
        if self.keys is None:
            return Caller(label=LOCAL_CALLER, owner=True)
        scheme, _, token = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise HTTPProblem(401, "unauthorized", "this server needs an API key: send 'Authorization: Bearer KEY'")
        caller = self.keys.caller(token.strip())
        if caller is None:
            raise HTTPProblem(401, "unauthorized", "unknown API key")
        return caller

    def optional_caller(self, authorization: str | None) -> Caller | None:
        """The caller if the request carries a valid key (or the server is local), else None."""
        try:
            return self.caller(authorization)
        except HTTPProblem:
            return None


def service(request: Request) -> Service:
    svc: Service = request.app.state.service
    return svc


def current_caller(request: Request) -> Caller:
    return service(request).caller(request.headers.get("authorization"))
