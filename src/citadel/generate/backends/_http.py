"""One place that turns httpx errors into citadel errors (retryable or not)."""

from __future__ import annotations

from typing import Any

import httpx

from citadel._errors import BackendError
from citadel.generate.backends.base import TransientBackendError


def post_json(client: httpx.Client, url: str, body: dict[str, Any], headers: dict[str, str], name: str) -> Any:
    try:
        response = client.post(url, json=body, headers=headers)
    except httpx.TimeoutException as exc:
        raise TransientBackendError(f"{name} timed out calling {url}") from exc
    except httpx.HTTPError as exc:
        raise TransientBackendError(f"{name} could not reach {url}: {exc}") from exc
    if response.status_code == 429 or response.status_code >= 500:
        raise TransientBackendError(f"{name} answered HTTP {response.status_code}: {_detail(response)}")
    if response.status_code >= 400:
        raise BackendError(f"{name} refused the request (HTTP {response.status_code}): {_detail(response)}")
    try:
        return response.json()
    except ValueError as exc:
        raise BackendError(f"{name} answered with something that is not JSON") from exc


def _detail(response: httpx.Response) -> str:
    try:
        data = response.json()
    except ValueError:
        return response.text[:300]
    error = data.get("error", data) if isinstance(data, dict) else data
    if isinstance(error, dict):
        return str(error.get("message", error))[:300]
    return str(error)[:300]
