"""Chunking: whole sections when they fit, sentence splits when not, rows with headers, stable ids."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from citadel.ingest.chunking import ChunkSettings, chunk_document
from citadel.ingest.loaders import load_markdown, load_text
from citadel.models import ChunkKind

DOC = """# Handbook

## Short section

One short paragraph.

Another short paragraph.

## Long section

{long}

## Prices

| Plan | Price |
|---|---|
| Basic | $10 |
| Pro | $20 |
"""

SENTENCE = "Dr. Smith approved the budget of $3.50 per unit on Jan. 5 for the team. "


def chunks_of(text: str, max_chars: int = 300):  # type: ignore[no-untyped-def]
    doc = load_markdown(text.encode(), "handbook.md")
    return doc, chunk_document(doc, "handbook.md", 1, ChunkSettings(max_chars=max_chars))


def test_short_section_is_one_chunk_with_its_heading() -> None:
    _, chunks = chunks_of(DOC.format(long="x."))
    short = [c for c in chunks if c.heading_path[-1:] == ("Short section",)]
    assert len(short) == 1
    # the document title heading has no body of its own, so it is carried into this chunk
    assert short[0].text == "Handbook\n\nShort section\n\nOne short paragraph.\n\nAnother short paragraph."
    assert short[0].kind is ChunkKind.SECTION


def test_long_paragraph_splits_at_sentence_boundaries() -> None:
    doc, chunks = chunks_of(DOC.format(long=SENTENCE * 12), max_chars=300)
    long = [c for c in chunks if c.heading_path[-1:] == ("Long section",) and c.kind is not ChunkKind.HEADING]
    assert len(long) >= 3
    for c in long:
        assert len(c.text) <= 300
        assert c.text.endswith("team.") or c.text == "Long section", c.text
    body = [c for c in long if "budget" in c.text]
    assert sum(c.text.count("Dr. Smith") for c in body) == 12  # nothing lost, nothing repeated


def test_table_rows_are_chunks_that_carry_the_header() -> None:
    _, chunks = chunks_of(DOC.format(long="x."))
    rows = [c for c in chunks if c.kind is ChunkKind.TABLE_ROW]
    assert [c.text for c in rows] == ["Plan: Basic; Price: $10", "Plan: Pro; Price: $20"]
    assert [c.chunk_id for c in rows] == ["handbook.md#prices/2", "handbook.md#prices/3"]


def test_ids_are_readable_and_stable_when_other_sections_change() -> None:
    _, before = chunks_of(DOC.format(long="Old text."))
    _, after = chunks_of(DOC.format(long="Completely new text that is different."))
    ids_before = {c.chunk_id: c.text for c in before}
    ids_after = {c.chunk_id: c.text for c in after}
    assert "handbook.md#short-section/1" in ids_before
    unchanged = [i for i, t in ids_before.items() if "Long" not in t and "text" not in t.lower()]
    for chunk_id in unchanged:
        assert ids_after[chunk_id] == ids_before[chunk_id]


def test_duplicate_headings_get_distinct_ids() -> None:
    doc = load_markdown(b"# A\n## Notes\nOne.\n# B\n## Notes\nTwo.", "n.md")
    ids = [c.chunk_id for c in chunk_document(doc, "n.md", 1)]
    assert ids == ["n.md#notes/1", "n.md#notes-2/1"]


def test_over_long_sentence_splits_at_whitespace() -> None:
    doc = load_text(("word " * 400).encode(), "w.txt")
    chunks = chunk_document(doc, "w.txt", 1, ChunkSettings(max_chars=200))
    assert all(len(c.text) <= 200 for c in chunks)
    assert " ".join(c.text for c in chunks).split() == ["word"] * 400


paragraph = st.text(alphabet=st.sampled_from("abc xyz.!?\n-|#0123456789é"), min_size=1, max_size=400)


@settings(max_examples=60, deadline=None)
@given(st.lists(paragraph, min_size=1, max_size=8), st.integers(min_value=20, max_value=400))
def test_every_chunk_is_an_exact_slice(paragraphs: list[str], max_chars: int) -> None:
    text = "\n\n".join(paragraphs)
    if not text.strip():
        return
    for loader in (load_text, load_markdown):
        try:
            doc = loader(text.encode(), "p.md")
        except Exception:  # noqa: BLE001 - an empty parse is a loader error, not a chunking one
            continue
        chunks = chunk_document(doc, "p", 1, ChunkSettings(max_chars=max_chars))
        assert chunks
        for c in chunks:
            assert doc.text[c.start : c.end] == c.text
            assert c.text == c.text.strip() and c.text
        assert len({c.chunk_id for c in chunks}) == len(chunks)


def test_sentences_end_where_the_segmenter_reads_an_abbreviation() -> None:
    from citadel.text import sentence_spans

    text = "Overtime is paid on public holidays. Only hourly staff qualify. Doors open at 6 p.m. Bring a ticket."
    assert [text[s:e] for s, e in sentence_spans(text)] == [
        "Overtime is paid on public holidays.", "Only hourly staff qualify.", "Doors open at 6 p.m.",
        "Bring a ticket."]
    # an abbreviation, or a time of day going on with a weekday, does not end one
    text = "Costs are approx. Ten euros. The desk opens at 9 a.m. Monday to Friday."
    assert [text[s:e] for s, e in sentence_spans(text)] == [
        "Costs are approx. Ten euros.", "The desk opens at 9 a.m. Monday to Friday."]
    # short words end sentences too ("bin.", "car.", "tax.")
    text = "Glass goes in the green bin. Food waste is collected weekly. The tenant pays the tax. Repairs are shared."
    assert [text[s:e] for s, e in sentence_spans(text)] == [
        "Glass goes in the green bin.", "Food waste is collected weekly.", "The tenant pays the tax.",
        "Repairs are shared."]


def test_a_lone_dot_in_a_command_ends_no_sentence() -> None:
    """"yq -y . < in.json" and "find . -name x": the dot is an argument, and what follows it
    (a redirection, an option, lower case) starts no sentence. Tokenized text that puts a
    space before its full stops ("... NREGA . It is ...") still ends its sentences there."""
    from citadel.text import sentence_spans

    text = "To convert JSON to YAML run yq -y . < in.json > out.yml. Then check it. Use find . -name x to list them."
    assert [text[s:e] for s, e in sentence_spans(text)] == [
        "To convert JSON to YAML run yq -y . < in.json > out.yml.", "Then check it.",
        "Use find . -name x to list them."]
    text = "It is the nodal Ministry for NREGA . It is responsible for support ."
    assert [text[s:e] for s, e in sentence_spans(text)] == [
        "It is the nodal Ministry for NREGA .", "It is responsible for support ."]
    # a Debian copyright field's " ." blank line before a list item is a break, no argument
    text = "Some files are not in the public domain. . - liblzma is in the public domain. . - xz is too."
    assert [text[s:e] for s, e in sentence_spans(text)][-2:] == ["- liblzma is in the public domain. .", "- xz is too."]
