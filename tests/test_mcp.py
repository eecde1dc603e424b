"""``citadel mcp`` driven by the official MCP SDK's client over stdio, against a real server
process on a real store (hashing vectors; the bundled models answer and verify): the tools,
the resources, access groups from the server's configuration, errors and the audit log."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError

from citadel.ingest import ingest
from citadel.integrations.mcp_server import PAGE_SIZE
from citadel.retrieve import HashingEmbedder
from citadel.store import ADMIN, TraceQuery, open_store
from tests.serve_support import make_corpus

#: ``citadel [ARGS]`` with the ``mcp`` command added (a no-op once the CLI registers it).
CITADEL = (
    "import sys; from citadel.cli import cli, main; from citadel.cli.mcp import mcp; "
    "cli.add_command(mcp); sys.exit(main(sys.argv[1:]))"
)
TRAVEL = "# Travel\n\n## Trains\n\nSecond-class train tickets are reimbursed for trips under six hours.\n"
REFUNDS_Q = "How long does it take to process a refund?"
SALARY_Q = "What is the L5 staff engineer salary band?"
SECRET = "86,000"  # words only the hr document holds


@pytest.fixture(scope="module")
def store_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """refunds.md and policies/travel.md (public), salaries.md (hr), and one more than a page
    of resources of notes (group bulk)."""
    root = tmp_path_factory.mktemp("mcp")
    corpus = make_corpus(root / "corpus")
    (corpus / "more" / "policies").mkdir(parents=True)
    (corpus / "more" / "policies" / "travel.md").write_text(TRAVEL)
    notes = [{"doc_id": f"note-{i:04d}", "title": f"Note {i}", "text": f"Filler note number {i}."} for i in range(PAGE_SIZE + 1)]
    (corpus / "notes.jsonl").write_text("".join(json.dumps(n) + "\n" for n in notes))
    with open_store(root / "store") as store:
        embedder = HashingEmbedder()
        ingest(store, [corpus / "pub"], embedder=embedder)
        ingest(store, [corpus / "more"], embedder=embedder)
        ingest(store, [corpus / "hr"], groups=["hr"], embedder=embedder)
        ingest(store, [corpus / "notes.jsonl"], groups=["bulk"], embedder=embedder)
        assert {d.doc_id for d in store.documents()} >= {"refunds.md", "policies/travel.md", "salaries.md", "note-0000"}
    return root / "store"


def run(tmp_path: Path, store: Path, scenario: Callable[[ClientSession], Awaitable[None]], *args: str,
        env: dict[str, str] | None = None) -> None:  # fmt: skip
    """Start ``citadel --store STORE mcp ARGS`` and run ``scenario`` in a client session on it."""

    async def main() -> None:
        async with connect(tmp_path / "server.log", store, *args, env=env) as session:
            await scenario(session)

    try:
        anyio.run(main)
    except BaseException:
        log = tmp_path / "server.log"
        print("server stderr:\n" + (log.read_text() if log.exists() else "(none)"), file=sys.stderr)
        raise


@asynccontextmanager
async def connect(log: Path, store: Path, *args: str, env: dict[str, str] | None = None) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(
        command=sys.executable, args=["-c", CITADEL, "--store", str(store), "mcp", *args], env=env
    )
    with log.open("w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            yield session


def everything(result: types.CallToolResult) -> str:
    """All a tool result says, structured content and text blocks together."""
    texts = [block.text for block in result.content if isinstance(block, types.TextContent)]
    return json.dumps(result.structured_content) + "\n".join(texts)


def text_of(result: types.CallToolResult) -> str:
    (block,) = result.content
    assert isinstance(block, types.TextContent)
    return block.text


async def read_error(session: ClientSession, uri: str) -> tuple[int, str, str]:
    """The MCP error reading ``uri`` answers, with the URI itself masked."""
    with pytest.raises(MCPError) as info:
        await session.read_resource(uri)
    err = info.value
    return err.code, err.message.replace(repr(uri), "<uri>"), json.dumps(err.data).replace(json.dumps(uri), "<uri>")


def test_importing_citadel_never_imports_mcp() -> None:
    code = ("import sys, citadel, citadel.cli, citadel.cli.mcp, citadel.integrations; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('mcp', 'mcp_types')))")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "[]"


def test_without_the_sdk_the_command_says_how_to_install_it(tmp_path: Path) -> None:
    hidden = "import sys; sys.modules['mcp'] = None; " + CITADEL  # as if mcp were not installed
    out = subprocess.run([sys.executable, "-c", hidden, "--store", str(tmp_path / "store"), "mcp"],
                         capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)  # fmt: skip
    assert out.returncode == 1 and out.stdout == ""
    assert "citadel mcp needs the MCP SDK: pip install 'citadel[mcp]'" in out.stderr


def test_tools_answer_search_and_verify_as_a_public_caller(tmp_path: Path, store_dir: Path) -> None:
    seen: dict[str, Any] = {}

    async def scenario(session: ClientSession) -> None:
        tools = {t.name: t for t in (await session.list_tools()).tools}
        assert sorted(tools) == ["ask", "search", "verify"]
        assert tools["ask"].input_schema["required"] == ["question"]
        assert tools["search"].input_schema["properties"]["k"]["default"] == 10
        assert set(tools["verify"].input_schema["properties"]) == {"sources", "answer", "claims"}
        assert all(t.output_schema and t.annotations and t.annotations.read_only_hint for t in tools.values())

        asked = await session.call_tool("ask", {"question": REFUNDS_Q})
        assert not asked.is_error
        answer = asked.structured_content
        assert not answer["abstained"] and "five business days" in answer["answer"]
        assert answer["claims"][0]["verdict"] == "supported"
        assert answer["sources"]["S1"]["doc_id"] == "refunds.md" and answer["sources"]["S1"]["location"] == {"line_start": 1, "line_end": 5}
        text = text_of(asked)
        assert "five business days [1]." in text
        assert "[1] Refund policy (refunds.md, Processing time, lines 1-5, v1)" in text
        assert text.endswith(f"trace: {answer['trace_id']}")
        seen["trace"] = answer["trace_id"]

        # the hr document is neither quoted nor named to a caller without the group
        secret = await session.call_tool("ask", {"question": SALARY_Q})
        assert not secret.is_error
        assert SECRET not in everything(secret) and "salaries.md" not in everything(secret)
        found = await session.call_tool("search", {"query": "L5 staff engineer salary band", "k": 5})
        assert not found.is_error and "salaries.md" not in everything(found) and SECRET not in everything(found)

        found = await session.call_tool("search", {"query": "refunds processed business days", "k": 3})
        hit = found.structured_content["hits"][0]
        assert hit["doc_id"] == "refunds.md" and hit["chunk_id"] == "refunds.md#processing-time/1"
        assert {"title", "text", "location", "score", "relevance"} <= set(hit)
        assert "five business days" in hit["text"] and hit["location"] == {"line_start": 1, "line_end": 5}
        assert "[1] Refund policy (refunds.md v1" in text_of(found) and "chunk refunds.md#processing-time/1" in text_of(found)

        checked = await session.call_tool("verify", {
            "sources": {"S1": "Approved refunds are processed within five business days."},
            "answer": "Refunds are processed within five business days [S1]. Refunds take a year [S1].",
        })  # fmt: skip
        report = checked.structured_content
        assert [c["verdict"] for c in report["claims"]] == ["supported", "contradicted"]
        assert report["kept"] == [0] and report["citation_precision"] == 0.5
        assert text_of(checked).splitlines()[0].startswith("[keep] supported")
        claims = await session.call_tool("verify", {
            "sources": {"S1": "Approved refunds are processed within five business days."},
            "claims": [{"text": "Refunds are processed in five business days.", "citations": [{"source_id": "S1"}]}],
        })  # fmt: skip
        assert claims.structured_content["kept"] == [0]

    run(tmp_path, store_dir, scenario)
    with open_store(store_dir) as store:
        trace = store.get_trace(seen["trace"])
        assert trace is not None and trace.caller == "mcp" and trace.groups == [] and not trace.abstained
        logged = store.list_traces(ADMIN, TraceQuery(caller="mcp", text="salary band"))
        assert logged and all(t.caller == "mcp" for t in logged)


def test_errors_are_mcp_errors_with_clear_messages_and_input_is_bounded(tmp_path: Path, store_dir: Path) -> None:
    async def scenario(session: ClientSession) -> None:
        too_long = await session.call_tool("ask", {"question": "refund " * 300})
        assert too_long.is_error and "max_question_chars" in text_of(too_long)
        huge = await session.call_tool("verify", {"sources": {"S1": "x" * 30_000}, "answer": "x [S1]."})
        assert huge.is_error and "max_body_bytes" in text_of(huge)
        bad = await session.call_tool("search", {"query": "refunds", "k": 0, "groups": ["hr"]})
        assert bad.is_error
        assert text_of(bad) == ("error: invalid arguments for search: k: Input should be greater than or equal to 1; "
                                "groups: Extra inputs are not permitted")  # fmt: skip
        neither = await session.call_tool("verify", {"sources": {"S1": "a"}})
        assert neither.is_error and "exactly one of 'answer'" in text_of(neither)
        missing = await session.call_tool("ask", {})
        assert missing.is_error and "question: Field required" in text_of(missing)
        with pytest.raises(MCPError) as info:
            await session.call_tool("delete", {"doc_id": "refunds.md"})
        assert info.value.code == types.INVALID_PARAMS and "unknown tool 'delete'" in info.value.message
        # the server still answers after all that
        assert not (await session.call_tool("search", {"query": "refunds"})).is_error

    run(tmp_path, store_dir, scenario, env={"CITADEL_LIMIT_MAX_BODY_BYTES": "20000"})


def test_resources_are_the_documents_the_caller_may_read(tmp_path: Path, store_dir: Path) -> None:
    async def scenario(session: ClientSession) -> None:
        listed = await session.list_resources()
        assert [r.uri for r in listed.resources] == ["citadel://documents/policies%2Ftravel.md", "citadel://documents/refunds.md"]
        assert listed.next_cursor is None and {r.mime_type for r in listed.resources} == {"text/plain"}
        (template,) = (await session.list_resource_templates()).resource_templates
        assert template.uri_template == "citadel://documents/{doc_id}" and template.mime_type == "text/plain"

        read = await session.read_resource("citadel://documents/policies%2Ftravel.md")
        (content,) = read.contents
        assert isinstance(content, types.TextResourceContents) and content.mime_type == "text/plain"
        assert content.text == "Travel\n\nTrains\n\nSecond-class train tickets are reimbursed for trips under six hours."

        unknown = await read_error(session, "citadel://documents/nothing.md")
        assert unknown[0] == types.INVALID_PARAMS and "unknown resource" in unknown[1]
        assert await read_error(session, "citadel://documents/salaries.md") == unknown  # hr only: as unknown
        assert await read_error(session, "citadel://documents/note-0001") == unknown
        assert await read_error(session, "citadel://documents/") == unknown
        assert await read_error(session, "citadel://documents/%FF%FE") == unknown
        assert await read_error(session, "file:///etc/passwd") == unknown

    run(tmp_path, store_dir, scenario)
    with open_store(store_dir) as store:
        assert store.text("policies/travel.md").startswith("Travel\n\nTrains")


def test_an_hr_caller_reads_the_hr_document(tmp_path: Path, store_dir: Path) -> None:
    async def scenario(session: ClientSession) -> None:
        uris = [r.uri for r in (await session.list_resources()).resources]
        assert "citadel://documents/salaries.md" in uris and not any("note-" in u for u in uris)
        (content,) = (await session.read_resource("citadel://documents/salaries.md")).contents
        assert isinstance(content, types.TextResourceContents) and SECRET in content.text
        asked = await session.call_tool("ask", {"question": SALARY_Q})
        assert SECRET in asked.structured_content["answer"] and SECRET in text_of(asked)
        found = await session.call_tool("search", {"query": "L5 staff engineer salary band", "k": 3})
        assert found.structured_content["hits"][0]["doc_id"] == "salaries.md"

    run(tmp_path, store_dir, scenario, "--groups", "hr")
    with open_store(store_dir) as store:
        (trace,) = store.list_traces(ADMIN, TraceQuery(caller="mcp", text=SALARY_Q, limit=1))
        assert trace.groups == ["hr"] and not trace.abstained


def test_groups_from_the_environment_and_resources_in_pages(tmp_path: Path, store_dir: Path) -> None:
    async def scenario(session: ClientSession) -> None:
        first = await session.list_resources()
        assert len(first.resources) == PAGE_SIZE and first.next_cursor is not None
        rest = await session.list_resources(params=types.PaginatedRequestParams(cursor=first.next_cursor))
        assert rest.next_cursor is None
        names = [r.name for r in first.resources + rest.resources]
        assert len(names) == len(set(names)) == PAGE_SIZE + 1 + 3 and names == sorted(names)
        assert "salaries.md" in names and "note-0500" in names

    run(tmp_path, store_dir, scenario, env={"CITADEL_MCP_GROUPS": "hr,bulk"})
