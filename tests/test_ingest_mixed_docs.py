"""A new user's pile of documentation, read and answered: Org-mode guides read as Org exports
them, plain-text manuals' headings in capitals and NEWS files' release lines as sections, a
list of "%x: what it is" entries as one unit per entry, a list item's term in code before a
dash as the term of its later sentences, "To use this, ..." read with the sentence it uses,
and an answer that restates the question's premise goes on to what the source says next."""

from __future__ import annotations

import gzip
import json
import time
from pathlib import Path

from citadel.generate.backends.base import GenerationRequest
from citadel.generate.backends.extractive import ExtractiveGenerator
from citadel.generate.prompt import build_prompt
from citadel.generate.schema import answer_json_schema
from citadel.ingest.loaders import load_text, loader_for
from citadel.ingest.org import inline_text, load_org
from citadel.models import ChunkKind
from citadel.retrieve.answer_types import asks_version
from citadel.retrieve.sentences import candidate_spans, entry_name, premise_echo

from tests.engine_fixtures import engine_over
from tests.test_answer_assembly import scorer_of, source

# --- Org-mode ---------------------------------------------------------------------------------

ORG = """#+TITLE: Frobterm user guide
#+OPTIONS: author:nil toc:nil
#+HTML_HEAD: <link rel="stylesheet" href="org.css"/>

* Installation
  :PROPERTIES:
  :CUSTOM_ID: install
  :END:

Clone the source from git:
: git clone https://example.org/frobterm.git
: cd frobterm

# a comment nobody reads
By default, =g++= is used. To use clang instead, pass
=--check-cxx-compiler=clang++= to the configure script; see [[https://example.org/build][the build notes]].

** TODO [#A] Options                                                  :docs:

- =-saveLines= :: Lines of scrollback history (default: 500)
- =-boldColors= :: Brighten colours for bold text;
  give =+boldColors= to turn it off.
1. First step
2. Second step

| Variable | Treatment           |
|----------+---------------------|
| =TERM=   | Set to =xterm-256color=. |
| =SHELL=  | Set to the shell's path. |

#+BEGIN_SRC sh
,* not a headline
make install
#+END_SRC

#+BEGIN_QUOTE
Quoted /words/ stay words.
#+END_QUOTE

#+BEGIN_COMMENT
Nobody reads this either.
#+END_COMMENT

* COMMENT Notes to self
Left out with its subtree.
** Still left out
Also left out.

* Support
Write to *the list*.
"""


def test_an_org_document_reads_as_org_exports_it() -> None:
    """Headlines are headings (without TODO keyword, priority and tags), ``#+TITLE`` the
    title; keyword lines, drawers, comments, comment blocks and a COMMENT subtree are no text;
    fixed-width lines and source blocks are code; description items read "term: what it is";
    a table's rows carry its header; markup and links give their text."""
    doc = load_org(ORG.encode(), "guide.org")
    assert doc.title == "Frobterm user guide"
    blocks = {doc.text[b.start : b.end]: b for b in doc.blocks}
    headings = [doc.text[b.start : b.end] for b in doc.blocks if b.kind is ChunkKind.HEADING]
    assert headings == ["Installation", "Options", "Support"]
    assert blocks["git clone https://example.org/frobterm.git\ncd frobterm"].kind is ChunkKind.CODE
    prose = "By default, g++ is used. To use clang instead, pass --check-cxx-compiler=clang++ to the configure " \
            "script; see the build notes."
    assert blocks[prose].heading_path == ("Installation",)
    assert blocks[prose].location is not None and blocks[prose].location.line_start == 15
    item = blocks["- -boldColors: Brighten colours for bold text; give +boldColors to turn it off."]
    assert item.kind is ChunkKind.LIST and item.heading_path == ("Installation", "Options")
    assert blocks["2. Second step"].kind is ChunkKind.LIST
    row = blocks["Variable: TERM; Treatment: Set to xterm-256color."]
    assert row.kind is ChunkKind.TABLE_ROW and row.location is not None and row.location.row == 1
    assert blocks["* not a headline\nmake install"].kind is ChunkKind.CODE
    assert blocks["Quoted words stay words."].kind is ChunkKind.QUOTE
    assert "Write to the list." in blocks
    for hidden in ("OPTIONS", "stylesheet", "CUSTOM_ID", "comment nobody", "Nobody reads", "Left out", "Also left",
                   "TODO", ":docs:", "=g++=", "=-", "[["):
        assert hidden not in doc.text, hidden


def test_org_markup_gives_its_text_and_a_compressed_org_file_is_org() -> None:
    """Each marked span alone, never two joined ("=E= means Error, =W= ..."); a path in
    verbatim markup keeps its slashes; a gzip-compressed ``.org`` is read by the Org reader."""
    assert inline_text("=E= means Error, =W= stands for Warning") == "E means Error, W stands for Warning"
    assert inline_text("other than =/usr/local/bin=, use") == "other than /usr/local/bin, use"
    assert inline_text("a*b*c and 2 * 3 * 4") == "a*b*c and 2 * 3 * 4"  # no markup inside words or around spaces
    compressed = gzip.compress(ORG.encode())
    loader = loader_for("USAGE.org.gz", compressed[:8192])
    assert loader is not None and loader(compressed, "USAGE.org.gz").title == "Frobterm user guide"


def test_a_hostile_org_file_is_read_in_bounded_time() -> None:
    """Thousands of blocks and drawers that never close, markers without their pair on a long
    line, a long run of spaces before no "::", a headline of a megabyte: each line is looked at
    a bounded number of times, and what does not close is text."""
    sources = [
        "#+begin_src sh\nx\n" * 20_000,
        ":PROPERTIES:\ntext\n" * 20_000,
        "=a *b /c " * 100_000 + "\n",
        "- term" + " " * 200_000 + "x\n",
        "* " + "tag:" * 200_000 + " \n" + "* " + " " * 300_000 + "x\n",
    ]
    for hostile in sources:
        started = time.perf_counter()
        doc = load_org(hostile.encode(), "hostile.org")
        assert doc.text and time.perf_counter() - started < 5
    assert "#+begin_src sh" in load_org(b"#+begin_src sh\nnever closed\n", "open.org").text


# --- plain-text sections: capitals and releases -----------------------------------------------

MANUAL = """USAGE instructions for the frob programs
==========================================

This file describes frobc and frobd.


INTRODUCTION

These programs frob images.


GENERAL USAGE

On most systems, you say frobc file.


FROBC DETAILS

        -quality N      Quality is 0 (worst) to 100 (best); default is 75.
"""

NEWS = """GNU frob NEWS                                    -*-indented-text-*-
  History of user-visible changes.

Version 4.3 (19 Jan 2020)

* New feature: grouped targets.

Version 4.0 (09 Oct 2013)

* New command line option: --output-sync (-O) groups output.
"""


def _paths(text: str, name: str) -> dict[str, tuple[str, ...]]:
    doc = load_text(text.encode(), name)
    return {doc.text[b.start : b.end]: b.heading_path for b in doc.blocks}


def test_headings_in_capitals_are_sections_below_the_underlined_title() -> None:
    """A plain-text manual's sections in capitals, alone between blank lines, head their text,
    one level below the underlined heading used before them; two such lines in a file are not
    enough (a stray "NOTE" or "TABLE OF CONTENTS" heads nothing)."""
    paths = _paths(MANUAL, "usage.txt")
    title = "USAGE instructions for the frob programs"
    assert paths["-quality N Quality is 0 (worst) to 100 (best); default is 75."] == (title, "FROBC DETAILS")
    assert paths["These programs frob images."] == (title, "INTRODUCTION")
    two = MANUAL.replace("\nGENERAL USAGE\n", "\nGeneral usage.\n")
    assert _paths(two, "usage.txt")["These programs frob images."] == (title,)


def test_a_news_files_release_lines_head_their_changes() -> None:
    """"Version 4.0 (09 Oct 2013)" alone between blank lines heads the changes under it, so a
    change is found with its release ("which release added --output-sync?")."""
    paths = _paths(NEWS, "NEWS")
    assert paths["* New command line option: --output-sync (-O) groups output."] == ("Version 4.0 (09 Oct 2013)",)
    assert paths["* New feature: grouped targets."] == ("Version 4.3 (19 Jan 2020)",)
    assert asks_version("Which GNU make release added the --output-sync option?")
    assert not asks_version("What number does version 2.23.0 get encoded as?")


ROMAN = """libfrob version 1.6
 December 2020

 TABLE OF CONTENTS

    I. Introduction
    II. Reading
    III. Writing

I. Introduction

This file describes how to use libfrob.

II. Reading

Call frob_read() with an open file.

III. Writing

Call frob_write(); it flushes the buffer first.
"""


def test_chapters_numbered_in_roman_numerals_are_sections() -> None:
    """"II. Reading" alone between blank lines heads its chapter when I, II, III come in order;
    the table of contents listing them is no heading."""
    paths = _paths(ROMAN, "libfrob-manual.txt")
    assert paths["Call frob_write(); it flushes the buffer first."] == ("III. Writing",)
    assert paths["Call frob_read() with an open file."] == ("II. Reading",)
    shuffled = ROMAN.replace("\nII. Reading\n", "\nV. Reading\n")  # out of order: no chapters
    assert _paths(shuffled, "libfrob-manual.txt")["Call frob_read() with an open file."] == ()


def test_a_marker_in_brackets_on_the_first_line_is_no_title() -> None:
    """"<DRAFT!>" over "HOWTO keys": the title is the line below the marker."""
    doc = load_text(b"<DRAFT!>\n\t\t\tHOWTO keys\n\n1. Introduction\n\nKeys come in pairs.\n", "keys.txt")
    assert doc.title == "HOWTO keys"


# --- units ------------------------------------------------------------------------------------


def test_entries_of_a_format_list_are_units_of_their_own() -> None:
    """"%f: raw mode in hex" is an entry, not a line of code a lead-in introduces: each entry
    of stat's format list is a unit, and the one that answers is quoted alone."""
    text = ("The valid format sequences for files:\n\n%a: permission bits in octal\n%f: raw mode in hex\n"
            "%g: group ID of owner\n%w: time of file birth, human-readable; - if unknown")
    units = [text[s:e] for s, e in candidate_spans(text)]
    assert "%w: time of file birth, human-readable; - if unknown" in units
    assert "%g: group ID of owner" in units


def test_a_list_items_term_in_code_before_a_dash_is_its_later_sentences_term() -> None:
    """"- $FROB_OFFLINE=[0|1] — if set to 1, ..." opens an entry: a later sentence of the item
    ("You almost certainly want to set this to 1 ...") is that variable's; an item in words
    before a dash opens none."""
    item = "- $FROB_OFFLINE=[0|1] — if set to 1, frobctl does not talk to PID 1. You almost certainly want this."
    assert entry_name(item, item.index("You")) == "$FROB_OFFLINE=[0|1]"
    words = "- plain words — are here. And this is prose."
    assert entry_name(words, words.index("And")) == ""


def test_to_use_this_is_read_with_the_sentence_it_uses() -> None:
    """"To use this, replace ..." says how to do what the sentence before says: one unit."""
    text = 'It is now possible to group targets. To use this, replace the ":" token with "&:" in the rule.'
    assert [text[s:e] for s, e in candidate_spans(text)] == [text]


# --- answers that restate the question's premise ----------------------------------------------


def test_a_unit_that_restates_the_premise_goes_on_to_the_next_sentence() -> None:
    """The question states its situation, then asks; the unit that says the same situation
    scores best, and the answer is the sentence after it in its paragraph: the claim holds
    both. A unit that answers the asking sentence's own words is no echo, and a question
    without a premise has none."""
    text = ("This project no more uses Groff to maintain man-pages. Since v2.37 all text is maintained in AsciiDoc."
            "\n\nThe long-term goal is to translate the man pages.")
    question = "Since frob 2.37 the man pages are no longer maintained with Groff. What format are they written in now?"
    req = GenerationRequest(question, (source("S1", text),), build_prompt(question, (source("S1", text),)),
                            answer_json_schema())
    claims = json.loads(ExtractiveGenerator(scorer=scorer_of({"Groff": 0.8})).run(req).text)["claims"]
    assert claims[0]["text"].endswith("Since v2.37 all text is maintained in AsciiDoc."), claims
    assert "long-term goal" not in claims[0]["text"]
    echoes = premise_echo(question)
    assert echoes("This project no more uses Groff to maintain man-pages.")
    assert not echoes("The man pages are written in AsciiDoc format now.")
    assert not premise_echo("What format are the man pages written in now?")("Groff maintains man pages.")


def test_a_trimmed_passage_keeps_the_sentence_after_a_premise_echo() -> None:
    """Evidence selection trims a long passage to the units that matter; after one that
    restates the question's premise, the sentence that answers stays in (it shares few of
    the question's words)."""
    from citadel.retrieve.evidence import _completed

    text = ("Bash-5.1 and later use pipes for here-documents if they are smaller than the pipe capacity. If the "
            "compatibility level is set to 50 or lower, it reverts to using temporary files.\n\nOther text.")
    spans = candidate_spans(text)
    echoes = premise_echo("Bash now feeds here-documents through pipes when they're small. What compatibility "
                          "level do I need to set to get temporary files back?")
    assert _completed(text, spans, 0, 0, echoes) == (0, 1)
    assert _completed(text, spans, 0, 0) == (0, 0)


def test_premise_echo_and_release_lines_through_the_real_models(tmp_path: Path) -> None:
    """Through the real models: a release note restating the question's premise is quoted with
    the sentence after it, which names the format; a NEWS file's change is answered with the
    release line it stands under; an Org guide is stored by its headlines, without its markup."""
    notes = ("Frob 2.37 Release Notes\n=======================\n\nRelease highlights\n------------------\n\n"
             "This project no more uses Groff to maintain man-pages. Since v2.37 all text is\nmaintained in "
             "AsciiDoc and man-pages are generated by asciidoctor.\n\nThe frobnicate command supports a new "
             "--since option.\n")
    engine = engine_over(tmp_path, {"ReleaseNotes": notes, "NEWS": NEWS, "guide.org": ORG})
    org_chunks = engine.store.chunks("guide.org")  # an Org file through the real ingest and store
    assert any(c.heading_path == ("Installation", "Options") and "-boldColors" in c.text for c in org_chunks)
    assert not any("#+" in c.text or "=TERM=" in c.text for c in org_chunks)
    answer = engine.ask("Since frob 2.37 the man pages are no longer maintained with Groff. What format are they "
                        "written in now?")
    assert not answer.abstained, answer.abstention_reason
    assert "AsciiDoc" in answer.claims[0].text, answer.claims
    answer = engine.ask("Which GNU frob release added the --output-sync option?")
    assert not answer.abstained, answer.abstention_reason
    assert "4.0" in answer.claims[0].text, answer.claims
