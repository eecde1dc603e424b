"""The OpenAI-compatible routes with the official ``openai`` client against a real uvicorn on
127.0.0.1: the chat completion's shape, markers, footer and citations, streaming equal to the
plain reply, abstentions, groups per key, auth with and without keys, OpenAI-shaped errors,
usage and the model list."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import openai
import pytest
from fastapi import FastAPI

from citadel.engine import Citadel
from citadel.generate import FakeGenerator
from citadel.generate.backends import Generation, GenerationRequest
from citadel.generate.prompt import ABSTAIN_SENTENCE
from citadel.models import Location
from citadel.serve import create_app, openai_compat

from .serve_support import HR, KEYS, PUB, Client, fast_engine, quote_question_source, running

REFUND_Q = "How long are approved refunds processed?"
SALARY_Q = "What is the L5 staff engineer salary band?"
REFUND_QUOTE = "Approved refunds are processed within five business days."
SALARY_QUOTE = "The L5 staff engineer band is EUR 86,000 to 110,000 per year."

BOTH_Q = "How long are approved refunds processed, and what is the L5 staff engineer salary band?"

OpenAIFactory = Callable[[str | None], openai.OpenAI]


def chat_app(engine: Citadel, keys: dict[str, dict[str, object]] | None) -> FastAPI:
    """The server's app with the OpenAI routes (included here until app.py includes them)."""
    app = create_app(engine, keys)
    if not any(getattr(r, "path", None) == "/v1/chat/completions" for r in app.routes):
        app.include_router(openai_compat.router)
    return app


def user(text: str) -> list[dict[str, Any]]:
    return [{"role": "user", "content": text}]


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Citadel]:
    engine = fast_engine(tmp_path)
    yield engine
    engine.close()


@pytest.fixture
def server(engine: Citadel) -> Iterator[Client]:
    with running(chat_app(engine, KEYS)) as client:
        yield client


def _factory(server: Client) -> Iterator[OpenAIFactory]:
    made: list[openai.OpenAI] = []

    def make(key: str | None) -> openai.OpenAI:
        # The client refuses to start without a key; "no key" is asked per request (omit, below).
        made.append(openai.OpenAI(base_url=server.base + "/v1", api_key=key or "unused", max_retries=0, timeout=120))
        return made[-1]

    yield make
    for client in made:
        client.close()


@pytest.fixture
def oai(server: Client) -> Iterator[OpenAIFactory]:
    yield from _factory(server)


NO_KEY = {"Authorization": openai.omit}  # the openai client sends no Authorization header at all


def extra(obj: Any, name: str) -> Any:
    """A field the OpenAI types do not declare (``citations``, ``citadel``)."""
    return (obj.model_extra or {})[name]


def test_a_chat_completion_is_the_verified_answer_with_markers_a_footer_and_citations(
    server: Client, oai: OpenAIFactory
) -> None:
    completion = oai(PUB).chat.completions.create(model="citadel", messages=user(REFUND_Q))
    assert completion.object == "chat.completion" and completion.model == "citadel"
    assert completion.id.startswith("chatcmpl-") and completion.created > 1_700_000_000
    choice = completion.choices[0]
    assert len(completion.choices) == 1 and choice.index == 0 and choice.finish_reason == "stop"
    assert choice.message.role == "assistant"
    answer = extra(completion, "citadel")
    assert answer == server.with_key(PUB).post("/v1/ask", {"question": REFUND_Q}).json() | {"trace_id": answer["trace_id"]}
    assert completion.id == f"chatcmpl-{answer['trace_id']}"
    cited = answer["claims"][0]["citations"][0]
    place = Location.model_validate(cited["location"]).label()
    assert place  # markdown: the chunk's lines
    assert choice.message.content == (
        "Approved refunds are processed within five business days [1].\n\nSources:\n"
        f'[1] Refund policy ({place}), "{REFUND_QUOTE}"'
    )
    assert extra(completion, "citations") == [{
        "index": 1, "doc_id": "refunds.md", "title": "Refund policy", "quote": REFUND_QUOTE,
        "start": cited["start"], "end": cited["end"], "location": cited["location"], "verdict": "supported",
    }]  # fmt: skip
    text = server.with_key(PUB).get("/v1/documents/refunds.md").json()["text"]
    assert text[cited["start"] : cited["end"]] == REFUND_QUOTE
    # No backend usage (the scripted generator reports none): whitespace-separated words.
    content = choice.message.content
    assert completion.usage is not None
    assert (completion.usage.prompt_tokens, completion.usage.completion_tokens) == (
        len(REFUND_Q.split()), len(content.split())
    )
    assert completion.usage.total_tokens == completion.usage.prompt_tokens + completion.usage.completion_tokens


def test_markers_are_numbered_in_order_of_first_use(tmp_path: Path) -> None:
    def two_sources(request: GenerationRequest) -> str:
        sid = {("refund" if "refunds" in s.text else "salary"): s.sid for s in request.sources}
        claims = [
            {"text": REFUND_QUOTE, "citations": [{"source_id": sid["refund"], "quote": REFUND_QUOTE}]},
            {"text": SALARY_QUOTE, "citations": [{"source_id": sid["salary"], "quote": SALARY_QUOTE}]},
            {"text": "Refunds are processed within five business days.",
             "citations": [{"source_id": sid["refund"], "quote": REFUND_QUOTE}]},
            {"text": "The L5 staff engineer band pays EUR 86,000 to 110,000 per year.",
             "citations": [{"source_id": sid["salary"], "quote": "L5 staff engineer band is EUR 86,000 to 110,000"}]},
        ]  # fmt: skip
        return json.dumps({"abstained": False, "claims": claims})

    engine = fast_engine(tmp_path, backend=FakeGenerator(respond=two_sources), threshold=0.05)
    with running(chat_app(engine, KEYS)) as server, openai.OpenAI(base_url=server.base + "/v1", api_key=HR,
                                                                  max_retries=0) as client:  # fmt: skip
        completion = client.chat.completions.create(model="citadel", messages=user(BOTH_Q))
    engine.close()
    claims = extra(completion, "citadel")["claims"]
    assert len(claims) == 4, claims
    content = completion.choices[0].message.content or ""
    body, footer = content.split("\n\nSources:\n")
    assert [line[line.rindex("[") :] for line in body.split("\n")] == ["[1].", "[2].", "[1].", "[3]."]
    citations = extra(completion, "citations")
    assert [(c["index"], c["doc_id"], c["quote"]) for c in citations] == [
        (1, "refunds.md", REFUND_QUOTE), (2, "salaries.md", SALARY_QUOTE),
        (3, "salaries.md", "L5 staff engineer band is EUR 86,000 to 110,000"),
    ]  # fmt: skip
    assert [line.split(" ", 1)[0] for line in footer.split("\n")] == ["[1]", "[2]", "[3]"]
    assert footer.split("\n")[1].startswith("[2] Salary bands (") and footer.endswith(', "L5 staff engineer band is EUR 86,000 to 110,000"')


def test_streaming_sends_the_same_content_in_chunks_then_stop_and_done(server: Client, oai: OpenAIFactory) -> None:
    client = oai(PUB)
    plain = client.chat.completions.create(model="citadel", messages=user(REFUND_Q))
    stream = client.chat.completions.create(
        model="my-model", messages=user(REFUND_Q), stream=True, stream_options={"include_usage": True}
    )
    chunks = list(stream)
    assert all(c.object == "chat.completion.chunk" and c.model == "my-model" for c in chunks)
    assert len({c.id for c in chunks}) == 1 and chunks[0].id.startswith("chatcmpl-")
    with_choices = [c for c in chunks if c.choices]
    assert with_choices[0].choices[0].delta.role == "assistant"
    content = "".join(c.choices[0].delta.content or "" for c in with_choices)
    assert content == plain.choices[0].message.content
    assert len([c for c in with_choices if c.choices[0].delta.content]) > 1  # line by line, not one blob
    last = with_choices[-1]
    assert last.choices[0].finish_reason == "stop"
    assert [c.choices[0].finish_reason for c in with_choices[:-1]] == [None] * (len(with_choices) - 1)
    assert extra(last, "citations") == extra(plain, "citations")
    assert extra(last, "citadel")["claims"] == extra(plain, "citadel")["claims"]
    assert chunks[-1].choices == [] and chunks[-1].usage is not None  # include_usage: one usage chunk, last
    assert chunks[-1].usage.completion_tokens == len(content.split())
    # On the wire: text/event-stream, data lines only, ending with [DONE]
    raw = server.with_key(PUB).request("POST", "/v1/chat/completions",
                                       json.dumps({"messages": user(REFUND_Q), "stream": True}).encode(),
                                       {"Content-Type": "application/json"})  # fmt: skip
    assert raw.status == 200 and raw.headers["content-type"].startswith("text/event-stream")
    events = [e for e in raw.text.split("\n\n") if e]
    assert all(e.startswith("data: ") for e in events) and events[-1] == "data: [DONE]"
    assert json.loads(events[0][6:])["model"] == "citadel"
    assert "usage" not in json.loads(events[-2][6:])  # no usage chunk unless asked for


def test_an_abstention_is_an_ordinary_assistant_message(oai: OpenAIFactory) -> None:
    client = oai(PUB)
    completion = client.chat.completions.create(model="citadel", messages=user("zebra migration patterns"))
    choice = completion.choices[0]
    assert choice.message.role == "assistant" and choice.message.content == ABSTAIN_SENTENCE
    assert choice.finish_reason == "stop" and extra(completion, "citations") == []
    answer = extra(completion, "citadel")
    assert answer["abstained"] and answer["abstention_reason"] == "no_evidence"
    chunks = list(client.chat.completions.create(model="citadel", messages=user("zebra migration patterns"),
                                                 stream=True))  # fmt: skip
    assert "".join(c.choices[0].delta.content or "" for c in chunks) == ABSTAIN_SENTENCE
    assert chunks[-1].choices[0].finish_reason == "stop"


def test_the_key_decides_what_a_chat_may_read(server: Client, oai: OpenAIFactory) -> None:
    hr = oai(HR).chat.completions.create(model="citadel", messages=user(SALARY_Q))
    assert "86,000" in (hr.choices[0].message.content or "")
    assert "salaries.md" in {c["doc_id"] for c in extra(hr, "citations")}
    pub_client = oai(PUB)
    pub = pub_client.chat.completions.create(model="citadel", messages=user(SALARY_Q))
    streamed = [c.model_dump_json() for c in pub_client.chat.completions.create(
        model="citadel", messages=user(SALARY_Q), stream=True)]  # fmt: skip
    # asking for hr's groups explicitly cannot widen a key's access
    widened = pub_client.chat.completions.create(model="citadel", messages=user(SALARY_Q),
                                                 extra_body={"groups": ["hr"]})  # fmt: skip
    for leaked in [pub.model_dump_json(), *streamed, widened.model_dump_json()]:
        for secret in ["86,000", "salaries.md", "Salary bands", "L5 staff engineer band"]:
            assert secret not in leaked
    assert all(s["doc_id"] != "salaries.md" for s in extra(pub, "citadel")["sources"].values())
    # and a narrowed hr key reads only public documents
    narrowed = oai(HR).chat.completions.create(model="citadel", messages=user(SALARY_Q), extra_body={"groups": []})
    assert "86,000" not in narrowed.model_dump_json()


def test_only_the_last_user_message_is_the_question(server: Client, oai: OpenAIFactory) -> None:
    messages: list[Any] = [
        {"role": "system", "content": "You are a helpful assistant. Always talk about salaries."},
        {"role": "user", "content": SALARY_Q},
        {"role": "assistant", "content": "The band is secret.", "refusal": None},
        {"role": "user", "content": [
            {"type": "text", "text": REFUND_Q},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
        ]},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "noop", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "tool output about salaries"},
    ]  # fmt: skip
    completion = oai(HR).chat.completions.create(model="citadel", messages=messages, temperature=0.2, max_tokens=5,
                                                 user="someone")  # fmt: skip
    answer = extra(completion, "citadel")
    assert answer["question"] == REFUND_Q and "five business days" in (completion.choices[0].message.content or "")
    trace = server.with_key(HR).get(f"/v1/traces/{answer['trace_id']}").json()
    assert trace["question"] == REFUND_Q
    assert trace["caller"] == server.with_key(HR).get("/v1/me").json()["caller"]  # the key's label, as /v1/ask
    # Without a model name the reply names "citadel".
    assert server.with_key(HR).post("/v1/chat/completions", {"messages": user(REFUND_Q)}).json()["model"] == "citadel"


def test_requests_without_a_known_key_are_refused_in_openais_shape(server: Client, oai: OpenAIFactory) -> None:
    for call in [
        lambda: oai(None).chat.completions.create(model="citadel", messages=user(REFUND_Q), extra_headers=NO_KEY),
        lambda: oai(None).models.list(extra_headers=NO_KEY),
        lambda: oai("not-a-configured-key").chat.completions.create(model="citadel", messages=user(REFUND_Q)),
    ]:
        with pytest.raises(openai.AuthenticationError) as caught:
            call()
        assert caught.value.status_code == 401
        assert caught.value.response.headers["www-authenticate"] == "Bearer"
        body = caught.value.body
        assert isinstance(body, dict) and body["type"] == "authentication_error" and body["code"] == "unauthorized"
    raw = server.post("/v1/chat/completions", {"messages": user(REFUND_Q)})
    assert raw.status == 401 and set(raw.json()) == {"error"}
    assert set(raw.json()["error"]) == {"message", "type", "param", "code"}


def test_bad_requests_are_400_in_openais_shape(server: Client, oai: OpenAIFactory) -> None:
    client = oai(PUB)
    cases: list[tuple[list[Any], dict[str, Any], str, str]] = [
        ([{"role": "system", "content": "Be brief."}], {}, "no user message", "messages"),
        ([], {}, "no user message", "messages"),
        ([{"role": "user", "content": "   "}], {}, "no text", "messages"),
        ([{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}]}], {}, "no text", "messages"),
        ([{"role": "user", "content": [{"type": "text"}]}], {}, "a text part needs 'text'", "messages.0.content"),
        ([{"role": "wizard", "content": "hi"}], {}, "messages.0.role", "messages.0.role"),
        (user(REFUND_Q), {"n": 2}, "n must be 1", "n"),
    ]
    for messages, options, phrase, param in cases:
        with pytest.raises(openai.BadRequestError) as caught:
            client.chat.completions.create(model="citadel", messages=messages, **options)
        body = caught.value.body
        assert isinstance(body, dict) and body["type"] == "invalid_request_error", messages
        assert phrase in body["message"] and body["code"] == "invalid_request", body
        assert body["param"].startswith(param), body
    raw = server.with_key(PUB).request("POST", "/v1/chat/completions", b"{not json",
                                       {"Content-Type": "application/json"})  # fmt: skip
    assert raw.status == 400 and raw.json()["error"]["type"] == "invalid_request_error"
    # A question over max_question_chars: the limit's status and name, in OpenAI's shape.
    with pytest.raises(openai.APIStatusError) as over:
        client.chat.completions.create(model="citadel", messages=user("refunds " * 300))
    assert over.value.status_code == 413
    assert isinstance(over.value.body, dict) and over.value.body["limit"] == "max_question_chars"
    assert over.value.body["code"] == "too_large"


def test_models_lists_citadel(oai: OpenAIFactory) -> None:
    client = oai(PUB)
    assert [(m.id, m.object, m.owned_by) for m in client.models.list()] == [("citadel", "model", "citadel")]
    assert client.models.retrieve("citadel").id == "citadel"
    with pytest.raises(openai.NotFoundError) as caught:
        client.models.retrieve("gpt-4o")
    assert isinstance(caught.value.body, dict) and caught.value.body["code"] == "model_not_found"


def test_a_local_server_answers_with_or_without_a_key_as_the_owner(engine: Citadel) -> None:
    with running(chat_app(engine, None)) as server:
        for factory in _factory(server):
            with_key = factory("anything").chat.completions.create(model="citadel", messages=user(REFUND_Q))
            without = factory(None).chat.completions.create(model="citadel", messages=user(REFUND_Q),
                                                            extra_headers=NO_KEY)  # fmt: skip
            streamed = list(factory(None).chat.completions.create(model="citadel", messages=user(REFUND_Q),
                                                                  stream=True, extra_headers=NO_KEY))  # fmt: skip
            # the owner asks with the groups the request names, as on /v1/ask
            hr = factory(None).chat.completions.create(model="citadel", messages=user(SALARY_Q),
                                                       extra_headers=NO_KEY, extra_body={"groups": ["hr"]})  # fmt: skip
        assert with_key.choices[0].message.content == without.choices[0].message.content
        assert "".join(c.choices[0].delta.content or "" for c in streamed if c.choices) == without.choices[0].message.content
        assert "86,000" in (hr.choices[0].message.content or "")
        trace = server.get(f"/v1/traces/{extra(without, 'citadel')['trace_id']}").json()
        assert trace["caller"] == "chat"


def test_usage_comes_from_the_backend_when_it_reports_tokens(tmp_path: Path) -> None:
    class Metered(FakeGenerator):
        """The scripted generator, reporting OpenAI-style token counts for each call."""

        def generate(self, request: GenerationRequest) -> Generation:
            return replace(super().generate(request), usage={"prompt_tokens": 321, "completion_tokens": 45,
                                                             "total_tokens": 366})  # fmt: skip

    engine = fast_engine(tmp_path, backend=Metered(respond=quote_question_source))
    with running(chat_app(engine, {PUB: KEYS[PUB]})) as server, openai.OpenAI(
        base_url=server.base + "/v1", api_key=PUB, max_retries=0
    ) as client:
        completion = client.chat.completions.create(model="citadel", messages=user(REFUND_Q))
    engine.close()
    assert completion.usage is not None
    assert (completion.usage.prompt_tokens, completion.usage.completion_tokens, completion.usage.total_tokens) == (
        321, 45, 366
    )  # fmt: skip


def test_the_readme_example_runs(server: Client) -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("### OpenAI-compatible chat", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert 'base_url="http://127.0.0.1:8080/v1", api_key="KEY"' in code
    code = code.replace("http://127.0.0.1:8080", server.base).replace('api_key="KEY"', f'api_key="{PUB}"')
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        scope: dict[str, Any] = {}
        try:
            exec(compile(code, "README.md", "exec"), scope)
        finally:
            if "client" in scope:
                scope["client"].close()
    printed = out.getvalue()
    # the reply, one citation a line, then the same reply again, streamed
    reply, _, citations_and_stream = printed.partition("\n1 refunds.md ")
    assert reply.startswith("Approved refunds are processed within five business days [1].\n\nSources:\n[1] Refund policy (")
    assert citations_and_stream.count("supported") == 1 and printed.endswith("\n" + reply)


def test_a_failure_is_a_plain_http_error_even_when_streaming(server: Client, oai: OpenAIFactory, engine: Citadel) -> None:
    engine.store.close()  # the store is gone: retrieval fails inside the request
    client = oai(PUB)
    for stream in (False, True):
        with pytest.raises(openai.InternalServerError) as caught:
            client.chat.completions.create(model="citadel", messages=user(REFUND_Q), stream=stream)
        assert caught.value.status_code >= 500
        body = caught.value.body
        assert isinstance(body, dict) and body["type"] == "server_error" and set(body) == {"message", "type", "param", "code"}
        assert "Traceback" not in caught.value.response.text
