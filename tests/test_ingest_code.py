"""Source code in the common languages, read with tree-sitter: a section per function, class
and method under its qualified name, with the lines it spans, its doc comment as prose that
names it, and nothing of the file lost, even when the parser cannot read all of it.

The files under ``fixtures/docs/code`` are real and unchanged (see ``fixtures/docs/SOURCES.md``)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from citadel import limits as limits_module
from citadel.ingest import code, ingest
from citadel.ingest.code import MAX_SCOPE_DEPTH, SUFFIXES, load_code
from citadel.ingest.loaders import LOADERS, loader_for
from citadel.limits import limits
from citadel.models import Chunk, ChunkKind, Location
from citadel.store import Store
from citadel.store.base import ADMIN
from citadel.text import normalize_code, normalize_text

CODE = Path(__file__).parent / "fixtures" / "docs" / "code"


@dataclass(frozen=True)
class Case:
    path: str  # under fixtures/docs/code
    language: str
    media_type: str
    symbols: tuple[str, ...]  # every definition, in order
    spans: dict[str, tuple[int, int]]  # some of them, by hand from the file: first and last line
    doc: tuple[str, str] | None  # a symbol and the first words of its doc comment
    parse_error: str | None = None
    comment: tuple[str, ...] = ("//", "/*", "*")  # how comment lines start (left out of the lossless check)


CASES = [
    Case("ms/index.js", "javascript", "text/javascript",
         ("module.exports", "parse", "fmtShort", "fmtLong", "plural"),
         {"module.exports": (26, 38), "parse": (48, 103), "plural": (159, 162)},
         ("parse", "Parse the given `str` and return milliseconds.")),
    Case("yocto-queue/index.js", "javascript", "text/javascript",
         ("Node", "Node.constructor", "Queue", "Queue.constructor", "Queue.enqueue", "Queue.dequeue", "Queue.peek",
          "Queue.clear", "Queue.size", "Queue.[Symbol.iterator]", "Queue.drain"),
         {"Node": (6, 13), "Queue": (15, 90), "Queue.dequeue": (38, 53), "Queue.drain": (85, 89)}, None),
    Case("rxjs/Subscription.ts", "typescript", "text/x-typescript",
         ("Subscription", "Subscription.constructor", "Subscription.unsubscribe", "Subscription.add",
          "Subscription._hasParent", "Subscription._addParent", "Subscription._removeParent", "Subscription.remove",
          "isSubscription", "execFinalizer"),
         {"Subscription": (16, 195), "Subscription.unsubscribe": (47, 96), "isSubscription": (199, 204)},
         ("Subscription.unsubscribe", "Disposes the resources held by the subscription.")),
    Case("react-hot-toast/toast-bar.tsx", "tsx", "text/x-typescript",
         ("enterAnimation", "exitAnimation", "ToastBarProps", "getAnimationStyle"),
         {"enterAnimation": (8, 11), "ToastBarProps": (47, 55), "getAnimationStyle": (57, 73)}, None),
    Case("errors/stack.go", "go", "text/x-go",
         ("Frame", "Frame.pc", "Frame.file", "Frame.line", "Frame.name", "Frame.Format", "Frame.MarshalText",
          "StackTrace", "StackTrace.Format", "StackTrace.formatSlice", "stack", "stack.Format", "stack.StackTrace",
          "callers", "funcname"),
         {"Frame": (15, 15), "Frame.pc": (19, 19), "Frame.Format": (64, 84), "stack.StackTrace": (155, 161),
          "funcname": (172, 177)},
         ("Frame.Format", "Format formats the frame according to the fmt.Formatter interface.")),
    Case("heck/kebab.rs", "rust", "text/x-rust",
         ("ToKebabCase", "ToKebabCase::to_kebab_case", "str", "str::to_kebab_case", "AsKebabCase", "AsKebabCase",
          "AsKebabCase::fmt", "tests", "tests::t"),
         {"ToKebabCase": (17, 20), "str::to_kebab_case": (23, 25), "AsKebabCase::fmt": (41, 43),
          "tests": (46, 70), "tests::t": (50, 57)},
         ("ToKebabCase", "This trait defines a kebab case conversion.")),
    Case("heck/lib.rs", "rust", "text/x-rust",
         ("get_iterator", "get_iterator", "transform", "lowercase", "uppercase", "capitalize"),
         {"transform": (75, 173), "capitalize": (196, 206)}, None),
    Case("jpype/JPypeReferenceSet.java", "java", "text/x-java",
         ("JPypeReferenceSet", "JPypeReferenceSet.JPypeReferenceSet", "JPypeReferenceSet.size",
          "JPypeReferenceSet.add", "JPypeReferenceSet.remove", "JPypeReferenceSet.flush", "JPypeReferenceSet.Pool",
          "JPypeReferenceSet.Pool.Pool", "JPypeReferenceSet.Pool.add", "JPypeReferenceSet.Pool.remove"),
         {"JPypeReferenceSet": (24, 148), "JPypeReferenceSet.add": (48, 75), "JPypeReferenceSet.Pool": (121, 146),
          "JPypeReferenceSet.Pool.remove": (141, 145)},
         ("JPypeReferenceSet.add", "Add a reference to the set.")),
    Case("markupsafe/_speedups.c", "c", "text/x-c",
         ("escape_unicode_kind1", "escape_unicode_kind2", "escape_unicode_kind4", "escape_unicode",
          "PyInit__speedups"),
         {"escape_unicode_kind1": (74, 98), "escape_unicode": (151, 171), "PyInit__speedups": (196, 200)},
         None, parse_error="first at line 179"),
    Case("greenlet/TThreadStateCreator.hpp", "cpp", "text/x-c++",
         ("greenlet", "greenlet::ThreadStateCreator", "greenlet::ThreadStateCreator::has_initialized_state",
          "greenlet::ThreadStateCreator::has_state", "greenlet::ThreadStateCreator::ThreadStateCreator",
          "greenlet::ThreadStateCreator::~ThreadStateCreator", "greenlet::ThreadStateCreator::state",
          "greenlet::ThreadStateCreator::operator ThreadState&", "greenlet::ThreadStateCreator::operator ThreadState*",
          "greenlet::ThreadStateCreator::tp_traverse"),
         {"greenlet": (13, 103), "greenlet::ThreadStateCreator": (23, 99),
          "greenlet::ThreadStateCreator::state": (58, 79), "greenlet::ThreadStateCreator::tp_traverse": (91, 97)},
         ("greenlet::ThreadStateCreator", "Only one of these, auto created per thread as a thread_local.")),
    Case("greenlet/TExceptionState.cpp", "cpp", "text/x-c++",
         ("greenlet", "greenlet::ExceptionState::ExceptionState", "greenlet::ExceptionState::operator<<",
          "greenlet::ExceptionState::operator>>", "greenlet::ExceptionState::clear",
          "greenlet::ExceptionState::tp_traverse", "greenlet::ExceptionState::tp_clear"),
         {"greenlet::ExceptionState::clear": (29, 38), "greenlet::ExceptionState::tp_clear": (50, 57)}, None),
    Case("pythonnet/DecoderGroup.cs", "csharp", "text/x-csharp",
         ("Python.Runtime.Codecs", "Python.Runtime.Codecs.DecoderGroup", "Python.Runtime.Codecs.DecoderGroup.Add",
          "Python.Runtime.Codecs.DecoderGroup.Clear", "Python.Runtime.Codecs.DecoderGroup.CanDecode",
          "Python.Runtime.Codecs.DecoderGroup.TryDecode", "Python.Runtime.Codecs.DecoderGroup.GetEnumerator",
          "Python.Runtime.Codecs.DecoderGroup.GetEnumerator", "Python.Runtime.Codecs.DecoderGroup.Dispose",
          "Python.Runtime.Codecs.DecoderGroupExtensions", "Python.Runtime.Codecs.DecoderGroupExtensions.GetDecoder"),
         {"Python.Runtime.Codecs.DecoderGroup": (11, 58), "Python.Runtime.Codecs.DecoderGroup.Clear": (27, 27),
          "Python.Runtime.Codecs.DecoderGroup.TryDecode": (33, 44)},
         # the XML doc's tags are dropped, the type it refers to kept
         ("Python.Runtime.Codecs.DecoderGroup", "Represents a group of IPyObjectDecoders. Useful to group them")),
    Case("rainbow/presenter.rb", "ruby", "text/x-ruby",
         ("Rainbow", "Rainbow::Presenter", *(f"Rainbow::Presenter::{m}" for m in (
             "color", "background", "reset", "bright", "faint", "italic", "underline", "blink", "inverse", "hide",
             "cross_out", "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "method_missing",
             "respond_to_missing?", "wrap_with_sgr"))),
         {"Rainbow": (7, 144), "Rainbow::Presenter": (8, 143), "Rainbow::Presenter::reset": (40, 42),
          "Rainbow::Presenter::wrap_with_sgr": (140, 142)},
         ("Rainbow::Presenter::reset", "Resets terminal to default colors/backgrounds."), comment=("#",)),
    Case("bats/semaphore.bash", "bash", "text/x-shellscript",
         ("bats_semaphore_setup", "bats_semaphore_run", "bats_semaphore_release_wrapper",
          "bats_semaphore_acquire_while_locked", "bats_semaphore_acquire_slot", "bats_semaphore_release_slot",
          "bats_semaphore_get_free_slot_count"),
         {"bats_semaphore_setup": (4, 30), "bats_semaphore_acquire_slot": (83, 94)},
         ("bats_semaphore_acquire_slot", "block until a semaphore slot becomes free"), comment=("#",)),
]
BY_ID = {c.path: c for c in CASES}


def _ingest_one(store: Store, path: Path) -> tuple[str, list[Chunk]]:
    report = ingest(store, [path], embedder=None)
    assert report.failed == [] and report.added == 1
    return path.name, store.chunks(path.name)


def _words(text: str) -> str:
    return " ".join(normalize_text(text).split())


def _short(symbol: str) -> str:
    """A qualified name's last part: what the definition's own line spells."""
    if "[" in symbol:  # a computed name: Queue.[Symbol.iterator]
        return symbol[symbol.index("["):]
    return symbol.rsplit("::" if "::" in symbol else ".", 1)[-1]


@pytest.mark.parametrize("case", CASES, ids=[c.path for c in CASES])
def test_each_definition_is_a_section_under_its_name_with_its_lines(case: Case, store: Store) -> None:
    doc_id, chunks = _ingest_one(store, CODE / case.path)
    document = store.current(doc_id)
    assert document is not None and document.media_type == case.media_type
    assert document.metadata["language"] == case.language
    if case.parse_error is None:
        assert "parse_error" not in document.metadata
    else:  # a real file tree-sitter cannot read all of: what parsed is still used
        assert case.parse_error in document.metadata["parse_error"]
    symbols = document.metadata["symbols"]
    assert [s["symbol"] for s in symbols] == list(case.symbols)
    spans = {s["symbol"]: (s["line_start"], s["line_end"]) for s in symbols}
    for name, span in case.spans.items():
        assert spans[name] == span, name
    source = (CODE / case.path).read_text().split("\n")
    module = doc_id.rsplit(".", 1)[0]
    unique = {name for name in case.symbols if case.symbols.count(name) == 1}
    for s in symbols:
        name, a, b = s["symbol"], s["line_start"], s["line_end"]
        head = source[a - 1] + " " + source[a]  # a definition may open with an attribute or its return type
        assert _short(name) in head, (name, head)
        body = "\n".join(source[a - 1:b])
        if case.language == "ruby":
            assert source[b - 1].strip() == "end", name
        else:  # braces balance over the definition's lines, and its last line closes it
            assert body.count("{") == body.count("}"), name
            last = re.sub(r"\s*//.*$", "", source[b - 1]).rstrip()
            assert last.endswith(("}", ";")) or a == b, name
        mine = [c for c in chunks if c.heading_path[-1] == name]
        assert mine and all(c.location.symbol == name for c in mine), name
        assert mine[0].heading_path[0] == module
        if name not in unique:
            continue
        first = min(c.location.line_start or 0 for c in mine)
        above = source[first - 1:a - 1]  # its doc comment, if any
        assert first == a or all(line.lstrip().startswith(case.comment) or not line.strip() for line in above)
        members = [m for m in case.symbols if m != name and m.startswith(name) and m[len(name):len(name) + 1] in ".:"]
        if not members:  # a function's chunks end where it ends; a class's members have their own
            assert max(c.location.line_end or 0 for c in mine) == b, name


@pytest.mark.parametrize("case", [c for c in CASES if c.doc], ids=[c.path for c in CASES if c.doc])
def test_a_doc_comment_is_prose_led_by_the_name(case: Case, store: Store) -> None:
    assert case.doc is not None
    symbol, words = case.doc
    doc_id, chunks = _ingest_one(store, CODE / case.path)
    text = store.text(doc_id)
    assert f"{symbol}: {words}" in text
    assert text.count(words) == 1  # prose only, not kept as code as well
    holder = next(c for c in chunks if f"{symbol}: {words}" in c.text)
    assert holder.location.symbol == symbol and holder.heading_path[-1] == symbol
    source = (CODE / case.path).read_text().split("\n")
    assert holder.location.line_start is not None
    assert source[holder.location.line_start - 1].lstrip().startswith(case.comment)  # the comment's own lines


@pytest.mark.parametrize("case", CASES, ids=[c.path for c in CASES])
def test_no_line_of_code_is_lost(case: Case, store: Store) -> None:
    doc_id, _ = _ingest_one(store, CODE / case.path)
    text = _words(store.text(doc_id))
    for number, line in enumerate((CODE / case.path).read_text().split("\n"), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith(case.comment) and not re.fullmatch(r"[{}()\[\];,]*|end", stripped):
            assert _words(line) in text, (number, line)


@pytest.mark.parametrize("case", CASES, ids=[c.path for c in CASES])
def test_code_keeps_its_indentation_and_its_lines(case: Case) -> None:
    """A code block is its file lines one for one: indentation, tabs, alignment and inner
    blank lines as the file has them (only trailing spaces and compatibility characters go)."""
    path = CODE / case.path
    doc = load_code(path.read_bytes(), path.name)
    source = path.read_text().split("\n")
    code_blocks = [b for b in doc.blocks if b.kind is ChunkKind.CODE]
    assert code_blocks
    for block in code_blocks:
        assert block.location is not None and block.location.line_start and block.location.line_end
        want = source[block.location.line_start - 1:block.location.line_end]
        assert doc.text[block.start:block.end].split("\n") == [normalize_code(line) for line in want], block
    assert any(line[:1] in (" ", "\t") for b in code_blocks for line in doc.text[b.start:b.end].split("\n"))


def test_go_keeps_its_tabs(store: Store) -> None:
    doc_id, chunks = _ingest_one(store, CODE / "errors" / "stack.go")
    pc = next(c for c in chunks if c.heading_path[-1] == "Frame.pc")
    assert "func (f Frame) pc() uintptr { return uintptr(f) - 1 }" in pc.text
    fmt = "\n".join(c.text for c in chunks if c.heading_path[-1] == "Frame.Format")
    assert "\tswitch verb {\n\tcase 's':\n\t\tswitch {" in fmt


def test_the_files_own_doc_module_level_code_and_search_by_purpose(store: Store) -> None:
    ingest(store, [CODE / "heck" / "lib.rs", CODE / "errors" / "stack.go"], embedder=None)
    lib = store.chunks("lib.rs")
    # Rust's //! lines are the file's documentation: prose under the file's heading
    intro = next(c for c in lib if "heck is a case conversion library" in c.text.replace("*", ""))
    assert intro.heading_path == ("lib",) and intro.location.line_start == 1
    loose = next(c for c in lib if "pub use kebab::{AsKebabCase, ToKebabCase};" in c.text)
    assert loose.heading_path == ("lib", "lib (module level)") and loose.location.symbol is None
    assert not any(c.heading_path[-1] == "kebab" for c in lib)  # `mod kebab;` defines nothing here
    imports = next(c for c in store.chunks("stack.go") if '"runtime"' in c.text)
    assert imports.heading_path == ("stack", "stack (module level)")
    assert (imports.location.line_start, imports.location.line_end) == (1, 10)
    # a question about what a symbol does finds it by its documentation
    hits = store.keyword_search("which frames have the same PC value", 3, ADMIN)
    assert hits and hits[0].chunk.location.symbol == "Frame.pc"
    assert hits[0].chunk.location.label() == "Frame.pc, lines 17-19"


GO_COMMENTS = """// Package sum adds numbers.
package sum

// An unrelated note, parted from what follows by a blank line.

// Add returns the sum of a and b.
func Add(a, b int) int { return a + b }

// A note about Sub that is not its doc: a blank line parts them.

func Sub(a, b int) int { return a - b }
"""

JS_DOC = """/**
 * Double a number.
 */

function double(n) { return 2 * n; }

// Not a doc comment: JSDoc starts with /**.
function triple(n) { return 3 * n; }
"""


def test_a_doc_comment_is_the_one_its_language_reads_as_the_definitions() -> None:
    go = load_code(GO_COMMENTS.encode(), "sum.go")
    prose = [go.text[b.start:b.end] for b in go.blocks if b.kind is ChunkKind.PARAGRAPH]
    # Go: the comment right above the package clause is the file's, the one right above a func its
    assert prose == ["Package sum adds numbers.", "Add: Add returns the sum of a and b."]
    assert go.blocks[1].heading_path == ("sum",) and go.blocks[1].location == Location.lines(1, 1)
    sub_note = next(b for b in go.blocks if "A note about Sub" in go.text[b.start:b.end])
    assert sub_note.kind is ChunkKind.CODE and sub_note.heading_path == ("sum", "sum (module level)")
    js = load_code(JS_DOC.encode(), "double.js")
    prose = [js.text[b.start:b.end] for b in js.blocks if b.kind is ChunkKind.PARAGRAPH]
    assert prose == ["double: Double a number."]  # JSDoc: the /** */ above, blank lines or not
    assert js.metadata["symbols"] == [{"symbol": "double", "line_start": 5, "line_end": 5},
                                      {"symbol": "triple", "line_start": 8, "line_end": 8}]
    assert "Not a doc comment" in js.text  # kept, as code


def test_every_language_is_registered_by_suffix() -> None:
    for suffix, (media_type, _grammar) in SUFFIXES.items():
        assert LOADERS[suffix] == (media_type, load_code) and loader_for(f"x{suffix}") is load_code
    assert SUFFIXES[".h"][1].language == "c" and SUFFIXES[".hpp"][1].language == "cpp"
    assert SUFFIXES[".tsx"][1].language == "tsx" and SUFFIXES[".jsx"][1].language == "javascript"


def test_a_file_the_parser_cannot_read_whole_keeps_what_parsed_and_the_rest(tmp_path: Path, store: Store) -> None:
    lines = (CODE / "errors" / "stack.go").read_text().split("\n")
    broken = tmp_path / "stack.go"
    broken.write_text("\n".join(lines[:70]) + "\n")  # cut inside Frame.Format's switch
    doc_id, chunks = _ingest_one(store, broken)
    document = store.current(doc_id)
    assert document is not None and "could not parse all of the go file" in document.metadata["parse_error"]
    names = [s["symbol"] for s in document.metadata["symbols"]]
    assert names[:5] == ["Frame", "Frame.pc", "Frame.file", "Frame.line", "Frame.name"]
    text = _words(store.text(doc_id))
    for line in lines[:70]:
        if line.strip() and not line.strip().startswith("//"):
            assert _words(line) in text
    pc = next(c for c in chunks if c.heading_path[-1] == "Frame.pc")
    assert (pc.location.line_start, pc.location.line_end) == (17, 19)


def test_without_a_grammar_a_file_is_kept_as_code_split_at_blank_lines(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, store: Store
) -> None:
    media_type, grammar = SUFFIXES[".go"]
    monkeypatch.setitem(SUFFIXES, ".go", (media_type, replace(grammar, module="tree_sitter_not_installed")))
    doc_id, chunks = _ingest_one(store, CODE / "errors" / "stack.go")
    document = store.current(doc_id)
    assert document is not None and "no go parser could be loaded" in document.metadata["parse_error"]
    assert "symbols" not in document.metadata and document.media_type == "text/x-go"
    source = (CODE / "errors" / "stack.go").read_text().split("\n")
    pc = next(c for c in chunks if "func (f Frame) pc() uintptr" in c.text)
    assert pc.location.line_start is not None and pc.location.line_end is not None
    assert pc.location.line_start <= 19 <= pc.location.line_end
    assert not source[pc.location.line_start - 2].strip()  # a part starts after a blank line
    assert _words("\n".join(source)) == _words(store.text(doc_id))  # all of it, in order
    unknown = load_code(b"const std = @import(\"std\");\n\npub fn main() void {}\n", "hello.zig")
    assert unknown.metadata == {"parse_error": "no grammar for '.zig' files"}
    assert [unknown.text[b.start:b.end] for b in unknown.blocks] == ['const std = @import("std");', "pub fn main() void {}"]


HOSTILE = {
    "deep.hpp": "namespace a {\n" * 20_000 + "int innermost() { return 1; }\n" + "}\n" * 20_000,
    "deep.rb": "module A\n" * 20_000 + "def innermost; end\n" + "end\n" * 20_000,
    "deep.java": "class A {\n" * 20_000 + "void innermost() {}\n" + "}\n" * 20_000,
    "anonymous.cpp": "namespace {\n" * 20_000 + "int innermost() { return 1; }\n" + "}\n" * 20_000,
    "unclosed.rs": "mod a {\n" * 50_000 + "fn innermost() {}\n",
    "parens.c": "int innermost(void) { return " + "(" * 200_000 + "1" + ")" * 200_000 + "; }\n",
}


def test_deeply_nested_code_is_bounded_not_a_crash(tmp_path: Path, store: Store) -> None:
    for name, text in HOSTILE.items():
        (tmp_path / name).write_text(text)
    started = time.monotonic()
    report = ingest(store, [tmp_path / name for name in HOSTILE], embedder=None)
    assert report.failed == [] and report.added == len(HOSTILE)  # no RecursionError, no "nested too deeply"
    assert time.monotonic() - started < 60
    for name in HOSTILE:
        document = store.current(name)
        assert document is not None and "innermost" in store.text(name)
        assert len(document.metadata["symbols"]) <= MAX_SCOPE_DEPTH + 1
    deep = store.current("deep.hpp")
    assert deep is not None and len(deep.metadata["symbols"]) == MAX_SCOPE_DEPTH + 1  # then kept as code
    assert "parse_error" in store.current("unclosed.rs").metadata  # type: ignore[union-attr]


@pytest.fixture
def tiny_documents() -> Iterator[None]:
    limits_module.configure(replace(limits(), max_document_chars=1_000))
    yield
    limits_module.configure(None)


def test_a_source_too_long_for_the_document_limit_fails_with_it(store: Store, tiny_documents: None) -> None:
    report = ingest(store, [CODE / "errors" / "stack.go"], embedder=None)
    assert len(report.failed) == 1 and "max_document_chars" in report.failed[0].error


def test_a_parser_out_of_time_gives_the_file_back_as_code(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(code, "PARSE_SECONDS", 0.0)
    doc = load_code(("function f() { return [" * 20_000 + "1").encode(), "slow.js")
    assert doc.metadata == {"language": "javascript", "parse_error": "the javascript parser gave up after 0 seconds"}
    assert doc.text.startswith("function f() { return [")
