"""The child process of :mod:`citadel.ingest.pdf_text`: read one PDF with PDFium.

Run as ``python -I _pdf_child.py BOUND MEMORY`` with the PDF on standard input; writes
``{"pages": [...], "marks": [...], "title": ..., "outline": [[level, page, title], ...]}``
to standard output (``marks``: for each page, for each of its lines, ``[font size,
monospaced, ends monospaced]``, or an empty list where they cannot be told), or exits with
status 3 and a JSON reason on standard error's last line. It imports nothing of citadel,
and limits its own address space to MEMORY bytes before PDFium runs.
"""

from __future__ import annotations

import ctypes
import json
import re
import resource
import statistics
import sys
from typing import Any, NoReturn

#: outline entries read at most (a hostile outline can be any size)
MAX_OUTLINE_ITEMS = 20_000
#: outline levels read at most
MAX_OUTLINE_DEPTH = 12
#: the exit status for a failure explained on standard error
EXPLAINED = 3
#: characters of a line whose font is looked at
MARK_SAMPLES = 8
#: the names of monospaced fonts (the fixed-pitch flag is seldom set): Courier, FreeMono,
#: LiberationMono, and TeX's typewriter fonts (CMTT10, CMSLTT10, t1xtt, SFTT1000)
_MONO_NAME = re.compile(r"mono|courier|typewriter|consol|menlo|monaco|fixed|tt\d*(?:-|$)", re.IGNORECASE)
#: a digit set this share of the character before it or smaller is a superscript
SUPERSCRIPT = 0.8
#: what a footnote mark follows: a letter, or the punctuation that ends a word or a sentence
_MARK_AFTER = re.compile(r"[^\W\d_]|[).,;:\u2019\u201d\"']")


def char_indexes(textpage: Any, text: str) -> list[int] | None:
    """For each character of ``text`` (a page's), the index of PDFium's character it is:
    PDFium leaves out of the text the characters it has no Unicode for. None when they do not
    match one to one all the same."""
    import pypdfium2.raw as pdfium_c

    indexes = [j for j in range(pdfium_c.FPDFText_CountChars(textpage)) if pdfium_c.FPDFText_GetUnicode(textpage, j)]
    return indexes if len(indexes) == len(text) else None


def superscripts(textpage: Any, text: str, indexes: list[int]) -> str:
    """``text`` without the footnote marks set as superscript digits after a word ("listed in
    /etc/ld.so.conf5 must" is "/etc/ld.so.conf must"), and with a superscript after a digit
    written as a power ("2^31"). Lines stay lines. ``indexes``: :func:`char_indexes`."""
    import pypdfium2.raw as pdfium_c

    out: list[str] = []
    base = 0.0  # the size of the last character that is no superscript
    before = ""  # and that character
    raised = False  # in a run of superscript digits after a digit
    for i, ch in enumerate(text):
        if ch.isdigit() and ch.isascii() and base > 0:
            size = pdfium_c.FPDFText_GetFontSize(textpage, indexes[i])
            if 0 < size < SUPERSCRIPT * base:
                if before.isdigit():
                    out.append(ch if raised else "^" + ch)
                    raised = True
                elif not _MARK_AFTER.match(before):
                    out.append(ch)
                continue  # a footnote mark: left out
        raised = False
        out.append(ch)
        if ch in "\r\n":  # a line's first characters follow nothing: no mark of the line before's
            base, before = 0.0, ""
        if ch.isspace():
            continue
        size = pdfium_c.FPDFText_GetFontSize(textpage, indexes[i])
        if size > 1:  # a generated character has none
            base, before = size, ch
    return "".join(out)


def line_marks(textpage: Any, text: str, indexes: list[int]) -> list[list[float]]:
    """For each line of ``text`` (a page's, lines ended by CR LF): its font size (the median
    of a few characters'), whether those characters are all in a monospaced font, and
    whether its last one is. ``indexes``: :func:`char_indexes`."""
    import pypdfium2.raw as pdfium_c

    name = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()
    fonts: dict[bytes, bool] = {}

    def mono(index: int) -> bool:
        pdfium_c.FPDFText_GetFontInfo(textpage, index, name, len(name), ctypes.byref(flags))
        key = name.value
        if key not in fonts:
            fonts[key] = bool(flags.value & 1) or _MONO_NAME.search(key.decode("latin-1").split("+")[-1]) is not None
        return fonts[key]

    marks: list[list[float]] = []
    at = 0
    for line in text.split("\r\n"):
        filled = [at + k for k, ch in enumerate(line) if not ch.isspace()]
        at += len(line) + 2
        if not filled:
            marks.append([0.0, 0, 0])
            continue
        sample = filled[:: max(1, len(filled) // MARK_SAMPLES)][:MARK_SAMPLES] + filled[-1:]
        size = statistics.median(pdfium_c.FPDFText_GetFontSize(textpage, indexes[i]) for i in sample)
        monos = [mono(indexes[i]) for i in sample]
        marks.append([round(size, 1), int(all(monos)), int(monos[-1])])
    return marks


def _fail(kind: str, message: str, **extra: int) -> NoReturn:
    sys.stderr.write("\n" + json.dumps({"kind": kind, "message": message, **extra}) + "\n")
    sys.exit(EXPLAINED)


def main(bound: int, memory: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    import pypdfium2 as pdfium

    data = sys.stdin.buffer.read()
    try:
        pdf = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        if "password" in str(exc).lower():
            _fail("encrypted", "the PDF is encrypted with a password; decrypt it first")
        _fail("corrupt", f"could not read the PDF ({exc}); the file may be corrupt")
    pages: list[str] = []
    marks: list[list[list[float]]] = []
    chars = 0
    for number in range(len(pdf)):
        textpage = pdf[number].get_textpage()
        text = textpage.get_text_range()
        pages.append(text)
        indexes = char_indexes(textpage.raw, text)
        marks.append(line_marks(textpage.raw, text, indexes) if indexes is not None else [])
        if indexes is not None:
            pages[-1] = superscripts(textpage.raw, text, indexes)
        chars += len(text)
        if chars > bound:  # stop reading: the text cannot fit the limit
            _fail("too_large", "", pages=number + 1, chars=chars)
    outline: list[tuple[int, int, str]] = []
    try:  # the outline and the metadata help; a broken one is read as none, the text still is
        for item in pdf.get_toc(max_depth=MAX_OUTLINE_DEPTH):
            if len(outline) >= MAX_OUTLINE_ITEMS:
                break
            dest = item.get_dest()
            index = dest.get_index() if dest is not None else None
            title = item.get_title() or ""
            if index is not None and 0 <= index < len(pages) and title.strip():
                outline.append((item.level, index, title))
    except (pdfium.PdfiumError, ValueError, UnicodeError):
        outline = []
    try:
        title = (pdf.get_metadata_dict().get("Title") or "").strip()
    except (pdfium.PdfiumError, ValueError, UnicodeError):
        title = ""
    sys.stdout.write(json.dumps({"pages": pages, "marks": marks, "title": title, "outline": outline}))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
