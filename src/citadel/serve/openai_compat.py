"""OpenAI-compatible routes: ``POST /v1/chat/completions`` (JSON or Server-Sent Events) and
``GET /v1/models``, so any OpenAI client (``openai``, LangChain, chat front ends) can ask citadel.

A chat completion is one ``engine.ask`` for the caller, rendered as a chat message:

* **The question** is the text of the *last* ``user`` message (a string, or the text parts of
  the array-of-parts form); system messages and earlier turns are parsed but not used for
  retrieval. The caller's key decides the groups, as on every route; ``groups`` (with the
  ``openai`` client: ``extra_body={"groups": [...]}``) can only narrow them. The question is
  bounded by ``max_question_chars``; the trace's caller is the key's label (``"chat"`` for the
  local owner).
* **The reply** ``choices[0].message.content`` is each verified claim with ``[1]``-style markers
  (numbered in order of first use), then a ``Sources:`` footer, one line per marker:
  ``[n] Title (location), "quote"``; so a client that ignores extra fields still shows the
  evidence. The response also carries ``citations`` (one per marker, in order: ``index``,
  ``doc_id``, ``title``, ``quote``, ``start``, ``end``, ``location``, ``verdict``) and the full
  citadel answer (the ``/v1/ask`` JSON) under ``citadel``. An abstention is an ordinary
  assistant message (the abstention sentence, no citations), ``finish_reason`` ``"stop"``.
* **Ids and usage.** ``id`` is ``chatcmpl-`` + the trace id; ``model`` echoes the requested
  name (``"citadel"`` when none). ``usage`` sums the backend's token counts from the request's
  trace when every generation reported them; otherwise (the extractive backend, an abstention
  before generation, an unwritten trace) it counts whitespace-separated words of the question
  and of the reply.
* **Streaming** (``"stream": true``): ``chat.completion.chunk`` objects, the role first, then
  the content line by line, then a chunk with ``finish_reason`` ``"stop"`` that carries
  ``citations`` and ``citadel``, a usage chunk if ``stream_options.include_usage``, then
  ``data: [DONE]``. The answer is verified before the first byte is sent (as ``/v1/ask/stream``),
  so nothing streamed is ever withdrawn, and a failure is an ordinary HTTP error.
* **Errors** use OpenAI's shape ``{"error": {"message", "type", "param", "code"}}``: a malformed
  request is 400 (``invalid_request_error``; ``/v1/ask`` answers 422), a missing or unknown key
  401 (``authentication_error``), limits keep their statuses (413, 429, 503) with ``code`` the
  citadel code and ``limit`` the limit's name. (The server's outer wall, :mod:`citadel.serve.guard`,
  still answers its own refusals, such as a body over ``max_body_bytes``, in citadel's shape.)
* Sampling options (``temperature``, ``max_tokens``, ``tools``…) are accepted and ignored: the
  reply is the verified answer, never cut short; ``n`` must be 1.

The reply only ever holds what ``engine.ask`` returned for this caller, so it names and quotes
no document the caller may not read.
"""

from __future__ import annotations

import json
import logging
import textwrap
import time
from collections.abc import Callable, Coroutine, Iterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, StreamingResponse
from fastapi.routing import APIRoute
from pydantic import BaseModel, ConfigDict, Field, model_validator
from starlette.concurrency import run_in_threadpool

from citadel._errors import CitadelError, LimitError, ValidationError
from citadel.answers import Answer, claim_text, with_markers
from citadel.limits import check_question
from citadel.models import Location
from citadel.serve.auth import Caller
from citadel.serve.schemas import AnswerBody, LocationBody
from citadel.serve.service import HTTPProblem, Service, current_caller, service

log = logging.getLogger(__name__)

#: The one model this server lists and the name a reply carries when a request names none.
MODEL = "citadel"
#: The trace caller of a chat completion asked by the local owner (keys use their label).
LOCAL_CHAT_CALLER = "chat"
#: Longest quote shown in the reply's footer (the full quote is in ``citations``).
FOOTER_QUOTE_CHARS = 200


# --- errors in OpenAI's shape ----------------------------------------------------------------

_ERROR_TYPES = {401: "authentication_error", 403: "permission_error", 429: "rate_limit_error"}


def openai_error(status: int, code: str, message: str, param: str | None = None,
                 limit: str | None = None) -> JSONResponse:  # fmt: skip
    """``{"error": {"message", "type", "param", "code"}}`` (and ``limit`` for a limit)."""
    kind = _ERROR_TYPES.get(status, "server_error" if status >= 500 else "invalid_request_error")
    error: dict[str, str | None] = {"message": message, "type": kind, "param": param, "code": code}
    if limit is not None:
        error["limit"] = limit
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse({"error": error}, status_code=status, headers=headers)


def _invalid(exc: RequestValidationError) -> JSONResponse:
    errors = list(exc.errors())
    where = [".".join(str(p) for p in e.get("loc", ()) if p != "body") or "body" for e in errors]
    message = "; ".join(f"{w}: {e.get('msg')}" for w, e in zip(where, errors, strict=True))
    return openai_error(400, "invalid_request", message or "invalid request", param=where[0] if where else None)


class BadRequest(HTTPProblem):
    """A 400 that names the request parameter at fault (OpenAI's ``param``)."""

    def __init__(self, message: str, param: str) -> None:
        super().__init__(400, "invalid_request", message)
        self.param = param


class OpenAIRoute(APIRoute):
    """A route that answers its errors (authentication, validation, library errors, crashes)
    in OpenAI's error shape instead of citadel's; the app's handlers never see them."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            try:
                return await handler(request)
            except RequestValidationError as exc:
                return _invalid(exc)
            except CitadelError as exc:
                # app.py imports this module; its error mapping is imported when first needed
                from citadel.serve.app import error_status

                status, code = error_status(exc)
                if status >= 500:
                    log.warning("%s %s failed: %s", request.method, request.url.path, exc)
                param = exc.param if isinstance(exc, BadRequest) else None
                limit = exc.limit if isinstance(exc, LimitError) else None
                return openai_error(status, code, str(exc), param=param, limit=limit)
            except Exception:
                log.exception("%s %s crashed", request.method, request.url.path)
                return openai_error(500, "internal_error", "the server failed on this request; see the server log")

        return route


router = APIRouter(prefix="/v1", tags=["openai"], route_class=OpenAIRoute)
CallerDep = Annotated[Caller, Depends(current_caller)]
ServiceDep = Annotated[Service, Depends(service)]
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "Invalid request (OpenAI's error shape)."},
    401: {"description": "Missing or unknown API key (OpenAI's error shape)."},
}


# --- request --------------------------------------------------------------------------------


class _In(BaseModel):
    # OpenAI clients send options citadel has no use for (temperature, tools, user…): ignored.
    model_config = ConfigDict(extra="ignore")


class ContentPart(_In):
    """One part of the array form of a message's content; only ``text`` parts are read."""

    type: str
    text: str | None = None

    @model_validator(mode="after")
    def _text_part_has_text(self) -> ContentPart:
        if self.type == "text" and self.text is None:
            raise ValueError("a text part needs 'text'")
        return self


class ChatMessage(_In):
    role: Literal["system", "developer", "user", "assistant", "tool", "function"]
    content: str | list[ContentPart] | None = None

    @property
    def text(self) -> str:
        if isinstance(self.content, list):
            return "\n".join(p.text for p in self.content if p.type == "text" and p.text)
        return self.content or ""


class StreamOptions(_In):
    include_usage: bool = False


class ChatRequest(_In):
    """OpenAI's chat completion request; the last user message is the question."""

    model: str | None = Field(default=None, max_length=256, description='Echoed in the reply ("citadel" if none).')
    messages: list[ChatMessage]
    stream: bool | None = False
    stream_options: StreamOptions | None = None
    n: int | None = Field(default=1, description="Must be 1: citadel gives one verified answer.")
    groups: list[str] | None = Field(
        default=None, max_length=200,
        description="citadel: access groups to ask with (can only narrow the key's groups).",
    )  # fmt: skip

    def question(self) -> str:
        """The last user message's text; 400 when there is none."""
        for message in reversed(self.messages):
            if message.role == "user":
                text = message.text.strip()
                if not text:
                    raise BadRequest("the last user message has no text", "messages")
                return text
        raise BadRequest("no user message: the last user message is the question", "messages")


# --- response -------------------------------------------------------------------------------


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChatCitation(_Out):
    """The evidence behind marker ``[index]`` of the reply."""

    index: int = Field(description="The marker number in the reply, 1-based, in order of first use.")
    doc_id: str
    title: str
    quote: str
    start: int = Field(description="Offset of the quote in the document's normalized text.")
    end: int
    location: LocationBody = Field(default_factory=LocationBody, description="Where the quote is in its file.")
    verdict: str = Field(description="The verifier's verdict on the claim that first cites it.")


class AssistantMessage(_Out):
    role: Literal["assistant"] = "assistant"
    content: str


class Choice(_Out):
    index: int = 0
    message: AssistantMessage
    finish_reason: Literal["stop"] = "stop"
    logprobs: None = None


class Usage(_Out):
    prompt_tokens: int
    completion_tokens: int
    total_tokens: int


class ChatCompletion(_Out):
    id: str = Field(description='"chatcmpl-" and the trace id.')
    object: Literal["chat.completion"] = "chat.completion"
    created: int
    model: str
    choices: list[Choice]
    usage: Usage
    citations: list[ChatCitation]
    citadel: AnswerBody = Field(description="The full answer, as /v1/ask returns it.")


class ModelCard(_Out):
    id: str
    object: Literal["model"] = "model"
    created: int = 0
    owned_by: str = "citadel"


class ModelList(_Out):
    object: Literal["list"] = "list"
    data: list[ModelCard]


# --- the answer as a chat message -----------------------------------------------------------


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _place(location: dict[str, Any], page: int | None) -> str:
    """A location as a person reads it ("page 3", "lines 40-52"), as ``citadel ask`` prints it."""
    try:
        label = Location.model_validate(location).label() if location else ""
    except ValueError:
        label = ""
    return label or (f"page {page}" if page else "")


def render(answer: Answer) -> tuple[str, list[ChatCitation]]:
    """The reply's text (claims with ``[n]`` markers, then the ``Sources:`` footer) and the
    citation behind each marker, numbered in order of first use."""
    if answer.abstained:
        return answer.answer, []
    numbers: dict[tuple[str, str], int] = {}
    citations: list[ChatCitation] = []
    footer = ["", "Sources:"]
    lines = []
    for claim in answer.claims:
        refs = []
        for c in claim.citations:
            key = (c.source_id, c.quote)
            if key not in numbers:
                numbers[key] = n = len(numbers) + 1
                source = answer.sources[c.source_id]
                location = c.location or source.location
                citations.append(ChatCitation(
                    index=n, doc_id=source.doc_id, title=source.title, quote=c.quote, start=c.start, end=c.end,
                    location=LocationBody.model_validate(location), verdict=claim.verdict,
                ))  # fmt: skip
                place = _place(location, source.page)
                quote = textwrap.shorten(_one_line(c.quote), width=FOOTER_QUOTE_CHARS, placeholder=" …")
                footer.append(f"[{n}] {source.title}{f' ({place})' if place else ''}, \"{quote}\"")
            refs.append(str(numbers[key]))
        lines.append(with_markers(_one_line(claim_text(claim.text)), refs))
    return "\n".join(lines + (footer if citations else [])), citations


def _tokens(entry: object, *names: str) -> int | None:
    if not isinstance(entry, dict):
        return None
    for name in names:
        value = entry.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def usage(svc: Service, caller: Caller, answer: Answer, question: str, content: str) -> Usage:
    """The backend's token counts from the trace when every generation has them (OpenAI's and
    Anthropic's names), else whitespace-separated words of the question and of the reply."""
    trace = svc.engine.store.get_trace(answer.trace_id, caller.where) if answer.trace_stored else None
    entries = list(trace.usage) if trace is not None else []
    prompt = [_tokens(e, "prompt_tokens", "input_tokens") for e in entries]
    completion = [_tokens(e, "completion_tokens", "output_tokens") for e in entries]
    if entries and None not in prompt and None not in completion:
        p, c = sum(x or 0 for x in prompt), sum(x or 0 for x in completion)
    else:
        p, c = len(question.split()), len(content.split())
    return Usage(prompt_tokens=p, completion_tokens=c, total_tokens=p + c)


def complete(svc: Service, caller: Caller, body: ChatRequest) -> ChatCompletion:
    """Ask the last user message's question as ``caller`` and render the chat completion."""
    if body.n not in (None, 1):
        raise BadRequest("n must be 1: citadel gives one verified answer", "n")
    question = body.question()
    try:
        check_question(question)
    except LimitError:
        raise
    except ValidationError as exc:  # OpenAI answers a bad request with 400 and the parameter at fault
        raise BadRequest(f"the last user message: {exc}", "messages") from exc
    groups = caller.ask_groups(body.groups)
    label = LOCAL_CHAT_CALLER if caller.owner else caller.label
    answer = svc.run(lambda: svc.engine.ask(question, groups=groups, caller=label), caller)
    content, citations = render(answer)
    return ChatCompletion(
        id=f"chatcmpl-{answer.trace_id}", created=int(time.time()), model=body.model or MODEL,
        choices=[Choice(message=AssistantMessage(content=content))],
        usage=usage(svc, caller, answer, question, content), citations=citations,
        citadel=AnswerBody.model_validate(answer.to_json()),
    )  # fmt: skip


def _json(completion: ChatCompletion) -> dict[str, Any]:
    data: dict[str, Any] = completion.model_dump(mode="json")
    return data


def chunks(completion: ChatCompletion, include_usage: bool) -> Iterator[str]:
    """The completion as Server-Sent Events of ``chat.completion.chunk`` objects, then ``[DONE]``."""
    full = _json(completion)
    head = {"id": completion.id, "object": "chat.completion.chunk", "created": completion.created,
            "model": completion.model}  # fmt: skip

    def event(delta: dict[str, str], finish: str | None = None, **extra: Any) -> str:
        choice = {"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}
        return f"data: {json.dumps({**head, 'choices': [choice], **extra}, ensure_ascii=False)}\n\n"

    yield event({"role": "assistant", "content": ""})
    for line in completion.choices[0].message.content.splitlines(keepends=True):
        yield event({"content": line})
    yield event({}, "stop", citations=full["citations"], citadel=full["citadel"])
    if include_usage:
        yield f"data: {json.dumps({**head, 'choices': [], 'usage': full['usage']})}\n\n"
    yield "data: [DONE]\n\n"


# --- routes ---------------------------------------------------------------------------------


@router.post(
    "/chat/completions", summary="OpenAI-compatible chat completion: the verified answer to the last user message",
    response_model=ChatCompletion,
    responses={**ERRORS, 200: {"content": {"text/event-stream": {}},
                               "description": "JSON, or chat.completion.chunk events with stream: true."}},
)  # fmt: skip
async def chat_completions(body: ChatRequest, caller: CallerDep, svc: ServiceDep) -> Response:
    """The reply has ``[n]`` markers and a ``Sources:`` footer; ``citations`` and ``citadel``
    carry the evidence and the full answer. With ``stream: true``, Server-Sent Events of
    ``chat.completion.chunk`` objects; the answer is verified before the first chunk."""
    completion = await run_in_threadpool(complete, svc, caller, body)
    if not body.stream:
        return JSONResponse(_json(completion))
    include_usage = body.stream_options is not None and body.stream_options.include_usage
    return StreamingResponse(
        chunks(completion, include_usage), media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )  # fmt: skip


@router.get("/models", summary="The models a chat completion can name: one, citadel", response_model=ModelList,
            responses=ERRORS)  # fmt: skip
def models(caller: CallerDep) -> ModelList:
    return ModelList(data=[ModelCard(id=MODEL)])


@router.get("/models/{model}", summary="One model (only citadel exists)", response_model=ModelCard,
            responses={**ERRORS, 404: {"description": "No such model."}})  # fmt: skip
def get_model(model: str, caller: CallerDep) -> ModelCard:
    if model != MODEL:
        raise HTTPProblem(404, "model_not_found", f"no model {model!r}: this server has one model, {MODEL!r}")
    return ModelCard(id=MODEL)
