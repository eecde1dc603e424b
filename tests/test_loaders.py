"""Every loader, on real files: structure, titles, pages, and exact offsets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citadel._errors import IngestError
from citadel.ingest.chunking import chunk_document
from citadel.ingest.loaders import join_broken_words, load_docx, load_html, load_markdown, load_pdf, load_text
from citadel.models import ChunkKind
from citadel.text import normalize_text

from .files import make_docx, make_pdf

MARKDOWN = """---
title: Leave Policy
owner: HR
---
# Ignored H1 because front matter wins

Intro paragraph with **bold** and a [link](http://example.com).

## Annual leave

Employees get 25 days of annual leave per year.

- Carry over up to 5 days.
- Unused days expire on 31 March.

| Years of service | Extra days |
|---|---|
| 5 | 2 |
| 10 | 4 |

```
code stays code
```
"""


def assert_exact(doc) -> None:  # type: ignore[no-untyped-def]
    assert doc.text == normalize_text(doc.text), "parsed text must already be normalized"
    for block in doc.blocks:
        assert doc.text[block.start : block.end].strip() == doc.text[block.start : block.end]
    for chunk in chunk_document(doc, "d", 1):
        assert doc.text[chunk.start : chunk.end] == chunk.text


def test_markdown_front_matter_headings_lists_tables() -> None:
    doc = load_markdown(MARKDOWN.encode(), "leave.md")
    assert doc.title == "Leave Policy"
    assert doc.metadata == {"owner": "HR"}
    assert "**" not in doc.text and "](http" not in doc.text
    assert "Intro paragraph with bold and a link (http://example.com)." in doc.text
    kinds = [b.kind for b in doc.blocks]
    assert kinds.count(ChunkKind.TABLE_ROW) == 2 and ChunkKind.CODE in kinds
    rows = [doc.text[b.start : b.end] for b in doc.blocks if b.kind is ChunkKind.TABLE_ROW]
    assert rows == ["Years of service: 5; Extra days: 2", "Years of service: 10; Extra days: 4"]
    items = [doc.text[b.start : b.end] for b in doc.blocks if b.kind is ChunkKind.LIST]
    assert items == ["- Carry over up to 5 days.", "- Unused days expire on 31 March."]
    annual = next(b for b in doc.blocks if "25 days" in doc.text[b.start : b.end])
    assert annual.heading_path == ("Ignored H1 because front matter wins", "Annual leave")
    assert_exact(doc)


def test_markdown_links_keep_an_outside_address_after_their_text() -> None:
    """"Where can I find the offline documentation?" is answered by the address the link
    points to: a link out of the document set keeps it, in parentheses after its text (a
    mail link its address). A link whose text is its address, a badge (a link around an
    image only), a link to another file of the set and a heading's link stay their text."""
    text = (b"# Docs ([site](https://example.org))\n\n"
            b"* [offline documentation](https://example.org/book.pdf) in PDF format.\n\n"
            b"[![Build Status](https://ci.example.org/badge.svg)](https://ci.example.org/job)\n\n"
            b"See <https://example.org/a>, [the guide](guide.md) or mail [the team](mailto:team@example.org).\n")
    doc = load_markdown(text, "readme.md")
    assert "- offline documentation (https://example.org/book.pdf) in PDF format." in doc.text
    assert "See https://example.org/a, the guide or mail the team (team@example.org)." in doc.text
    assert "Build Status" in doc.text and "ci.example.org" not in doc.text
    assert doc.title == "Docs (site)"
    assert_exact(doc)


def test_markdown_title_falls_back_to_h1_then_file_name() -> None:
    assert load_markdown(b"# Real Title\n\nBody.", "x.md").title == "Real Title"
    assert load_markdown(b"Just body text.", "my-notes.md").title == "My notes"


def test_markdown_bad_front_matter_is_a_clear_error() -> None:
    with pytest.raises(IngestError, match="front matter"):
        load_markdown(b"---\ntitle: [unclosed\n---\nBody", "bad.md")


def test_plain_text_paragraphs_and_title() -> None:
    data = b"Office Guide\n\nThe office opens at 8:00.\nIt closes at 18:00.\n\n- bring a badge\n- sign in\n"
    doc = load_text(data, "guide.txt")
    assert doc.title == "Office Guide"
    assert "The office opens at 8:00. It closes at 18:00." in doc.text
    assert [b.kind for b in doc.blocks][-2:] == [ChunkKind.LIST, ChunkKind.LIST]
    assert_exact(doc)


def test_a_table_drawn_in_plain_text_is_a_row_per_block_with_its_header() -> None:
    """A psql-style table, a Markdown one and a grid: each data row is a block with its
    header's names and its own line; the lead-in and what follows stay paragraphs; lines with
    pipes but no rule (a shell pipeline) are no table."""
    data = (b"Registry\n\nThe following uids are reserved:\n"
            b"    uid   | name    | description\n"
            b"    ------+---------+------------\n"
            b"    64001 | mysql   | mysql-server\n"
            b"    64010 | alias   | qmail alias\n"
            b"Ask before you take one.\n\n"
            b"| Plan | Price |\n|------|------:|\n| Pro | $12 |\n\n"
            b"+------+-----+\n| Size | Max |\n+======+=====+\n| S    | 10  |\n+------+-----+\n| L    | 50  |\n+------+-----+\n\n"
            b"Count them with\nls | wc -l\ncat list | sort\n")  # fmt: skip
    doc = load_text(data, "registry.txt")
    rows = [b for b in doc.blocks if b.kind is ChunkKind.TABLE_ROW]
    texts = [doc.text[b.start : b.end] for b in rows]
    assert texts == ["uid: 64001; name: mysql; description: mysql-server", "uid: 64010; name: alias; description: qmail alias",
                     "Plan: Pro; Price: $12", "Size: S; Max: 10", "Size: L; Max: 50"]  # fmt: skip
    assert rows[1].location.row == 2 and rows[1].location.columns == ("uid", "name", "description")
    assert rows[1].location.line_start == 7  # its own line in the file
    assert "The following uids are reserved:\n\nuid: 64001" in doc.text  # the lead-in stays a paragraph
    assert "Ask before you take one." in doc.text
    assert "Count them with ls | wc -l cat list | sort" in doc.text  # no rule: no table
    assert_exact(doc)


def test_a_help_text_in_a_text_file_is_an_entry_per_option() -> None:
    """A program's --help saved as text: each option with its description is a block of its
    own, the lead-in another; a wrapped sentence that starts a line with an option is not cut."""
    data = (b"usage: tool [options]\n\noptional arguments:\n"
            b"  -h, --help            show this help message and exit\n"
            b"  --yaml-output, -y\n"
            b"                        Transcode the output back into YAML\n"
            b"  --in-place, -i        Edit files in place (no backup)\n"
            b"  --                    terminates argument processing\n\n"
            b"  To skip the check, pass the option\n"
            b"  --with-libyaml to setup.py and\n"
            b"  --quiet to keep it short.\n")  # fmt: skip
    doc = load_text(data, "cli.txt")
    texts = [doc.text[b.start : b.end] for b in doc.blocks]
    assert texts[1:6] == ["optional arguments:", "-h, --help show this help message and exit",
                          "--yaml-output, -y Transcode the output back into YAML",
                          "--in-place, -i Edit files in place (no backup)", "-- terminates argument processing"]  # fmt: skip
    assert doc.blocks[3].location.line_start == 5 and doc.blocks[3].location.line_end == 6
    assert texts[6] == "To skip the check, pass the option --with-libyaml to setup.py and --quiet to keep it short."
    assert_exact(doc)


def test_a_manual_saved_with_terminal_formatting_reads_as_its_words() -> None:
    """``man`` or ``nroff`` output saved without ``col -b``: ANSI sequences and overstruck
    characters are formatting, not text; a struck "+" and "o" is a bullet."""
    data = (b"\x1b[1mman-db - the manual pager suite\x1b[0m\n\n"
            b"    The \x1b[4mcache\x1b[24m lives in \x1b[4m/var/cache/man\x1b[24m and is rebuilt\n"
            b"    by m\x08ma\x08an\x08nd\x08db daily.\n\n"
            b"    +\x08o _\x08i_\x08t_\x08a_\x08l_\x08i_\x08c file names\n    +\x08o bold programs\n")  # fmt: skip
    doc = load_text(data, "manual.txt")
    assert doc.title == "man-db - the manual pager suite"
    assert "The cache lives in /var/cache/man and is rebuilt by mandb daily." in doc.text
    assert "\u2022 italic file names\n\u2022 bold programs" in doc.text
    assert "\x1b" not in doc.text and "\x08" not in doc.text
    assert_exact(doc)


def test_a_word_broken_at_a_line_end_is_whole_again() -> None:
    """Justified text (nroff, PDF layout) breaks words at line ends with a hyphen: the word
    is whole in the text, unless the document writes it hyphenated elsewhere or the hyphen
    is a suspended one."""
    data = (b"Manual\n\n"
            b"Use --dis-\nable-cache-owner to leave the cache uncon-\nstrained, rela-\ntive to\n"
            b"the command-\nline given; pre- and\npost-processing run as usual.\n\n"
            b"The command-line options come first.\n")  # fmt: skip
    doc = load_text(data, "manual.txt")
    assert ("Use --disable-cache-owner to leave the cache unconstrained, relative to the command-line given; "
            "pre- and post-processing run as usual.") in doc.text  # fmt: skip
    assert doc.blocks[1].location.line_start == 3 and doc.blocks[1].location.line_end == 9
    assert join_broken_words(["a well-", "known fact"]) == ["a wellknown", "fact"]
    assert join_broken_words(["the cache uncon-", "strained."]) == ["the cache", "unconstrained."]
    assert join_broken_words(["a well-", "known fact"], frozenset({"well-known"})) == ["a well-known", "fact"]
    assert join_broken_words(["ends with a dash -", "then more"]) == ["ends with a dash -", "then more"]
    assert join_broken_words(["see item 3-", "4 below"]) == ["see item 3-", "4 below"]
    assert_exact(doc)


HTML = """<html><head><title>Security Standard</title><script>var secret = "SCRIPT";</script>
<style>.x{color:red}</style></head><body>
<header>SITE HEADER</header><nav><a>NAV LINK</a></nav>
<main><h1>Security</h1><p>Use <b>14</b> characters.</p>
<ul><li>No SMS codes.</li><li>Report lost keys.</li></ul>
<table><tr><th>Attempts</th><th>Action</th></tr><tr><td>5</td><td>Lock 30 minutes</td></tr></table>
</main><aside>SIDEBAR</aside><footer>FOOTER TEXT</footer></body></html>"""


def test_html_keeps_main_content_only() -> None:
    doc = load_html(HTML.encode(), "sec.html")
    assert doc.title == "Security Standard"
    for noise in ("SCRIPT", "color:red", "SITE HEADER", "NAV LINK", "SIDEBAR", "FOOTER TEXT"):
        assert noise not in doc.text
    assert "Use 14 characters." in doc.text
    assert "Attempts: 5; Action: Lock 30 minutes" in doc.text
    assert "- No SMS codes." in doc.text
    assert_exact(doc)


def test_html_without_main_uses_body_minus_chrome() -> None:
    html = b"<html><body><nav>MENU</nav><div><h2>Topic</h2>Loose text here.<p>Para.</p></div><footer>F</footer></body></html>"
    doc = load_html(html, "page.html")
    assert "MENU" not in doc.text and doc.text.endswith("Para.")
    assert "Loose text here." in doc.text
    assert_exact(doc)


def test_html_manuals_lose_their_navigation_panels() -> None:
    """Texinfo's HTML repeats "Next: ..., Previous: ..., Up: ... [Contents][Index]" above every
    section (div.header; div.nav-panel since Texinfo 7), DocBook's its navheader: no text."""
    html = (b'<html><body><div class="chapter"><div class="header"><p>Next: <a rel="next" href="#b">Bugs</a>, '
            b'Up: <a rel="up" href="#top">Time</a> [<a rel="contents" href="#c">Contents</a>]</p></div>'
            b'<h2>1.3 Redirecting Output</h2><p>By default, time writes to the standard error.</p>'
            b'<div class="nav-panel"><p>Next: <a rel="next" href="#d">Accuracy</a></p></div>'
            b'<table class="navfooter"><tr><td>Prev</td><td>Home</td></tr></table>'
            b'<p>The options below write to a file.</p></div></body></html>')
    doc = load_html(html, "time.html")
    assert "Next:" not in doc.text and "Contents" not in doc.text and "Home" not in doc.text
    assert "By default, time writes to the standard error." in doc.text and doc.text.endswith("write to a file.")
    assert_exact(doc)


def test_a_listing_framed_in_a_one_cell_table_keeps_its_lines() -> None:
    """DocBook frames every program listing in a one-cell table for its background; read as a
    table row, its lines ran into one ("MATCH 1 Brief ... CONFIG 1024 Monitor ...")."""
    html = (b'<html><body><h2>Debugging</h2><p>Set FC_DEBUG to the sum of the levels.</p>'
            b'<table border="0" bgcolor="#E0E0E0"><tr><td><pre class="programlisting">'
            b'  Name      Value    Meaning\n  MATCH         1    Brief information about font matching\n'
            b'  CONFIG     1024    Monitor which config files are loaded\n</pre></td></tr></table>'
            b'<table><tr><th>Level</th><th>Meaning</th></tr><tr><td>1</td><td>Brief</td></tr></table>'
            b'</body></html>')  # fmt: skip
    doc = load_html(html, "fontconfig-user.html")
    kinds = {doc.text[b.start : b.end].strip(): b.kind for b in doc.blocks}
    listing = next(t for t in kinds if t.startswith("Name"))
    assert kinds[listing] is ChunkKind.CODE
    assert "\n  CONFIG     1024    Monitor which config files are loaded" in listing
    assert kinds["Level: 1; Meaning: Brief"] is ChunkKind.TABLE_ROW  # a table of two columns is still one
    for chunk in chunk_document(doc, "d", 1):  # a listing keeps its spacing: offsets hold all the same
        assert doc.text[chunk.start : chunk.end] == chunk.text
    nested = load_html(b"<table><tr><td><table><tbody><tr><td><p>Said once.</p></td></tr></tbody></table>"
                       b"</td></tr></table>", "nested.html")  # fmt: skip
    assert nested.text == "Said once."  # a layout table walks its own rows, not its nested tables' again


def test_pdf_pages_and_headings(tmp_path: Path) -> None:
    path = make_pdf(
        tmp_path / "guide.pdf",
        [
            [("Getting Started", True), ("Install the agent before your first login. It takes five minutes.", False)],
            [("Support", True), ("Call extension 4400 for help. The desk is open on weekdays.", False)],
        ],
        title="Agent Guide",
    )
    doc = load_pdf(path.read_bytes(), "guide.pdf")
    assert doc.title == "Agent Guide"
    chunks = chunk_document(doc, "guide.pdf", 1)
    by_page = {c.page: c for c in chunks}
    assert set(by_page) == {1, 2}
    assert "five minutes" in by_page[1].text and "4400" in by_page[2].text
    assert by_page[2].heading_path == ("Support",)
    assert doc.metadata["pages"] == 2
    assert_exact(doc)


def test_docx_headings_paragraphs_tables(tmp_path: Path) -> None:
    path = make_docx(
        tmp_path / "travel.docx",
        "Travel Policy",
        [("Booking", ["Book 14 days ahead."]), ("Allowances", ["Meals are covered."])],
        table=[["City", "Allowance"], ["Paris", "EUR 70"], ["Rome", "EUR 60"]],
    )
    doc = load_docx(path.read_bytes(), "travel.docx")
    assert doc.title == "Travel Policy"
    booking = next(b for b in doc.blocks if "14 days" in doc.text[b.start : b.end])
    assert booking.heading_path == ("Travel Policy", "Booking")
    rows = [doc.text[b.start : b.end] for b in doc.blocks if b.kind is ChunkKind.TABLE_ROW]
    assert rows == ["City: Paris; Allowance: EUR 70", "City: Rome; Allowance: EUR 60"]
    assert_exact(doc)


def test_jsonl_lines_become_documents(tmp_path: Path, store) -> None:  # type: ignore[no-untyped-def]
    from citadel.ingest import ingest

    path = tmp_path / "bulk.jsonl"
    lines = [
        {"doc_id": "a", "title": "Alpha", "text": "First document.", "metadata": {"lang": "en"}},
        {"id": 7, "title": "Seven", "text": "Numeric id document.", "groups": ["hr"]},
    ]
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    report = ingest(store, [path])
    assert (report.added, report.failed) == (2, [])
    seven = store.current("7")
    assert seven is not None and seven.groups == ("hr",) and seven.title == "Seven"
    alpha = store.current("a")
    assert alpha is not None and alpha.metadata == {"lang": "en"} and alpha.groups == ()
