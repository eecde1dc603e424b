"""The child process of :mod:`citadel.ingest.pdf_text`: read one PDF with PDFium.

Run as ``python -I _pdf_child.py BOUND MEMORY`` with the PDF on standard input; writes
``{"pages": [...], "title": ..., "outline": [[level, page, title], ...]}`` to standard
output, or exits with status 3 and a JSON reason on standard error's last line. It imports
nothing of citadel, and limits its own address space to MEMORY bytes before PDFium runs.
"""

from __future__ import annotations

import json
import resource
import sys
from typing import NoReturn

#: outline entries read at most (a hostile outline can be any size)
MAX_OUTLINE_ITEMS = 20_000
#: outline levels read at most
MAX_OUTLINE_DEPTH = 12
#: the exit status for a failure explained on standard error
EXPLAINED = 3


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
    chars = 0
    for number in range(len(pdf)):
        page = pdf[number]
        text = page.get_textpage().get_text_range()
        pages.append(text)
        chars += len(text)
        if chars > bound:  # stop reading: the text cannot fit the limit
            _fail("too_large", "", pages=number + 1, chars=chars)
    outline: list[tuple[int, int, str]] = []
    for item in pdf.get_toc(max_depth=MAX_OUTLINE_DEPTH):
        if len(outline) >= MAX_OUTLINE_ITEMS:
            break
        dest = item.get_dest()
        index = dest.get_index() if dest is not None else None
        title = item.get_title() or ""
        if index is not None and 0 <= index < len(pages) and title.strip():
            outline.append((item.level, index, title))
    title = (pdf.get_metadata_dict().get("Title") or "").strip()
    sys.stdout.write(json.dumps({"pages": pages, "title": title, "outline": outline}))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
