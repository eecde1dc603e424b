"""Candidate selection and answer assembly in the extractive path: the sentence that answers
is found by meaning as well as by words, comes first, is completed (its next line, its
option name, its lead-in) and stands alone; headings and list markers are no claims, and
identical text is cited from the document the question is about."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from citadel.engine import Citadel
from citadel.generate.backends.base import GenerationRequest
from citadel.generate.backends.extractive import ExtractiveGenerator
from citadel.generate.prompt import Source, build_prompt
from citadel.generate.schema import answer_json_schema
from citadel.ingest import ingest
from citadel.retrieve import EvidenceSettings, HashingEmbedder, KeywordReranker, RetrieverSettings, select_evidence
from citadel.retrieve.answerability import get_answerability
from citadel.retrieve.answer_types import asks_option
from citadel.retrieve.sentences import candidate_spans, is_option_entry, is_option_line
from citadel.store.base import SearchFilter
from citadel.store import Store, open_store
from citadel.verify.verifier import verbatim_span

from tests.engine_fixtures import engine_over
from tests.retrieve_fixtures import searcher

# --- with the real bundled models -------------------------------------------------------

# Many sentences share the question's words ("archive", "records"); the one that answers
# ("delete", "erase") shares none of them, so word overlap alone never lets the
# cross-encoder read it.
ARCHIVE = "\n\n".join(
    [
        "# Records archive",
        "## Overview",
        "The records archive keeps every record for seven years. Records in the archive are indexed nightly. "
        "Each archive record has an owner. Archive records are grouped by year. The archive shows records by date.",
        "## Searching",
        "Search the archive by record number. Archived records can be exported to CSV. Record owners see their "
        "archive records first. The archive search ignores case in record titles.",
        "## Sharing",
        "Archive records can be shared with a team. Shared records keep their archive owner. A shared record "
        "link expires after a week. Records shared from the archive are read-only.",
        "## Housekeeping",
        "Archive records are checked for errors every night. Deleting an entry from storage: select it, then "
        "press Shift+Del. Records with errors are reported to their owner.",
        "## Limits",
        "The archive holds at most one million records. Each archive keeps its records in one region.",
    ]
)

@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Citadel:
    return engine_over(tmp_path_factory.mktemp("assembly"), {"archive.md": ARCHIVE})


class ReadingReranker(KeywordReranker):
    """Keyword scores, and a record of every sentence the reranker was asked to read."""

    def __init__(self) -> None:
        self.read: list[str] = []

    def _score(self, query: str, passages: list[str]) -> np.ndarray:
        self.read.extend(passages)
        return super()._score(query, passages)


def test_an_answer_without_the_question_words_is_read_because_of_its_meaning(engine: Citadel) -> None:
    question = "How do I remove a record from the archive?"
    hits = engine.searcher.search(question, k=12, rerank=False).hits
    embedder = engine.searcher.query_embedder()
    assert embedder is not None and embedder.name == "bge-small-en-v1.5"  # the bundled model
    reranker = ReadingReranker()
    select_evidence(engine.store, question, hits, SearchFilter(), reranker=reranker, embedder=embedder)
    settings = EvidenceSettings()
    assert len(reranker.read) <= settings.scored_sentences + settings.semantic_sentences  # still bounded
    assert any("Shift+Del" in s for s in reranker.read)  # no shared word: found by meaning


def _man_page(name: str, what: str, options: list[tuple[str, str]]) -> str:
    lines = [f"{name.upper()}(1)            User Commands            {name.upper()}(1)", "", "NAME", f"       {name} - {what}",
             "", "OPTIONS"]  # fmt: skip
    for option, description in options:
        lines += [f"       {option}", f"              {description}", ""]
    return "\n".join(lines) + "\n"


def test_an_option_entry_is_read_under_its_page_so_the_tool_it_belongs_to_counts(tmp_path: Path) -> None:
    """Neither option entry names its tool; only the page does. Read where it stands, the
    entry of the tool asked about answers (real reranker and answerability model); read alone,
    the same entry is too weak to answer."""
    engine = engine_over(tmp_path, {
        "fetchit.1.txt": _man_page("fetchit", "download files over HTTP and FTP", [
            ("-r, --retries N", "Try each download N times before giving up."), ("-q, --quiet", "Print nothing but errors."),
            ("-c, --continue", "Resume a partially downloaded file instead of starting again."),
            ("-t, --timeout SECONDS", "Wait at most SECONDS for the server to answer.")]),
        "packit.1.txt": _man_page("packit", "bundle a folder into one archive", [
            ("-l, --level N", "Compress with level N, from 1 (fast) to 9 (small)."), ("-q, --quiet", "Print nothing but errors."),
            ("-x, --exclude PATTERN", "Leave out the files that match PATTERN."),
            ("-k, --keep", "Keep the original files after packing them.")]),
    })  # fmt: skip
    alone = Citadel(engine.store, retriever=RetrieverSettings(evidence=EvidenceSettings(unit_context=False)))

    def gate(e: Citadel, question: str) -> tuple[float, str]:
        answer = e.ask(question)
        trace = e.store.get_trace(answer.trace_id)
        assert trace is not None and trace["gate"] == "answerability"
        if answer.abstained:
            return float(trace["gate_score"]), ""
        out = answer.to_json()
        docs = {out["sources"][c["source_id"]]["doc_id"] for claim in out["claims"] for c in claim["citations"]}
        return float(trace["gate_score"]), " ".join([answer.answer, *sorted(docs)])

    question = "How do I make fetchit resume a partially downloaded file?"
    score, text = gate(engine, question)
    assert "--continue" in text and "fetchit.1.txt" in text and "packit.1.txt" not in text  # cited from its page
    assert score >= engine.pipeline().threshold()
    bare, _ = gate(alone, question)
    assert score > bare + 0.1  # the page is what makes the entry an answer
    other, _ = gate(engine, "How do I make packit resume a partially downloaded file?")
    assert score > other + 0.1  # the same entry answers the other tool's question less well


README = (
    "# Frobnicator\n\n## Supported formats\n\nThe frobnicator reads the following image formats:\n\n"
    "- PNG images\n- JPEG images\n- TIFF scans\n\n## Exporting\n\nTo export a project, run frob export. "
    "The export keeps every layer.\n\n## License\n\nMIT.\n\n## FAQ\n\n**Can I run it on a phone?**\n"
    "Only on tablets with at least 4 GB of memory.\n"
)


def test_a_short_section_and_a_whole_list_survive_verification_through_the_real_models(tmp_path: Path) -> None:
    """"License: MIT." and "...: PNG images; JPEG images; TIFF scans" are not their quotes
    character for character; the verifier still reads them as the units the answerability
    model read where they stand (a claim alone, "License: MIT." scores 0.04 and would be
    dropped as off the question). An FAQ's answer is quoted with its question, whose score
    it carries."""
    from citadel.pipeline import AskSettings

    engine = engine_over(tmp_path, {"frob.md": README})
    lenient = Citadel(engine.store, settings=AskSettings(abstain_threshold=0.0))
    out = lenient.ask("What license is the frobnicator under?")
    assert not out.abstained and out.claims[0].text == "License: MIT.", out
    assert out.claims[0].citations[0].quote == "License\n\nMIT."
    out = lenient.ask("Which image formats can the frobnicator read?")
    assert not out.abstained and out.claims[0].text.endswith("PNG images; JPEG images; TIFF scans"), out
    out = lenient.ask("Does the frobnicator work on mobile phones?")  # the FAQ's answer, read with its question
    assert not out.abstained and out.claims[0].text.startswith("Can I run it on a phone? Only on tablets"), out


# --- assembly, with a scorer standing in for the cross-encoder -----------------------------


def source(sid: str, text: str, title: str = "Manual", headings: tuple[str, ...] = (), doc: str | None = None) -> Source:
    doc_id = doc or f"{sid.lower()}.md"
    return Source(sid, f"{doc_id}#x", doc_id, 1, title, headings, None, 0, len(text), text, 0.9)


def scorer_of(table: dict[str, float]):  # type: ignore[no-untyped-def]
    """Scores by the first key each sentence contains (else 0.01)."""

    def score(question: str, sentences: Sequence[str]) -> list[float]:
        return [next((v for k, v in table.items() if k in s), 0.01) for s in sentences]

    return score


def answer(question: str, sources: Sequence[Source], table: dict[str, float]) -> list[dict]:  # type: ignore[type-arg]
    req = GenerationRequest(question, tuple(sources), build_prompt(question, tuple(sources)), answer_json_schema())
    out = json.loads(ExtractiveGenerator(scorer=scorer_of(table)).run(req).text)
    claims: list[dict] = out["claims"]  # type: ignore[type-arg]
    for claim in claims:  # every claim is whole sentences of its source, verbatim
        cited = next(s for s in sources if s.sid == claim["citations"][0]["source_id"])
        assert verbatim_span(claim["text"], cited.text) is not None, claim
        assert claim["citations"][0]["quote"] in cited.text
    return claims


def test_the_restated_faq_question_is_not_chosen_over_its_answer() -> None:
    text = (
        "How to delete a key from a dictionary\n"
        "So, how to delete a key from a dictionary.\n"
        "Use the del statement with the key, as in del d[key]."
    )
    claims = answer(
        "How do I delete a key from a dictionary?",
        [source("S1", text, "Programming FAQ", ("How to delete a key from a dictionary",))],
        {"How to delete": 0.97, "So, how": 0.95, "del statement": 0.9},
    )
    assert [c["text"] for c in claims] == ["Use the del statement with the key, as in del d[key]."]


def test_an_option_entry_in_the_question_s_own_words_is_still_the_answer() -> None:
    # the entry's description says just what the question asks; its option is what the
    # question does not know: it is no restated question
    text = ("Create a temporary file or directory, safely.\n\n-d, --directory\n    create a directory, not a file\n\n"
            "-q, --quiet\n    suppress diagnostics")  # fmt: skip
    claims = answer("How do I make it create a directory, not a file?", [source("S1", text)],
                    {"--directory": 0.9, "Create a temporary": 0.5})  # fmt: skip
    assert claims[0]["text"].startswith("-d, --directory"), claims


def test_the_line_that_completes_the_answer_is_included() -> None:
    text = "The timeout option sets how long a request waits for the server.\nDefault: 30 seconds.\nRetries are off."
    claims = answer("How long does a request wait by default?", [source("S1", text)], {"timeout option": 0.9})
    assert claims[0]["text"] == "The timeout option sets how long a request waits for the server. Default: 30 seconds."
    assert "Retries" not in json.dumps(claims)


def test_a_version_note_goes_with_the_entry_it_follows_and_a_sentence_in_one_keeps_its_version() -> None:
    text = ("asyncio.to_thread(func, /, *args, **kwargs)\n\nAsynchronously run function func in a separate thread.\n\n"
            "New in version 3.9.\n\nasyncio.timeout(delay)\n\nReturn an asynchronous context manager.")  # fmt: skip
    claims = answer("How do I run a blocking function in a thread from a coroutine?", [source("S1", text)],
                    {"Asynchronously run": 0.9})  # fmt: skip
    assert claims[0]["text"] == "Asynchronously run function func in a separate thread. New in version 3.9."
    assert "timeout" not in json.dumps(claims)  # the next entry is not taken along
    note = "run(args)\n\nChanged in version 3.7: Added the text parameter. Added the capture_output parameter.\n\nOther text."
    claims = answer("When did run() get capture_output?", [source("S1", note)], {"capture_output": 0.9})
    assert claims[0]["text"] == "Changed in version 3.7: Added the text parameter. Added the capture_output parameter."
    # a version note further away, or a long one, is not taken along
    far = "Run it in a thread.\n\nSomething else entirely.\n\nNew in version 3.9."
    assert answer("How do I run it?", [source("S1", far)], {"Run it": 0.9})[0]["text"] == "Run it in a thread."


def test_an_option_entry_is_one_unit_with_its_description() -> None:
    text = "OPTIONS\n -n, --dry-run\n show what would be done, without\n changing any file\n -q, --quiet\n print nothing"
    units = [text[s:e] for s, e in candidate_spans(text)]
    assert "-n, --dry-run\n show what would be done, without\n changing any file" in units
    claims = answer("How can I see what would happen without changing files?", [source("S1", text)],
                    {"show what would be done": 0.9})  # fmt: skip
    assert claims and claims[0]["text"] == "-n, --dry-run show what would be done, without changing any file"


def test_an_option_named_on_several_lines_is_one_term_with_its_description() -> None:
    """Texinfo's @item/@itemx (HTML: one <dt> a name): "-o file" and "--output=file" name one
    option; both stay with what it does, and the names alone are never a claim."""
    text = ("By default, time writes to standard error.\n\n-o file\n\n--output=file\n\n"
            "Write the resource use statistics to file. By default, this overwrites the file.\n\n-a\n\n--append\n\n"
            "Append the resource use information to the output file.")
    units = [text[s:e] for s, e in candidate_spans(text)]
    assert "-o file\n\n--output=file\n\nWrite the resource use statistics to file." in units
    assert "-a\n\n--append\n\nAppend the resource use information to the output file." in units
    assert is_option_line("-o file\n--output=file") and not is_option_line("-o file\nWrite it to file.")
    claims = answer("How do I make time write to a file?", [source("S1", text)], {"Write the resource": 0.9})
    assert claims and claims[0]["text"].startswith("-o file --output=file Write the resource use statistics")


def test_a_definition_term_is_one_unit_with_the_first_sentence_of_its_description() -> None:
    text = ("Counter objects\n\nmost_common([n])\u00b6\n\nReturn a list of the n most common elements. If n is omitted, "
            "all elements are returned.\n\nclass subprocess.CompletedProcess\u00b6\n\nThe return value from run().")  # fmt: skip
    units = [text[s:e] for s, e in candidate_spans(text)]
    assert "most_common([n])\u00b6\n\nReturn a list of the n most common elements." in units
    assert "If n is omitted, all elements are returned." in units  # the rest of the description stands alone
    assert "class subprocess.CompletedProcess\u00b6\n\nThe return value from run()." in units
    assert "Counter objects" in units  # a line without a permalink defines nothing


def test_a_lead_in_and_the_line_of_code_it_introduces_are_one_unit() -> None:
    """"... on the user's PATH:" says nothing without the line below it, and "#!/usr/bin/env
    python" alone says nothing of what it is for: together they answer; prose, a list item
    or a table row after a lead-in stays a unit of its own."""
    text = ("The most straightforward way is to write\n\n#!/usr/local/bin/python\n\nas the very first line. "
            "If the interpreter is on the user's PATH, use:\n\n#!/usr/bin/env python\n\nTo check, run:\n\n"
            "python3 -m pip --version\n\nThe cast includes:\n\nJohn Smith (born 1970)\n\nThe options are:\n\n- fast\n\n"
            "Name | Year | Part\nSmith | 1990 | lead (x)")  # fmt: skip
    units = [text[s:e] for s, e in candidate_spans(text)]
    assert "The most straightforward way is to write\n\n#!/usr/local/bin/python" in units
    assert "If the interpreter is on the user's PATH, use:\n\n#!/usr/bin/env python" in units
    assert "To check, run:\n\npython3 -m pip --version" in units
    assert "John Smith (born 1970)" in units and "- fast" in units  # prose and list items are no code
    assert "Smith | 1990 | lead (x)" in units  # a table row stays a row
    claims = answer("Which first line finds the interpreter through PATH?", [source("S1", text)],
                    {"user's PATH": 0.9})  # fmt: skip
    assert claims and claims[0]["text"].endswith("#!/usr/bin/env python")  # quoted with the line it introduces


def test_a_sentence_that_refers_back_to_its_paragraph_title_is_one_unit_with_it() -> None:
    """"This field is used by fsck(8) ..." alone does not say which field: read with the
    short title that opens its paragraph it answers "which field ...?". A "This" whose word
    the sentence before does not use, or a sentence after a long one, stands alone."""
    text = ("The sixth field (fs_passno). This field is used by fsck(8) to determine the order in which "
            "filesystem checks are done at boot time. Defaults to zero if not present.\n\n"
            "-C cmdlist Select by command name. This selects the processes named in cmdlist.\n\n"
            "The cache is cleared every night. This rule keeps disks from filling up.\n\n"
            "Backups run every night at two, on every server of the cluster, and take an hour or more. "
            "This backup is kept for a month.")  # fmt: skip
    units = [text[s:e] for s, e in candidate_spans(text)]
    assert ("The sixth field (fs_passno). This field is used by fsck(8) to determine the order in which "
            "filesystem checks are done at boot time.") in units  # fmt: skip
    assert "Defaults to zero if not present." in units
    assert "This rule keeps disks from filling up." in units  # no rule was named before it
    assert "This backup is kept for a month." in units  # the sentence before is no title
    # an option entry's "This selects ..." names what the entry does: read with it
    assert "-C cmdlist Select by command name. This selects the processes named in cmdlist." in units
    claims = answer("Which field decides the order of filesystem checks at boot?", [source("S1", text)],
                    {"order in which": 0.9})  # fmt: skip
    assert claims and claims[0]["text"].startswith("The sixth field (fs_passno).")


def test_a_short_labelled_paragraph_is_one_unit_and_a_long_one_is_not() -> None:
    note = "Changed in version 3.7: Added the text parameter. Added the capture_output parameter."
    long = "Note: " + " ".join(f"Sentence number {n} of a long note says something." for n in range(8))
    text = f"{note}\n\n{long}\n\nLevel: INFO; Numeric value: 20\nLevel: DEBUG; Numeric value: 10"
    units = [text[s:e] for s, e in candidate_spans(text)]
    assert note in units  # "Added the capture_output parameter." keeps its version
    assert "Sentence number 7 of a long note says something." in units
    assert "Level: INFO; Numeric value: 20" in units and "Level: DEBUG; Numeric value: 10" in units  # rows stay rows


def test_the_reranker_reads_each_unit_under_its_title_and_heading(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "runner.md").write_text("# taskrunner\n\n## Command-line options\n\nStop after the first failed task. "
                                    "Print every task as it starts.\n")  # fmt: skip
    with open_store(tmp_path / "store") as store:
        ingest(store, [docs])
        question = "How do I make taskrunner stop after the first failed task?"
        hits = searcher(store).search(question, k=5, rerank=False).hits
        for context, expected in ((True, "taskrunner > Command-line options: Stop after the first failed task."),
                                  (False, "Stop after the first failed task.")):  # fmt: skip
            reranker = ReadingReranker()
            select_evidence(store, question, hits, SearchFilter(), reranker=reranker,
                            settings=EvidenceSettings(unit_context=context))  # fmt: skip
            assert expected in reranker.read
            assert context == ("Stop after the first failed task." not in reranker.read)
        # the units the answerability model reads are read alone as well: its calibration takes both views
        reranker = ReadingReranker()
        passages = select_evidence(store, question, hits, SearchFilter(), reranker=reranker,
                                   answerability=get_answerability())  # fmt: skip
        assert "taskrunner > Command-line options: Stop after the first failed task." in reranker.read
        assert "Stop after the first failed task." in reranker.read
        assert passages and passages[0].answerability is not None


def test_a_table_row_is_answered_as_its_row_not_the_whole_table() -> None:
    rows = [
        "Level: CRITICAL; Numeric value: 50",
        "Level: ERROR; Numeric value: 40",
        "Level: WARNING; Numeric value: 30",
        "Level: INFO; Numeric value: 20",
    ]
    claims = answer(
        "What is the numeric value of the CRITICAL level?",
        [source("S1", "\n".join(rows), "Logging levels")],
        {"CRITICAL": 0.99, "Level:": 0.5},
    )
    assert [c["text"] for c in claims] == [rows[0]]


def test_identical_text_is_cited_from_the_document_the_question_names() -> None:
    same = "The default compression level is 9, the slowest and smallest."
    sources = [
        source("S1", same, "zlib - Compression compatible with gzip", doc="zlib.html"),
        source("S2", same, "gzip - Support for gzip files", ("Module contents", "GzipFile"), doc="gzip.html"),
    ]
    claims = answer("Which compression level does the gzip module's GzipFile use by default?", sources,
                    {"compression level": 0.9})  # fmt: skip
    assert [c["citations"][0]["source_id"] for c in claims] == ["S2"]


def test_no_heading_or_list_marker_becomes_a_claim() -> None:
    text = "Installing the package from the index\nTo install it:\n- Run pip install citadel in a virtual environment."
    claims = answer(
        "How do I install the package from the index?",
        [source("S1", text, "Setup guide", ("Installing the package from the index",))],
        {"Installing the package": 0.98, "pip install": 0.9},
    )
    assert [c["text"] for c in claims] == ["To install it: Run pip install citadel in a virtual environment."]
    assert not any(c["text"].startswith(("-", "Installing")) or " - " in c["text"] for c in claims)
    assert not any(c["citations"][0]["quote"].startswith("-") for c in claims)


def test_a_lead_in_is_answered_with_the_list_it_introduces() -> None:
    """"... reads the following formats:" says nothing without its items: every item comes
    along (bullets left out of the claim, items parted by "; "), up to the length cap; a
    paragraph that announces "the following" ones takes the list after it too; the text after
    the list does not come along."""
    text = ("Supported formats\n\nThe tool reads the following formats:\n\n- PNG images\n- JPEG images\n"
            "- TIFF scans\n\nExport keeps every layer.")
    claims = answer("Which formats can the tool read?", [source("S1", text)], {"following formats": 0.9})
    assert [c["text"] for c in claims] == ["The tool reads the following formats: PNG images; JPEG images; TIFF scans"]
    assert claims[0]["citations"][0]["quote"].endswith("- TIFF scans")  # the quote is the source's text
    auth = ("Authentication\n\nThe following three types of authentication are supported. They work over HTTP "
            "and HTTPS.\n\n* Digest\n* Basic\n* WSSE\n\nCaching\n\nThe module can keep a private cache.")
    claims = answer("Which authentication types are supported?", [source("S1", auth)], {"three types": 0.9})
    assert claims[0]["text"] == ("The following three types of authentication are supported. They work over HTTP "
                                 "and HTTPS. Digest; Basic; WSSE")
    # a list after a paragraph that announces nothing stays out; a long list stops at the cap
    plain = "Logging\n\nThe service writes logs.\n\n- one\n- two"
    assert answer("Does it log?", [source("S1", plain)], {"writes logs": 0.9})[0]["text"] == "The service writes logs."
    long = "The service returns these codes:\n\n" + "\n".join(f"- code {n} means that request {n} failed" for n in range(40))
    claims = answer("What do the codes mean?", [source("S1", long)], {"these codes": 0.9})
    assert len(claims[0]["citations"][0]["quote"]) <= 600 and "code 0 means" in claims[0]["text"]


def test_an_faq_question_is_quoted_with_the_answer_after_it() -> None:
    """An FAQ's question is most like the question asked, and says nothing; the unit after
    it answers. The claim quotes both, whichever was found, so it also says what its answer
    is to ("Only for up to 20 days" alone does not), and the answer runs to the end of its
    paragraph; a question followed by another question, or by a heading, gives no claim."""
    text = ("FAQ\n\nCan I work from abroad?\nOnly for up to 20 days a year. HR must approve it in writing.\n\n"
            "Who pays for my laptop?\nThe company provides a laptop.")
    claims = answer("Can I work from another country?", [source("S1", text, "Handbook", ("FAQ",))],
                    {"from abroad": 0.9, "laptop": 0.2})  # fmt: skip
    assert [c["text"] for c in claims] == [  # the answer is its whole paragraph
        "Can I work from abroad? Only for up to 20 days a year. HR must approve it in writing."]
    found = answer("Can I work from another country?", [source("S1", text, "Handbook", ("FAQ",))],
                   {"Only for up to": 0.9})  # the answer found first is quoted with its question too
    assert [c["text"] for c in found] == [c["text"] for c in claims]
    bare = "FAQ\n\nCan I work from abroad?\nMay I bring my dog?\n\nPets\n\nDogs are welcome."
    assert answer("Can I work from another country?", [source("S1", bare, "Handbook", ("FAQ",))],
                  {"from abroad": 0.9}) == []  # fmt: skip


def test_a_lead_in_in_the_question_s_words_is_answered_with_its_steps() -> None:
    """"To claim an expense:" says nothing the question did not, but the steps it leads to
    are the answer: it is no restated question when something follows it."""
    text = ("Expenses\n\nTo claim an expense:\n\n1. Keep the receipt.\n2. Fill in form E-12 within 30 days.\n"
            "3. Send it to your manager.\n\nClaims above 500 EUR need a second signature.")
    claims = answer("How do I claim an expense?", [source("S1", text)], {"To claim": 0.9, "second": 0.1})
    assert [c["text"] for c in claims] == [
        "To claim an expense: 1. Keep the receipt. 2. Fill in form E-12 within 30 days. 3. Send it to your manager."]
    alone = "Expenses\n\nTo claim an expense:"
    assert answer("How do I claim an expense?", [source("S1", alone)], {"To claim": 0.9}) == []


def test_a_short_section_body_is_answered_with_its_heading() -> None:
    """"MIT." alone is too short to be a claim and says nothing of what it is; as the whole
    first line under "License" it answers "what license ...?" as "License: MIT."; a short
    line that does not open its section stays out."""
    text = "License\n\nMIT.\n\nNo warranty."
    claims = answer("What license is it under?", [source("S1", text, "Frobnicator", ("License",))], {"MIT": 0.9})
    assert [c["text"] for c in claims] == ["License: MIT."]
    assert claims[0]["citations"][0]["quote"] == "License\n\nMIT."
    later = "License\n\nThe code is free to use.\n\nMIT."
    assert answer("What license is it under?", [source("S1", later, "Frobnicator", ("License",))], {"MIT": 0.9}) == []


def test_a_row_the_question_names_is_not_followed_by_rows_it_does_not() -> None:
    """"How much notice for annual leave?" is answered by the annual-leave row; the
    parental-leave row scores nearly as well (same table, same columns) but is about a case
    the question does not name. A question that names no row keeps every row it finds."""
    rows = ("Leave type: Annual leave; Days per year: 25; Notice: 2 weeks\n"
            "Leave type: Sick leave; Days per year: 10; Notice: none\n"
            "Leave type: Parental leave; Days per year: 90; Notice: 3 months")
    table = {"Annual": 0.9, "Parental": 0.8, "Sick": 0.7}
    claims = answer("How much notice do I give for annual leave?", [source("S1", rows)], table)
    assert [c["text"] for c in claims] == ["Leave type: Annual leave; Days per year: 25; Notice: 2 weeks"]
    assert len(answer("Which leave types need notice?", [source("S1", rows)], table)) == 3
    laptops = "Product: Laptop A; Price: 899\nProduct: Laptop B; Price: 1299"  # one letter tells them apart
    claims = answer("How much does Laptop B cost?", [source("S1", laptops)], {"Laptop B": 0.9, "Laptop A": 0.8})
    assert [c["text"] for c in claims] == ["Product: Laptop B; Price: 1299"]
    logs = "Logs are kept for different periods.\n\n- Access logs: 30 days\n- Audit logs: 1 year\n- Debug logs: 7 days"
    claims = answer("How long are audit logs kept?", [source("S1", logs)], {"Audit": 0.9, "Access": 0.8, "Debug": 0.7})
    assert [c["text"] for c in claims] == ["Audit logs: 1 year"]


def test_a_later_list_item_is_quoted_after_its_lead_in() -> None:
    """"Debug logs: 7 days" is the third item under "Logs are kept for these periods:": the
    claim cites the lead-in, then the item (two quotes, nothing between them), and reads
    as one sentence; an item of a list without a lead-in stays alone."""
    text = "Retention\n\nLogs are kept for these periods:\n\n- Access logs: 30 days\n- Audit logs: 1 year\n- Debug logs: 7 days"
    req = GenerationRequest("How long are debug logs kept?", (source("S1", text),), "", answer_json_schema())
    out = json.loads(ExtractiveGenerator(scorer=scorer_of({"Debug": 0.9})).run(req).text)["claims"]
    assert [c["text"] for c in out] == ["Logs are kept for these periods: Debug logs: 7 days"]
    assert [q["quote"] for q in out[0]["citations"]] == ["Logs are kept for these periods:", "Debug logs: 7 days"]
    bare = "Retention\n\nLogs are kept.\n\n- Access logs: 30 days\n- Debug logs: 7 days"
    assert [c["text"] for c in answer("How long are debug logs kept?", [source("S1", bare)], {"Debug": 0.9})] == [
        "Debug logs: 7 days"]


def test_a_claim_made_of_its_quotes_keeps_the_answerability_its_units_were_read_with() -> None:
    """The verifier's "does it address the question?" reuses what evidence selection read
    where the unit stands, for a claim that is its quotes punctuation aside: a list item
    quoted without its marker, after its lead-in, counts the item's score; a claim that says
    more than its quotes is read again."""
    from citadel.pipeline import _known_answerability
    from citadel.verify import Citation, Claim

    text = "Logs are kept for these periods:\n\n- Access logs: 30 days\n- Debug logs: 7 days"
    item = text.index("- Debug")
    src = Source("S1", "s1.md#x", "s1.md", 1, "Ops", (), None, 0, len(text), text, 0.9, (),
                 ((0, 32, 0.0), (item, len(text), 0.67)))  # fmt: skip
    lead = Claim(text="Logs are kept for these periods: Debug logs: 7 days",
                 citations=(Citation(source_id="S1", quote="Logs are kept for these periods:"),
                            Citation(source_id="S1", quote="Debug logs: 7 days")))  # fmt: skip
    alone = Claim(text="Debug logs: 7 days.", citations=(Citation(source_id="S1", quote="Debug logs: 7 days"),))
    more = Claim(text="Debug logs: 7 days, then deleted", citations=(Citation(source_id="S1", quote="Debug logs: 7 days"),))
    known = _known_answerability([lead, alone, more], [src])
    assert known == {lead.text: 0.67, alone.text: 0.67}


def test_a_list_item_without_a_lead_in_loses_only_its_marker() -> None:
    text = "Notes on setup\n\n- Run pip install citadel in a virtual environment."
    claims = answer("How do I install it?", [source("S1", text)], {"pip install": 0.9})
    assert [c["citations"][0]["quote"] for c in claims] == ["Run pip install citadel in a virtual environment."]


def test_no_claim_repeats_the_text_of_another() -> None:
    """"Just call dpkg-reconfigure ..." would be completed with "By default, ..." (it
    continues it), but that is already the first claim: the second one stops before it."""
    text = ("Just call dpkg-reconfigure to adjust the settings. By default, all installed authorities are trusted.\n\n"
            "Local certificates go into /usr/local/share/ca-certificates/.")
    claims = answer("Are all authorities trusted by default?", [source("S1", text)],
                    {"By default": 0.9, "Just call": 0.8})  # fmt: skip
    assert [c["text"] for c in claims] == ["By default, all installed authorities are trusted.",
                                           "Just call dpkg-reconfigure to adjust the settings."]


def test_claims_far_below_the_best_are_left_out() -> None:
    text = "Refunds are processed within five business days. Refund requests are read by the billing team."
    claims = answer("How long do refunds take?", [source("S1", text)], {"five business": 0.99, "billing team": 0.5})
    assert [c["text"] for c in claims] == ["Refunds are processed within five business days."]


def test_of_two_documents_with_the_same_text_evidence_keeps_the_one_the_question_names(
    tmp_path: Path, store: Store
) -> None:
    same = (
        "The default compression level is 9, which gives the smallest output and is the slowest; level 1 is the "
        "fastest and compresses least, and level 0 stores the data with no compression at all."
    )
    (tmp_path / "zlib.md").write_text(f"# zlib library\n\n{same}\n")
    (tmp_path / "gzip.md").write_text(f"# gzip files\n\n{same}\n")
    ingest(store, [tmp_path / "zlib.md", tmp_path / "gzip.md"], embedder=HashingEmbedder())
    question = "What compression level does gzip use by default?"
    hits = sorted(searcher(store).search(question, k=10).hits, key=lambda h: h.doc_id != "zlib.md")  # zlib first
    passages = select_evidence(store, question, hits, SearchFilter())
    assert [p.doc_id for p in passages if same in p.text] == ["gzip.md"]


def test_which_option_is_answered_by_an_options_entry_first() -> None:
    text = ("A virtual environment may be isolated from the packages of the base Python.\n\n"
            "optional arguments:\n  -h, --help            show this help message and exit\n"
            "  --system-site-packages\n                        Give the virtual environment access to the system\n"
            "                        site-packages dir.\n")  # fmt: skip
    table = {"may be isolated": 0.48, "--system-site-packages": 0.46}
    claims = answer("Which option lets a venv see the system's packages?", [source("S1", text)], table)
    assert claims[0]["text"].startswith("--system-site-packages Give the virtual environment access")
    assert claims[1]["text"].startswith("A virtual environment may be isolated")  # still there, second
    claims = answer("Can a venv see the system's packages?", [source("S1", text)], table)  # no option asked for
    assert claims[0]["text"].startswith("A virtual environment may be isolated")
    assert asks_option("What command-line flag turns it on?") and not asks_option("What is an option?")
    assert is_option_entry("-h, --help            show this help") and not is_option_entry("The --help option")


def test_an_info_manuals_quoted_option_entry_is_an_entry_and_answers() -> None:
    """Texinfo's info output quotes each option ("\u2018--recursive\u2019 \u2018-r\u2019 Travel the
    directory structure recursively."): the entry's words are nearly all the question's, and
    only an option's entry is exempt from being a restated question."""
    entry = "\u2018--recursive\u2019 \u2018-r\u2019 Travel the directory structure recursively."
    assert is_option_entry(entry) and is_option_entry("'-s' '--script' Suppress the byte counts.")
    assert is_option_line("\u2018--keep\u2019 \u2018-k\u2019") and not is_option_entry("\u2018gzip\u2019 reduces the size.")
    text = "Invoking gzip\n\n" + entry + " If any of the names are directories, gzip descends into them."
    claims = answer("Which gzip option travels the directory structure recursively?", [source("S1", text)],
                    {"--recursive": 0.8})  # fmt: skip
    assert claims and claims[0]["text"].startswith(entry)


def test_a_sentence_that_refers_back_is_quoted_with_the_sentence_it_refers_to() -> None:
    text = ("Release notes\n\nThe --keep option leaves the input file in place. With this option, nothing is "
            "deleted after compressing.\n\nThis option is also read from the GZIP variable.")  # fmt: skip
    claims = answer("How do I stop the input file from being deleted?", [source("S1", text)], {"nothing is deleted": 0.9})
    assert claims[0]["text"] == ("The --keep option leaves the input file in place. With this option, nothing is "
                                 "deleted after compressing.")  # fmt: skip
    # a paragraph's first sentence refers to nothing before it, and a bare "It" may mean the topic
    claims = answer("Where else is the option read from?", [source("S1", text)], {"GZIP variable": 0.9})
    assert claims[0]["text"] == "This option is also read from the GZIP variable."
    river = "The Penobscot flows past Bangor. Also at Bangor is Kenduskeag Stream. It empties into Penobscot Bay."
    claims = answer("Where does the Penobscot end?", [source("S1", river)], {"empties": 0.9})
    assert claims[0]["text"] == "It empties into Penobscot Bay."


def _generate(question: str, sources: Sequence[Source], table: dict[str, float]) -> list[dict]:  # type: ignore[type-arg]
    req = GenerationRequest(question, tuple(sources), build_prompt(question, tuple(sources)), answer_json_schema())
    return json.loads(ExtractiveGenerator(scorer=scorer_of(table)).run(req).text)["claims"]  # type: ignore[no-any-return]


def test_a_version_question_gets_the_release_heading_the_quote_stands_under() -> None:
    heading = "tarx 2.3 (2024-05-02)"
    entry = "Bug fixes\n\nA crafted header no longer overflows a buffer (CVE-2024-1234)."
    held = source("S1", f"{heading}\n\n{entry}", headings=(heading, "Bug fixes"))
    question = "In which release was the crafted header overflow fixed?"
    claims = _generate(question, [held], {"crafted header": 0.9})
    assert claims[0]["text"] == f"{heading}: A crafted header no longer overflows a buffer (CVE-2024-1234)."
    assert [c["quote"] for c in claims[0]["citations"]] == [heading, entry.split("\n\n")[1]]
    # the heading in another source of the same document (evidence selection attaches it) ...
    alone = source("S1", entry, headings=(heading, "Bug fixes"), doc="news.md")
    attached = source("S2", heading, headings=(heading,), doc="news.md")
    claims = _generate(question, [alone, attached], {"crafted header": 0.9})
    assert claims[0]["citations"][0] == {"source_id": "S2", "quote": heading} and len(claims) == 1
    # ... but not from another document, and not for a question that asks no version
    other = source("S2", heading, headings=(heading,), doc="other.md")
    assert len(_generate(question, [alone, other], {"crafted header": 0.9})[0]["citations"]) == 1
    assert len(_generate("Is the crafted header overflow fixed?", [held], {"crafted header": 0.9})[0]["citations"]) == 1


def test_a_claim_about_another_numbered_identifier_of_the_asked_family_is_no_claim() -> None:
    text = ("curl (7.88.1-10+deb12u8)\n\nImport patch for CVE-2024-8096: OCSP stapling errors were ignored with GnuTLS."
            "\n\ncurl (7.88.1-10+deb12u7)\n\nImport patches for CVE-2024-7264: an ASN.1 date parser overread."
            "\n\ncurl (7.88.1-10+deb12u6)\n\nThe test suite runs again under the GnuTLS backend.")  # fmt: skip
    table = {"CVE-2024-8096": 0.9, "CVE-2024-7264": 0.85, "test suite": 0.8}
    claims = _generate("Which curl revision fixed CVE-2024-8096 in the GnuTLS backend?", [source("S1", text)], table)
    texts = [c["text"] for c in claims]
    assert texts[0].startswith("Import patch for CVE-2024-8096") and not any("7264" in t for t in texts)
    assert any("test suite" in t for t in texts)  # a claim that names no identifier is left to the scores
    # a question that names no identifier of the family keeps them all
    texts = [c["text"] for c in _generate("Which curl revisions fixed ASN.1 or GnuTLS bugs?", [source("S1", text)], table)]
    assert any("7264" in t for t in texts) and any("8096" in t for t in texts)


def test_a_short_table_entry_is_an_answer_and_a_short_fragment_is_not() -> None:
    """wget's exit codes are a table of one-line entries ("4" over "Network failure.", read as
    "4 Network failure."): three words, too few for a sentence to stand alone, but a whole
    entry with its term; a short sentence inside a paragraph still stands for nothing."""
    text = ("Wget may return one of several error codes if it encounters problems.\n\n0 No problems occurred.\n\n"
            "1 Generic error code.\n\n4 Network failure.\n\nWith the exceptions of 0 and 1, the lower-numbered "
            "exit codes take precedence over higher-numbered ones.")  # fmt: skip
    claims = answer("Which wget exit code indicates a network failure?", [source("S1", text)],
                    {"4 Network": 0.9, "1 Generic": 0.5, "0 No": 0.4})  # fmt: skip
    assert claims[0]["text"] == "4 Network failure."
    inside = "The cache is kept on disk. See below. Entries expire after a day."
    claims = answer("Where is the cache kept?", [source("S1", inside)], {"See below": 0.9, "kept on disk": 0.5})
    assert "See below." not in [c["text"] for c in claims] and claims[0]["text"] == "The cache is kept on disk."


def test_which_option_is_answered_by_a_sentence_naming_one_before_a_lesser_entry() -> None:
    """grep's FAQ says "To list the names of all files that contain no matching lines, use the
    '-L' option." and the models read it best; an option's entry the models read less well
    ("-I: Process a binary file as if it did not contain matching data") comes after it."""
    text = ("Usage\n\nTo list the names of all files that contain no matching lines, use the \u2018-L\u2019 or "
            "\u2018--files-without-match\u2019 option.\n\n-I: Process a binary file as if it did not contain "
            "matching data.")  # fmt: skip
    table = {"To list the names": 0.6, "-I:": 0.45}
    claims = answer("Which grep option lists only the files that contain no match at all?", [source("S1", text)], table)
    assert claims[0]["text"].startswith("To list the names of all files that contain no matching lines")
    assert claims[1]["text"].startswith("-I: Process a binary file")


def test_a_lead_in_is_quoted_with_the_whole_example_it_introduces() -> None:
    """numfmt's examples: a lead-in, a command and the line it prints, in a code block; the
    claim ends with what the example prints, not at the command."""
    text = ("Examples\n\nConverting from SI to IEC scales (a drive sold as 1TB):\n\n$ numfmt --from=si --to=iec 1T\n932G"
            "\n\nConverting a single field of an input file:\n\n$ ls -l | numfmt --field 5 --to=si")  # fmt: skip
    claims = answer("What does numfmt print when 1T is converted from SI to IEC?", [source("S1", text)],
                    {"Converting from SI": 0.9, "a single field": 0.3})  # fmt: skip
    assert claims[0]["text"].endswith("$ numfmt --from=si --to=iec 1T 932G"), claims
    assert "single field" not in claims[0]["text"]
