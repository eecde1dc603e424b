"""citadel as an MCP server over stdio (``citadel mcp``): the tools ``ask``, ``search`` and
``verify``, and each document the configured caller may read as a resource.

Who asks is the server's configuration, never the client's say: ``citadel mcp --groups
hr,finance`` (or ``CITADEL_MCP_GROUPS``), public documents only by default. Every tool and
resource reads the store through that caller's :class:`~citadel.store.SearchFilter`, so no
text of a document outside those groups is ever returned, and a resource URI of a document
the caller may not read fails exactly like that of a document that does not exist.

* ``ask(question)``: the verified answer. Its structured content is the ``citadel ask
  --json`` object, its text block ``citadel ask``'s output (each claim with numbered
  citations, their places and quotes) and the trace id. Logged as a trace of caller ``mcp``.
* ``search(query, k=10, mode?)``: the hits, as ``POST /v1/search`` returns them.
* ``verify(sources, answer | claims)``: per-claim verdicts; the input is the object that
  ``citadel verify --answer`` reads and ``POST /v1/verify`` takes.
* resources ``citadel://documents/{doc_id}``: the document's normalized text (``text/plain``;
  citation offsets index it). The id is percent-encoded as RFC 6570 expands ``{doc_id}``:
  ``policies/refunds.md`` is ``citadel://documents/policies%2Frefunds.md``.

Errors: a tool that fails (arguments that do not validate, input over a limit of
:mod:`citadel.limits`, a backend error) returns a result with ``isError`` and citadel's
message, so the model that called it can correct the call, as the MCP specification asks;
an unknown tool or resource is an MCP error (``INVALID_PARAMS``). Arguments are bounded by
``max_body_bytes`` before they are parsed, questions and queries by ``max_question_chars``,
verify requests as over HTTP, and model work by ``request_seconds``; one tool call runs the
models at a time (the searcher's cache is not thread-safe), resource reads go to the store.

Built on the SDK's low-level :class:`~mcp.server.lowlevel.Server`, not ``MCPServer``: the
resource list is the store's, per caller, as it is at each request (``MCPServer`` lists
resources registered beforehand); "unreadable" and "unknown" must be one code path of ours;
and the tool schemas are the HTTP API's pydantic models rather than function signatures.
"""

from __future__ import annotations

import json
import logging
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import version as package_version
from typing import Any
from urllib.parse import quote, unquote

import anyio
import anyio.to_thread
from mcp import types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from pydantic import BaseModel, ConfigDict, Field
from pydantic import ValidationError as SchemaError

from citadel._errors import CitadelError, NotFoundError, ValidationError
from citadel.answers import render_text
from citadel.engine import Citadel
from citadel.limits import check_count, check_doc_id, check_question, check_size, deadline, limits
from citadel.models import Document, DocumentSummary
from citadel.retrieve import Mode, SearchResult
from citadel.serve.api import _check_verify_size
from citadel.serve.schemas import AnswerBody, SearchBody, VerifyBody, VerifyRequest
from citadel.store import SearchFilter
from citadel.verify import Citation, Claim, split_claims

log = logging.getLogger(__name__)

#: The caller label of this server's traces.
CALLER = "mcp"
URI_PREFIX = "citadel://documents/"
URI_TEMPLATE = URI_PREFIX + "{doc_id}"
#: Resources per ``resources/list`` page.
PAGE_SIZE = 500
#: How much of an unknown resource URI its error repeats.
SHOWN_URI_CHARS = 300
INSTRUCTIONS = (
    "citadel answers questions from a fixed set of documents and checks every claim against the exact "
    "source span it cites. `ask` gives a verified, cited answer (or says that the documents do not answer); "
    "`search` finds passages; `verify` checks claims of your own against sources you give. Each document "
    "is a resource citadel://documents/{doc_id} (its text; citation offsets index it)."
)


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AskArgs(_Args):
    question: str = Field(min_length=1, description="The question; at most max_question_chars characters.")


class SearchArgs(_Args):
    query: str = Field(min_length=1, description="What to look for; at most max_question_chars characters.")
    k: int = Field(default=10, ge=1, le=100, description="How many passages, best first.")
    mode: Mode | None = Field(
        default=None, description="bm25 (keywords), dense (embeddings) or hybrid (both, fused; the default)."
    )


@dataclass(frozen=True)
class McpSettings:
    """Who the MCP client asks as: ``groups`` (public documents are always readable) and the
    caller label its traces carry."""

    groups: frozenset[str] = frozenset()
    caller: str = CALLER

    @property
    def where(self) -> SearchFilter:
        return SearchFilter(groups=self.groups)


#: What a tool returns: its structured content and its text for people.
Output = tuple[dict[str, Any], str]


@dataclass(frozen=True)
class _Tool:
    name: str
    title: str
    description: str
    args: type[BaseModel]
    output: type[BaseModel]
    run: Callable[[Any], Output] = field(repr=False)

    def describe(self) -> types.Tool:
        return types.Tool(
            name=self.name, title=self.title, description=self.description,
            input_schema=self.args.model_json_schema(), output_schema=self.output.model_json_schema(),
            annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=False),
        )  # fmt: skip


class CitadelMcp:
    """The MCP handlers over one engine, for the one caller that ``settings`` describe."""

    def __init__(self, engine: Citadel, settings: McpSettings | None = None) -> None:
        self.engine, self.settings = engine, settings or McpSettings()
        self._models = anyio.CapacityLimiter(1)
        tools = [
            _Tool("ask", "Ask the documents", ASK_HELP, AskArgs, AnswerBody, self._ask),
            _Tool("search", "Search the documents", SEARCH_HELP, SearchArgs, SearchBody, self._search),
            _Tool("verify", "Verify claims against sources", VERIFY_HELP, VerifyRequest, VerifyBody, self._verify),
        ]
        self._tools = {t.name: t for t in tools}

    def server(self) -> Server[Any]:
        return Server(
            "citadel", version=package_version("citadel"), instructions=INSTRUCTIONS,
            on_list_tools=self._list_tools, on_call_tool=self._call_tool,
            on_list_resources=self._list_resources, on_list_resource_templates=self._list_templates,
            on_read_resource=self._read_resource,
        )  # fmt: skip

    # --- tools ------------------------------------------------------------------------------

    async def _list_tools(self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[t.describe() for t in self._tools.values()])

    async def _call_tool(self, ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        tool = self._tools.get(params.name)
        if tool is None:
            raise MCPError(types.INVALID_PARAMS, f"unknown tool {params.name!r}; the tools are {', '.join(self._tools)}")
        started = time.monotonic()
        try:
            args = _parse(tool, params.arguments or {})
            structured, text = await anyio.to_thread.run_sync(_bounded, tool.run, args, limiter=self._models)
        except CitadelError as exc:
            log.info("%s failed: %s", tool.name, exc)
            return _failed(str(exc))
        except Exception:
            log.exception("%s crashed", tool.name)
            return _failed(f"citadel failed on this {tool.name} call; the server's log (stderr) says why")
        trace = f", trace {structured['trace_id']}" if "trace_id" in structured else ""
        log.info("%s answered in %.0f ms%s", tool.name, 1000 * (time.monotonic() - started), trace)
        return types.CallToolResult(content=[types.TextContent(text=text)], structured_content=structured)

    def _ask(self, args: AskArgs) -> Output:
        check_question(args.question)
        answer = self.engine.ask(args.question, groups=sorted(self.settings.groups), caller=self.settings.caller)
        return answer.to_json(), f"{render_text(answer)}\n\ntrace: {answer.trace_id}"

    def _search(self, args: SearchArgs) -> Output:
        check_question(args.query, "the query")
        result = self.engine.search(args.query, k=args.k, groups=sorted(self.settings.groups), mode=args.mode)
        body = {
            "query": result.query, "mode": result.mode, "reranked": result.reranked,
            "notes": list(result.notes), "hits": [h.to_json() for h in result.hits],
        }  # fmt: skip
        return body, hits_text(result)

    def _verify(self, body: VerifyRequest) -> Output:
        if (body.answer is None) == (body.claims is None):
            raise ValidationError("give exactly one of 'answer' (text with [S1] markers) or 'claims'")
        _check_verify_size(body)
        if body.claims is not None:
            items = [
                Claim(text=c.text, citations=tuple(Citation(source_id=x.source_id, quote=x.quote) for x in c.citations))
                for c in body.claims
            ]
        else:
            items = split_claims(body.answer or "")
            check_count("claims in one verify request", len(items), "max_verify_claims")
        data = self.engine.verifier.check_answer(body.sources, claims=items).to_json()
        return data, verdicts_text(data)

    # --- resources --------------------------------------------------------------------------

    async def _list_resources(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        docs = sorted(await anyio.to_thread.run_sync(self.engine.store.documents, self.settings.where),
                      key=lambda d: d.doc_id)  # fmt: skip
        after = params.cursor if params is not None else None
        if after:
            docs = [d for d in docs if d.doc_id > after]
        page = docs[:PAGE_SIZE]
        more = len(docs) > PAGE_SIZE
        return types.ListResourcesResult(
            resources=[_resource(d) for d in page], next_cursor=page[-1].doc_id if more else None
        )

    async def _list_templates(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        template = types.ResourceTemplate(
            uri_template=URI_TEMPLATE, name="document", title="A document's text", mime_type="text/plain",
            description="The normalized text of a document this server's caller may read (citation offsets "
            "index it); doc_id percent-encoded, '/' as %2F.",
        )  # fmt: skip
        return types.ListResourceTemplatesResult(resource_templates=[template])

    async def _read_resource(self, ctx: ServerRequestContext[Any], params: types.ReadResourceRequestParams) -> types.ReadResourceResult:
        try:
            found = await anyio.to_thread.run_sync(self._document_text, params.uri)
        except CitadelError as exc:
            log.warning("MCP resource read failed: %s", exc)
            raise MCPError(types.INTERNAL_ERROR, f"the store could not be read: {exc}") from exc
        if found is None:
            # One answer for unknown, unreadable and malformed URIs alike: no existence leak.
            shown = params.uri if len(params.uri) <= SHOWN_URI_CHARS else params.uri[:SHOWN_URI_CHARS] + "..."
            log.info("resource %r: unknown", shown)
            raise MCPError(
                types.INVALID_PARAMS,
                f"unknown resource {shown!r}: no document this server's caller may read has that URI "
                f"(resources/list names them; the form is {URI_TEMPLATE}, the id percent-encoded)",
                data={"uri": shown},
            )
        doc, text = found
        log.info("resource %r: version %d", doc.doc_id, doc.version)
        meta = {"doc_id": doc.doc_id, "version": doc.version, "title": doc.title, "media_type": doc.media_type}
        contents = types.TextResourceContents(uri=params.uri, text=text, mime_type="text/plain", _meta=meta)
        return types.ReadResourceResult(contents=[contents])

    def _document_text(self, uri: str) -> tuple[Document, str] | None:
        """The current version and text of the document ``uri`` names, or None when it names
        none the caller may read (an unknown, unreadable or malformed URI alike)."""
        doc_id = doc_id_of(uri)
        if doc_id is None:
            return None
        store = self.engine.store
        doc = store.current(doc_id)
        if doc is None or not self.settings.where.can_read(doc.groups):
            return None
        try:
            return doc, store.text(doc_id, doc.version)  # the version whose groups were checked
        except NotFoundError:  # deleted meanwhile
            return None


ASK_HELP = (
    "Answer a question from the documents this server may read. Every claim is verified against the exact "
    "source span it cites and only verified claims are kept; when the documents do not answer, the answer "
    "abstains with a reason and lists the closest passages. Structured content: the answer as `citadel ask "
    "--json` (answer with [S1] markers, claims with quotes and offsets, sources with locations, trace_id); "
    "text: the answer with numbered citations, their places and quotes."
)
SEARCH_HELP = (
    "Find passages in the documents this server may read, best first: chunk_id, doc_id, title, text, "
    "location (page, lines, ...), the sort score and, when reranked, relevance (0 to 1)."
)
VERIFY_HELP = (
    "Check claims against sources: give `sources` (id -> text) and either `answer` (text whose sentences "
    "cite sources with [S1] markers) or `claims` ([{text, citations: [{source_id, quote?}]}]). Returns each "
    "claim's verdict (supported, partial, unsupported, contradicted), score, reason and whether it would be "
    "kept, and the citation precision and recall. Reads no document of the store."
)


def document_uri(doc_id: str) -> str:
    """The resource URI of a document: the id percent-encoded (RFC 6570 ``{doc_id}``)."""
    return URI_PREFIX + quote(doc_id, safe="")


def doc_id_of(uri: str) -> str | None:
    """The document id a resource URI names, or None when it is not a usable document URI."""
    if not uri.startswith(URI_PREFIX) or len(uri) > len(URI_PREFIX) + 3 * limits().max_doc_id_bytes:
        return None
    try:
        return check_doc_id(unquote(uri[len(URI_PREFIX) :], errors="strict"))
    except (CitadelError, UnicodeDecodeError):
        return None


def _resource(doc: DocumentSummary) -> types.Resource:
    access = "groups " + ", ".join(doc.groups) if doc.groups else "public"
    return types.Resource(
        uri=document_uri(doc.doc_id), name=doc.doc_id, title=doc.title, mime_type="text/plain",
        description=f"{doc.media_type}, version {doc.version}, {_count(doc.chunks, 'chunk')}, {access}",
    )  # fmt: skip


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _parse(tool: _Tool, arguments: dict[str, Any]) -> BaseModel:
    size = len(json.dumps(arguments, ensure_ascii=False).encode("utf-8"))
    check_size(f"the arguments of {tool.name}", size, "max_body_bytes")
    try:
        return tool.args.model_validate(arguments)
    except SchemaError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'arguments'}: {e['msg']}" for e in exc.errors())
        raise ValidationError(f"invalid arguments for {tool.name}: {problems}") from exc


def _bounded(run: Callable[[Any], Output], args: BaseModel) -> Output:
    with deadline(limits().request_seconds):
        return run(args)


def _failed(message: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=f"error: {message}")], is_error=True)


def hits_text(result: SearchResult) -> str:
    """Search hits for people: title, place, scores, then the passage."""
    if not result.hits:
        lines = ["No matching passages in the documents this server may read."]
    else:
        lines = [f"{_count(len(result.hits), 'passage')}, best first ({result.mode}{', reranked' if result.reranked else ''}):"]
    for n, hit in enumerate(result.hits, start=1):
        place = ", ".join(x for x in (f"{hit.doc_id} v{hit.version}", " > ".join(hit.heading_path),
                                      hit.location.label()) if x)  # fmt: skip
        scores = f"score {hit.score:.4f}" + (f", relevance {hit.relevance:.2f}" if hit.relevance is not None else "")
        lines += ["", f"[{n}] {hit.title} ({place}; {scores}; chunk {hit.chunk_id})"]
        lines += [textwrap.fill(" ".join(line.split()), width=96, initial_indent="    ", subsequent_indent="    ")
                  for line in hit.text.splitlines() if line.strip()]  # fmt: skip
    lines += [f"note: {note}" for note in result.notes]
    return "\n".join(lines)


def verdicts_text(data: dict[str, Any]) -> str:
    """A verify report for people, as ``citadel verify --answer`` prints it."""
    lines = []
    for c in data["claims"]:
        lines.append(f"[{'keep' if c['keep'] else 'drop'}] {c['verdict']:<12} {c['score']:.2f}  {c['text']}")
        lines.append(f"       {c['reason']}")
    lines.append(f"citation precision {data['citation_precision']:.2f}, recall {data['citation_recall']:.2f}")
    return "\n".join(lines)


async def serve_stdio(engine: Citadel, settings: McpSettings | None = None) -> None:
    """Serve MCP on this process's stdin and stdout until the client closes them."""
    server = CitadelMcp(engine, settings).server()
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run_stdio(engine: Citadel, settings: McpSettings | None = None) -> None:
    anyio.run(serve_stdio, engine, settings)
