"""A location for every citation, in the terms of its medium (issue 17): lines of text,
Markdown, reStructuredText, man pages and code, a code symbol, a transcript's times, a table's
row and columns, a deck's slide, a notebook's cell, a PDF's page. Through ingest, the store,
``show --json``, ``ask --json``, the HTTP API and the human output."""

from __future__ import annotations

import ast
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from citadel.cli import cli
from citadel.engine import Citadel
from citadel.ingest import ingest
from citadel.ingest.loaders import gunzip
from citadel.models import Chunk, ChunkKind, Location
from citadel.serve import create_app
from citadel.store import Store, open_store

from .files import make_pdf
from .serve_support import running

FIXTURES = Path(__file__).parent / "fixtures" / "docs"

PLANS_CSV = "Plan,Price,Storage\nBasic,$5,10 GB\nPro,$12,1 TB\n"
RESET_VTT = """WEBVTT

00:00:02.000 --> 00:00:09.500
Welcome to the scanner maintenance video.

00:12:05.000 --> 00:12:18.000
Before you start, unplug the scanner.

00:12:18.500 --> 00:12:31.000
Then hold the reset button for ten seconds.
"""
STORE_PY = '''"""A tiny document store."""

import json


class Store:
    """Keeps documents in memory."""

    def __init__(self):
        self.docs = {}

    def put(self, doc_id, text):
        """Save a document under its id, replacing any older text with the same id."""
        self.docs[doc_id] = text

    def dump(self):
        """Write every document to standard output as JSON."""
        print(json.dumps(self.docs))
'''
GUIDE_MD = """---
title: Scanner guide
---
# Scanner guide

## Cleaning

Wipe the glass with a dry cloth.
Never spray liquid on it.

| Part | Interval |
|---|---|
| Glass | weekly |
| Rollers | monthly |
"""


def chunk_with(store: Store, doc_id: str, words: str) -> Chunk:
    return next(c for c in store.chunks(doc_id) if words in c.text)


def file_lines(path: Path) -> list[str]:
    return path.read_text().split("\n")


def test_text_markdown_restructuredtext_and_man_pages_cite_their_file_lines(tmp_path: Path, store: Store) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "guide.md").write_text(GUIDE_MD)
    (folder / "notes.txt").write_text("Scanner notes\n\n\nThe warranty lasts two years.\nKeep the receipt.\n\n- one\n- two\n")
    shutil.copy(FIXTURES / "python" / "architecture.rst", folder)
    (folder / "jq.1").write_bytes(gunzip((FIXTURES / "jq" / "jq.1.gz").read_bytes()))
    report = ingest(store, [folder], embedder=None)
    assert report.failed == [] and report.added == 4

    md = file_lines(folder / "guide.md")
    cleaning = chunk_with(store, "guide.md", "Wipe the glass")
    start, end = cleaning.location.line_start, cleaning.location.line_end
    assert start is not None and end is not None
    # front matter counted: the chunk starts at the line of the title heading it carries (a
    # heading with no body of its own), ends at the paragraph's last line
    assert cleaning.text.startswith("Scanner guide\n\nCleaning\n\n")
    assert md[start - 1] == "# Scanner guide" and md[end - 1] == "Never spray liquid on it."
    row = chunk_with(store, "guide.md", "Rollers")
    assert row.location.row == 2 and row.location.columns == ("Part", "Interval")
    assert row.location.line_start == row.location.line_end and md[row.location.line_start - 1] == "| Rollers | monthly |"  # type: ignore[operator]

    txt = file_lines(folder / "notes.txt")
    warranty = chunk_with(store, "notes.txt", "warranty")
    assert txt[warranty.location.line_start - 1].startswith("Scanner notes")  # type: ignore[operator]
    assert txt[warranty.location.line_end - 1] == "- two"  # type: ignore[operator]

    rst = file_lines(folder / "architecture.rst")
    for chunk in store.chunks("architecture.rst"):
        first, last = chunk.location.line_start, chunk.location.line_end
        assert first is not None and last is not None and first <= last <= len(rst)
        # the chunk's first words are on the line it starts at (a heading, or the body's first
        # line; markup such as roles aside)
        words = re.findall(r"[A-Za-z]{4,}", chunk.text.split("\n")[0])[:2]
        assert words and all(w in " ".join(rst[first - 1:first + 1]) for w in words), chunk.chunk_id

    man = file_lines(folder / "jq.1")
    raw = chunk_with(store, "jq.1", "--raw-output / -r:")
    assert raw.location.line_start is not None and raw.location.line_end is not None
    assert "raw\\-output" in man[raw.location.line_start - 1]
    described = " ".join(man[raw.location.line_start - 1:raw.location.line_end])
    assert "written directly to standard output" in described
    section = chunk_with(store, "jq.1", "jq - Command-line JSON processor")
    assert man[section.location.line_start - 1].startswith(".SH")  # type: ignore[operator]


def test_code_cites_its_symbol_and_lines(tmp_path: Path, store: Store) -> None:
    shutil.copy(FIXTURES / "python" / "colorsys.py", tmp_path)
    long_body = "\n".join(f"    total = total + {n}  # step {n} of a long function" for n in range(40))
    (tmp_path / "long.py").write_text(f"def long_sum():\n    total = 0\n{long_body}\n    return total\n")
    assert ingest(store, [tmp_path / "colorsys.py", tmp_path / "long.py"], embedder=None).failed == []
    source = (tmp_path / "colorsys.py").read_text()
    lines = source.split("\n")
    ends = {n.name: (n.lineno, n.end_lineno) for n in ast.parse(source).body if isinstance(n, ast.FunctionDef)}
    hls = chunk_with(store, "colorsys.py", "def rgb_to_hls")
    assert hls.location.symbol == "rgb_to_hls" and hls.heading_path[-1] == "rgb_to_hls"
    assert (hls.location.line_start, hls.location.line_end) == ends["rgb_to_hls"]
    assert lines[hls.location.line_start - 1].startswith("def rgb_to_hls")  # type: ignore[operator]
    assert hls.location.label() == f"rgb_to_hls, lines {ends['rgb_to_hls'][0]}-{ends['rgb_to_hls'][1]}"
    body = "\n".join(lines[hls.location.line_start - 1:hls.location.line_end])  # type: ignore[operator]
    assert body in hls.text  # the function as the file has it, its indentation kept
    # a function too long for one chunk: each piece has its own lines
    pieces = [c for c in store.chunks("long.py") if c.kind is ChunkKind.CODE]
    code = file_lines(tmp_path / "long.py")
    assert len(pieces) > 1 and all(p.location.symbol == "long_sum" for p in pieces)
    for piece in pieces:
        first_code, *rest = piece.text.split("\n")
        assert code[piece.location.line_start - 1].strip() == first_code, piece.chunk_id  # type: ignore[operator]
        # after a piece's first line (where it starts, its indentation left before it), the
        # file's lines exactly, indentation and all
        assert rest == code[piece.location.line_start:piece.location.line_end], piece.chunk_id
        assert rest and all(line.startswith("    ") for line in rest)  # the body's four spaces
    assert pieces[-1].location.line_end == len(code) - 1  # "    return total", the file's last line


def test_transcripts_tables_decks_notebooks_and_pdfs(tmp_path: Path, store: Store) -> None:
    from openpyxl import Workbook
    from pptx import Presentation
    from pptx.util import Inches

    (tmp_path / "reset.vtt").write_text(RESET_VTT)
    (tmp_path / "plans.csv").write_text(PLANS_CSV)
    book = Workbook()
    sheet = book.active
    sheet.title = "Prices"
    for values in (["Plan", "Monthly price", "Seats"], ["Basic", 5, None], ["Team", 12, 10]):
        sheet.append(values)
    book.save(tmp_path / "prices.xlsx")
    deck = Presentation()
    first = deck.slides.add_slide(deck.slide_layouts[1])
    first.shapes.title.text = "Quarterly review"
    first.placeholders[1].text_frame.text = "Revenue grew 12% over the quarter."
    second = deck.slides.add_slide(deck.slide_layouts[5])
    second.shapes.title.text = "Targets"
    table = second.shapes.add_table(3, 2, Inches(1), Inches(2), Inches(6), Inches(1.5)).table
    for r, (a, b) in enumerate((("Region", "Target"), ("North", "1.2 M"), ("South", "0.8 M"))):
        table.cell(r, 0).text, table.cell(r, 1).text = a, b
    deck.save(tmp_path / "review.pptx")
    cells = [
        {"cell_type": "markdown", "source": ["# Loading data\n", "\n", "We read the sales file first."]},
        {"cell_type": "code", "source": ["rows = 1204\n", "rows"], "outputs": [
            {"output_type": "execute_result", "data": {"text/plain": ["1204"]}}]},
        {"cell_type": "markdown", "source": ["The file has 1204 rows."]},
    ]
    (tmp_path / "load.ipynb").write_text(json.dumps({"cells": cells, "nbformat": 4, "nbformat_minor": 5}))
    make_pdf(tmp_path / "manual.pdf", [[("Setup", True), ("Plug the scanner in.", False)],
                                       [("Warranty", True), ("The warranty lasts two years.", False)]])
    names = ["reset.vtt", "plans.csv", "prices.xlsx", "review.pptx", "load.ipynb", "manual.pdf"]
    assert ingest(store, [tmp_path / n for n in names], embedder=None).failed == []

    # a transcript passage is a chunk of its own, so its times are the chunk's
    reset = chunk_with(store, "reset.vtt", "reset button")
    assert (reset.location.time_start, reset.location.time_end) == (725.0, 751.0)
    assert "Welcome" not in reset.text and reset.location.label() == "00:12:05-00:12:31"
    welcome = chunk_with(store, "reset.vtt", "Welcome")
    assert (welcome.location.time_start, welcome.location.time_end) == (2.0, 9.5)

    pro = chunk_with(store, "plans.csv", "Pro")
    assert pro.location.as_dict() == {"row": 2, "columns": ["Plan", "Price", "Storage"]}
    assert pro.location.label() == "row 2 \u00b7 Plan, Price, Storage"
    basic = chunk_with(store, "prices.xlsx", "Basic")  # an empty cell's column is not named
    assert basic.location.row == 1 and basic.location.columns == ("Plan", "Monthly price")
    assert chunk_with(store, "prices.xlsx", "Team").location.row == 2

    grew = chunk_with(store, "review.pptx", "Revenue grew")
    assert grew.location.slide == 1
    south = chunk_with(store, "review.pptx", "South")
    assert south.location.as_dict() == {"slide": 2, "row": 2, "columns": ["Region", "Target"]}

    # a chunk never crosses a notebook cell
    by_cell = {c.location.cell: c.text for c in store.chunks("load.ipynb")}
    assert set(by_cell) == {1, 2, 3}
    assert "We read the sales file first." in by_cell[1] and "Output: 1204" in by_cell[2]
    assert by_cell[3] == "Loading data\n\nThe file has 1204 rows." or "The file has 1204 rows." in by_cell[3]

    warranty = chunk_with(store, "manual.pdf", "warranty lasts")
    assert warranty.page == 2 and warranty.location.as_dict() == {"page": 2}


def test_show_json_and_the_chunk_table_show_each_location(tmp_path: Path) -> None:
    (tmp_path / "plans.csv").write_text(PLANS_CSV)
    (tmp_path / "store.py").write_text(STORE_PY)
    runner = CliRunner()
    base = ["--store", str(tmp_path / "s")]
    assert runner.invoke(cli, [*base, "ingest", str(tmp_path / "plans.csv"),
                               str(tmp_path / "store.py")]).exit_code == 0
    shown = json.loads(runner.invoke(cli, [*base, "show", "plans.csv", "--json"]).output)
    assert [c["location"] for c in shown["chunks"] if c["text"].startswith("Plan:")] == [
        {"row": 1, "columns": ["Plan", "Price", "Storage"]}, {"row": 2, "columns": ["Plan", "Price", "Storage"]},
    ]
    code = json.loads(runner.invoke(cli, [*base, "show", "store.py", "--json"]).output)
    put = next(c for c in code["chunks"] if "def put" in c["text"])
    assert put["location"] == {"line_start": 12, "line_end": 14, "symbol": "Store.put"}
    assert STORE_PY.split("\n")[11].strip() == "def put(self, doc_id, text):"
    table = runner.invoke(cli, [*base, "show", "store.py"]).output
    assert "LOCATION" in table and "Store.put, lines 12-14" in table


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Citadel]:
    """The default engine (real bundled models) over a transcript, a table and code."""
    root = tmp_path_factory.mktemp("locations")
    docs = root / "docs"
    docs.mkdir()
    (docs / "reset.vtt").write_text(RESET_VTT)
    (docs / "plans.csv").write_text(PLANS_CSV)
    (docs / "store.py").write_text(STORE_PY)
    engine = Citadel(open_store(root / "store"))
    assert engine.ingest([docs]).failed == []
    yield engine
    engine.close()


QUESTIONS = {  # question: (document, location of the quote that answers it)
    "How long should you hold the reset button?": ("reset.vtt", {"time_start": 725.0, "time_end": 751.0}),
    "How much storage does the Pro plan have?": ("plans.csv", {"row": 2, "columns": ["Plan", "Price", "Storage"]}),
    "What does Store.put do?": ("store.py", {"line_start": 12, "line_end": 14, "symbol": "Store.put"}),
}


def located(answer: dict[str, Any], doc_id: str) -> list[dict[str, Any]]:
    return [c["location"] for claim in answer["claims"] for c in claim["citations"]
            if answer["sources"][c["source_id"]]["doc_id"] == doc_id]


@pytest.mark.parametrize("question", sorted(QUESTIONS))
def test_ask_json_cites_times_rows_and_symbols(engine: Citadel, question: str) -> None:
    doc_id, where = QUESTIONS[question]
    answer = engine.ask(question).to_json()
    assert answer["abstained"] is False, answer
    assert where in located(answer, doc_id)
    # the source names where the whole passage is; the citation where its quote is
    assert all(s["location"] for s in answer["sources"].values())  # type: ignore[attr-defined]


def test_the_human_answer_and_the_http_api_show_the_location(engine: Citadel, tmp_path: Path) -> None:
    from citadel.answers import render_text

    answer = engine.ask("How long should you hold the reset button?")
    assert "00:12:05-00:12:31" in render_text(answer)
    with running(create_app(engine)) as client:
        response = client.post("/v1/ask", {"question": "What does Store.put do?"})
        assert response.status == 200
        body = json.loads(response.body)
        assert {"line_start": 12, "line_end": 14, "symbol": "Store.put"} in located(body, "store.py")
        hits = json.loads(client.post("/v1/search", {"query": "Pro plan storage", "k": 3}).body)["hits"]
        assert {"row": 2, "columns": ["Plan", "Price", "Storage"]} in [h["location"] for h in hits]
        shown = json.loads(client.get("/v1/documents/reset.vtt").body)
        assert {"time_start": 725.0, "time_end": 751.0} in [c["location"] for c in shown["chunks"]]


def test_location_labels_and_joins() -> None:
    assert Location(page=3).label() == "page 3"
    assert Location.lines(40, 52).label() == "lines 40-52"
    assert Location.lines(7).label() == "line 7"
    assert Location(time_start=725, time_end=751).label() == "00:12:05-00:12:31"
    assert Location(row=7, columns=("Price",)).label() == "row 7 \u00b7 Price"
    assert Location(row=1, columns=("a", "b", "c", "d")).label() == "row 1 \u00b7 a, b, c, ..."
    assert Location(slide=4).label() == "slide 4" and Location(cell=3).label() == "cell 3"
    joined = Location(symbol="f", line_start=10, line_end=12).spanning(Location(line_start=4, line_end=20))
    assert joined.as_dict() == {"symbol": "f", "line_start": 4, "line_end": 20}
    assert Location().as_dict() == {} and Location().label() == ""
