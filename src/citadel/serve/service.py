"""What the routes share: one engine per process, the key ring, who is calling, and the
queue in front of the models.

Engine calls are blocking; routes are plain ``def`` functions (FastAPI runs them in its
thread pool) or call :func:`starlette.concurrency.run_in_threadpool`. Calls that run models
(ask, search, ingest, verify) go through :meth:`Service.run`: one runs at a time per process
(the models already use every core, and the searcher's cache is not thread-safe), waiting
callers are served first come first served, a caller may have at most
``max_inflight_per_caller`` such calls running or queued (more: 429), and each runs under
the request time budget (:func:`citadel.limits.deadline`). Reads of documents and traces go
straight to the store, which has its own lock.
"""

from __future__ import annotations

import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
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
            from dataclasses import replace

            return replace(base, max_upload_bytes=self.max_upload_bytes, max_file_bytes=self.max_upload_bytes)
        return base


class FairQueue:
    """A lock handed out in arrival order, with a bound on what each caller has waiting.

    A holder that has had the models for ``slice_seconds`` hands them on at its next step
    (:meth:`pass_on`, called from :func:`citadel.limits.check_deadline`) when others wait,
    and queues again behind them: a long request (a large verify, a large upload) is served
    in slices between other callers' requests instead of stalling them."""

    def __init__(self, slice_seconds: float = 0.25) -> None:
        self._cond = threading.Condition()
        self._queue: deque[object] = deque()
        self._holder: object | None = None
        self._since = 0.0
        self._mine = threading.local()
        self.slice_seconds = slice_seconds
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
                self._wait_for(object())
            except BaseException:
                self._release(who)
                raise
        try:
            yield
        finally:
            with self._cond:
                if self._holder is self._mine.ticket:
                    self._holder = None
                self._release(who)

    def _wait_for(self, ticket: object) -> None:
        """Queue ``ticket`` and wait until it holds the models (the condition is held)."""
        self._queue.append(ticket)
        try:
            while self._holder is not None or self._queue[0] is not ticket:
                self._cond.wait(timeout=0.5)
                if shutting_down():
                    raise LimitError("the server is shutting down", "shutdown", "time")
        except BaseException:
            self._queue.remove(ticket)
            self._cond.notify_all()
            raise
        self._queue.popleft()
        self._holder = self._mine.ticket = ticket
        self._since = time.monotonic()

    def pass_on(self) -> None:
        """Called by the holder between steps: let the waiting callers go first if its slice is up."""
        with self._cond:
            if not self._queue or time.monotonic() - self._since < self.slice_seconds:
                return
            if self._holder is self._mine.ticket:
                self._holder = None
            self._cond.notify_all()
            self._wait_for(object())

    def _release(self, who: str) -> None:
        self.inflight[who] -= 1
        if self.inflight[who] <= 0:
            del self.inflight[who]
        self._cond.notify_all()

    @property
    def busy(self) -> bool:
        return self._holder is not None


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
        with self.queue.turn(who, bound), deadline(bounds.request_seconds), yielding(self.queue.pass_on):
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
