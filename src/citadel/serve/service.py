"""What the routes share: one engine per process, the key ring, and who is calling.

Engine calls are blocking; routes are plain ``def`` functions (FastAPI runs them in its
thread pool) or call :func:`starlette.concurrency.run_in_threadpool`. Calls that run models
(ask, search, ingest, verify) take :attr:`Service.lock`, so one runs at a time per process:
the models already use every core, and the searcher's cache is not thread-safe. Reads of
documents and traces go straight to the store, which has its own lock.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from fastapi import Request

from citadel._errors import CitadelError
from citadel.engine import Citadel
from citadel.serve.auth import LOCAL_CALLER, Caller, KeyRing

T = TypeVar("T")


class HTTPProblem(CitadelError):
    """An error with an HTTP status, raised by the routes themselves."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code = status, code


@dataclass(frozen=True)
class ServeSettings:
    """Limits of the HTTP service."""

    max_upload_bytes: int = 100 << 20  # per uploaded file


@dataclass
class Service:
    engine: Citadel
    keys: KeyRing | None = None
    settings: ServeSettings = ServeSettings()
    lock: threading.Lock = field(default_factory=threading.Lock)

    def run(self, fn: Callable[[], T]) -> T:
        """Run a model-bound engine call, one at a time."""
        with self.lock:
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


def service(request: Request) -> Service:
    svc: Service = request.app.state.service
    return svc


def current_caller(request: Request) -> Caller:
    return service(request).caller(request.headers.get("authorization"))
