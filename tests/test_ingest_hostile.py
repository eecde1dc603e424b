"""Hostile input to the ingest: every bad file is its own failure, every limit holds, fast."""

from __future__ import annotations

import io
import json
import os
import struct
import subprocess
import sys
import time
import tracemalloc
import zipfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from citadel import limits as limits_module
from citadel._errors import IngestError, LimitError
from citadel.cli import main
from citadel.ingest import ingest
from citadel.ingest.loaders import html_depth, load_docx, load_html, load_markdown, load_text
from citadel.jsonl import iter_jsonl
from citadel.limits import deadline, limits
from citadel.store import Store

from .files import docx_part, docx_with_parts, make_docx

CITADEL = [sys.executable, "-m", "citadel.cli"]


@pytest.fixture
def lowered() -> Iterator[None]:
    """Small limits, so the tests need no huge files; the environment's come back after."""
    limits_module.configure(
        replace(
            limits(),
            max_decompressed_bytes=4 << 20,
            max_jsonl_line_chars=1_000,
            max_document_chars=5_000,
            max_file_bytes=200_000,
            max_front_matter_chars=500,
            max_nesting_depth=64,
        )
    )
    try:
        yield
    finally:
        limits_module.configure(None)


def good_docx(tmp_path: Path) -> bytes:
    return make_docx(tmp_path / "base.docx", "Base", [("Part", ["Some body text."])]).read_bytes()


def malformed_xml_docx(tmp_path: Path) -> bytes:
    xml = docx_part(good_docx(tmp_path))
    return docx_with_parts(good_docx(tmp_path), replace={"word/document.xml": xml[: len(xml) // 2]})


NESTED_HTML = b"<html><body>" + b"<div>" * 1000 + b"deep text" + b"</div>" * 1000 + b"</body></html>"


# --- A: one bad file never aborts the batch -----------------------------------------------


def test_cli_batch_with_malformed_docx_and_nested_html_stores_the_good_file(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "broken.docx").write_bytes(malformed_xml_docx(tmp_path))
    (folder / "nested.html").write_bytes(NESTED_HTML)
    (folder / "good.md").write_text("# Good\n\nThis file is fine and must be stored.")
    store = str(tmp_path / "s")
    result = subprocess.run([*CITADEL, "--store", store, "ingest", str(folder)], capture_output=True, text=True)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout.startswith("1 added, 0 updated, 0 unchanged, 2 failed, 0 skipped;")
    assert "broken.docx: could not read the DOCX (XMLSyntaxError" in result.stderr
    assert "nested.html: the HTML nests elements more than 256 deep" in result.stderr
    assert "max_nesting_depth" in result.stderr
    listing = subprocess.run([*CITADEL, "--store", store, "documents", "--json"], capture_output=True, text=True)
    assert [d["doc_id"] for d in json.loads(listing.stdout)] == ["good.md"]


def test_any_exception_of_a_loader_is_a_failure_of_that_file(
    tmp_path: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from citadel.ingest import loaders

    def explode(data: bytes, name: str) -> None:
        raise KeyError("surprise")

    monkeypatch.setitem(loaders.LOADERS, ".txt", (loaders.PLAIN, explode))  # an unguarded loader
    (tmp_path / "a.txt").write_text("text")
    (tmp_path / "b.md").write_text("# B\n\nFine.")
    report = ingest(store, [tmp_path / "a.txt", tmp_path / "b.md"], embedder=None)
    assert report.added == 1
    [failure] = report.failed
    assert failure.path.endswith("a.txt") and "KeyError" in failure.error and "surprise" in failure.error


def test_keyboard_interrupt_in_a_loader_is_not_swallowed(
    tmp_path: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from citadel.ingest import loaders

    def interrupted(data: bytes, name: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setitem(loaders.LOADERS, ".txt", (loaders.PLAIN, interrupted))
    (tmp_path / "a.txt").write_text("text")
    with pytest.raises(KeyboardInterrupt):
        ingest(store, [tmp_path / "a.txt"], embedder=None)


def test_html_nesting_limit_and_walk_below_it() -> None:
    assert html_depth("<div><p>a<p>b</div><div><br><img></div>", 10) == 1
    assert html_depth("<svg>" + "<path/>" * 500 + "</svg>", 1000) == 1
    assert html_depth("<script>" + "<div>" * 500 + "</script>", 1000) == 0
    doc = load_html(b"<div>" * 250 + b"<p>deep <b>text</b></p>" + b"</div>" * 250, "ok.html")
    assert doc.text == "deep text"
    # tables nest four elements per tag counted: the walk takes the deepest levels as flat text
    doc = load_html(b"<table><tr><td>" * 200 + b"deepest cell", "tables.html")
    assert "deepest cell" in doc.text
    started = time.perf_counter()
    with pytest.raises(LimitError, match="max_nesting_depth") as caught:
        load_html(b"<div>" * 2_000_000, "huge.html")  # the HTML parser alone would take hours
    assert caught.value.limit == "max_nesting_depth"
    assert time.perf_counter() - started < 5


# --- B: limits in the loaders ---------------------------------------------------------------

ALIAS_BOMB = b"""---
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
---
# Bomb

Body.
"""


def test_yaml_alias_bomb_in_front_matter_is_refused_quickly() -> None:
    started = time.perf_counter()
    with pytest.raises(IngestError, match="YAML anchors and aliases are not allowed in front matter"):
        load_markdown(ALIAS_BOMB, "bomb.md")
    assert time.perf_counter() - started < 1
    with pytest.raises(IngestError, match="YAML aliases are not allowed in front matter"):
        load_markdown(b"---\ntitle: *undefined\n---\nBody", "alias.md")
    plain = load_markdown(b"---\ntitle: Fine\ntags: [a, b]\n---\nBody.", "fine.md")
    assert plain.title == "Fine" and plain.metadata == {"tags": ["a", "b"]}


def test_front_matter_over_its_limit_is_refused(lowered: None) -> None:
    big = b"---\n" + b"".join(b"k%d: v\n" % i for i in range(200)) + b"---\nBody."
    with pytest.raises(LimitError, match="max_front_matter_chars"):
        load_markdown(big, "big.md")
    with pytest.raises(IngestError, match="front matter"):
        load_markdown(b"---\nn: " + b"[" * 400 + b"\n---\nBody", "deep.md")


def test_docx_zip_bomb_is_refused_without_inflating(tmp_path: Path) -> None:
    """200 MB of zeros in document.xml deflate to ~200 KB: over max_decompressed_bytes and
    max_compression_ratio, refused from the zip's directory alone."""
    base = good_docx(tmp_path)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(base)) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            if info.filename != "word/document.xml":
                zout.writestr(info.filename, zin.read(info.filename))
        with zout.open("word/document.xml", "w") as part:
            block = b"\0" * (1 << 20)
            for _ in range(200):
                part.write(block)
    bomb = out.getvalue()
    assert len(bomb) < 1 << 20
    tracemalloc.start()
    started = time.perf_counter()
    try:
        with pytest.raises(LimitError, match="max_decompressed_bytes") as caught:
            load_docx(bomb, "bomb.docx")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert caught.value.limit == "max_decompressed_bytes"
    assert time.perf_counter() - started < 2 and peak < 20 << 20


def test_docx_member_inflating_too_much_is_refused_by_ratio(tmp_path: Path) -> None:
    base = good_docx(tmp_path)
    xml = docx_part(base)
    padded = xml.replace(b"</w:body>", b" " * (8 << 20) + b"</w:body>")  # valid XML, 1000:1
    with pytest.raises(LimitError, match="max_compression_ratio") as caught:
        load_docx(docx_with_parts(base, replace={"word/document.xml": padded}), "ratio.docx")
    assert caught.value.limit == "max_compression_ratio"


def test_docx_total_over_the_limit_is_refused(tmp_path: Path, lowered: None) -> None:
    base = good_docx(tmp_path)
    # six parts under the 1 MiB floor of the ratio check, 5.4 MB together (over 4 MiB)
    media = {f"word/media/pad{i}.bin": b"\0" * 900_000 for i in range(6)}
    data = docx_with_parts(base, add=media)
    assert len(data) < 100_000
    with pytest.raises(LimitError, match="max_decompressed_bytes"):
        load_docx(data, "big.docx")
    stored = {"word/media/image.bin": os.urandom(150_000)}  # incompressible, stored: fine
    assert load_docx(docx_with_parts(base, add=stored, stored=frozenset(stored)), "ok.docx").title == "Base"


def test_docx_lying_about_its_sizes_is_not_inflated(tmp_path: Path) -> None:
    """A central directory that declares 2 KB for an 8 MB part passes the size checks, and
    zipfile would inflate all 8 MB before cutting them to 2 KB: the part is refused first."""
    base = good_docx(tmp_path)
    xml = docx_part(base)
    padded = xml.replace(b"</w:body>", b" " * (8 << 20) + b"</w:body>")
    lying = bytearray(docx_with_parts(base, replace={"word/document.xml": padded}))
    entry = lying.find(b"PK\x01\x02")
    while entry >= 0:
        name_len = struct.unpack_from("<H", lying, entry + 28)[0]
        if lying[entry + 46 : entry + 46 + name_len] == b"word/document.xml":
            struct.pack_into("<I", lying, entry + 24, 2048)  # uncompressed size
            break
        entry = lying.find(b"PK\x01\x02", entry + 4)
    assert entry >= 0
    tracemalloc.start()
    try:
        with pytest.raises(IngestError, match="declares 2,048 bytes but holds more; the file is corrupt or forged"):
            load_docx(bytes(lying), "lying.docx")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 << 20


def test_file_over_max_file_bytes_is_refused_before_loading(tmp_path: Path, store: Store, lowered: None) -> None:
    with pytest.raises(LimitError, match="max_file_bytes"):
        load_text(b"a" * 200_001, "big.txt")
    (tmp_path / "big.md").write_bytes(b"word " * 50_000)
    (tmp_path / "ok.md").write_text("# Ok\n\nSmall.")
    report = ingest(store, [tmp_path], embedder=None)
    assert report.added == 1
    [failure] = report.failed
    assert failure.path.endswith("big.md") and "max_file_bytes" in failure.error


def test_document_over_max_document_chars_is_refused(lowered: None) -> None:
    with pytest.raises(LimitError, match="max_document_chars"):
        load_markdown(b"word " * 1_100, "long.md")  # 5,500 characters: the text builder stops it
    with pytest.raises(LimitError, match="max_document_chars"):  # over twice the limit: before parsing
        load_markdown(b"x" * 10_001, "huge.md")
    with pytest.raises(LimitError, match="max_document_chars"):
        load_html(b"<p>" + b"word " * 1_100 + b"</p>", "long.html")
    assert len(load_markdown(b"word " * 900, "ok.md").text) == 4_499


def test_oversized_markdown_is_refused_fast_and_a_document_at_the_limit_loads_in_linear_time() -> None:
    started = time.perf_counter()
    with pytest.raises(LimitError, match="max_document_chars"):
        load_markdown(b"word " * (10 << 20), "fifty-megabytes.md")
    assert time.perf_counter() - started < 3
    # 40,000 short paragraphs, 1,000 in a blockquote: each paragraph once looked back
    # over every token before it to find its blockquote (minutes, quadratic)
    body = "\n\n".join(f"Paragraph {i} says a little." for i in range(39_000))
    quoted = "\n>\n".join(f"> Quoted {i}." for i in range(1_000))
    started = time.perf_counter()
    doc = load_markdown(f"# Long\n\n{body}\n\n{quoted}\n\nAfter.".encode(), "long.md")
    assert time.perf_counter() - started < 10
    kinds = [b.kind.value for b in doc.blocks]
    assert kinds.count("quote") == 1_000 and kinds[-1] == "paragraph"


@pytest.mark.parametrize(("kind", "text"), [
    # one paragraph of 100,000 wrapped list items: each item once looked its start up in a list
    # of every item's (minutes, quadratic)
    ("wrapped list items", "* item\n  continued\n" * 100_000),
    ("a licence of 90,000 lines", "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n\n"
                                    "License: X\n" + " the licence goes on\n" * 90_000),
    ("80,000 underlined titles", "Title\n=====\n\ntext\n\n" * 40_000 + "Part\n----\n\nmore\n\n" * 40_000),
    ("a NEWS outline of 100,000 headings", "NEWS -*- outline -*-\n\n" + "* Release\n\n** Fixes\n\nA fix.\n\n" * 50_000),
    ("a man page of 100,000 subsections", "FROB(1)   User Commands   FROB(1)\n\nNAME\n" + "   Sub\n       body\n" * 100_000),
    # text tables: rules without rows, and 25,000 small tables in one paragraph (each was once
    # a recursion level: past a thousand, a RecursionError)
    ("a paragraph of 100,000 rules", "Rules\n\n" + "---+---\n" * 100_000 + "end"),
    ("25,000 tables in one paragraph", "Tables\n\n" + "x\na | b\n--+--\nc | d\n" * 25_000),
    ("a --help of 80,000 options", "Usage\n\n" + "  --opt     description\n" * 80_000),
    ("a word of a megabyte, broken", "Words\n\n" + "a" * 1_000_000 + "-\nb and more\n"),
    ("terminal formatting", "Manual\n\n" + "\x1b[1mb\x08bo\x08ol\x08ld\x08d\x1b[0m _\x08u\n" * 50_000),
    ("50,000 numbered sections", "Manual\n\n" + "1.1.  Section\n\ntext\n\n" * 50_000),
], ids=["list", "licence", "underlined", "outline", "man", "rules", "tables", "options", "word", "terminal", "numbered"])
def test_structured_text_near_the_limit_loads_in_linear_time(kind: str, text: str) -> None:
    """The structure the text loader reads (list items, headings, stanzas, man sections) costs
    one pass: a document of a megabyte or two loads in seconds, whatever its shape."""
    assert len(text) < limits().max_document_chars, kind
    started = time.perf_counter()
    doc = load_text(text.encode(), "notes")
    assert time.perf_counter() - started < 30, kind
    assert len(doc.blocks) >= 2


def test_jsonl_line_over_its_limit_fails_alone(tmp_path: Path, store: Store, lowered: None) -> None:
    path = tmp_path / "bulk.jsonl"
    long_line = json.dumps({"id": "long", "text": "x " * 2_000})
    path.write_text("\n".join([json.dumps({"id": "a", "text": "Short."}), long_line, '{"id": "b", "text": "B."}']))
    report = ingest(store, [path], embedder=None)
    assert report.added == 2
    [failure] = report.failed
    assert failure.path.endswith("bulk.jsonl:2") and "max_jsonl_line_chars" in failure.error
    errors = [e for _, _, e in iter_jsonl(path) if e]
    assert len(errors) == 1 and "max_jsonl_line_chars" in errors[0]


def test_jsonl_huge_line_is_skipped_without_being_read_whole(tmp_path: Path, store: Store, lowered: None) -> None:
    path = tmp_path / "bulk.jsonl"
    with path.open("w") as out:
        out.write('{"id": "first", "text": "One."}\n')
        out.write('{"id": "huge", "text": "' + "y" * (12 << 20) + '"}\n')  # far over 4 bytes a character
        out.write('{"id": "last", "text": "Three."}\r\n')
    tracemalloc.start()
    try:
        report = ingest(store, [path], embedder=None)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert report.added == 2 and [f.path.rsplit(":", 1)[1] for f in report.failed] == ["2"]
    assert "max_jsonl_line_chars" in report.failed[0].error
    assert peak < 8 << 20


def test_jsonl_big_allowed_line_is_fast(tmp_path: Path, store: Store) -> None:
    path = tmp_path / "bulk.jsonl"
    text = "Short sentence here. " * 50_000  # 1M characters, 1,100 chunks
    path.write_text(json.dumps({"id": "big", "text": text}) + "\n")
    started = time.perf_counter()
    report = ingest(store, [path], embedder=None)
    assert (report.added, report.failed) == (1, [])
    assert time.perf_counter() - started < 15


def test_jsonl_bad_utf8_fails_only_its_line(tmp_path: Path, store: Store) -> None:
    path = tmp_path / "bulk.jsonl"
    path.write_bytes(b'{"id": "a", "text": "A."}\n{"id": "b", "text": "\xff"}\n{"id": "c", "text": "C."}\n')
    report = ingest(store, [path], embedder=None)
    assert report.added == 2 and "UTF-8" in report.failed[0].error


def test_ingest_stops_when_its_time_budget_is_spent(tmp_path: Path, store: Store) -> None:
    (tmp_path / "a.md").write_text("# A\n\nBody.")
    with deadline(0), pytest.raises(LimitError) as caught:
        ingest(store, [tmp_path], embedder=None)
    assert caught.value.kind == "time" and store.documents() == []


# --- C: document ids ------------------------------------------------------------------------

BAD_IDS = {"nul": "a\x00b", "newline": "line\nbreak", "long": "x" * 256, "spaces": " padded "}


@pytest.mark.parametrize("name", sorted(BAD_IDS))
def test_cli_bad_doc_id_is_a_clear_error_with_exit_2(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.txt").write_text("Text.")
    code = main(["--store", str(tmp_path / "s"), "ingest", str(tmp_path / "a.txt"), "--doc-id", BAD_IDS[name]])
    err = capsys.readouterr().err
    assert code == 2
    assert "Invalid value for '--doc-id'" in err and "Traceback" not in err
    assert ("max_doc_id_bytes" in err) == (name == "long")


def test_cli_show_and_delete_with_a_bad_id_are_clear_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("show", "delete"):
        for bad in ("a\x00b", "\ud800", "y" * 300):
            assert main(["--store", str(tmp_path / "s"), command, bad]) == 1
            err = capsys.readouterr().err
            assert "Invalid value for DOC_ID" in err and "Traceback" not in err


def test_bad_file_derived_ids_fail_per_file_via_the_cli(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    deep = folder / ("d" * 200) / ("e" * 60)
    deep.mkdir(parents=True)
    (deep / "long.md").write_text("# Long\n\nIts relative path is over 255 bytes.")
    (folder / "new\nline.md").write_text("# Newline\n\nIn the name.")
    (folder / "good.md").write_text("# Good\n\nStored.")
    store = str(tmp_path / "s")
    result = subprocess.run([*CITADEL, "--store", store, "ingest", str(folder), "--json"], capture_output=True, text=True)
    assert result.returncode == 2, result.stderr
    summary = json.loads(result.stdout)
    assert summary["added"] == 1
    errors = {Path(f["path"]).name: f["error"] for f in summary["failed"]}
    assert "max_doc_id_bytes" in errors["long.md"]
    assert "U+000A" in errors["new\nline.md"]
    human = subprocess.run([*CITADEL, "--store", store, "ingest", str(folder)], capture_output=True, text=True)
    assert human.returncode == 2 and "new\\nline.md" in human.stderr  # one line per failure


def test_bad_jsonl_ids_fail_per_line(tmp_path: Path, store: Store) -> None:
    path = tmp_path / "bulk.jsonl"
    lines = [
        {"id": "ok", "text": "Fine."},
        {"id": "a\u0000b", "text": "NUL."},
        {"doc_id": "two\nlines", "text": "Newline."},
        {"id": "z" * 300, "text": "Long."},
        {"id": ["a", "list"], "text": "Not an id."},
        {"id": 7, "text": "Numbers are fine."},
    ]
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    report = ingest(store, [path], embedder=None)
    assert report.added == 2 and {d.doc_id for d in store.documents()} == {"ok", "7"}
    errors = {f.path.rsplit(":", 1)[1]: f.error for f in report.failed}
    assert set(errors) == {"2", "3", "4", "5"}
    assert "U+0000" in errors["2"] and "U+000A" in errors["3"] and "max_doc_id_bytes" in errors["4"]
    assert "string or an integer" in errors["5"]


def test_bad_doc_id_argument_and_bad_paths_are_failures_not_crashes(tmp_path: Path, store: Store) -> None:
    (tmp_path / "a.txt").write_text("Text.")
    report = ingest(store, [tmp_path / "a.txt"], doc_id="bad\x00id", embedder=None)
    assert report.added == 0 and "U+0000" in report.failed[0].error
    report = ingest(store, [str(tmp_path / "nul\x00name.txt"), tmp_path / "a.txt"], embedder=None)
    assert report.added == 1 and len(report.failed) == 1  # "no such file or folder", no crash


def test_a_transcript_voice_tag_of_many_classes_is_read_in_one_pass() -> None:
    """"<v.a.a.a ...>" without a name, or a voice tag that never closes: the voice pattern once
    took exponential time to fail (seconds at 22 classes, hours at 40), and quadratic time on
    the spaces. The cue still loads, as text without a speaker."""
    from citadel.ingest.formats import load_transcript

    for tag in ("<v" + ".a" * 5_000 + ">", "<v.a" + " " * 200_000 + "x"):  # no name; a tag never closed
        started = time.perf_counter()
        doc = load_transcript(f"WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n{tag}Hello there.\n".encode(), "t.vtt")
        assert time.perf_counter() - started < 5
        assert doc.text.endswith("Hello there.") and ": " not in doc.text


def test_definition_lists_and_tables_of_figures_load_in_linear_time() -> None:
    """40,000 definitions, each term opening its description, and a PDF page of 100,000 rows
    of figures, each a line of its own: one pass each."""
    from citadel.ingest.loaders import _pdf_paragraphs, load_html

    html = "<html><body><dl>" + "<dt>--opt VALUE</dt><dd><p>Does one thing. The default is 1.</p></dd>" * 40_000
    started = time.perf_counter()
    doc = load_html((html + "</dl></body></html>").encode(), "options.html")
    assert time.perf_counter() - started < 30
    assert doc.text.count("--opt VALUE: Does one thing. The default is 1.") == 40_000
    page = "\n".join(f"-{n} {n}k {n}00k {n}" for n in range(100_000))
    started = time.perf_counter()
    paragraphs = _pdf_paragraphs(page)
    assert time.perf_counter() - started < 30 and len(paragraphs) == 100_000


def test_tbl_tables_and_entry_terms_cost_time_linear_in_the_text() -> None:
    """A man page of 50,000 table rows (and one whose table never ends, its last text block
    open), and the entry of every unit of a text that is one line of 20,000 sentences: the
    entry's term is looked for within a bounded reach, never back to the start of the text."""
    from citadel.ingest.man import MAX_TABLE_ROWS, load_man
    from citadel.retrieve.sentences import candidate_spans, entry_term

    rows = "".join(f"T{{\nrow {n}\nT}}:{n}\n" for n in range(50_000))
    page = f".TH T 1\n.SH TABLE\n.TS\ntab(:);\nlB lB.\nName:Value\n{rows}.TE\n.SH AFTER\nAfter the table.\n"
    started = time.perf_counter()
    doc = load_man(page.encode(), "t.1")
    assert time.perf_counter() - started < 30
    assert doc.text.count("Name: row ") == MAX_TABLE_ROWS - 1 and "After the table." in doc.text  # the header is a row read
    open_block = ".TH T 1\n.SH TABLE\n.TS\nl l.\na\tT{\n" + "more text\n" * 100_000
    started = time.perf_counter()
    assert "a |" not in load_man(open_block.encode(), "t.1").text  # the row never closed: not made up
    assert time.perf_counter() - started < 30
    line = "Storage= Controls where data goes. " + "It says one more thing. " * 20_000
    spans = candidate_spans(line)
    started = time.perf_counter()
    found = [entry_term(line, s) for s, _ in spans]
    assert time.perf_counter() - started < 30
    assert found[1] == (0, len("Storage=")) and found[-1] is None  # past the reach: no term
