"""A question that names a version, over release notes: every release's section reads like
every other, and only the heading says which release it is. The answer comes from the
section of the release asked about; "when was it released?" is answered by the release's
dated heading; a release the notes never name is not answered at all."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from citadel.engine import Citadel
from citadel.retrieve.ask import EvidenceRetriever
from citadel.retrieve.answer_types import asks_date
from citadel.retrieve.entries import heading_versions, versioned_headings
from citadel.retrieve.versions import (
    dated_heading,
    dates_release,
    named_versions,
    pinned,
    same_version,
    unnamed_versions,
)

from citadel.store.base import SearchFilter

from tests.engine_fixtures import engine_over


@dataclass(frozen=True)
class _Hit:
    name: str
    heading_path: tuple[str, ...]
    doc_id: str = "NEWS"


def test_the_versions_a_question_names_and_what_counts_as_the_same_release() -> None:
    assert named_versions("What changed in diffutils 3.8?") == ["3.8"]
    assert named_versions("Is v1.47.0 newer than 1.46.6, and than 1.47.0?") == ["v1.47.0", "1.46.6", "1.47.0"]
    assert named_versions("How do I compress a file?") == []
    assert same_version("3.8", "3.8") and same_version("3.8", "3.8.1") and same_version("v3.8", "3.8")
    assert same_version("7.88.1", "7.88.1-10+deb12u8") and same_version("1.47.0", "1.47")
    assert not same_version("3.8", "3.80") and not same_version("3.8", "13.8") and not same_version("3.8", "3.7")
    assert not same_version("1.47.1", "1.47")  # a later point release is not the series' first


def test_only_the_sections_of_the_release_asked_about_are_kept() -> None:
    hits = [
        _Hit("2.2 fixes", ("tarx NEWS", "Release 2.2 (2023-11-10)", "Bug fixes")),
        _Hit("intro", ("tarx NEWS",)),
        _Hit("2.3 fixes", ("tarx NEWS", "Release 2.3 (2024-05-02)", "Bug fixes")),
    ]
    kept = pinned("What bugs were fixed in tarx 2.3?", hits)
    assert [h.name for h in kept] == ["intro", "2.3 fixes"]  # a section under no release stays
    # another document's sections stay, and so does a page whose title names one version
    page = _Hit("sqlite3", ("sqlite3 \u2014 DB-API 2.0 interface", "Reference"), doc_id="sqlite3.html")
    assert pinned("What bugs were fixed in tarx 2.3?", [*hits, page])[-1] == page
    assert pinned("What does DB-API 2.0 say?", [page]) == [page]
    # a release no heading names, or a question that names none: nothing is left out
    assert pinned("What bugs were fixed in tarx 2.9?", hits) == hits
    assert pinned("What bugs were fixed in tarx?", hits) == hits


def test_a_sections_number_is_no_release() -> None:
    """"2.1. Removal of the unversioned packages" is section 2.1 of a policy, not release 2.1:
    a question about Python 3.11 keeps it, and it makes no document release notes."""
    hits = [_Hit("policy", ("Python Policy", "2.1. Removal of the unversioned packages"), "policy.html"),
            _Hit("tutorial", ("Tutorial", "3.11 Handling Exceptions"), "tutorial.html")]  # fmt: skip
    assert pinned("What was removed in Python 2.1?", hits) == hits
    assert unnamed_versions("How do I add a note in 3.12?", ["Use add_note()."] * 2,
                            [h.heading_path for h in hits], [h.doc_id for h in hits]) == []  # fmt: skip
    # (a release of something named, "Python 3.12", is another matter: no text names it)
    assert unnamed_versions("In Python 3.12, how do I add a note?", ["Use add_note()."] * 2,
                            [h.heading_path for h in hits], [h.doc_id for h in hits]) == ["3.12"]  # fmt: skip
    assert versioned_headings(("Release 2.3 (2024-05-02)", "2.1. Bug fixes")) == ["Release 2.3 (2024-05-02)"]
    assert heading_versions("2.3 (2024-05-02)") == ["2.3"] and heading_versions("v2.3") == ["v2.3"]
    assert heading_versions("1.47.0") == ["1.47.0"] and heading_versions("8.3. Handling Exceptions") == []


def test_a_release_the_retrieved_notes_never_name_is_missing() -> None:
    paths = [("tarx NEWS", "Release 2.2 (2023-11-10)"), ("tarx NEWS", "Release 2.3 (2024-05-02)")]
    texts, docs = ["tarx NEWS\nFixed a crash.", "tarx NEWS\nSee also the 2.1 notes."], ["NEWS", "NEWS"]
    assert unnamed_versions("When was tarx 3.0 released?", texts, paths, docs) == ["3.0"]
    assert unnamed_versions("When was tarx 2.3 released?", texts, paths, docs) == []  # a heading names it
    assert unnamed_versions("What did tarx 2.1 change?", texts, paths, docs) == []  # a text names it
    # documents whose headings name one release or none are no release notes: a number is no
    # release there ("the float 2.0"); only a release of something named is ("Python 3.12",
    # which a page titled "DB-API 2.0 interface" about 3.11 never names: it does not say)
    assert unnamed_versions("Why is sqrt(4) the float 2.0?", ["sqrt returns a float"], [("cmath",)], ["c"]) == []
    assert unnamed_versions("In Python 3.12, can sqlite3 autocommit?", ["Connection objects"] * 2,
                            [("sqlite3 \u2014 DB-API 2.0 interface", "Reference")] * 2, ["s", "s"]) == ["3.12"]  # fmt: skip
    assert unnamed_versions("In Python 3.12, can sqlite3 autocommit?", ["Changed in version 3.12: autocommit"] * 2,
                            [("sqlite3 \u2014 DB-API 2.0 interface", "Reference")] * 2, ["s", "s"]) == []  # fmt: skip
    # two release notes' headings apart make no release notes of either
    assert unnamed_versions("When was tarx 3.0 released?", texts, paths, ["NEWS", "OTHER"]) == []


def test_the_dated_heading_of_the_release_asked_about() -> None:
    text = "tarx NEWS\n\nRelease 2.3 (2024-05-02)\n\nBug fixes\n\nFixed a crash."
    path = ("tarx NEWS", "Release 2.3 (2024-05-02)", "Bug fixes")
    start = text.index("Release 2.3")
    assert dated_heading("When was tarx 2.3 released?", text, path, len(text)) == (start, start + 24, 1)
    assert dated_heading("When was tarx 2.2 released?", text, path, len(text)) is None
    assert dates_release("When did 2.3 come out?", "Release 2.3 (2024-05-02)")
    assert dates_release("When did 2.3 come out?", "E2fsprogs 2.3 (February 5, 2023)")
    assert not dates_release("When did 2.3 come out?", "Release 2.3")  # no date: no answer
    assert asks_date("When was tarx 2.3 released?") and asks_date("What is the release date of 2.3?")
    assert not asks_date("What changed in tarx 2.3?") and not asks_date("How do I know when it is done?")


# --- end to end, with the real bundled models ----------------------------------------------

NEWS = "\n".join([
    "tarx NEWS                                    -*- outline -*-",
    "",
    "* Noteworthy changes in release 2.3 (2024-05-02) [stable]",
    "",
    "** Bug fixes",
    "",
    "  tarx no longer crashes when an archive member has an empty name.",
    "  [bug introduced in 2.1]",
    "",
    "* Noteworthy changes in release 2.2 (2023-11-10) [stable]",
    "",
    "** Bug fixes",
    "",
    "  tarx no longer hangs when an archive ends in the middle of a header.",
    "  [bug introduced in 1.9]",
    "",
    "* Noteworthy changes in release 2.1 (2023-02-14) [stable]",
    "",
    "** Bug fixes",
    "",
    "  tarx no longer leaks file descriptors when an archive member cannot be read.",
    "  [bug introduced in 1.4]",
    "",
])  # fmt: skip


@pytest.fixture(scope="module")
def releases(tmp_path_factory: pytest.TempPathFactory) -> Citadel:
    return engine_over(tmp_path_factory.mktemp("release-notes"), {"NEWS": NEWS})


def test_the_fixes_of_the_release_asked_about_come_from_its_section(releases: Citadel) -> None:
    for version, fix, others in (("2.2", "hangs", ("crashes", "leaks")), ("2.1", "leaks", ("crashes", "hangs"))):
        answer = releases.ask(f"Which bugs were fixed in tarx {version}?")
        assert not answer.abstained, version
        text = " ".join(c.text for c in answer.claims)
        assert fix in text and not any(o in text for o in others), (version, text)


def test_what_changed_in_a_release_is_read_with_its_release_heading(releases: Citadel) -> None:
    """"Bug fixes" alone says nothing of which release; read under "release 2.2" the fix
    answers "what changed in 2.2?", and what the section does not hold is still no answer."""
    answer = releases.ask("What changed in tarx 2.2?")
    assert not answer.abstained
    assert "hangs" in answer.claims[0].text
    trace = releases.store.get_trace(answer.trace_id)
    assert trace is not None and trace["gate"] == "answerability"
    assert releases.ask("Did tarx 2.2 add support for zstd compression?").abstained


def test_when_a_release_came_out_is_answered_with_its_dated_heading(releases: Citadel) -> None:
    answer = releases.ask("When was tarx 2.2 released?")
    assert not answer.abstained
    first = answer.claims[0]
    assert "2023-11-10" in first.text and "2024" not in first.text
    doc = releases.store.text("NEWS")
    assert doc[first.citations[0].start : first.citations[0].end] == "Noteworthy changes in release 2.2 (2023-11-10) [stable]"


def test_the_section_of_the_release_asked_about_is_read_when_search_ranks_it_low(releases: Citadel) -> None:
    """Search ranks by words, and "2.1" is little of them: when no hit stands under the
    release asked about, the retriever adds that release's chunks of the release notes it
    found, with the document's access groups; when one does, nothing is added."""
    retriever = releases.pipeline().retriever
    assert isinstance(retriever, EvidenceRetriever)
    question = "When was tarx 2.1 released?"
    hits = releases.searcher.search(question, k=8, rerank=False).hits
    others = tuple(h for h in hits if "2.1 (" not in " ".join(h.heading_path))
    assert others and len(others) < len(hits)  # search found the 2.1 section; leave it out
    added = retriever._release_sections(question, others, SearchFilter())[len(others):]
    assert added and all("release 2.1 (2023-02-14)" in h.heading_path[0] for h in added)
    assert {h.groups for h in added} == {others[0].groups} and all(h.relevance is None for h in added)
    assert retriever._release_sections(question, hits, SearchFilter()) == hits  # found already
    assert retriever._release_sections("When was tarx released?", others, SearchFilter()) == others


CHANGELOG = "\n".join([
    "tarx (2.2-1) unstable; urgency=low",
    "",
    "  * New upstream release.",
    "",
    " -- Jane Doe <jane@example.org>  Mon, 20 Nov 2023 10:00:00 +0100",
    "",
    "tarx (2.1-1) unstable; urgency=low",
    "",
    "  * New upstream release.",
    "",
    " -- Jane Doe <jane@example.org>  Tue, 21 Feb 2023 10:00:00 +0100",
    "",
])  # fmt: skip


def test_each_release_notes_document_gets_the_section_of_the_release(tmp_path: Path) -> None:
    """Upstream's NEWS and the Debian changelog both name 2.2: a hit under the changelog's
    2.2 entry does not stand for NEWS, whose 2.2 section (with the release date) is added."""
    engine = engine_over(tmp_path, {"NEWS": NEWS, "changelog.Debian": CHANGELOG})
    retriever = engine.pipeline().retriever
    assert isinstance(retriever, EvidenceRetriever)
    question = "When was tarx 2.2 released?"
    hits = engine.searcher.search(question, k=12, rerank=False).hits
    others = tuple(h for h in hits if not (h.doc_id == "NEWS" and "2.2 (" in " ".join(h.heading_path)))
    assert any(h.doc_id == "NEWS" for h in others) and any(h.doc_id == "changelog.Debian" for h in others)
    added = retriever._release_sections(question, others, SearchFilter())[len(others):]
    assert added and {h.doc_id for h in added} == {"NEWS"}
    assert all("release 2.2 (2023-11-10)" in h.heading_path[0] for h in added)


def test_a_release_the_notes_do_not_have_is_not_answered(releases: Citadel) -> None:
    answer = releases.ask("When was tarx 3.0 released?")
    assert answer.abstained and answer.closest
    trace = releases.store.get_trace(answer.trace_id)
    assert trace is not None and "no retrieved text names 3.0" in " ".join(trace["notes"])
    answer = releases.ask("Which bugs were fixed in tarx 3.0?")
    assert answer.abstained
