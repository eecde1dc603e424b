"""The FastAPI application: :func:`create_app` wires one engine, the keys, the routes,
the error handlers and the web page.

Errors are answered as ``{"error": CODE, "message": TEXT}``. Library errors
(:class:`~citadel.CitadelError`) map to statuses here, at the edge; anything else is a
500 whose details go to the server log only, so a response never carries the prompt,
a secret or text the caller may not read.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from types import FrameType
from typing import Annotated

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from citadel._errors import (
    BackendError,
    CitadelError,
    ConfigError,
    IngestError,
    LimitError,
    NotFoundError,
    RetrievalError,
    StoreError,
    ValidationError,
    VerifyError,
)
from citadel.engine import Citadel
from citadel.limits import begin_shutdown
from citadel.serve import api, documents, metrics, openai_compat
from citadel.serve.auth import Caller, KeyRing
from citadel.serve.guard import Guard, install_scrubber
from citadel.serve.service import HTTPProblem, ServeSettings, Service, current_caller

log = logging.getLogger(__name__)
STATIC = Path(__file__).parent / "static"

#: Environment variables used by ``citadel serve --workers N`` to configure each worker.
ENV_KEYS = "CITADEL_SERVE_KEYS"
ENV_BACKEND = "CITADEL_SERVE_BACKEND"

_STATUS: list[tuple[type[CitadelError], int, str]] = [
    (NotFoundError, 404, "not_found"),
    (ValidationError, 422, "invalid_request"),
    (IngestError, 422, "ingest_failed"),
    (RetrievalError, 503, "retrieval_unavailable"),
    (BackendError, 502, "backend_failed"),
    (VerifyError, 500, "verify_failed"),
    (StoreError, 503, "store_unavailable"),
    (ConfigError, 500, "misconfigured"),
]


_LIMIT_STATUS = {"size": (413, "too_large"), "count": (422, "too_many"), "time": (503, "time_budget_exceeded")}


def error_status(exc: CitadelError) -> tuple[int, str]:
    if isinstance(exc, HTTPProblem):
        return exc.status, exc.code
    if isinstance(exc, LimitError):
        return _LIMIT_STATUS.get(exc.kind, (413, "too_large"))
    for cls, status, code in _STATUS:
        if isinstance(exc, cls):
            return status, code
    return 500, "error"


def _error(status: int, code: str, message: str, limit: str | None = None) -> JSONResponse:
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    body: dict[str, str] = {"error": code, "message": message}
    if limit is not None:
        body["limit"] = limit
    return JSONResponse(body, status_code=status, headers=headers)


_HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 408: "timeout", 413: "too_large"}


def _stop_models_on_sigterm() -> None:
    """Chain a handler before the server's own SIGTERM/SIGINT handlers that makes every
    running model call stop at its next check (:func:`citadel.limits.check_deadline`), so
    the server exits within seconds even while a long request runs."""
    if threading.current_thread() is not threading.main_thread():
        return
    for sig in (signal.SIGTERM, signal.SIGINT):
        previous = signal.getsignal(sig)

        def handler(signum: int, frame: FrameType | None, previous: object = previous) -> None:
            begin_shutdown()
            if callable(previous):
                previous(signum, frame)

        signal.signal(sig, handler)


def create_app(
    engine: Citadel,
    keys: KeyRing | dict[str, dict[str, object]] | None = None,
    settings: ServeSettings = ServeSettings(),
) -> FastAPI:
    """The HTTP API and web page over one engine. ``keys``: a :class:`KeyRing` or the keys
    file's JSON; None serves without keys (bind it to localhost only)."""
    ring = KeyRing(keys) if isinstance(keys, dict) else keys
    local = ring is None
    install_scrubber(ring)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        install_scrubber(ring)  # again: the server configured logging after create_app
        _stop_models_on_sigterm()
        yield

    app = FastAPI(
        lifespan=lifespan,
        title="citadel",
        summary="Answers from your own documents, every sentence verified against its cited source.",
        version="0.1.0",
        # With keys the OpenAPI document needs a key too, and the interactive docs are off.
        openapi_url="/openapi.json" if local else None,
        docs_url="/docs" if local else None,
        redoc_url=None,
    )
    app.state.service = service = Service(engine, ring, settings)
    app.add_middleware(Guard, local=local, bounds=lambda: service.limits)
    if not local:

        @app.get("/openapi.json", include_in_schema=False)
        def openapi(caller: Annotated[Caller, Depends(current_caller)]) -> JSONResponse:
            return JSONResponse(app.openapi())

    app.include_router(api.router)
    app.include_router(documents.router)
    app.include_router(openai_compat.router)
    app.include_router(metrics.router)

    @app.exception_handler(CitadelError)
    async def citadel_error(request: Request, exc: CitadelError) -> JSONResponse:
        status, code = error_status(exc)
        if status >= 500:
            log.warning("%s %s failed: %s", request.method, request.url.path, exc)
        return _error(status, code, str(exc), exc.limit if isinstance(exc, LimitError) else None)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg')}" for e in exc.errors()
        )
        return _error(422, "invalid_request", problems or "invalid request")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, _HTTP_CODES.get(exc.status_code, "http_error"), str(exc.detail))

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> JSONResponse:
        log.exception("%s %s crashed", request.method, request.url.path)
        return _error(500, "internal_error", "the server failed on this request; see the server log")

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def app_from_env() -> FastAPI:
    """The app for ``uvicorn --factory`` (``citadel serve --workers N``): the store from
    ``$CITADEL_STORE``, keys from ``$CITADEL_SERVE_KEYS``, backend from ``$CITADEL_SERVE_BACKEND``."""
    keys_file = os.environ.get(ENV_KEYS)
    engine = Citadel(None, backend=os.environ.get(ENV_BACKEND) or "extractive")
    return create_app(engine, KeyRing.load(keys_file) if keys_file else None)
