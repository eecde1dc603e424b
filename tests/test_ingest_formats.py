"""Documentation trees as a Debian machine ships them: text files without an extension, gzip
files read by their inner name, and every walked file accounted for (issue 17, first part).

The files under ``fixtures/docs/grep`` are real (see ``fixtures/docs/SOURCES.md``)."""

from __future__ import annotations

import ast
import gzip
import json
import shutil
import subprocess
import sys
import zlib
from collections.abc import Iterator
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from citadel import limits as limits_module
from citadel.cli import _output, cli
from citadel.ingest import ingest
from citadel.ingest.formats import load_python
from citadel.ingest.loaders import LOADERS, looks_like_text
from citadel.limits import limits
from citadel.models import ChunkKind
from citadel.store import Store
from citadel.store.base import ADMIN
from citadel.text import normalize_code

GREP = Path(__file__).parent / "fixtures" / "docs" / "grep"
CITADEL = [sys.executable, "-m", "citadel.cli"]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """grep's real docs, a Markdown README compressed, a binary file, hidden entries."""
    root = tmp_path / "doc" / "grep"
    shutil.copytree(GREP, root)
    (root / "README.md.gz").write_bytes(gzip.compress(
        b"# Quick start\n\n## Searching\n\nRun `grep -r PATTERN DIR` to search a folder recursively.\n"))
    (root / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    (root / ".hidden-notes").write_text("not to be read\n")
    (root / ".git").mkdir()
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    return root


def test_text_without_extension_and_gzip_by_inner_name(tree: Path, store: Store) -> None:
    report = ingest(store, [tree], embedder=None)
    assert report.failed == []
    assert {d.doc_id for d in store.documents()} == {"README", "copyright", "NEWS.Debian.gz", "README.md.gz"}
    docs = {name: store.current(name) for name in ("README", "NEWS.Debian.gz", "README.md.gz")}
    assert all(docs.values())
    assert docs["README"].media_type == "text/plain"  # type: ignore[union-attr]
    assert docs["NEWS.Debian.gz"].metadata["compressed"] == "gzip"  # type: ignore[union-attr]
    assert docs["README.md.gz"].media_type == "text/markdown"  # type: ignore[union-attr]
    # the compressed notes are searchable by their words, the Markdown one keeps its headings
    hits = store.keyword_search("DEB_GREP_ENABLE_STRAY_BACKSLASH_WARN", 5, ADMIN)
    assert hits and hits[0].chunk.doc_id == "NEWS.Debian.gz"
    md = [c for c in store.chunks("README.md.gz") if "recursively" in c.text]
    assert md and md[0].heading_path == ("Quick start", "Searching")


def test_a_debian_copyright_file_says_whose_files_carry_which_licence(tree: Path, store: Store) -> None:
    """grep's real DEP-5 copyright file: titled by the package, each "Files" stanza one unit
    under its files, each licence's text under its name, every block with its file lines."""
    ingest(store, [tree / "copyright"], embedder=None)
    doc = store.current("copyright")
    assert doc is not None and doc.title == "grep copyright" and doc.metadata["format"] == "debian-copyright"
    text = store.text("copyright")
    # its files, their licence, then its holders (one per line in the file; a stanza too long
    # for one quote parts them: tests/test_answer_licences.py)
    assert "Files: debian/*; License: GPL-3+; Copyright: 2005-2013 Anibal Monsalve Salazar <anibal@debian.org> and " \
           "Santiago Ruano Rincón <santiago@debian.org>, 2003-2004 Ryan M. Golbeck <rmgolbeck@debian.org>" in text
    assert "Source: https://savannah.gnu.org/projects/grep git://git.savannah.gnu.org/grep.git" in text
    chunks = store.chunks("copyright")
    assert all(c.text == text[c.start : c.end] for c in chunks)
    packaging = next(c for c in chunks if "Anibal" in c.text)
    assert packaging.heading_path == ("Files: debian/*",) and packaging.location.line_start == 14
    licence = next(c for c in chunks if "either version 3" in c.text)
    assert licence.heading_path == ("License: GPL-3+",) and " . " not in licence.text
    blocks = dict(_blocks(tree / "copyright"))
    assert any(t.startswith("This program is free software") for t in blocks)  # " ." parts its paragraphs
    raw = (tree / "copyright").read_text().split("\n")
    for _, (_, (first, last)) in blocks.items():
        assert raw[first - 1].strip() and raw[last - 1].strip() and first <= last


def test_every_walked_file_is_accounted_for(tree: Path, store: Store) -> None:
    report = ingest(store, [tree], embedder=None)
    skipped = {Path(s.path).name: s.reason for s in report.skipped}
    assert skipped.keys() == {"logo.png", ".hidden-notes", ".git"}
    assert skipped["logo.png"].startswith("unsupported file type: a '.png' file that is not text")
    assert skipped[".git"] == "hidden folder (not read)" and skipped[".hidden-notes"] == "hidden file"
    walked = {p.name for p in tree.iterdir()}
    stored = {d.doc_id for d in store.documents()}
    assert walked == stored | skipped.keys()


def test_cli_names_the_skipped_files_and_a_folder_of_only_skips_exits_2(tree: Path, tmp_path: Path) -> None:
    only = tmp_path / "only-binary"
    only.mkdir()
    shutil.copy(tree / "logo.png", only / "logo.png")
    (only / "data.bin").write_bytes(bytes(range(256)) * 8)
    store_dir = str(tmp_path / "s")
    done = subprocess.run([*CITADEL, "--store", store_dir, "ingest", str(only)], capture_output=True, text=True)
    assert done.returncode == 2, done.stderr
    assert done.stdout.startswith("0 added, 0 updated, 0 unchanged, 0 failed, 2 skipped;")
    assert f"skipped {only / 'data.bin'}: unsupported file type" in done.stderr
    assert f"skipped {only / 'logo.png'}: unsupported file type" in done.stderr
    as_json = subprocess.run([*CITADEL, "--store", store_dir, "ingest", str(only), "--json"],
                             capture_output=True, text=True)
    assert as_json.returncode == 2
    summary = json.loads(as_json.stdout)
    assert sorted(Path(s["path"]).name for s in summary["skipped"]) == ["data.bin", "logo.png"]
    assert all(s["reason"].startswith("unsupported file type") for s in summary["skipped"])
    # the real tree stores its text and exits 0 although it skips the logo and hidden files
    ok = subprocess.run([*CITADEL, "--store", store_dir, "ingest", str(tree), "--json"],
                        capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["added"] == 4


def test_an_explicit_extensionless_text_file_is_read(tree: Path, store: Store) -> None:
    report = ingest(store, [tree / "README"], embedder=None)
    assert report.added == 1 and store.current("README") is not None


@pytest.fixture
def small_files() -> Iterator[None]:
    limits_module.configure(replace(limits(), max_file_bytes=100_000))
    yield
    limits_module.configure(None)


def test_a_gzip_bomb_is_stopped_and_a_broken_gzip_is_named(tmp_path: Path, store: Store, small_files: None) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    bomb = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    (folder / "bomb.txt.gz").write_bytes(bomb.compress(b"a" * 50_000_000) + bomb.flush())
    assert (folder / "bomb.txt.gz").stat().st_size < 100_000
    (folder / "broken.md.gz").write_bytes(gzip.compress(b"# Title\n\ntext\n")[:-12])
    (folder / "binary.dat.gz").write_bytes(gzip.compress(bytes(range(256)) * 16))
    (folder / "fine.txt.gz").write_bytes(gzip.compress(b"The archive is fine.\n"))
    report = ingest(store, [folder], embedder=None)
    errors = {Path(f.path).name: f.error for f in report.failed}
    assert "max_file_bytes" in errors["bomb.txt.gz"]
    assert "gzip" in errors["broken.md.gz"]
    assert "holds no text" in errors["binary.dat.gz"]
    assert report.added == 1 and store.current("fine.txt.gz") is not None


@pytest.mark.parametrize(("head", "text"), [
    (b"GNU grep NEWS\n\n* Noteworthy changes in release 3.8\n", True),
    ("Caf\u00e9 cr\u00e8me, na\u00efve r\u00e9sum\u00e9\n".encode(), True),
    ("Latin-1 caf\u00e9 text, mostly ASCII and long enough to count as text.\n".encode("latin-1"), True),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", False),
    (bytes(range(1, 32)) * 4, False),
    ("\ufeffUTF-16 notes".encode("utf-16"), True),
])
def test_text_is_told_from_binary_by_content(head: bytes, text: bool) -> None:
    assert looks_like_text(head) is text


def test_progress_lines_without_a_terminal(tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not a TTY: a line on stderr at every interval of work (done/total, rate, time left)."""
    monkeypatch.setattr(_output, "PROGRESS_LINE_EVERY_S", 0.05)
    runner = CliRunner()
    result = runner.invoke(cli, ["--store", str(tmp_path / "s"), "ingest", str(tree)])
    assert result.exit_code == 0, result.output
    lines = [ln for ln in result.stderr.splitlines() if ln.startswith("Ingesting: ")]
    assert lines, result.stderr
    assert lines[-1].startswith("Ingesting: 4/4 done (") and "/s" in lines[-1]


JQ = Path(__file__).parent / "fixtures" / "docs" / "jq"

#: a man page written here in the styles real ones use: a setup preamble of macro
#: definitions and conditionals, .TP options with .BR/.BI terms, escapes, a .nf example
ROFF = r""".\" Manual for the frob tool
.de Vb
.  nf
..
.if n \{\
.  ds lq ""
.\}
.TH FROB 1 "2026-11-01" "frob 2.4" "User Commands"
.SH NAME
frob \- fix broken files in place
.SH SYNOPSIS
.B frob
[\fIOPTION\fR]... \fIFILE\fR...
.SH OPTIONS
.SS "Output control"
.TP
.BR \-q ", " \-\^\-quiet
Print nothing; the exit status says whether a file was fixed.
.TP
.BI \-o " DIR" "\fR,\fP \-\^\-output=" DIR
Write the fixed files to
.I DIR
instead of in place.
The default is the current directory\(emnever the source folder.
.SH EXAMPLES
.nf
frob \-o out/ broken.txt
.fi
"""


def test_man_pages_have_sections_and_options_as_units(tmp_path: Path, store: Store) -> None:
    folder = tmp_path / "man"
    folder.mkdir()
    shutil.copy(JQ / "jq.1.gz", folder / "jq.1.gz")
    (folder / "frob.1").write_text(ROFF)
    report = ingest(store, [folder], embedder=None)
    assert report.failed == [] and report.added == 2
    frob = store.current("frob.1")
    assert frob is not None and frob.title == "frob(1)" and frob.media_type == "text/troff"
    chunks = store.chunks("frob.1")
    text = "\n".join(c.text for c in chunks)
    assert "\\f" not in text and "\\-" not in text and ".de" not in text and "Vb" not in text
    quiet = next(c for c in chunks if "--quiet" in c.text)
    assert "-q, --quiet: Print nothing; the exit status says whether a file was fixed." in quiet.text
    assert quiet.heading_path == ("Options", "Output control")
    output = next(c for c in chunks if "--output=DIR" in c.text)
    assert ("-o DIR, --output=DIR: Write the fixed files to DIR instead of in place. The default is the "
            "current directory\u2014never the source folder.") in output.text
    assert any("frob -o out/ broken.txt" in c.text and c.heading_path == ("Examples",) for c in chunks)
    # the real page: jq's options are each found with what they do
    jq = store.current("jq.1.gz")
    assert jq is not None and jq.title == "jq(1)" and jq.metadata["compressed"] == "gzip"
    hits = store.keyword_search("slurp entire input stream large array", 3, ADMIN)
    assert hits and hits[0].chunk.doc_id == "jq.1.gz"
    assert "--slurp/-s: Instead of running the filter for each JSON object" in hits[0].chunk.text


RENDERED = """\
FROB(1)                          User Commands                         FROB(1)

NAME
       frob - fix broken files in place

SYNOPSIS
       frob [OPTION]... FILE...
       frob [--long-option-that-wraps]
            [--another-option]

DESCRIPTION
       Fix each FILE in place. With no FILE, read standard input.

OPTIONS
   Output control
       -q, --quiet
              Print nothing; the exit status says whether a file was fixed.
       -o DIR, --output=DIR
              Write the fixed files to DIR instead of in place.

       -k     keep a backup of each file

   Strategies
       octopus
              This joins more than two heads. It is the default when pulling
              several branches.

       o      a bullet is no term,
              and its item reads as it is written

       1. A numbered item whose text runs on
          under its first words is no tag either.

       $ frob --output=/tmp/fixed \\
             --quiet broken.txt

EXIT STATUS
       0 if a file was fixed, 1 if none needed it.

frob 2.4                         November 2026                         FROB(1)
"""


def test_a_man_page_rendered_as_text_keeps_its_sections_not_its_layout(tmp_path: Path, store: Store) -> None:
    """`man frob > frob.txt`: the sections become headings (no "DESCRIPTION" runs into the
    paragraph under it), each option is a unit of its own even where no blank line parts two
    (``.PD 0``), the header and footer are left out, and every chunk keeps its file lines."""
    from citadel.ingest.man_text import looks_like_rendered_man

    (tmp_path / "frob.txt").write_text(RENDERED)
    (tmp_path / "memo.txt").write_text("FROB(1)   User Commands   FROB(1)\nnot a page: no section heading follows\n")
    report = ingest(store, [tmp_path / "frob.txt", tmp_path / "memo.txt"], embedder=None)
    assert report.failed == [] and report.added == 2
    frob = store.current("frob.txt")
    assert frob is not None and frob.title == "frob(1)" and frob.metadata["format"] == "man"
    text = store.text("frob.txt")
    assert "User Commands" not in text and "November 2026" not in text  # header and footer
    assert "DESCRIPTION" not in text and "Description" in text
    assert text.startswith("Name\n\nfrob - fix broken files in place")
    lines = RENDERED.split("\n")
    for chunk in store.chunks("frob.txt"):
        assert chunk.text == text[chunk.start : chunk.end]
    blocks = {b: loc for b, loc in _blocks(tmp_path / "frob.txt")}
    # a tag with its description hanging under it reads "tag: description", as the roff loader
    # writes it; a one-line item too where its text starts where the page's descriptions do
    quiet = "-q, --quiet: Print nothing; the exit status says whether a file was fixed."
    output = "-o DIR, --output=DIR: Write the fixed files to DIR instead of in place."
    assert blocks[quiet][0] == ("Options", "Output control") and blocks[output][0] == ("Options", "Output control")
    assert blocks["-k: keep a backup of each file"][0] == ("Options", "Output control")
    octopus = "octopus: This joins more than two heads. It is the default when pulling several branches."
    assert blocks[octopus][0] == ("Options", "Strategies")
    assert "o a bullet is no term, and its item reads as it is written" in blocks  # a bullet stays one
    assert "1. A numbered item whose text runs on under its first words is no tag either." in text
    assert "$ frob --output=/tmp/fixed \\ --quiet broken.txt" in text  # a command line run on, no tag
    assert "frob [--long-option-that-wraps] [--another-option]" in text  # the synopsis is no item
    assert blocks["0 if a file was fixed, 1 if none needed it."][0] == ("Exit status",)
    start, end = blocks[output][1]  # the file lines it came from
    assert lines[start - 1].strip() == "-o DIR, --output=DIR" and end == start + 1
    assert "Write the fixed files" in lines[end - 1]
    # a first line like a header, with no section heading after it, is plain text
    assert looks_like_rendered_man(RENDERED)
    assert not looks_like_rendered_man("FROB(1)   User Commands   FROB(1)\n\n       only indented text\n")
    assert not looks_like_rendered_man("FROB(1)   User Commands   BAR(1)\n\nNAME\n       frob - fix\n")
    # a long name squeezes the header and footer; the NAME line still names the page
    squeezed = ("FROB-ALL-THE-BROKEN-FILESUser ComFROB-ALL-THE-BROKEN-FILES-NOW(1)\n\nNAME\n"
                "       frob-all-the-broken-files-now, frob-all - fix every file\n\n"
                "frob 2.4     November 2026FROB-ALL-THE-BROKEN-FILES-NOW(1)\n")
    (tmp_path / "long.txt").write_text(squeezed)
    ingest(store, [tmp_path / "long.txt"], embedder=None)
    long = store.current("long.txt")
    assert long is not None and long.title == "frob-all-the-broken-files-now(1)"
    assert store.text("long.txt") == "Name\n\nfrob-all-the-broken-files-now, frob-all - fix every file"
    memo = store.current("memo.txt")
    assert memo is not None and "format" not in memo.metadata and "User Commands" in store.text("memo.txt")


def _blocks(path: Path) -> list[tuple[str, tuple[tuple[str, ...], tuple[int, int]]]]:
    """The loaded blocks of a text file: (text, (heading path, (first line, last line)))."""
    from citadel.ingest.loaders import load_text

    doc = load_text(path.read_bytes(), path.name)
    out = []
    for b in doc.blocks:
        assert b.location is not None and b.location.line_start is not None and b.location.line_end is not None
        out.append((doc.text[b.start : b.end], (b.heading_path, (b.location.line_start, b.location.line_end))))
    return out


NEWS = """\
GNU frob NEWS                                    -*- outline -*-

* Noteworthy changes in release 2.4 (2026-11-01) [stable]

** Bug fixes

  frob no longer truncates files larger than 4 GiB.
  [bug introduced in frob-2.1]

** New features

  frob --dry-run prints what it would fix.

* Noteworthy changes in release 2.3 (2026-05-02) [stable]

** Bug fixes

  frob -q is quiet again.

Major changes in frob 1.0 (2020-01-01)

* Fix some frob problems:
  - Refuse to frob setuid files.
** frob -v now prints the version.
"""

README = """\
FROB
====

Introduction
------------

Frob fixes broken files in place.
The summary below is the whole story.
--------------------------------------

Installing
----------

Run make install.
"""

CHANGELOG = """\
frob (2.4-1) unstable; urgency=medium

  * New upstream release.
  * Drop the patch for large files, fixed
    upstream (Closes: #1234).

 -- Jane Doe <jane@example.org>  Sun, 01 Nov 2026 10:00:00 +0100

frob (2.3-2) unstable; urgency=low

  * Build with hardening flags.

 -- Jane Doe <jane@example.org>  Sat, 02 May 2026 10:00:00 +0100
"""


def test_a_file_with_a_conventional_name_is_titled_by_its_folder(tmp_path: Path, store: Store) -> None:
    """/usr/share/doc/e2fsprogs/README says whose README it is only by its folder: a file
    whose title would be its conventional name (README, copyright, ChangeLog, ...) takes its
    folder's name before it, and so does one whose first heading names a section
    ("Introduction"). A hard-wrapped sentence is no title (its next line starts in lower
    case, or it stops on "on", "by", "the"), nor is a GNU ChangeLog's first entry; a title
    the file gives, and any other file name, stay as they are."""
    docs = tmp_path / "doc"
    files = {
        "e2fsprogs/README": "\tThis is the new version (1.47.0) of the second extended file\nsystem management "
                            "programs.\n\n\tIn case of bugs, please contact Ted.\n",
        "jq/ChangeLog": "2015-07-10  Nicolas Williams  nico@cryptonector.com\n\n\tUse include for import.\n",
        "zstd/README.md": "![logo](logo.png)\n\nZstandard is a fast compression algorithm.\n",
        "frob/README.md": "# Frob, the frobnicator\n\nFrob frobnicates.\n",
        "httplib2/README.md": "Introduction\n============\n\nhttplib2 is an HTTP client library.\n",
        "policies/refunds.txt": "Refunds are paid within five days.\n",
        # a wrapped sentence whose next line starts with a capital: it stops on "on"
        "fontconfig/copyright": "This package was debianized by Colin Walters <walters@debian.org> on\n"
                                "Thu, 20 Jun 2002 17:46:06 -0400.\n\nIt is licensed under the MIT license.\n",
    }
    for name, text in files.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text)
    report = ingest(store, [docs], embedder=None)
    assert report.failed == [] and report.added == len(files)
    titles = {d.doc_id: d.title for d in store.documents()}
    assert titles == {"e2fsprogs/README": "e2fsprogs README", "jq/ChangeLog": "jq ChangeLog",
                      "zstd/README.md": "zstd README", "frob/README.md": "Frob, the frobnicator",
                      "httplib2/README.md": "httplib2 README",
                      "policies/refunds.txt": "Refunds", "fontconfig/copyright": "fontconfig Copyright"}, titles


def test_plain_text_sections_are_headings_underlined_outlined_or_changelog_entries(tmp_path: Path, store: Store) -> None:
    """A GNU NEWS file's outline, a README's underlined titles and a Debian changelog's
    entries become headings: a fix stands under its release, no underline is text, and a
    rule under a sentence stays a rule, not a heading. A list item keeps its wrapped lines."""
    for name, text in (("NEWS", NEWS), ("README.txt", README), ("changelog.Debian", CHANGELOG)):
        (tmp_path / name).write_text(text)
    report = ingest(store, [tmp_path], embedder=None)
    assert report.failed == [] and report.added == 3
    news = store.current("NEWS")
    assert news is not None and news.title == "GNU frob NEWS" and "outline" not in store.text("NEWS")
    blocks = dict(_blocks(tmp_path / "NEWS"))
    assert blocks["frob no longer truncates files larger than 4 GiB. [bug introduced in frob-2.1]"] == (
        ("Noteworthy changes in release 2.4 (2026-11-01) [stable]", "Bug fixes"), (7, 8))
    assert blocks["frob -q is quiet again."][0] == ("Noteworthy changes in release 2.3 (2026-05-02) [stable]", "Bug fixes")
    old = [t for t in blocks if "setuid" in t or "prints the version" in t]  # older entries star their items
    assert old and all(blocks[t][0] == ("Major changes in frob 1.0 (2020-01-01)",) for t in old)
    (fix,) = [c for c in store.chunks("NEWS") if "quiet again" in c.text]
    assert fix.heading_path[0].startswith("Noteworthy changes in release 2.3")
    readme = dict(_blocks(tmp_path / "README.txt"))
    assert "====" not in store.text("README.txt") and "------------" not in store.text("README.txt").split("story.")[0]
    assert readme["Introduction"] == (("FROB", "Introduction"), (4, 5))
    assert readme["Run make install."][0] == ("FROB", "Installing")
    rule = next(t for t in readme if t.startswith("Frob fixes"))  # the sentence over a rule: no heading
    assert readme[rule][0] == ("FROB", "Introduction") and "The summary below is the whole story." in rule
    entries = dict(_blocks(tmp_path / "changelog.Debian"))
    assert entries["* Build with hardening flags."][0] == ("frob (2.3-2) unstable; urgency=low",)
    assert entries["* New upstream release."][0] == ("frob (2.4-1) unstable; urgency=medium",)
    # an item runs on over its continuation lines, up to the next item
    assert entries["* Drop the patch for large files, fixed upstream (Closes: #1234)."] == (
        ("frob (2.4-1) unstable; urgency=medium",), (4, 5))
    for doc in ("NEWS", "README.txt", "changelog.Debian"):
        text = store.text(doc)
        assert all(c.text == text[c.start : c.end] for c in store.chunks(doc))
    debian = store.current("changelog.Debian")
    assert debian is not None and debian.title == "frob changelog"  # not its first entry's line


MANUAL = """frob - the frobnicator suite

1.  Introduction

1.1.  frob

frob is made up of several programs:

         o frob - frobnicate a file
         o unfrob - undo it

2.  Configuration

2.1.  Sections

The default section list is 1, 8 and 3.

Steps:

1. Install the package

2. Run the setup

3. Reboot the machine
"""


STARRED_NEWS = """GnuTLS NEWS -- History of user-visible changes.                -*- outline -*-

* Version 3.7.9 (released 2023-02-09)

** libgnutls: Fix a timing side-channel in the RSA key exchange.
   Reported by a user.

** API and ABI modifications:
No changes since last version.

* Version 3.7.8 (released 2022-09-27)

** libgnutls: RSA signature verification is approved in FIPS140 mode
   for more key sizes.

* Add a pointer to the manual

"""


def test_an_outline_news_that_stars_its_items_keeps_its_release_headings(tmp_path: Path, store: Store) -> None:
    """GnuTLS's NEWS stars its items ("** libgnutls: ..." paragraphs) from the first release on,
    which reads as the older entries of a GNU NEWS file: no starred line is a heading there, but a
    first-level one that names a release still is, so each release's items stand under it."""
    (tmp_path / "NEWS").write_text(STARRED_NEWS)
    blocks = dict(_blocks(tmp_path / "NEWS"))
    assert blocks["** libgnutls: RSA signature verification is approved in FIPS140 mode for more key sizes."][0] == (
        "Version 3.7.8 (released 2022-09-27)",)
    assert blocks["** libgnutls: Fix a timing side-channel in the RSA key exchange. Reported by a user."][0] == (
        "Version 3.7.9 (released 2023-02-09)",)
    assert "* Add a pointer to the manual" in blocks  # a starred item that names no release stays text


def test_a_text_manual_with_numbered_sections_has_them_as_headings(tmp_path: Path, store: Store) -> None:
    """A manual formatted by nroff numbers its sections and marks them no other way: each
    numbered line alone between blank lines heads its section, as deep as its number; a
    numbered list whose items follow one another stays a list."""
    (tmp_path / "manual.txt").write_text(MANUAL)
    assert ingest(store, [tmp_path], embedder=None).failed == []
    blocks = dict(_blocks(tmp_path / "manual.txt"))
    assert blocks["The default section list is 1, 8 and 3."][0] == ("2. Configuration", "2.1. Sections")
    assert blocks["frob is made up of several programs:"][0] == ("1. Introduction", "1.1. frob")
    assert blocks["1. Install the package"][0] == ("2. Configuration", "2.1. Sections")  # a list item, no heading


GNU_CHANGELOG = """2026-11-01  Jane Doe  <jane@example.org>

\t* Version 2.4.
\t* frob.c (copy_file): Handle files over 4 GiB.

Fri Jul 30 17:39:04 1993  David J. MacKenzie  (djm at frob.example.org)

\t* frob.c (main): Accept --quiet.
\tThis option prints nothing.
"""


def test_gnu_changelog_entries_are_headings(tmp_path: Path, store: Store) -> None:
    """A GNU ChangeLog's entries (date, author, address; the older style with the address in
    parentheses) head the changes under them, and its first entry is not its title."""
    (tmp_path / "ChangeLog").write_text(GNU_CHANGELOG)
    assert ingest(store, [tmp_path], embedder=None).failed == []
    doc = store.current("ChangeLog")
    assert doc is not None and doc.title == "ChangeLog"
    blocks = dict(_blocks(tmp_path / "ChangeLog"))
    assert blocks["* frob.c (copy_file): Handle files over 4 GiB."][0] == ("2026-11-01 Jane Doe <jane@example.org>",)
    older = next(t for t in blocks if "Accept --quiet" in t)
    assert blocks[older][0] == ("Fri Jul 30 17:39:04 1993 David J. MacKenzie (djm at frob.example.org)",)


# --- fidelity -----------------------------------------------------------------------------


def test_ligatures_and_compatibility_characters_are_folded(tmp_path: Path, store: Store) -> None:
    from citadel.text import normalize_text

    assert normalize_text("The \ufb01le and the \ufb02ag, \uff26\uff55\uff4c\uff4c width,\u00a0no\u2009break") == \
        "The file and the flag, Full width, no break"
    assert normalize_text("10 m\u00b2 and \u00bd cup") == "10 m\u00b2 and \u00bd cup"  # meaning kept
    path = tmp_path / "notes.txt"
    path.write_text("Open the con\ufb01guration \ufb01le before the \ufb01rst run.\n")
    ingest(store, [path], embedder=None)
    (chunk,) = store.chunks("notes.txt")
    assert chunk.text == "Open the configuration file before the first run."
    assert chunk.text == store.text("notes.txt")[chunk.start:chunk.end]
    hits = store.keyword_search("configuration file", 3, ADMIN)
    assert hits and hits[0].chunk.doc_id == "notes.txt"


def test_html_headings_lose_their_permalink_glyph(tmp_path: Path, store: Store) -> None:
    from citadel.ingest.loaders import strip_permalink

    assert strip_permalink("Usage\u00b6") == "Usage" and strip_permalink("Install #") == "Install"
    assert strip_permalink("C#") == "C#" and strip_permalink("Options \U0001f517") == "Options"
    page = tmp_path / "guide.html"
    page.write_text('<html><body><h1>Guide<a class="headerlink" href="#guide">\u00b6</a></h1>'
                    '<h2>Usage <a href="#usage">#</a></h2><p>Run the tool.</p>'
                    '<h2 class="memtitle"><span class="permalink"><a href="#a16">&#9670;&nbsp;</a></span>'
                    'SDL_AtomicCAS()</h2><p>Set an atomic variable to a new value.</p></body></html>')
    ingest(store, [page], embedder=None)
    doc = store.current("guide.html")
    assert doc is not None and doc.title == "Guide"
    (chunk,) = [c for c in store.chunks("guide.html") if "Run the tool" in c.text]
    assert chunk.heading_path == ("Guide", "Usage")
    (member,) = [c for c in store.chunks("guide.html") if "atomic variable" in c.text]
    assert member.heading_path == ("Guide", "SDL_AtomicCAS()")  # Doxygen's "\u25c6" anchor is no part of it


def test_a_pdf_title_is_its_first_real_heading(tmp_path: Path, store: Store) -> None:
    from .files import make_pdf

    pdf = make_pdf(tmp_path / "manual.pdf", [
        [("Table of Contents", True), ("1 Setup ... 2", False)],
        [("Installing the scanner", True), ("Plug the scanner into a USB port.", False)],
    ], title="Microsoft Word - manual.docx")
    ingest(store, [pdf], embedder=None)
    doc = store.current("manual.pdf")
    assert doc is not None and doc.title == "Installing the scanner"


def test_pdf_running_headers_are_dropped_and_numbered_headings_nest(tmp_path: Path, store: Store) -> None:
    """A manual's running header and page footer are on every page: they are no heading and
    no text. Numbered headings nest by their number ("2.1 Claims" under "2 Warranty"), an
    unnumbered one stands under the numbered one before it, and a formula or a line that
    runs on ("... is the", "Total = ...") is text, not a heading."""
    from .files import make_pdf

    def page(n: int, *body: tuple[str, bool]) -> list[tuple[str, bool]]:
        return [("Acme Scanner Manual", False), *body, (f"Page {n} of 4", False)]

    pdf = make_pdf(tmp_path / "manual.pdf", [
        page(1, ("1 Setup", True), ("Plug the scanner into a USB port and wait for the light.", False)),
        page(2, ("1.1 Unpacking", True), ("Keep the box for returns within the first month.", False),
             ("Scan area = 216 x 297 mm", False), ("Scans are saved as PDF files in the folder of", False),
             ("your choice.", False)),
        page(3, ("2 Warranty", True), ("The warranty lasts two years from the date of purchase and covers every part "
                                       "of the scanner except the glass, which is covered for one year when it was "
                                       "not broken by a fall.", False),
             ("2.1 Claims", True), ("Send claims to the service address with the receipt.", False)),
        page(4, ("Service address", True), ("Acme Service, 1 Main Street, Springfield.", False)),
    ])  # fmt: skip
    ingest(store, [pdf], embedder=None)
    text = store.text("manual.pdf")
    assert "Acme Scanner Manual" not in text and "Page 2 of 4" not in text and "of 4" not in text
    paths = {c.heading_path for c in store.chunks("manual.pdf")}
    assert ("1 Setup", "1.1 Unpacking") in paths and ("2 Warranty", "2.1 Claims") in paths
    assert ("2 Warranty", "2.1 Claims", "Service address") in paths
    assert not any("Scan area" in h or h.endswith(" of") for p in paths for h in p)
    claims = next(c for c in store.chunks("manual.pdf") if "Send claims" in c.text)
    assert claims.page == 3 and claims.heading_path == ("2 Warranty", "2.1 Claims")
    # a cover without a heading: its first line is the title
    cover = make_pdf(tmp_path / "cover.pdf", [[("acme scan 2.0, a scanner driver", False), ("by the Acme team", False)],
                                              [("It scans.", False)]])  # fmt: skip
    ingest(store, [cover], embedder=None)
    doc = store.current("cover.pdf")
    assert doc is not None and doc.title == "acme scan 2.0, a scanner driver"


MYST = """# fs

## fs.readFile(path, callback)

<!-- YAML
added: v0.1.29
changes:
  - version: v10.0.0
    description: The callback parameter is no longer optional.
-->

Reads the whole file. Press {kbd}`Ctrl+C` to stop; see {doc}`the setup guide <setup>`.

```{versionadded} 3.2
The `encoding` option.
```

```{note}
:class: tip
Large files are better read with a stream.
```

```{code-block} js
fs.readFile('/etc/passwd', cb);
```

<!-- an ordinary comment -->
"""


def test_myst_directives_roles_and_comment_metadata_keep_their_content(tmp_path: Path, store: Store) -> None:
    (tmp_path / "fs.md").write_text(MYST)
    ingest(store, [tmp_path / "fs.md"], embedder=None)
    text = store.text("fs.md")
    assert "added: v0.1.29; changes: version: v10.0.0; description: The callback parameter is no longer optional." in text
    assert "Press Ctrl+C to stop; see the setup guide." in text
    assert "Added in version 3.2: The encoding option." in text
    assert "Note: Large files are better read with a stream." in text and ":class:" not in text
    assert "an ordinary comment" not in text and "{kbd}" not in text and "{versionadded}" not in text
    history = next(c for c in store.chunks("fs.md") if "v0.1.29" in c.text)
    assert history.heading_path == ("fs", "fs.readFile(path, callback)")
    code = next(c for c in store.chunks("fs.md") if "/etc/passwd" in c.text)
    assert code.kind.value in ("code", "section")


RST = """=====
frob
=====

Usage
=====

Call :func:`~frob.run` with the path of :file:`frob.toml`.

.. versionadded:: 3.2 The ``--timeout`` option.

.. versionchanged:: 4.0

   Quiet by default.

.. note::

   Large files are read in parts.

Options
-------

-t SECONDS, --timeout=SECONDS   Stop after this many seconds.
-q, --quiet                     Print nothing.

.. code-block:: python
   :linenos:

   frob.run("data/", timeout=5)

=====  =====
Plan   Price
=====  =====
Basic  $5
Pro    $12
=====  =====

.. frobnicate:: fast

   A directive no tool knows still keeps its words.
"""


def test_restructuredtext_keeps_sections_directives_roles_options_and_tables(tmp_path: Path, store: Store) -> None:
    (tmp_path / "frob.rst").write_text(RST)
    shutil.copy(Path(__file__).parent / "fixtures" / "docs" / "python" / "architecture.rst", tmp_path)
    report = ingest(store, [tmp_path], embedder=None)
    assert report.failed == [] and report.added == 2
    doc = store.current("frob.rst")
    assert doc is not None and doc.title == "frob" and doc.media_type == "text/x-rst"
    text = store.text("frob.rst")
    for shown in ("Call frob.run with the path of frob.toml.", "Added in version 3.2: The --timeout option.",
                  "Changed in version 4.0: Quiet by default.", "Note: Large files are read in parts.",
                  "-t SECONDS, --timeout=SECONDS: Stop after this many seconds.", 'frob.run("data/", timeout=5)',
                  "Plan: Pro; Price: $12", "Frobnicate fast: A directive no tool knows still keeps its words."):
        assert shown in text, shown
    assert ":func:" not in text and ".. " not in text and ":linenos:" not in text
    options = next(c for c in store.chunks("frob.rst") if "--quiet" in c.text)
    assert options.heading_path == ("frob", "Usage", "Options")
    # the real file: CPython's email architecture notes, sections as headings
    arch = store.current("architecture.rst")
    assert arch is not None and arch.title == "email Package Architecture"
    hits = store.keyword_search("Generator turns model into sequence of bytes", 3, ADMIN)
    assert hits and hits[0].chunk.doc_id == "architecture.rst"
    assert hits[0].chunk.heading_path == ("email Package Architecture", "Overview")


SPHINX_REFERENCE = """frob_run
--------

.. only:: html

  .. contents::

Run the frobnicator over :variable:`FROB_<LANG>_FLAGS_<CONFIG>` and
:ref:`the build types <Build Configurations>`.

.. code-block:: cmake

  frob_run(<name> [TIMEOUT <seconds>] [VERBATIM])

``TIMEOUT``
  Stop after this many seconds.

``VERBATIM``
  .. versionadded:: 3.9

  Pass every argument unchanged.

.. include:: DEPRECATED.txt

The modes are:

* ``BATCH``
  Files are grouped by the frobnicator.

* ``GROUP`` groups files by their label.

.. genex:: $<FROB_BOOL:string>

  Converts ``string`` to ``0`` or ``1``. It is ``0`` when:

  * ``string`` is empty,
  * ``string`` is ``OFF``.

  .. versionadded:: 3.12

.. toctree::
   :maxdepth: 1

   FROB0001: Old frobs are kept. </policy/FROB0001>
   /manual/frob.7
"""


def test_sphinx_reference_pages_keep_their_notes_and_lose_their_markup(tmp_path: Path) -> None:
    """A Sphinx project's reST reference (CMake's Help, as Debian installs it): a version note
    inside an option's description stays with it ("VERBATIM: Added in version 3.9."), which
    the option's bare text lost; a directive of the project's own extension ("genex") reads its
    body as reST (its list, its note), not as raw text; a placeholder in angle brackets is part
    of a name, not a link's target; docutils' complaints ("contents" inside a box) and a file
    the page includes (when it is not read) are no text of the page; a table of contents gives
    its entries' titles; a list item's term on a line of its own leads its description."""
    (tmp_path / "frob_run.rst").write_text(SPHINX_REFERENCE)
    from citadel.ingest.rst import load_rst

    doc = load_rst((tmp_path / "frob_run.rst").read_bytes(), "frob_run.rst")
    blocks = [doc.text[b.start : b.end] for b in doc.blocks]
    assert "Run the frobnicator over FROB_<LANG>_FLAGS_<CONFIG> and the build types." in blocks
    assert "TIMEOUT: Stop after this many seconds." in blocks
    assert "VERBATIM: Added in version 3.9. Pass every argument unchanged." in blocks
    assert "Genex $<FROB_BOOL:string>: Converts string to 0 or 1. It is 0 when:" in blocks
    assert "- string is empty," in blocks and "- string is OFF." in blocks
    assert "Added in version 3.12" in blocks
    assert "- FROB0001: Old frobs are kept." in blocks
    # a term on its own line atop its item's description is the item's term
    assert "- BATCH: Files are grouped by the frobnicator." in blocks and "- GROUP groups files by their label." in blocks
    for gone in ("contents", "Contents", "directive", "DEPRECATED", "Include", "maxdepth", "/manual/frob.7", "``"):
        assert gone not in doc.text, gone


def test_a_reST_page_reads_the_files_it_includes_from_its_own_folder_only(tmp_path: Path, store: Store) -> None:
    """Sphinx's ``include`` (CMake's cmake(1) has every option in "OPTIONS_BUILD.txt"): the file
    is read in place, from the folder being ingested, relative to the page or, with a leading
    "/", to the folder; its blocks are located at the include's line. Nothing outside the
    folder (a "../" too many, a link out of it), nothing hidden, and a page that includes
    itself reads itself a bounded number of times."""
    outside = tmp_path / "secret.txt"
    outside.write_text("The vault code is 1234.\n")
    docs = tmp_path / "Help"
    (docs / "manual").mkdir(parents=True)
    (docs / "include").mkdir()
    (docs / "include" / "OPTIONS.txt").write_text(".. option:: -D <var>=<value>\n\n Create a cache entry.\n\n"
                                                  ".. include:: NESTED.txt\n")
    (docs / "include" / "NESTED.txt").write_text("The nested file is read from its own folder.\n")
    (docs / "include" / ".hidden.txt").write_text("A hidden note.\n")
    (docs / "include" / "link.txt").symlink_to(outside)
    (docs / "manual" / "frob.1.rst").write_text(
        "frob(1)\n=======\n\nOptions\n-------\n\n.. include:: ../include/OPTIONS.txt\n\n"
        ".. include:: /include/NESTED.txt\n\n.. include:: ../../secret.txt\n\n.. include:: ../include/.hidden.txt\n\n"
        ".. include:: ../include/link.txt\n\n.. include:: frob.1.rst\n\nThe end of the page.\n")
    report = ingest(store, [docs], embedder=None)
    assert not report.failed
    text = store.text("manual/frob.1.rst")
    assert "-D <var>=<value>: Create a cache entry." in text
    assert text.count("The nested file is read from its own folder.") >= 2  # from OPTIONS.txt, and by "/include/..."
    for never in ("vault", "1234", "hidden note", "include::", "Include"):
        assert never not in text, never
    assert len(text) < 100_000  # the page that includes itself
    from citadel.ingest.rst import Includer, load_rst

    page = docs / "manual" / "frob.1.rst"
    doc = load_rst(page.read_bytes(), page.name, include=Includer(docs, page))
    option = next(b for b in doc.blocks if "Create a cache entry" in doc.text[b.start : b.end])
    assert option.location is not None and option.location.line_start == 7 and option.heading_path[-1] == "Options"
    assert "The end of the page." in text
    # a Ray worker rebuilds the source from plain data, its folder with it
    from citadel.ingest.distributed import _Spec
    from citadel.ingest.pipeline import IngestReport, _collect

    walked = next(s for s in _collect([docs], (), None, IngestReport()) if s.doc_id == "manual/frob.1.rst")
    assert "Create a cache entry" in _Spec.of(walked).source().load().text
    # a page ingested alone reads from its own folder: nothing above it
    alone = ingest(store, [docs / "manual" / "frob.1.rst"], embedder=None)
    assert not alone.failed and "Create a cache entry" not in store.text("frob.1.rst")
    # a page whose only text is in a file not read says where its text is
    (docs / "manual" / "FindFrob.rst").write_text(".. cmake-module:: ../../Modules/FindFrob.cmake\n")
    (docs / "manual" / "outside.rst").write_text(".. include:: ../../secret.txt\n")
    failed = {Path(f.path).name: f.error for f in ingest(store, [docs / "manual"], embedder=None).failed}
    assert "its text is in ../../Modules/FindFrob.cmake" in failed["FindFrob.rst"]
    assert "its text is in ../../secret.txt" in failed["outside.rst"] and "vault" not in failed["outside.rst"]


PY = Path(__file__).parent / "fixtures" / "docs" / "python"

VTT_TEXT = """WEBVTT

00:12:05.000 --> 00:12:09.500
Before you start, unplug the scanner.

00:12:10.000 --> 00:12:31.000
Then hold the <b>reset</b> button for ten seconds.

00:20:00.000 --> 00:20:04.000
That is all for today.
"""

SRT_TEXT = """1
00:00:01,000 --> 00:00:04,000
Welcome to the course.

2
00:00:04,500 --> 00:00:08,250
Lesson one covers the command line.
"""

NOTEBOOK_JSON = {
    "cells": [
        {"cell_type": "markdown", "source": ["# Loading data\n", "\n", "We read the **sales** file first."]},
        {"cell_type": "code", "source": ["import csv\n", "rows = list(csv.reader(open('sales.csv')))\n", "len(rows)"],
         "outputs": [{"output_type": "execute_result", "data": {"text/plain": ["1204"]}}]},
        {"cell_type": "code", "source": "1/0", "outputs": [{"output_type": "error", "ename": "ZeroDivisionError",
                                                             "evalue": "division by zero", "traceback": []}]},
    ],
    "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
}


def test_a_transcript_says_who_speaks(tmp_path: Path, store: Store) -> None:
    """WebVTT voices ("<v Ben>") make each speaker's turn a passage of its own, led by the
    name, and the name governs every sentence of the turn: "who will fix the export bug?"
    is answered by Ben's second sentence, read as Ben's."""
    from citadel.retrieve.sentences import candidate_spans

    (tmp_path / "standup.vtt").write_text(
        "WEBVTT\n\n00:00:01.000 --> 00:00:05.000\n<v Anna>Good morning, let's start.\n\n"
        "00:00:05.500 --> 00:00:09.000\n<v Ben>Yesterday I finished the billing migration.\n\n"
        "00:00:09.000 --> 00:00:12.000\n<v Ben>Today I'll fix the invoice export bug.\n\n"
        "00:00:12.500 --> 00:00:18.000\n<v.loud Anna>The release moves to Thursday.\n")
    assert ingest(store, [tmp_path / "standup.vtt"], embedder=None).failed == []
    text = store.text("standup.vtt")
    assert text.split("\n\n") == [
        "[00:00:01-00:00:05] Anna: Good morning, let's start.",
        "[00:00:05-00:00:12] Ben: Yesterday I finished the billing migration. Today I'll fix the invoice export bug.",
        "[00:00:12-00:00:18] Anna: The release moves to Thursday."]
    units = [text[s:e] for s, e in candidate_spans(text)]
    assert any("Ben:" in u and "invoice export bug" in u for u in units)  # the turn is one unit
    chunk = next(c for c in store.chunks("standup.vtt") if "Ben:" in c.text)
    assert (chunk.location.time_start, chunk.location.time_end) == (5.5, 12.0)


def test_tables_mail_notebooks_transcripts_and_python(tmp_path: Path, store: Store) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "plans.csv").write_text("Plan,Price,Storage\nBasic,$5,10 GB\nPro,$12,1 TB\n")
    (folder / "stops.tsv").write_text("Stop\tLine\nCentral\t4\nHarbour\t7\n")
    shutil.copy(PY / "digest.eml", folder)
    (folder / "load.ipynb").write_text(json.dumps(NOTEBOOK_JSON))
    (folder / "reset.vtt").write_text(VTT_TEXT)
    (folder / "course.srt").write_text(SRT_TEXT)
    shutil.copy(PY / "colorsys.py", folder)
    report = ingest(store, [folder], embedder=None)
    assert report.failed == [] and report.added == 7
    rows = [c.text for c in store.chunks("plans.csv")]
    assert any("Plan: Pro; Price: $12; Storage: 1 TB" in t for t in rows)
    assert "Stop: Harbour; Line: 7" in store.text("stops.tsv")
    mail = store.current("digest.eml")
    assert mail is not None and mail.title == "Ppp digest, Vol 1 #2 - 5 msgs"
    assert "From: ppp-request@zzz.org" in store.text("digest.eml")
    assert "Send Ppp mailing list submissions to" in store.text("digest.eml")
    nb = store.text("load.ipynb")
    assert store.current("load.ipynb").title == "Loading data"  # type: ignore[union-attr]
    assert "We read the **sales** file first." in nb and "rows = list(csv.reader" in nb
    assert "Output: 1204" in nb and "Output: ZeroDivisionError: division by zero" in nb
    vtt = store.text("reset.vtt")
    assert ("[00:12:05-00:12:31] Before you start, unplug the scanner. Then hold the reset button for ten "
            "seconds.") in vtt
    assert "[00:20:00-00:20:04] That is all for today." in vtt  # a long pause starts a new passage
    assert store.current("reset.vtt").metadata["passages"][0] == {"time_start": 725.0, "time_end": 751.0}  # type: ignore[union-attr]
    assert "[00:00:01-00:00:08] Welcome to the course. Lesson one covers the command line." in store.text("course.srt")
    # Python: a block per function under its name, with the lines it spans
    code = store.chunks("colorsys.py")
    hls = next(c for c in code if "def rgb_to_hls" in c.text)
    assert hls.heading_path == ("colorsys", "rgb_to_hls")
    symbols = {s["symbol"]: s for s in store.current("colorsys.py").metadata["symbols"]}  # type: ignore[union-attr]
    source = (PY / "colorsys.py").read_text().split("\n")
    a, b = symbols["rgb_to_hls"]["line_start"], symbols["rgb_to_hls"]["line_end"]
    assert source[a - 1].startswith("def rgb_to_hls") and source[b - 1].strip()
    assert "Conversion functions between RGB and other color systems." in store.text("colorsys.py")


SHAPES_PY = '''"""Shapes, with class attributes between and after their methods."""


class Shape:
    """A shape with a name."""

    sides = 0

    def area(self):
        return 0.0

    # units every shape is measured in
    UNITS = ("cm",   "m")    # aligned on purpose
    scale = 1

    def describe(self):
        """Say what it is."""
        return f"{self.name}: {self.area()}"

    registry = {}
    if sides:
        registry["polygon"] = True


# a comment between the class and the end
LIMIT = 3
'''


def _docstring_lines(source: str) -> set[int]:
    tree = ast.parse(source)
    lines: set[int] = set()
    for node in [tree, *ast.walk(tree)]:
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef) and ast.get_docstring(node):
            first = node.body[0]
            lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


@pytest.mark.parametrize("name", ["colorsys.py", "shapes.py"])
def test_no_line_of_a_python_file_is_lost(name: str, tmp_path: Path, store: Store) -> None:
    path = tmp_path / name
    if name == "shapes.py":
        path.write_text(SHAPES_PY)
    else:
        shutil.copy(PY / name, path)
    assert ingest(store, [path], embedder=None).failed == []
    stored = store.text(name)
    source = path.read_text()
    docstrings = _docstring_lines(source)
    text_lines, words = set(stored.split("\n")), " ".join(stored.split())
    for number, line in enumerate(source.split("\n"), start=1):
        if not line.strip():
            continue
        if number in docstrings:  # prose: its words, in order
            assert " ".join(line.replace('"""', " ").split()) in words, (number, line)
        else:  # code: the line itself, its indentation and alignment kept
            assert line.rstrip() in text_lines, (number, line)
    # each code block is its file lines, one for one
    doc = load_python(source.encode(), name)
    lines = source.split("\n")
    for block in doc.blocks:
        if block.kind is ChunkKind.CODE:
            assert block.location is not None and block.location.line_start and block.location.line_end
            want = lines[block.location.line_start - 1:block.location.line_end]
            assert doc.text[block.start:block.end].split("\n") == [normalize_code(ln) for ln in want]


def test_a_classs_statements_after_its_first_method_are_its_own_code() -> None:
    doc = load_python(SHAPES_PY.encode(), "shapes.py")
    blocks = {doc.text[b.start:b.end]: b for b in doc.blocks}
    units = blocks['    # units every shape is measured in\n    UNITS = ("cm",   "m")    # aligned on purpose\n    scale = 1']
    assert units.kind is ChunkKind.CODE and units.heading_path == ("shapes", "Shape", "Shape (class level)")
    assert units.location is not None and units.location.as_dict() == {"line_start": 12, "line_end": 14,
                                                                        "symbol": "Shape"}
    after = blocks['    registry = {}\n    if sides:\n        registry["polygon"] = True']
    assert after.heading_path[-1] == "Shape (class level)"
    assert after.location is not None and after.location.as_dict() == {"line_start": 20, "line_end": 22,
                                                                        "symbol": "Shape"}
    before = blocks["    sides = 0"]  # before the first method: the class's own section
    assert before.heading_path == ("shapes", "Shape") and before.location.symbol == "Shape"  # type: ignore[union-attr]
    assert [s["symbol"] for s in doc.metadata["symbols"]] == ["Shape", "Shape.area", "Shape.describe"]
    assert doc.metadata["symbols"][0] == {"symbol": "Shape", "line_start": 4, "line_end": 22}
    tail = blocks["# a comment between the class and the end\nLIMIT = 3"]
    assert tail.heading_path == ("shapes", "shapes (module level)") and tail.location.symbol is None  # type: ignore[union-attr]


class _Inputs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.accept: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "input" and found.get("type") == "file":
            self.accept[found.get("id") or ""] = found.get("accept") or ""


def test_the_upload_page_offers_every_format_citadel_reads() -> None:
    page = Path(__file__).parents[1] / "src" / "citadel" / "serve" / "static" / "index.html"
    inputs = _Inputs()
    inputs.feed(page.read_text())
    offered = [s.strip() for s in inputs.accept["upload-files"].split(",")]
    assert len(offered) == len(set(offered))
    wanted = set(LOADERS) | {".gz", ".jsonl", ".ndjson", ".rst", ".info"}  # an Info manual is known by content
    assert sorted(wanted - set(offered)) == []


def test_broken_formats_fail_with_their_reason(tmp_path: Path, store: Store) -> None:
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "broken.ipynb").write_text("{not json")
    (folder / "empty.vtt").write_text("WEBVTT\n\nno cues here\n")
    (folder / "old.py").write_text('print "hello from Python 2"\n')
    report = ingest(store, [folder], embedder=None)
    errors = {Path(f.path).name: f.error for f in report.failed}
    assert "not a readable notebook" in errors["broken.ipynb"]
    assert "no timed cues" in errors["empty.vtt"]
    # Python 2 is kept as code without symbols, with why
    old = store.current("old.py")
    assert old is not None and "not valid Python 3" in old.metadata["parse_error"]
    assert 'print "hello from Python 2"' in store.text("old.py")


def test_workbooks_and_decks(tmp_path: Path, store: Store) -> None:
    from openpyxl import Workbook
    from pptx import Presentation
    from pptx.util import Inches

    book = Workbook()
    sheet = book.active
    sheet.title = "Prices"
    for row in (["Plan", "Monthly price", "Seats"], ["Basic", 5, 1], ["Team", 12, 10]):
        sheet.append(row)
    sheet["D1"], sheet["D3"] = "Total", "=B3*C3"
    book.create_sheet("Empty")
    book.save(tmp_path / "prices.xlsx")

    deck = Presentation()
    first = deck.slides.add_slide(deck.slide_layouts[1])
    first.shapes.title.text = "Quarterly review"
    first.placeholders[1].text_frame.text = "Revenue grew 12% over the quarter."
    first.notes_slide.notes_text_frame.text = "Mention the new Berlin office."
    second = deck.slides.add_slide(deck.slide_layouts[5])
    second.shapes.title.text = "Targets"
    table = second.shapes.add_table(3, 2, Inches(1), Inches(2), Inches(6), Inches(1.5)).table
    for r, (a, b) in enumerate((("Region", "Target"), ("North", "1.2 M"), ("South", "0.8 M"))):
        table.cell(r, 0).text, table.cell(r, 1).text = a, b
    deck.save(tmp_path / "review.pptx")

    report = ingest(store, [tmp_path / "prices.xlsx", tmp_path / "review.pptx"], embedder=None)
    assert report.failed == [] and report.added == 2
    rows = store.chunks("prices.xlsx")
    team = next(c for c in rows if "Team" in c.text)
    assert "Plan: Team; Monthly price: 12; Seats: 10" in team.text and team.heading_path == ("Prices",)
    assert store.current("prices.xlsx").metadata["sheets"][0]["columns"] == ["Plan", "Monthly price", "Seats", "Total"]  # type: ignore[union-attr]
    slides = store.chunks("review.pptx")
    assert store.current("review.pptx").title == "Quarterly review"  # type: ignore[union-attr]
    grew = next(c for c in slides if "Revenue grew" in c.text)
    assert grew.heading_path == ("Slide 1: Quarterly review",)
    assert "Notes: Mention the new Berlin office." in store.text("review.pptx")
    south = next(c for c in slides if "South" in c.text)
    assert "Region: South; Target: 0.8 M" in south.text and south.heading_path == ("Slide 2: Targets",)


def test_a_damaged_workbook_or_deck_fails_with_its_reason(tmp_path: Path, store: Store) -> None:
    (tmp_path / "broken.xlsx").write_bytes(b"PK\x03\x04 not really a zip")
    (tmp_path / "broken.pptx").write_bytes(b"nothing like a deck")
    report = ingest(store, [tmp_path / "broken.xlsx", tmp_path / "broken.pptx"], embedder=None)
    errors = {Path(f.path).name: f.error for f in report.failed}
    assert "XLSX" in errors["broken.xlsx"] and "corrupt" in errors["broken.xlsx"]
    assert "PPTX" in errors["broken.pptx"] and "corrupt" in errors["broken.pptx"]


def test_restructuredtext_never_reads_other_files_and_deep_nesting_fails_cleanly(tmp_path: Path, store: Store) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("the launch code is 0000\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "inc.rst").write_text(f"Notes\n=====\n\n.. include:: {secret}\n\n.. literalinclude:: {secret}\n\nText.\n")
    (tmp_path / "docs" / "deep.rst").write_text("".join(" " * i + "x\n\n" for i in range(400)))
    report = ingest(store, [tmp_path / "docs"], embedder=None)
    assert "launch code" not in store.text("inc.rst") and "Text." in store.text("inc.rst")
    errors = {Path(f.path).name: f.error for f in report.failed}
    assert errors == {"deep.rst": "the file is nested too deeply to read"}


def test_an_old_latin1_changelog_known_by_content_is_read(tmp_path: Path, store: Store) -> None:
    folder = tmp_path / "doc"
    folder.mkdir()
    (folder / "changelog").write_bytes("foo (1.2-1) unstable\n\n  * Fixed the build (thanks to Ren\u00e9 M\u00fcller).\n"
                                       .encode("latin-1") + b"  * More notes.\n" * 30)
    (folder / "notes.txt").write_bytes("caf\u00e9\n".encode("latin-1"))  # a .txt must be UTF-8
    report = ingest(store, [folder], embedder=None)
    assert "Ren\u00e9 M\u00fcller" in store.text("changelog")
    assert store.current("changelog").metadata["encoding"] == "cp1252"  # type: ignore[union-attr]
    assert [Path(f.path).name for f in report.failed] == ["notes.txt"]


OPENSSH = Path(__file__).parent / "fixtures" / "docs" / "openssh"


def test_mdoc_man_pages_keep_their_flags_sections_and_references(tmp_path: Path, store: Store) -> None:
    """A BSD mdoc page (OpenSSH's real scp.1.gz): .Fl/.Ar/.Xr read as the page shows them, .Sh
    sections as headings, each .It option with its description as one unit, with its lines."""
    shutil.copy(OPENSSH / "scp.1.gz", tmp_path)
    report = ingest(store, [tmp_path / "scp.1.gz"], embedder=None)
    assert report.failed == [] and report.added == 1
    doc = store.current("scp.1.gz")
    assert doc is not None and doc.title == "scp(1)" and doc.metadata["format"] == "mdoc"
    text = store.text("scp.1.gz")
    assert "scp \u2014 OpenSSH secure file copy" in text
    assert "scp [-346ABCOpqRrsTv] [-c cipher] [-D sftp_server_path]" in text  # .Op Fl ... Ar
    assert "-4: Forces scp to use IPv4 addresses only." in text  # .It Fl 4, .Nm inside the text
    assert "-c cipher: Selects the cipher to use for encrypting the data transfer." in text
    assert "scp uses the SFTP protocol over a ssh(1) connection for data transfer" in text  # .Xr
    assert "The scp utility exits 0 on success, and >0 if an error occurs." in text  # .Ex -std
    chunks = store.chunks("scp.1.gz")
    assert {c.heading_path[0] for c in chunks if c.heading_path} >= {"Name", "Synopsis", "Description",
                                                                      "Exit status", "See also"}
    four = next(c for c in chunks if "-4: Forces" in c.text)
    source = gzip.decompress((OPENSSH / "scp.1.gz").read_bytes()).decode().split("\n")
    assert four.location.line_start is not None and four.location.line_end is not None
    assert any(".It Fl" in ln for ln in source[four.location.line_start - 1:four.location.line_end])
    # a question about a flag finds its unit by the flag's own name
    hits = store.keyword_search("scp IPv4 only", 3, ADMIN)
    assert hits and "-4: Forces scp to use IPv4 addresses only." in hits[0].chunk.text


def test_an_html_page_laid_out_in_a_table_keeps_its_headings(tmp_path: Path, store: Store) -> None:
    """libxml2's API pages put the whole body in a table (a navigation cell beside the content):
    a heading in a cell makes the table a layout, and each function's rows stand under it."""
    page = tmp_path / "libxml-parser.html"
    page.write_text(
        '<html><body><table><tr><td><a href="index.html">Home</a></td><td>'
        "<h2>Description</h2>"
        '<h3><a name="xmlParseFile"></a>Function: xmlParseFile</h3>'
        "<p>parse an XML file and build a tree.</p>"
        "<table><tr><td>filename:</td><td>the filename</td></tr>"
        "<tr><td>Returns:</td><td>the resulting document tree if the file was wellformed, NULL otherwise.</td></tr></table>"
        '<h3><a name="xmlParseMemory"></a>Function: xmlParseMemory</h3>'
        "<table><tr><td>Returns:</td><td>the resulting document tree</td></tr></table>"
        "</td></tr></table></body></html>"
    )
    ingest(store, [page], embedder=None)
    (returns,) = [c for c in store.chunks("libxml-parser.html") if "wellformed" in c.text]
    assert returns.heading_path == ("Description", "Function: xmlParseFile")
    assert returns.kind is ChunkKind.TABLE_ROW  # the function's own table is data, row by row
    (other,) = [c for c in store.chunks("libxml-parser.html") if c.text.endswith("the resulting document tree")]
    assert other.heading_path == ("Description", "Function: xmlParseMemory")


# Doxygen's markup of two members, as it writes them (1.9): a macro, and a function whose
# declaration table gives each parameter a row; a member without a description; the summary of
# the header's members at the top, a heading in a cell, each declaration a row of two cells
DOXYGEN_PAGE = """<html><head><title>SDL 2.0: SDL_rwops.h File Reference</title></head><body>
<div class="contents">
<p>Functions to read and write data streams. <a href="#details">More...</a></p>
<table class="memberdecls">
<tr class="heading"><td colspan="2"><h2 class="groupheader"><a name="define-members"></a>Macros</h2></td></tr>
<tr class="memitem:a1"><td class="memItemLeft" align="right" valign="top">#define&#160;</td>
<td class="memItemRight" valign="bottom"><a class="el" href="#a1">SDL_RWOPS_JNIFILE</a>&#160;&#160;&#160;3U</td></tr>
<tr class="separator:a1"><td class="memSeparator" colspan="2">&#160;</td></tr>
<tr class="memitem:a2"><td class="memItemLeft" align="right" valign="top">void *&#160;</td>
<td class="memItemRight" valign="bottom"><a class="el" href="#a2">SDL_LoadFile</a> (const char *file, size_t *datasize)</td></tr>
<tr class="memdesc:a2"><td class="mdescLeft">&#160;</td><td class="mdescRight">Load all the data from a file path. <a href="#a2">More...</a></td></tr>
</table>
<h2 class="groupheader">Macro Definition Documentation</h2>
<h2 class="memtitle"><span class="permalink"><a href="#a1">&#9670;&nbsp;</a></span>SDL_RWOPS_JNIFILE</h2>
<div class="memitem"><div class="memproto">
<table class="memname"><tr><td class="memname">#define SDL_RWOPS_JNIFILE&#160;&#160;&#160;3U</td></tr></table>
</div><div class="memdoc">
<p>Android asset </p>
<p class="definition">Definition at line <a class="el" href="x.html#l45">45</a> of file SDL_rwops.h.</p>
</div></div>
<h2 class="groupheader">Function Documentation</h2>
<h2 class="memtitle"><span class="permalink"><a href="#a2">&#9670;&nbsp;</a></span>SDL_LoadFile()</h2>
<div class="memitem"><div class="memproto">
<table class="memname">
<tr><td class="memname">void * SDL_LoadFile </td><td>(</td><td class="paramtype">const char *&#160;</td><td class="paramname"><em>file</em>, </td></tr>
<tr><td class="paramkey"></td><td></td><td class="paramtype">size_t *&#160;</td><td class="paramname"><em>datasize</em>&#160;</td></tr>
<tr><td></td><td>)</td><td></td><td></td></tr>
</table>
</div><div class="memdoc">
<p>Load all the data from a file path.</p>
<p>The data should be freed with <a class="el" href="#f">SDL_free()</a>.</p>
<dl class="section return"><dt>Returns</dt><dd>the data, or NULL if there was an error.</dd></dl>
</div></div>
<h2 class="memtitle"><span class="permalink"><a href="#a3">&#9670;&nbsp;</a></span>SDL_RWclose()</h2>
<div class="memitem"><div class="memproto">
<table class="memname"><tr><td class="memname">int SDL_RWclose </td><td>(</td><td class="paramtype">SDL_RWops *&#160;</td>
<td class="paramname"><em>context</em></td><td>)</td><td></td></tr></table>
</div><div class="memdoc">
<p class="definition">Definition at line <a class="el" href="x.html#l90">90</a> of file SDL_rwops.h.</p>
</div></div>
</div></body></html>
"""


def test_a_doxygen_member_is_read_as_its_declaration_and_description(tmp_path: Path, store: Store) -> None:
    """Doxygen's members: the declaration (a table of type, name and parameters) is one line
    that opens the description, as a definition's term does, so the unit that says what the
    member does names it ("void *SDL_LoadFile(...): Load all the data ..."); a member with no
    description is its declaration alone; the summary's rows are declarations, one a line, the
    brief description under its own, without Doxygen's "More..." links."""
    page = tmp_path / "SDL_rwops_8h.html"
    page.write_text(DOXYGEN_PAGE)
    ingest(store, [page], embedder=None)
    text = store.text("SDL_rwops_8h.html")
    assert "#define SDL_RWOPS_JNIFILE 3U: Android asset\n" in text
    assert "\n\nvoid *SDL_LoadFile(const char *file, size_t *datasize): Load all the data from a file path.\n" in text
    assert "\n\nint SDL_RWclose(SDL_RWops *context)\n\nDefinition at line 90" in text  # no description: the declaration
    assert "Returns: the data, or NULL if there was an error." in text
    assert "\n\n#define SDL_RWOPS_JNIFILE 3U\nvoid * SDL_LoadFile (const char *file, size_t *datasize)\n" \
           "Load all the data from a file path.\n\n" in text  # the summary, the separator row skipped
    assert "More..." not in text and "Functions to read and write data streams." in text
    (member,) = [c for c in store.chunks("SDL_rwops_8h.html") if "Load all the data from a file path.\n" in c.text
                 and "SDL_LoadFile(" in c.text]
    assert member.heading_path[-1] == "SDL_LoadFile()"
    # a page without a <title> (a project's own header) is titled by Doxygen's header, which is dropped with its links
    untitled = DOXYGEN_PAGE.replace("<head><title>SDL 2.0: SDL_rwops.h File Reference</title></head>", "").replace(
        '<div class="contents">', '<div class="header"><div class="summary"><a href="#func-members">Public Member Functions</a></div>'
        '<div class="headertitle"><div class="title">SDL_rwops.h File Reference</div></div></div><div class="contents">')
    (tmp_path / "untitled.html").write_text(untitled)
    ingest(store, [tmp_path / "untitled.html"], embedder=None)
    doc = store.current("untitled.html")
    assert doc is not None and doc.title == "SDL_rwops.h File Reference"
    assert "Public Member Functions" not in store.text("untitled.html")


def _html_block_kinds(html: str) -> dict[str, ChunkKind]:
    """The loaded blocks of an HTML page: text -> kind."""
    from citadel.ingest.loaders import load_html

    doc = load_html(html.encode(), "page.html")
    return {doc.text[b.start : b.end]: b.kind for b in doc.blocks}


# gtk-doc's markup of a function's entry (GLib's reference): the declaration listing under the
# name, the description, "Parameters" and "Returns" as headings of parts of the entry, an
# example listing beside its line numbers
GTKDOC_PAGE = """<html><head><title>Arrays: GLib Reference Manual</title></head><body>
<h2>Functions</h2>
<div class="refsect2"><a name="g-array-new"></a><h3>g_array_new ()</h3>
<pre class="programlisting"><span class="returnvalue">GArray</span> *
g_array_new (<em class="parameter"><code>gboolean zero_terminated</code></em>,
             <em class="parameter"><code>guint element_size</code></em>);</pre>
<p>Creates a new GArray with a reference count of 1.</p>
<div class="informalexample"><table class="listing_frame"><tbody><tr>
<td class="listing_lines" align="right"><pre>1
2</pre></td>
<td class="listing_code"><pre class="programlisting">GArray *a = g_array_new (FALSE, sizeof (gint));
g_array_free (a, TRUE);</pre></td></tr></tbody></table></div>
<div class="refsect3"><a name="g-array-new.parameters"></a><h4>Parameters</h4>
<table><tr><td class="parameter_name"><p>element_size</p></td><td class="parameter_description"><p>the size of each element in bytes</p></td></tr></table>
</div>
<div class="refsect3"><a name="g-array-new.returns"></a><h4>Returns</h4><p> the new GArray</p></div>
</div>
<div class="refsect2"><a name="GArray-struct"></a><h3>struct GArray</h3>
<pre class="programlisting">struct GArray {
  gchar *data;
  guint len;
};</pre>
<p>Contains the public fields of a GArray.</p>
</div>
</body></html>
"""


def test_a_gtk_doc_entry_opens_with_its_declaration_and_keeps_its_parts(tmp_path: Path, store: Store) -> None:
    """gtk-doc's entries: the declaration listing under a function's heading opens its
    description on one line; "Returns" and "Parameters" label their part of the entry instead
    of heading sections of their own, so a return value stays under its function's heading; a
    listing beside its line numbers is the listing; a struct's body stays a listing."""
    page = tmp_path / "glib-Arrays.html"
    page.write_text(GTKDOC_PAGE)
    ingest(store, [page], embedder=None)
    text = store.text("glib-Arrays.html")
    assert "GArray *g_array_new(gboolean zero_terminated, guint element_size): Creates a new GArray" in text
    assert "Returns: the new GArray" in text
    chunks = store.chunks("glib-Arrays.html")
    (returns,) = [c for c in chunks if "Returns: the new GArray" in c.text]
    assert returns.heading_path == ("Functions", "g_array_new ()")
    (row,) = [c for c in chunks if "the size of each element in bytes" in c.text]
    assert row.heading_path == ("Functions", "g_array_new ()") and "Parameters" not in row.heading_path
    kinds = _html_block_kinds(GTKDOC_PAGE)
    assert kinds["GArray *a = g_array_new (FALSE, sizeof (gint));\ng_array_free (a, TRUE);"] is ChunkKind.CODE
    assert "1\n2" not in text and "| GArray" not in text
    assert kinds["struct GArray {\n  gchar *data;\n  guint len;\n};"] is ChunkKind.CODE


def test_a_declaration_listing_opens_a_description_in_a_division(tmp_path: Path, store: Store) -> None:
    """Expat's reference: the declaration under each function's heading, the description in a
    division; a declaration followed by another listing (a type it takes) stays a listing;
    libxml2's: the heading says the member's kind ("Function: xmlDocGetRootElement"), a
    macro's declaration is "#define NAME"."""
    page = tmp_path / "reference.html"
    page.write_text(
        '<html><body><h3>Parsing</h3><h4 id="XML_ParserFree">XML_ParserFree</h4>'
        '<pre class="fcndec">\nvoid XMLCALL\nXML_ParserFree(XML_Parser p);\n</pre>'
        '<div class="fcndef">Free memory used by the parser.</div>'
        '<h4 id="XML_ParserCreate_MM">XML_ParserCreate_MM</h4>'
        '<pre class="fcndec">\nXML_Parser XMLCALL\nXML_ParserCreate_MM(const XML_Char *encoding,\n'
        '                    const XML_Char *sep);\n</pre>'
        '<pre class="signature">typedef struct {\n  void (XMLCALL *free_fcn)(void *ptr);\n} XML_Memory_Handling_Suite;</pre>'
        '<div class="fcndef">Construct a new parser using the suite of memory handling functions.</div>'
        "</body></html>"
    )
    libxml = tmp_path / "libxml-tree.html"  # libxml2's: "Function: name" and "Macro: name" headings
    libxml.write_text(
        '<html><body><h3><a name="xmlDocGetRootElement"></a>Function: xmlDocGetRootElement</h3>'
        '<pre class="programlisting"><a href="#xmlNodePtr">xmlNodePtr</a>\txmlDocGetRootElement\t(const '
        '<a href="#xmlDoc">xmlDoc</a> * doc)<br />\n</pre><p>Get the root element of the document.</p>'
        '<h3><a name="LIBXML_DOTTED_VERSION"></a>Macro: LIBXML_DOTTED_VERSION</h3>'
        '<pre class="programlisting">#define <a href="#LIBXML_DOTTED_VERSION">LIBXML_DOTTED_VERSION</a>;\n</pre>'
        '<p>the version string like "1.2.3"</p></body></html>'
    )
    ingest(store, [page, libxml], embedder=None)
    text = store.text("reference.html")
    assert "xmlNodePtr xmlDocGetRootElement(const xmlDoc *doc): Get the root element of the document." \
        in store.text("libxml-tree.html")
    assert '#define LIBXML_DOTTED_VERSION: the version string like "1.2.3"' in store.text("libxml-tree.html")
    assert "void XMLCALL XML_ParserFree(XML_Parser p): Free memory used by the parser." in text
    assert "XML_Parser XMLCALL\nXML_ParserCreate_MM(const XML_Char *encoding," in text  # kept as the listing
    kinds = _html_block_kinds(page.read_text())
    assert kinds["XML_Parser XMLCALL\nXML_ParserCreate_MM(const XML_Char *encoding,\n                    const XML_Char *sep);"] \
        is ChunkKind.CODE
