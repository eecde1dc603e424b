"""GNU Info manuals as /usr/share/info holds them (issue 15, "other real documentation"): read
by their nodes, without the menus, the index, the header lines and the tag table that made
them noise as plain text, each passage located by its lines and its node."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from citadel.ingest import ingest
from citadel.ingest.info import looks_like_info
from citadel.ingest.loaders import LOADERS, loader_for
from citadel.models import ChunkKind
from citadel.store import Store
from citadel.store.base import ADMIN

#: a manual as makeinfo writes one: preamble, dir entries, nodes with menus, headings,
#: cross-references, a definition, an index node (opened by its NUL-and-backspace mark), the
#: tag table of byte offsets (its DEL marks) and the local variables
PREAMBLE = """\
This is frob.info, produced by makeinfo version 6.8 from frob.texi.

This manual is for Frob, version 2.4.

INFO-DIR-SECTION Text creation and manipulation
START-INFO-DIR-ENTRY
* Frob: (frob).                 Frobnicate text files.
END-INFO-DIR-ENTRY

"""
NODES = """\
\x1f
File: frob.info,  Node: Top,  Next: Invoking,  Up: (dir)

Frob Text Frobnicator
*********************

Frob turns plain text into frobnicated text.

* Menu:

* Invoking::                    How to run frob.
* Index::                       Every option and concept.

\x1f
File: frob.info,  Node: Invoking,  Next: Limits,  Prev: Top,  Up: Top

1 Invoking frob
***************

The synopsis is ‘frob [OPTION]... [FILE]...’.  For the limits, see *note
Frob Limits: Limits.

‘-k’
‘--keep’
     Keep the input files instead of deleting them.  For example:

          $ frob -k notes.txt
          frob: kept notes.txt

     The kept file is not frobnicated twice.

   While it runs, these keys move the cursor:

‘C-b’
     Move back one character.
‘C-f’
     Move forward one character.

1.1 Exit Status
===============

Frob exits with status 3 when a file cannot be frobnicated.  *Note
Limits::, for the sizes it refuses.

\x1f
File: frob.info,  Node: Limits,  Next: Index,  Prev: Invoking,  Up: Top

2 Limits
********

 -- Function: int frob_limit (const char *NAME)
     Return the limit called NAME, in kilobytes.

   A single line may hold at most 4096 bytes.  Sizes take a suffix:

     ‘k’       kilobytes
     ‘m’       megabytes, only with ‘-b’

\x1f
File: frob.info,  Node: Index,  Prev: Limits,  Up: Top

Index
*****

\x00\x08[index\x00\x08]
* Menu:

* --keep:                                Invoking.             (line  9)
* C-b:                                   Invoking.             (line 14)
* exit status:                           Exit Status.          (line  6)

\x1f
Tag Table:
Node: Top\x7f210
Node: Invoking\x7f480
Node: Limits\x7f900
Node: Index\x7f1200
\x1f
End Tag Table

\x1f
Local Variables:
coding: utf-8
End:
"""


@pytest.fixture
def manual(tmp_path: Path) -> Path:
    folder = tmp_path / "info"
    folder.mkdir()
    (folder / "frob.info.gz").write_bytes(gzip.compress((PREAMBLE + NODES).encode()))
    return folder


def test_an_info_manual_is_read_by_its_nodes(manual: Path, store: Store) -> None:
    report = ingest(store, [manual], embedder=None)
    assert report.failed == []
    doc = store.current("frob.info.gz")
    assert doc is not None and doc.title == "Frob Text Frobnicator" and doc.media_type == "text/x-info"
    text = store.text("frob.info.gz")
    for noise in ("File: frob.info", "* Menu:", "(line  9)", "Tag Table", "\x7f", "Local Variables", "makeinfo",
                  "*note", "*Note", "--", "\x00"):
        assert noise not in text.replace("--keep", "")
    # a cross-reference reads as its words, across its line break; a definition as its kind
    assert "For the limits, see Frob Limits." in text
    assert "See Limits, for the sizes it refuses." in text
    assert "Function: int frob_limit (const char *NAME) Return the limit called NAME, in kilobytes." in text
    assert "Frob: Frobnicate text files." in text  # the dir entry: what the manual is about
    chunks = store.chunks("frob.info.gz")
    assert all(c.text == text[c.start : c.end] for c in chunks)
    lines = (PREAMBLE + NODES).split("\n")
    keep = next(c for c in chunks if "Keep the input files" in c.text)
    assert keep.heading_path == ("1 Invoking frob",) and keep.location.symbol == "Invoking"
    # a table's entry reads as a definition: its terms, unquoted, then what they do
    assert "-k, --keep: Keep the input files" in keep.text
    # an example is code, line for line; the description goes on after it
    example = next(c for c in chunks if "$ frob -k notes.txt" in c.text)
    assert "$ frob -k notes.txt\nfrob: kept notes.txt" in example.text
    assert "\n\nThe kept file is not frobnicated twice." in text
    # each its own paragraph, where a table has no blank line between its entries
    assert "\n\nC-b: Move back one character.\n\nC-f: Move forward one character.\n\n" in text
    status = next(c for c in chunks if "status 3" in c.text)
    assert status.heading_path == ("1 Invoking frob", "1.1 Exit Status") and status.location.symbol == "Invoking"
    assert "status 3" in "\n".join(lines[status.location.line_start - 1 : status.location.line_end])  # its own lines
    limit = next(c for c in chunks if "4096 bytes" in c.text)
    assert limit.location.symbol == "Limits" and "4096" in "\n".join(
        lines[limit.location.line_start - 1 : limit.location.line_end])
    # the index is no passage: searching an option's name finds its description
    assert not any(c.heading_path[-1:] == ("Index",) for c in chunks)
    hits = store.keyword_search("keep", 5, ADMIN)
    assert hits and "Keep the input files" in hits[0].chunk.text


def test_a_split_manual_and_its_table_of_parts_are_read(tmp_path: Path, store: Store) -> None:
    """``find.info`` lists its parts (an indirect table and a tag table full of DEL marks);
    ``find.info-2`` holds the index with its NUL mark: neither is refused as binary."""
    folder = tmp_path / "info"
    folder.mkdir()
    head, _, rest = NODES.partition("\x1f\nFile: frob.info,  Node: Limits")
    (folder / "frob.info.gz").write_bytes(gzip.compress(
        (PREAMBLE + "\x1f\nIndirect:\nfrob.info-1: 300\nfrob.info-2: 900\n\x1f\nTag Table:\n(Indirect)\n"
         + "".join(f"Node: N{k}\x7f{k * 100}\n" for k in range(200)) + "\x1f\nEnd Tag Table\n").encode()))
    (folder / "frob.info-1.gz").write_bytes(gzip.compress((PREAMBLE + head).encode()))
    (folder / "frob.info-2.gz").write_bytes(gzip.compress(
        (PREAMBLE + "\x1f\nFile: frob.info,  Node: Limits" + rest).encode()))
    report = ingest(store, [folder], embedder=None)
    assert report.failed == []
    titles = {d.doc_id: d.title for d in store.documents()}
    assert titles == {"frob.info.gz": "Frob", "frob.info-1.gz": "Frob Text Frobnicator",
                      "frob.info-2.gz": "Frob"}
    assert "Frob: Frobnicate text files." in store.text("frob.info.gz")
    assert "Node: N1" not in store.text("frob.info.gz")
    second = store.chunks("frob.info-2.gz")
    assert any("4096 bytes" in c.text and c.location.symbol == "Limits" for c in second)


@pytest.mark.parametrize(("head", "info"), [
    ("This is grep.info, produced by makeinfo version 6.8 from grep.texi.\n", True),
    ("This is find.info, produced by texi2any version 7.0 from find.texi.\n", True),
    ("Some notes\n\x1f\nFile: notes.info,  Node: Top,  Up: (dir)\n", True),
    ("This is the README of frob.info, a tool.\n", False),
    ("File: a list of files\nNode: not a node\n", False),
])  # fmt: skip
def test_an_info_file_is_known_by_its_start(head: str, info: bool) -> None:
    assert looks_like_info(head) is info


def test_an_info_file_with_a_nul_mark_is_not_refused_as_binary() -> None:
    head = (PREAMBLE + NODES).encode()
    assert ".info" not in LOADERS  # known by its content, whatever its name ("find.info-2")
    loader = loader_for("frob.info-2", head[:8192])
    assert loader is not None
    doc = loader(head, "frob.info-2")
    assert doc.media_type == "text/x-info" and "\x00" not in doc.text and "[index]" not in doc.text
    code = [doc.text[b.start : b.end] for b in doc.blocks if b.kind is ChunkKind.CODE]
    assert code == ["$ frob -k notes.txt\nfrob: kept notes.txt"]  # the example, not the prose around it
    assert "\u2018k\u2019 kilobytes \u2018m\u2019 megabytes, only with \u2018-b\u2019" in doc.text  # two columns: a table, no code
    # a text file that only says "Node:" is still read as plain text
    plain = loader_for("notes", b"File: a list\nNode: x\n")
    assert plain is not None and plain(b"File: a list\nNode: x\n", "notes").media_type == "text/plain"
