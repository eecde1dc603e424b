"""PDFs as manuals are made: words set apart without space characters, an outline for the
headings, a table of contents and an index, and hostile files read in a child process that
can fail alone."""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from citadel import limits as limits_module
from citadel._errors import IngestError
from citadel.ingest.chunking import chunk_document
from citadel.ingest.loaders import _join_lines, _soft_hyphens, load_pdf
from citadel.limits import Limits
from citadel.models import ChunkKind

from .files import make_pdf


def words_apart(path: Path, lines: list[str]) -> Path:
    """A PDF whose words are drawn one by one at their places, with no space character
    between them, as XeTeX and other justifying typesetters draw them."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", "", 11)
    y = 30.0
    for line in lines:
        x = 20.0
        for word in line.split():
            pdf.text(x, y, word)
            x += pdf.get_string_width(word) + 1.6  # a justified space, drawn as a move
        y += 6
    pdf.output(str(path))
    return path


def test_words_drawn_apart_without_spaces_are_read_as_words(tmp_path: Path) -> None:
    path = words_apart(tmp_path / "policy.pdf", ["In addition to those, which carry the weight of policy,",
                                                 "there is the Developer's Reference."])  # fmt: skip
    doc = load_pdf(path.read_bytes(), "policy.pdf")
    assert "In addition to those, which carry the weight of policy, there is the Developer's Reference." in doc.text


def manual(path: Path) -> Path:
    """A manual with an outline (chapter and section bookmarks), a contents page with dot
    leaders, body lines that look like headings but are not in the outline, and an index."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_font("Helvetica", "", 11)
    pdf.add_page()
    pdf.cell(0, 8, "Contents", new_x="LMARGIN", new_y="NEXT")
    for entry, page in (("1 Installing", 2), ("1.1 Requirements", 2), ("1.2 Building", 2), ("2 Running", 3)):
        pdf.cell(0, 7, f"{entry} " + ". " * 30 + str(page), new_x="LMARGIN", new_y="NEXT")

    def section(title: str, level: int) -> None:
        pdf.start_section(title, level=level)
        pdf.set_font("Helvetica", "B", 14 - 2 * level)
        pdf.cell(0, 9, title, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 11)

    def text(line: str) -> None:
        pdf.cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")

    pdf.add_page()
    section("1 Installing", 0)
    text("Unpack the sources before anything else.")
    section("1.1 Requirements", 1)
    text("A C compiler and GNU make are needed.")
    text("Debian amd64 bookworm Johannes Ranke")  # a table row: short, capitalized, no stop
    text("The build needs 2 GB of free disk space.")
    section("1.2 Building", 1)
    text("Run make in the top folder; the binary lands in bin.")
    pdf.add_page()
    text("CHAPTER 1. INSTALLING 1.2. BUILD...")  # a running header: the chapter, the section cut short
    text("The build takes ten minutes on a laptop.")
    text("3")
    pdf.add_page()
    section("2 Running", 0)
    text("Start the server with the --port option; the default port is 8080.")
    pdf.add_page()
    text("Index")
    for entry in ("compiler . . . . . . . . . . . 2", "disk space . . . . . . . . . . 2, 3",
                  "port . . . . . . . . . . . . . . 3", "make . . . . . . . . . . . . . 2"):  # fmt: skip
        text(entry)
    pdf.output(str(path))
    return path


def test_the_outline_gives_the_headings_and_their_levels(tmp_path: Path) -> None:
    doc = load_pdf(manual(tmp_path / "manual.pdf").read_bytes(), "manual.pdf")
    paths = {doc.text[b.start : b.end]: b.heading_path for b in doc.blocks}
    disk = next(t for t in paths if "2 GB of free disk space" in t)
    assert paths[disk] == ("1 Installing", "1.1 Requirements")
    port = next(t for t in paths if "default port is 8080" in t)
    assert paths[port] == ("2 Running",)
    # a line that looks like a heading but is not in the outline is text of its section
    build = next(t for t in paths if "ten minutes" in t)
    assert paths[build] == ("1 Installing", "1.2 Building")
    assert "CHAPTER 1" not in doc.text  # the running header names the chapter and section: left out
    ranke = next(t for t in paths if "Johannes Ranke" in t)
    assert paths[ranke] == ("1 Installing", "1.1 Requirements")
    assert all("Johannes Ranke" not in part for path in paths.values() for part in path)
    for chunk in chunk_document(doc, "manual.pdf", 1):
        assert doc.text[chunk.start : chunk.end] == chunk.text


def test_contents_and_index_entries_are_left_out(tmp_path: Path) -> None:
    doc = load_pdf(manual(tmp_path / "manual.pdf").read_bytes(), "manual.pdf")
    assert ". . . ." not in doc.text
    assert doc.text.count("1.1 Requirements") == 1  # the heading, not its contents entry
    assert "disk space" not in doc.text.replace("free disk space", "")  # nor the index's entry
    assert "Unpack the sources before anything else." in doc.text


def test_without_an_outline_headings_are_still_found_from_the_lines(tmp_path: Path) -> None:
    path = make_pdf(tmp_path / "guide.pdf", [[("Support", True), ("Call extension 4400 for help.", False)]])
    doc = load_pdf(path.read_bytes(), "guide.pdf")
    block = next(b for b in doc.blocks if "4400" in doc.text[b.start : b.end])
    assert block.heading_path == ("Support",)


def test_a_word_broken_at_a_line_end_is_whole_again() -> None:
    assert _soft_hyphens("for dis\ufffetribution.", frozenset()) == "for distribution."
    assert _soft_hyphens("referred to as US\ufffeASCII", frozenset()) == "referred to as US-ASCII"
    assert _soft_hyphens("Debian\ufffebased systems", frozenset({"debian-based"})) == "Debian-based systems"
    assert _soft_hyphens("Debian\ufffebased systems", frozenset()) == "Debianbased systems"


def test_a_path_or_an_address_broken_at_a_line_end_is_whole_again() -> None:
    assert _join_lines(["the crond PID file is named /run/", "crond.pid."]) == "the crond PID file is named /run/crond.pid."
    assert _join_lines(["see https://www.", "gnu.org/philosophy for more"]) == "see https://www.gnu.org/philosophy for more"
    assert _join_lines(["It ends here.", "Then the next one, e.g.", "this"]) == "It ends here. Then the next one, e.g. this"


@pytest.fixture
def reader_limits() -> Iterator[None]:
    limits_module.configure(Limits(pdf_reader_bytes=192 << 20, pdf_reader_seconds=60.0))
    try:
        yield
    finally:
        limits_module.configure(None)


def flate_bomb(inflated_mib: int) -> bytes:
    """A one-page PDF whose content stream inflates from about a MiB to ``inflated_mib`` MiB."""
    packer = zlib.compressobj(9)
    block = b" " * (1 << 20)
    stream = b"".join(packer.compress(block) for _ in range(inflated_mib)) + packer.flush()
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
               b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream"]  # fmt: skip
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % at for at in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def test_a_decompression_bomb_ends_the_reader_not_the_caller(reader_limits: None, tmp_path: Path) -> None:
    bomb = flate_bomb(512)
    assert len(bomb) < 2 << 20
    with pytest.raises(IngestError, match="pdf_reader_bytes"):
        load_pdf(bomb, "bomb.pdf")
    # the caller goes on: the next PDF reads
    path = make_pdf(tmp_path / "after.pdf", [[("After", True), ("Read after the bomb.", False)]])
    assert "Read after the bomb." in load_pdf(path.read_bytes(), "after.pdf").text


def test_a_pdf_that_takes_too_long_is_refused_with_the_limit_named(tmp_path: Path) -> None:
    path = make_pdf(tmp_path / "slow.pdf", [[("Slow", True), ("Any text.", False)]])
    limits_module.configure(Limits(pdf_reader_seconds=0.001))
    try:
        with pytest.raises(IngestError, match="pdf_reader_seconds"):
            load_pdf(path.read_bytes(), "slow.pdf")
    finally:
        limits_module.configure(None)


def test_an_encrypted_pdf_is_refused_with_its_reason(tmp_path: Path) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_encryption(owner_password="owner", user_password="secret")
    pdf.add_page()
    pdf.set_font("Helvetica", "", 11)
    pdf.cell(0, 8, "Locked text.")
    with pytest.raises(IngestError, match="encrypted with a password"):
        load_pdf(bytes(pdf.output()), "locked.pdf")


def test_a_monospaced_listing_is_code_and_a_footnote_is_no_part_of_the_paragraph(tmp_path: Path) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Times", "", 11)
    body = [("Times", "To remove all objects in the workspace, including hidden ones, run:"),
            ("Courier", "objects <- ls(all.names = TRUE)"),
            ("Courier", "rm(list = objects)"),
            ("Times", "With apt, you can set a package to hold using"),
            ("Courier", "apt-mark hold package_name"),
            ("Times", "and remove the hold with"),
            ("Courier", "apt-mark unhold package_name"),
            ("Times", "Without it, only the objects whose names do not start with a dot are removed. Debian"),
            ("Times", "systems provide their own way to switch the BLAS in use: build R with the reference")]  # fmt: skip
    for font, line in body:
        pdf.set_font(font, "", 11)
        pdf.cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Times", "", 8)
    pdf.cell(0, 5, "21 The search order is currently OpenBLAS, BLIS, ATLAS and finally a generic libblas.",
             new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(tmp_path / "faq.pdf"))
    doc = load_pdf((tmp_path / "faq.pdf").read_bytes(), "faq.pdf")
    kinds = {doc.text[b.start : b.end]: b.kind for b in doc.blocks}
    assert kinds["objects <- ls(all.names = TRUE)\nrm(list = objects)"] is ChunkKind.CODE  # a listing, line by line
    assert kinds["To remove all objects in the workspace, including hidden ones, run:"] is ChunkKind.PARAGRAPH
    # a command inside a sentence stays in its sentence, where an answer can quote it whole
    assert "With apt, you can set a package to hold using apt-mark hold package_name and remove the hold with " \
           "apt-mark unhold package_name" in doc.text
    footnote = "21 The search order is currently OpenBLAS, BLIS, ATLAS and finally a generic libblas."
    assert footnote in kinds  # a block of its own, not the end of the sentence before it
    assert any(t.endswith("build R with the reference") for t in kinds)


def test_a_superscript_footnote_mark_leaves_the_word_and_a_power_keeps_its_base(tmp_path: Path) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    for text, size in (("A library directory listed in /etc/ld.so.conf", 11), ("5", 7),
                       (" must be updated with ldconfig. Files may hold up to 2", 11), ("31", 7),
                       (" bytes.", 11)):  # fmt: skip
        pdf.set_font("Times", "", size)
        pdf.write(6, text)
    pdf.output(str(tmp_path / "policy.pdf"))
    text = load_pdf((tmp_path / "policy.pdf").read_bytes(), "policy.pdf").text
    assert "listed in /etc/ld.so.conf must be updated with ldconfig." in text
    assert "up to 2^31 bytes." in text


def test_a_hostile_outline_costs_time_linear_in_its_entries() -> None:
    """20,000 bookmarks, all with one title and all pointing at one page of 400 lines that
    each read as that title: each page's lines are indexed once, each entry found by bisection."""
    import time

    from citadel.ingest.loaders import _drop_contents, _drop_section_running, _outline_headings
    from citadel.ingest.pdf_text import OutlineItem

    pages = [["Same title"] * 400 for _ in range(3)]
    outline = [OutlineItem(k % 12, 1, "Same title") for k in range(20_000)]
    started = time.perf_counter()
    placed = _outline_headings(pages, outline)
    _drop_contents(pages, outline)
    _drop_section_running(pages, outline, placed)
    assert time.perf_counter() - started < 5
    assert len(placed[1]) == 400  # every line of the page it points at holds one entry, then the next page's


def test_the_title_is_the_cover_s_largest_type_even_when_every_page_repeats_it(tmp_path: Path) -> None:
    from fpdf import FPDF

    pdf = FPDF()  # no title in the metadata
    pdf.add_page()
    for text, size in (("Filesystem Hierarchy Standard", 24), ("LSB Workgroup, The Linux Foundation", 14)):
        pdf.set_font("Helvetica", "", size)
        pdf.cell(0, 12, text, new_x="LMARGIN", new_y="NEXT")
    for n in range(3):
        pdf.add_page()
        pdf.set_font("Helvetica", "", 9)
        pdf.cell(0, 6, "Filesystem Hierarchy Standard", new_x="LMARGIN", new_y="NEXT")  # the running header
        pdf.set_font("Helvetica", "", 11)
        pdf.cell(0, 6, f"Directory number {n} holds files that change while the system runs.", new_x="LMARGIN",
                 new_y="NEXT")
    pdf.output(str(tmp_path / "fhs.pdf"))
    doc = load_pdf((tmp_path / "fhs.pdf").read_bytes(), "fhs.pdf")
    assert doc.title == "Filesystem Hierarchy Standard"
    assert doc.text.count("Filesystem Hierarchy Standard") <= 1  # the running header itself is left out


def test_the_child_and_its_parent_agree_on_the_status_of_an_explained_failure() -> None:
    from citadel.ingest import _pdf_child, pdf_text

    assert _pdf_child.EXPLAINED == pdf_text.EXPLAINED  # the child imports nothing of citadel: two constants
    assert pdf_text.CHILD.is_file() and pdf_text.CHILD.name == Path(_pdf_child.__file__).name
