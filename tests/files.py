"""Builders of real test files (PDF, DOCX), shared by the tests."""

from __future__ import annotations

from pathlib import Path


def make_pdf(path: Path, pages: list[list[tuple[str, bool]]], title: str | None = None) -> Path:
    """A real PDF: each page is a list of (text, is_heading)."""
    from fpdf import FPDF

    pdf = FPDF()
    if title:
        pdf.set_title(title)
    for page in pages:
        pdf.add_page()
        for text, heading in page:
            pdf.set_font("Helvetica", "B" if heading else "", 15 if heading else 11)
            pdf.multi_cell(0, 7, text)
            pdf.ln(4)
    pdf.output(str(path))
    return path


def make_docx(path: Path, title: str, sections: list[tuple[str, list[str]]], table: list[list[str]] | None = None) -> Path:
    """A real DOCX with a title, headed sections of paragraphs and an optional table."""
    import docx

    document = docx.Document()
    document.add_heading(title, level=0)
    for heading, paragraphs in sections:
        document.add_heading(heading, level=1)
        for text in paragraphs:
            document.add_paragraph(text)
    if table:
        grid = document.add_table(rows=len(table), cols=len(table[0]))
        for r, row in enumerate(table):
            for c, cell in enumerate(row):
                grid.cell(r, c).text = cell
    document.save(str(path))
    return path


def docx_with_parts(source: bytes, replace: dict[str, bytes] | None = None, add: dict[str, bytes] | None = None,
                    stored: frozenset[str] = frozenset()) -> bytes:
    """A copy of the DOCX ``source`` with some parts replaced or added (deflated, or stored if named in ``stored``)."""
    import io
    import zipfile

    replace, add = replace or {}, add or {}
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(source)) as zin, zipfile.ZipFile(out, "w") as zout:
        for info in zin.infolist():
            data = replace.get(info.filename, zin.read(info.filename))
            method = zipfile.ZIP_STORED if info.filename in stored else zipfile.ZIP_DEFLATED
            zout.writestr(info.filename, data, compress_type=method)
        for name, data in add.items():
            method = zipfile.ZIP_STORED if name in stored else zipfile.ZIP_DEFLATED
            zout.writestr(name, data, compress_type=method)
    return out.getvalue()


def docx_part(source: bytes, name: str = "word/document.xml") -> bytes:
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(source)) as z:
        return z.read(name)
