"""The HTTP service: the JSON API, Server-Sent Events, the audit log and the web page.

``create_app(engine, keys)`` builds the FastAPI application; ``citadel serve`` runs it
with uvicorn.
"""

from __future__ import annotations

from citadel.serve.app import app_from_env, create_app
from citadel.serve.auth import Caller, KeyRing
from citadel.serve.service import ServeSettings

__all__ = ["Caller", "KeyRing", "ServeSettings", "app_from_env", "create_app"]
