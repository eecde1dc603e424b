"""The text of a PDF, read by PDFium in a child process.

PDFium (``pypdfium2``) places the spaces a PDF draws by moving the pen, not by a space
character: the justified text of LaTeX, XeTeX and DocBook manuals ("In addition to
those" set as kerned runs) comes out as words, where a reader that only trusts space
glyphs glues it into "Inadditiontothose". It also gives the PDF's outline (bookmarks),
the most reliable account of a manual's headings, and it is fast.

PDFium is native code reading untrusted bytes, so it runs in a child process of its
own, one per file: with an address-space limit (``pdf_reader_bytes``), a wall-clock
limit (``pdf_reader_seconds``) and a bound on the text it returns. A decompression bomb,
a crash or a hang ends that child, and the file fails with a clear reason; the caller's
process and every other caller carry on.

The child is the script :mod:`citadel.ingest._pdf_child`, run by its path in an isolated
interpreter (no citadel import, so it starts in a tenth of a second): the PDF on standard
input, a JSON object on standard output.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from citadel._errors import IngestError
from citadel.limits import limits, too_large

CHILD = Path(__file__).with_name("_pdf_child.py")
#: the child's exit status for a failure it explains on standard error (its own EXPLAINED: the child
#: imports nothing of citadel)
EXPLAINED = 3


@dataclass(frozen=True)
class OutlineItem:
    """One bookmark: its depth (0 for the top), the page it points to (0-based), its title."""

    level: int
    page: int
    title: str


@dataclass(frozen=True)
class LineMark:
    """How one line of a page is set: its font size, and whether it is monospaced (all of
    it, and at its end)."""

    size: float
    mono: bool
    ends_mono: bool


@dataclass(frozen=True)
class PdfText:
    """What the child read: each page's text (PDFium's lines, ended by CR LF), each page's
    line marks (empty where unknown), the metadata title, the outline."""

    pages: list[str]
    marks: list[list[LineMark]]
    title: str
    outline: list[OutlineItem]


def read_pdf(data: bytes, bound: int) -> PdfText:
    """The pages, title and outline of the PDF ``data``, read in a bounded child process
    that stops once it has read more than ``bound`` characters.

    Raises :class:`IngestError` when the PDF is encrypted, unreadable, or its reader ran
    out of time or memory, and :class:`~citadel.LimitError` when its text is over the
    document limit."""
    seconds = limits().pdf_reader_seconds
    command = [sys.executable, "-I", str(CHILD), str(bound), str(limits().pdf_reader_bytes)]
    try:
        done = subprocess.run(command, input=data, capture_output=True, timeout=seconds, check=False)
    except subprocess.TimeoutExpired as exc:
        raise IngestError(
            f"reading the PDF took longer than {seconds:g} s (limit pdf_reader_seconds); the file may be hostile"
        ) from exc
    if done.returncode == EXPLAINED:
        failure = json.loads(done.stderr.decode("utf-8", "replace").strip().splitlines()[-1])
        if failure["kind"] == "too_large":
            raise too_large(
                f"the text of the PDF's first {failure['pages']:,} pages", failure["chars"], "max_document_chars",
                "characters",
            )
        raise IngestError(failure["message"])
    if done.returncode != 0:
        raise IngestError(
            f"the PDF reader stopped (exit status {done.returncode}) before it read the file: it is corrupt, or "
            f"reading it needs more than {limits().pdf_reader_bytes >> 20:,} MiB (limit pdf_reader_bytes)"
        )
    out = json.loads(done.stdout)
    marks = [[LineMark(size, bool(mono), bool(ends)) for size, mono, ends in page] for page in out["marks"]]
    return PdfText(out["pages"], marks, out["title"], [OutlineItem(*item) for item in out["outline"]])
