"""Real local LLM paths: the `openai` backend against llama.cpp's OpenAI-compatible server on
127.0.0.1, and the `llamacpp` backend in process, both with the small Qwen model from PyPI."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from citadel.answers import Answer
from citadel.engine import Citadel
from citadel.generate.backends import GenerationRequest, Generator
from citadel.generate.backends.llamacpp import LlamaCppGenerator
from citadel.generate.backends.openai import OpenAIGenerator
from citadel.generate.local_model import local_model_path
from citadel.ingest import ingest
from citadel.pipeline import AskSettings
from citadel.retrieve import HashingEmbedder, KeywordReranker, Searcher
from citadel.store import open_store

POLICY = "# Refund policy\n\n## Processing time\n\nApproved refunds are processed within five business days.\n"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    log = tmp_path_factory.mktemp("llama") / "server.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", "--model", str(local_model_path()), "--host", "127.0.0.1",
             "--port", str(port), "--n_ctx", "4096", "--model_alias", "qwen-local", "--seed", "0"],
            stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            assert proc.poll() is None, log.read_text()[-2000:]
            try:
                if httpx.get(f"{url}/models", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.5)
        else:
            raise AssertionError("llama.cpp server did not start: " + log.read_text()[-2000:])
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.fixture
def engine_parts(tmp_path: Path) -> tuple[object, Searcher]:
    store = open_store(tmp_path / "store")
    (tmp_path / "policy.md").write_text(POLICY)
    ingest(store, [tmp_path / "policy.md"], embedder=HashingEmbedder())
    return store, Searcher(store, embedder=HashingEmbedder(), reranker=KeywordReranker())


class FirstCallTruncated(OpenAIGenerator):
    """The real server, but the first reply is cut after a few tokens: malformed JSON."""

    name = "openai"
    calls = 0

    def _call(self, request: GenerationRequest, response_format: str) -> object:  # type: ignore[override]
        self.calls += 1
        if self.calls == 1:
            short = OpenAIGenerator(self.options.model_copy(update={"max_tokens": 6}))
            try:
                return short._call(request, "none")
            finally:
                short.close()
        return super()._call(request, response_format)


def ask_refund(engine_parts, backend: Generator) -> tuple[Answer, dict]:  # type: ignore[no-untyped-def,type-arg]
    """Ask the refund question through ``backend`` with no early abstention; the answer and
    its trace. The backend is closed afterwards."""
    store, searcher = engine_parts
    engine = Citadel(store, backend=backend, searcher=searcher, settings=AskSettings(abstain_threshold=0.0))
    try:
        answer = engine.ask("How long does it take to process an approved refund?")
    finally:
        backend.close()
    trace = store.get_trace(answer.trace_id)
    assert trace is not None
    return answer, trace


def test_openai_backend_end_to_end_with_a_real_local_model(llama_server: str, engine_parts) -> None:  # type: ignore[no-untyped-def]
    store, _ = engine_parts
    backend = OpenAIGenerator(base_url=llama_server, model="qwen-local", response_format="json_schema", max_tokens=400)
    answer, trace = ask_refund(engine_parts, backend)
    assert trace["raw_output"][0]  # the model's own words, logged before parsing
    assert backend._format == "json_object"  # the server rejected json_schema; the fallback took over
    if answer.abstained:
        assert answer.abstention_reason in {"unsupported", "invalid_output"}
    else:
        for claim in answer.claims:
            assert claim.verdict == "supported"
            for c in claim.citations:
                assert store.text("policy.md")[c.start : c.end] == c.quote
    json.dumps(answer.to_json())  # serialisable whatever happened


def test_malformed_output_from_the_real_model_is_retried_with_the_error(llama_server: str, engine_parts) -> None:  # type: ignore[no-untyped-def]
    backend = FirstCallTruncated(base_url=llama_server, model="qwen-local", response_format="json_object", max_tokens=400)
    _, trace = ask_refund(engine_parts, backend)
    assert backend.calls >= 2
    assert trace["validation"][0] is not None  # the truncated reply was rejected ...
    assert "previous reply was rejected" in trace["prompt"][1]["user"]  # ... and its error sent back
    assert trace["raw_output"][1]  # the retry's raw output is logged too


def test_llamacpp_backend_enforces_the_schema_by_grammar(engine_parts) -> None:  # type: ignore[no-untyped-def]
    answer, trace = ask_refund(engine_parts, LlamaCppGenerator(max_tokens=300))
    first = json.loads(trace["raw_output"][0])  # grammar-constrained: always valid JSON
    assert set(first) <= {"abstained", "claims"} and isinstance(first["abstained"], bool)
    assert answer.abstention_reason != "invalid_output" or trace["validation"][0] is not None
