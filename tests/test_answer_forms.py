"""What form an answer takes: a question that asks "since which version?" is answered with
the version note of the entry that answers it (the note sits at the end of the entry,
paragraphs below the sentence that describes the thing, and says nothing of it alone); one
that asks for an amount is not answered by a unit that states none."""

from __future__ import annotations

import re

import pytest

from citadel.engine import Citadel
from citadel.models import Chunk
from citadel.retrieve import KeywordReranker, select_evidence
from citadel.retrieve.answer_types import asks_version, without_version_clause
from citadel.retrieve.answerability import get_answerability
from citadel.retrieve.entries import (
    ENTRY_WINDOW,
    entry_of,
    heading_line,
    is_boundary,
    states_version,
    version_heading,
    version_note,
)
from citadel.store.base import SearchFilter

from tests.engine_fixtures import engine_over

# --- finding the note, on text written here ----------------------------------------------

ENTRY = "\n\n".join([
    "Running in Threads",
    "coroutine tasks.offload(func, /, *args)\u00b6",
    "Run the blocking function func in a worker thread and wait for it without blocking the loop.",
    "Example:",
    "def slow_io():\n    time.sleep(1)",
    "tasks.run(main())",
    "Note",
    "Calling slow_io() directly would block the loop. With tasks.offload(), it runs in a thread instead.",
    "New in version 3.4.",
    "tasks.gather(*awaitables)\u00b6",
    "Run the awaitables concurrently.",
    "New in version 2.0.",
])  # fmt: skip


def _chunks(text: str, *sections: tuple[int, int, tuple[str, ...]]) -> list[Chunk]:
    return [Chunk(chunk_id=f"c{n}", doc_id="d", version=1, text=text[s:e], start=s, end=e, heading_path=path)
            for n, (s, e, path) in enumerate(sections)]  # fmt: skip


def _unit(text: str, needle: str) -> tuple[int, int]:
    """The sentence of ``text`` that starts with ``needle``: up to its end mark before a space."""
    start = text.index(needle)
    match = re.compile(r"[.!?](?=\s|$)").search(text, start)
    assert match is not None
    return start, match.end()


def test_questions_that_ask_for_a_version_are_told_apart() -> None:
    for q in ("In which Python version did run() gain the check argument?",
              "How do I stop at the first failure, and since which version is that available?",
              "Which release added the --color option?", "When was the walrus operator introduced?",
              "Since when does grep support -P?", "Starting with which man-db release can man read zstd pages?",
              "Which Debian revision of the package fixed CVE-2024-8096?"):  # fmt: skip
        assert asks_version(q), q
    for q in ("Which argument makes it replace the handlers?", "What does version control mean here?",
              "How do I print the version of the tool?", "When was the file last written?",
              "Which release notes mention the fix?"):  # fmt: skip
        assert not asks_version(q), q


def test_the_note_of_the_entry_that_holds_the_unit_is_found_past_code_and_admonitions() -> None:
    chunks = _chunks(ENTRY, (0, len(ENTRY) // 2, ("Tasks",)), (len(ENTRY) // 2, len(ENTRY), ("Tasks",)))
    start, end = _unit(ENTRY, "With tasks.offload()")
    note = version_note(ENTRY, chunks, start, end, "How do I run blocking I/O in a thread, and which version added that?")
    assert note is not None and ENTRY[note[0] : note[1]] == "New in version 3.4."  # not the next entry's 2.0
    assert not is_boundary("tasks.run(main())") and not is_boundary("Note") and is_boundary("Running in Threads")
    lo, hi = entry_of(ENTRY, (0, len(ENTRY)), start, end)
    assert ENTRY[lo:].startswith("coroutine tasks.offload") and ENTRY[hi:].startswith("tasks.gather")


def test_of_several_notes_the_one_about_what_the_unit_names_is_taken() -> None:
    text = "\n\n".join([
        "setup(**kwargs)\u00b6",
        "Configure the root logger. Calling it again does nothing, unless the keyword argument reset is set to true.",
        "Changed in version 2.1: The handlers argument was added.",
        "Changed in version 2.4: The reset argument was added.",
        "Changed in version 2.6: The encoding argument was added.",
    ])  # fmt: skip
    chunks = _chunks(text, (0, len(text), ("Module functions",)))
    start, end = _unit(text, "Calling it again")
    question = "Which argument makes setup() replace the existing handlers, and since which version is it there?"
    note = version_note(text, chunks, start, end, question)
    assert note is not None and text[note[0] : note[1]] == "Changed in version 2.4: The reset argument was added."


def test_an_entry_without_a_note_takes_the_documents_note_that_names_the_units_code() -> None:
    intro = "Parser objects\n\nChanged in version 3.1: stop_on_error parameter was added.\n\n"
    section = "stop_on_error\n\nTo handle a bad argument yourself, set stop_on_error to False before parsing."
    text = intro + section
    chunks = _chunks(text, (0, len(intro), ("Parser objects",)), (len(intro), len(text), ("stop_on_error",)))
    start, end = _unit(text, "To handle")
    note = version_note(text, chunks, start, end, "How do I handle parse errors myself, and in which version was that added?")
    assert note is not None and text[note[0] : note[1]].startswith("Changed in version 3.1: stop_on_error")
    assert version_note(text, chunks, start, end - 1, "x") == note  # the unit's code names decide, not the question's


def test_a_huge_section_without_boundaries_is_read_only_near_the_unit() -> None:
    filler = "A sentence about nothing in particular goes here. " * 20_000  # ~1 MB, no boundary
    text = "tasks.offload(func)\u00b6\n\nRun func in a thread. " + filler + "\n\nNew in version 3.4."
    chunks = _chunks(text, (0, len(text), ("Tasks",)))
    start, end = _unit(text, "Run func")
    lo, hi = entry_of(text, (0, len(text)), start, end)
    assert lo == 0 and hi - end <= ENTRY_WINDOW  # the note a megabyte below is out of reach
    assert version_note(text, chunks, start, end, "Since which version can I run func in a thread?") is None


def test_a_unit_that_states_its_version_needs_no_note() -> None:
    text = "Why no assignment in expressions?\n\nStarting in Python 3.8, you can!\n\nNew in version 3.8."
    chunks = _chunks(text, (0, len(text), ("FAQ",)))
    start, end = _unit(text, "Starting")
    assert states_version(text[start:end]) and version_note(text, chunks, start, end, "Since which version?") is None
    assert not states_version("The version string of the tool is printed by --version.")


# --- release notes and changelogs: the version is the heading's ---------------------------

RELEASES = "\n\n".join([
    "tarx 2.3 (2024-05-02)",
    "New features",
    "The --keep-going option makes tarx carry on past unreadable files.",
    "Fixes for CVE-2024-1234",
    "A crafted header no longer overflows a buffer.",
    "tarx 2.2 (2023-11-10)",
    "The tarx 2.3 (2024-05-02) release notes are at the top.",
    "tarx now reads zstd archives.",
])  # fmt: skip


def test_a_release_heading_is_the_version_of_the_entries_under_it() -> None:
    at = {line: RELEASES.index(line) for line in RELEASES.split("\n\n")}
    release, later = "tarx 2.3 (2024-05-02)", "tarx 2.2 (2023-11-10)"
    chunks = _chunks(RELEASES, (0, at["Fixes for CVE-2024-1234"], (release, "New features")),
                     (at["Fixes for CVE-2024-1234"], at[later], (release, "Fixes for CVE-2024-1234")),
                     (at[later], len(RELEASES), (later,)))  # fmt: skip
    start, end = _unit(RELEASES, "The --keep-going option")
    question = "Which tarx release added a way to carry on past unreadable files?"
    assert version_note(RELEASES, chunks, start, end, question) == (0, len(release))
    # the deepest heading naming a version: a CVE id is none, so the release heading it is under
    start, end = _unit(RELEASES, "A crafted header")
    assert version_heading(RELEASES, chunks, start) == (0, len(release))
    start, end = _unit(RELEASES, "tarx now reads")
    assert version_heading(RELEASES, chunks, start) == (at[later], at[later] + len(later))
    # the heading's words inside a sentence are not the heading
    assert heading_line(RELEASES, release, len(RELEASES)) == 0
    assert version_heading(RELEASES, _chunks(RELEASES, (0, len(RELEASES), ("New features",))), start) is None


# --- end to end, with the real bundled models ----------------------------------------------

GUIDE = "\n\n".join([
    "# taskq reference",
    "## Queue objects",
    "### Queue.drain(timeout=None)",
    "Block until every task put on the queue has been processed, or until timeout seconds have passed.",
    "Workers keep running while a queue drains.",
    "For example, call queue.drain() before the program exits so that no task is lost.",
    "New in version 2.4.",
    "### Queue.limit()",
    "Return the current task limit of the queue, the most tasks it holds at once.",
    "### Queue.pause()",
    "Stop handing tasks to workers until resume() is called. Tasks already running finish.",
    "New in version 1.1.",
    "## Workers",
    "A worker takes one task at a time from its queue and runs it in its own process.",
    "Changed in version 3.0: The max_tasks argument was added.",
])  # fmt: skip


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Citadel:
    return engine_over(tmp_path_factory.mktemp("versions"), {"taskq.md": GUIDE})


def test_a_two_part_question_is_answered_with_the_description_and_its_entrys_version(engine: Citadel) -> None:
    answer = engine.ask("How can I wait until every task on a taskq queue has been processed, and in which version "
                        "was that method added?")  # fmt: skip
    assert not answer.abstained
    texts = [c.text for c in answer.claims]
    assert "drain" in texts[0].lower() or "Block until every task" in texts[0]  # what answers comes first
    assert "New in version 2.4." in texts  # the version of that entry, quoted as it stands
    assert not any("1.1" in t or "3.0" in t for t in texts)  # not another entry's
    trace = engine.store.get_trace(answer.trace_id)
    assert trace is not None and trace["gate"] == "answerability"


def test_a_question_that_does_not_ask_for_a_version_gets_no_note(engine: Citadel) -> None:
    answer = engine.ask("How can I wait until every task on a taskq queue has been processed?")
    assert not answer.abstained
    assert not any("version" in c.text for c in answer.claims)


def test_a_question_for_an_amount_the_documents_do_not_state_is_not_answered(engine: Citadel) -> None:
    """The near-topic sentence reads as an answer to the models ("Return the current task
    limit"), but it states no amount: the question is not answered; one that does not ask for
    an amount still is."""
    answer = engine.ask("What is the default task limit returned by Queue.limit()?")
    assert answer.abstained and answer.closest  # with what came closest
    trace = engine.store.get_trace(answer.trace_id)
    assert trace is not None and trace["gate_score"] < trace["threshold"]
    answer = engine.ask("What does Queue.limit() return?")
    assert not answer.abstained and "current task limit" in answer.claims[0].text


class QueryReranker(KeywordReranker):
    """Keyword scores, and a record of each query the reranker was given."""

    def __init__(self) -> None:
        self.queries: list[str] = []

    def _score(self, query, passages):  # type: ignore[no-untyped-def]
        self.queries.append(query)
        return super()._score(query, passages)


def test_a_trailing_version_clause_is_left_out_of_what_the_models_read(engine: Citadel) -> None:
    question = "How can I wait until every task on a taskq queue has been processed, and in which version was that added?"
    rest = "How can I wait until every task on a taskq queue has been processed?"
    assert without_version_clause(question) == rest
    assert without_version_clause("Since which version does drain() exist?") == "Since which version does drain() exist?"
    assert without_version_clause("Why, and which version?") == "Why, and which version?"  # too little would be left
    reranker = QueryReranker()
    hits = engine.searcher.search(question, k=8, rerank=False).hits
    passages = select_evidence(engine.store, question, hits, SearchFilter(), reranker=reranker,
                               answerability=get_answerability())  # fmt: skip
    assert reranker.queries and set(reranker.queries) == {rest}
    doc = engine.store.text(passages[0].doc_id)
    notes = [doc[x.start : x.end] for p in passages for x in p.sentences if x.completes is not None]
    assert notes == ["New in version 2.4."]  # the version still comes, from the entry


NEWS = "\n\n".join([
    "# tarx NEWS",
    "## Noteworthy changes in release 2.3 (2024-05-02)",
    "### New features",
    "tarx now accepts the --keep-going option, for consistency with other archivers. With this option, tarx no "
    "longer stops at the first unreadable file; it reports each one and carries on.",
    "### Bug fixes",
    "Extracting an archive with a crafted header no longer overflows a buffer (CVE-2024-1234).",
    "## Noteworthy changes in release 2.2 (2023-11-10)",
    "### New features",
    "tarx can now read archives compressed with zstd.",
    "The --verbose option now prints the size of each member.",
])  # fmt: skip


@pytest.fixture(scope="module")
def releases(tmp_path_factory: pytest.TempPathFactory) -> Citadel:
    return engine_over(tmp_path_factory.mktemp("releases"), {"NEWS.md": NEWS})


def test_which_release_is_answered_with_the_release_heading_the_entry_stands_under(releases: Citadel) -> None:
    answer = releases.ask("Which tarx release added a way to keep going when a file cannot be read, and what is the "
                          "option called?")  # fmt: skip
    assert not answer.abstained
    first = answer.claims[0]
    assert "2.3" in first.text and "--keep-going" in first.text and "2.2" not in first.text
    doc = releases.store.text("NEWS.md")
    quotes = [doc[c.start : c.end] for c in first.citations]
    assert quotes[0] == "Noteworthy changes in release 2.3 (2024-05-02)"  # the heading, quoted where it stands
    assert quotes[1].startswith("tarx now accepts the --keep-going option")  # "With this option" with what it refers to
    # a question that does not ask for a version gets the entry alone
    answer = releases.ask("How do I make tarx carry on when a file cannot be read?")
    assert not answer.abstained and not any("2.3" in c.text for c in answer.claims)
