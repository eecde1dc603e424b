"""Fuzzing the loaders: arbitrary and mutated bytes give a ParsedDocument or an IngestError
(a LimitError included), never another exception, and quickly."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citadel._errors import IngestError, LimitError
from citadel.ingest.loaders import LOADERS
from citadel.ingest.parsed import ParsedDocument

from .files import docx_part, docx_with_parts, make_docx, make_pdf

SAMPLES = Path(__file__).resolve().parents[1] / "samples" / "docs"
LOADER_BY_SUFFIX: dict[str, Callable[[bytes, str], ParsedDocument]] = {s: fn for s, (_, fn) in LOADERS.items()}
SECONDS_PER_FILE = 5.0

FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
FUZZ_FILES = settings(FUZZ, max_examples=200)


def assert_loads_or_refuses(load: Callable[[bytes, str], ParsedDocument], data: bytes, name: str) -> None:
    started = time.perf_counter()
    try:
        doc = load(data, name)
    except (IngestError, LimitError) as exc:
        assert str(exc).strip(), "a failure needs a reason"
    else:
        assert isinstance(doc, ParsedDocument) and doc.text.strip()
        for block in doc.blocks:
            assert 0 <= block.start < block.end <= len(doc.text)
    assert time.perf_counter() - started < SECONDS_PER_FILE, f"{name}: too slow on {len(data)} bytes"


def real_files(tmp_path: Path) -> dict[str, bytes]:
    files = {p.name: p.read_bytes() for p in SAMPLES.rglob("*") if p.is_file() and p.suffix.lower() in LOADERS}
    files["made.pdf"] = make_pdf(tmp_path / "made.pdf", [[("Heading", True), ("Body text on page one.", False)]]).read_bytes()
    files["made.docx"] = make_docx(
        tmp_path / "made.docx", "Made", [("Part", ["Body."])], table=[["A", "B"], ["1", "2"]]
    ).read_bytes()
    return files


@pytest.fixture(scope="module")
def originals(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    files = real_files(tmp_path_factory.mktemp("fuzz"))
    assert {Path(n).suffix for n in files} >= {".md", ".txt", ".html", ".pdf", ".docx"}
    return files


@pytest.mark.parametrize("suffix", [".md", ".txt", ".html", ".pdf", ".docx"])
@FUZZ
@given(data=st.binary(max_size=4096))
def test_arbitrary_bytes(suffix: str, data: bytes) -> None:
    assert_loads_or_refuses(LOADER_BY_SUFFIX[suffix], data, "fuzz" + suffix)


@pytest.mark.parametrize("prefix", [b"%PDF-1.4\n", b"PK\x03\x04", b"---\n", b"<html><body>", b"\xef\xbb\xbf"])
@FUZZ
@given(data=st.binary(max_size=2048))
def test_arbitrary_bytes_behind_a_format_signature(prefix: bytes, data: bytes) -> None:
    for load in {LOADER_BY_SUFFIX[s] for s in (".md", ".html", ".pdf", ".docx")}:
        assert_loads_or_refuses(load, prefix + data, "fuzz.bin")


@FUZZ_FILES
@given(
    choice=st.integers(min_value=0),
    flips=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 255)), min_size=1, max_size=16),
    cut=st.one_of(st.none(), st.floats(0, 1)),
)
def test_byte_flipped_real_files(originals: dict[str, bytes], choice: int, flips: list[tuple[float, int]],
                                 cut: float | None) -> None:
    names = sorted(originals)
    name = names[choice % len(names)]
    data = bytearray(originals[name])
    for where, value in flips:
        data[int(where * len(data))] = value
    if cut is not None:
        data = data[: int(cut * len(data))]
    assert_loads_or_refuses(LOADER_BY_SUFFIX[Path(name).suffix.lower()], bytes(data), name)


@FUZZ_FILES
@given(
    edits=st.lists(
        st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 40), st.binary(max_size=24)), min_size=1, max_size=6
    )
)
def test_mutated_docx_xml(originals: dict[str, bytes], edits: list[tuple[float, int, bytes]]) -> None:
    """The zip stays valid and the XML inside is cut, spliced and mangled: python-docx and
    lxml meet broken markup, unknown elements and bad attributes."""
    base = originals["made.docx"]
    xml = bytearray(docx_part(base))
    for where, length, insert in edits:
        at = int(where * len(xml))
        xml[at : at + length] = insert
    mutated = docx_with_parts(base, replace={"word/document.xml": bytes(xml)})
    assert_loads_or_refuses(LOADER_BY_SUFFIX[".docx"], mutated, "mutated.docx")


MARKUP = st.sampled_from(
    ["<div>", "</div>", "<p>", "<table>", "<td>", "<ul>", "<li>", "<b>", "<!--", "-->", "<script>", "</script>",
     "&amp;", "&#0;", "\x00", "\r", "\n\n", "# ", "> ", "- ", "1. ", "|a|b|\n|-|-|\n", "```", "---\n", "*", "[", "](",
     "text ", "\u202e", "\ud7ff", "<svg>", "<path/>", "<pre>", "<h1>", "<title>"]
)


@pytest.mark.parametrize("suffix", [".md", ".html", ".txt"])
@FUZZ
@given(pieces=st.lists(MARKUP, max_size=300))
def test_markup_soup(suffix: str, pieces: list[str]) -> None:
    data = "".join(pieces).encode("utf-8", errors="surrogatepass")
    assert_loads_or_refuses(LOADER_BY_SUFFIX[suffix], data, "soup" + suffix)
