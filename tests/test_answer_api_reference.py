"""API references as generators write them (Doxygen, gtk-doc): a member is its heading, its
declaration and its description, and describes itself in words every sibling shares. A
question that names a member is answered from that member's section, read whatever search
returned, and not from a sibling's; the answer names the member; a library's name with its
major version ("Frob2") is named by the version at the top of its pages ("Frob 2.0")."""

from __future__ import annotations

from pathlib import Path

import pytest

from citadel.retrieve import select_evidence
from citadel.retrieve.evidence import EvidenceSettings, Passage, _named_headings, other_members
from citadel.store.base import SearchFilter

from tests.engine_fixtures import engine_over
from tests.test_answer_assembly import ReadingReranker, answer, source

#: the log functions of a made-up library, as Doxygen documents them: every one "Log a message
#: with ..." under its own heading, the plain one the only one that says which category
_LOGGERS = [
    ("frob_log_message", "int category, int priority, const char *fmt, ...",
     "Log a message with the specified category and priority."),
    ("frob_log_message_v", "int category, int priority, const char *fmt, va_list ap",
     "Log a message with the specified category and priority."),
    ("frob_log_set_priority", "int category, int priority", "Set the priority of a particular log category."),
    ("frob_log_get_priority", "int category", "Get the priority of a particular log category."),
    ("frob_log_set_all_priority", "int priority", "Set the priority of all log categories."),
    ("frob_log_debug", "int category, const char *fmt, ...", "Log a message with FROB_PRIORITY_DEBUG."),
    ("frob_log_verbose", "int category, const char *fmt, ...", "Log a message with FROB_PRIORITY_VERBOSE."),
    ("frob_log_critical", "int category, const char *fmt, ...", "Log a message with FROB_PRIORITY_CRITICAL."),
    ("frob_log", "const char *fmt, ...", "Log a message with FROB_CATEGORY_APP and FROB_PRIORITY_INFO."),
    ("frob_log_error", "int category, const char *fmt, ...", "Log a message with FROB_PRIORITY_ERROR."),
]


def _member(name: str, params: str, description: str, since: str = "Frob 2.0.0") -> str:
    """A member as Doxygen writes it: its heading, its declaration's table, its description."""
    parts = params.split(", ")
    cells = "".join(f'<td class="paramtype">{p.rsplit(" ", 1)[0]}&#160;</td><td class="paramname"><em>'
                    f'{p.rsplit(" ", 1)[-1]}</em>{", " if n < len(parts) - 1 else ""}</td>' for n, p in enumerate(parts))
    return (f'<h2 class="memtitle"><span class="permalink"><a href="#{name}">&#9670;&nbsp;</a></span>{name}()</h2>'
            f'<div class="memitem"><div class="memproto"><table class="memname"><tr><td class="memname">void {name} '
            f"</td><td>(</td>{cells}<td>)</td></tr></table></div><div class=\"memdoc\"><p>{description}</p>"
            f'<dl class="section since"><dt>Since</dt><dd>This function is available since {since}.</dd></dl>'
            "</div></div>")


def _page(intro: str, members: list[tuple[str, str, str]], since: str = "Frob 2.0.0") -> str:
    return ("<html><head><title>Frob: frob_log.h File Reference</title></head><body>"
            f'<div id="projectname">Frob 2.0</div><div class="contents"><p>{intro}</p>'
            '<h2 class="groupheader">Function Documentation</h2>'
            + "".join(_member(*m, since=since) for m in members) + "</div></body></html>")


FROB_LOG = _page("Simple log messages with categories and priorities. By default logs are quiet.", _LOGGERS)


def test_a_member_the_question_names_is_answered_from_its_own_section(tmp_path: Path) -> None:
    """"Plain frob_log(): which category does it log with?": nine siblings say "Log a message
    with ..." in the same words, and search returns several of them before frob_log's section
    (or not it at all). That section is read because the question names it, and the siblings
    that never name frob_log answer nothing; the answer opens with the declaration that names
    the member (through the real models)."""
    engine = engine_over(tmp_path, {"frob_log.html": FROB_LOG})
    answer = engine.ask("Plain frob_log() - which category and priority does it log with?")
    assert not answer.abstained
    assert "FROB_CATEGORY_APP" in answer.claims[0].text and "void frob_log(const char *fmt" in answer.claims[0].text
    assert all("frob_log_" not in c.text for c in answer.claims)  # no sibling's description


def test_the_section_a_question_names_is_read_though_search_missed_it(tmp_path: Path) -> None:
    engine = engine_over(tmp_path, {"frob_log.html": FROB_LOG})
    question = "Which category does frob_log() use?"
    hits = [h for h in engine.searcher.search(question, k=12, rerank=False).hits
            if h.heading_path[-1:] != ("frob_log()",)]  # as if search had not returned it
    reranker = ReadingReranker()
    select_evidence(engine.store, question, hits, SearchFilter(), reranker=reranker)
    assert any("FROB_CATEGORY_APP" in unit for unit in reranker.read)
    unread = ReadingReranker()
    select_evidence(engine.store, question, hits, SearchFilter(), reranker=unread,
                    settings=EvidenceSettings(named_headings=0))
    assert not any("FROB_CATEGORY_APP" in unit for unit in unread.read)


def _passage(heading: str, text: str, start: int = 0) -> Passage:
    return Passage(chunk_ids=(f"api.html#{start}",), doc_id="api.html", version=1, title="api.h", heading_path=(heading,),
                   page=None, start=start, end=start + len(text), text=text, score=1.0, relevance=0.9)


def test_a_siblings_section_answers_only_when_the_question_asks_for_a_member() -> None:
    passages = [
        _passage("frob_log()", "Log a message with FROB_CATEGORY_APP."),
        _passage("frob_log_message()", "Log a message with the specified category.", 100),
        _passage("frob_log_message_v()", "Like frob_log(), but takes a va_list.", 200),
        _passage("Detailed Description", "Simple log messages with categories.", 300),
    ]
    assert other_members("Which category does frob_log() log with?", passages) == {1, 2}
    # the question asks for a member: a sibling may be the answer
    assert other_members("Which function is like frob_log() but takes a va_list?", passages) == set()
    # both named: neither is another member; no section of the asked member: nothing is set apart
    assert other_members("How do frob_log() and frob_log_message() differ?", passages) == {2}
    assert other_members("Which category does frob_trace() log with?", passages) == set()
    assert other_members("Which category is the default?", passages) == set()


def test_named_sections_are_found_once_each_and_only_for_names_in_code(tmp_path: Path) -> None:
    engine = engine_over(tmp_path, {"frob_log.html": FROB_LOG})
    chunks = {"frob_log.html": engine.store.chunks("frob_log.html")}
    texts = {("frob_log.html", 1): engine.store.text("frob_log.html")}
    first = chunks["frob_log.html"][0]
    held = _passage("Function Documentation", texts["frob_log.html", 1][first.start : first.end], first.start)
    held = Passage(**{**held.__dict__, "doc_id": "frob_log.html"})
    found = _named_headings("What do frob_log() and frob_log_debug() do?", [held], texts, chunks, 5)
    assert sorted(p.heading_path[-1] for p in found) == ["frob_log()", "frob_log_debug()"]
    assert all(p.text.startswith(p.heading_path[-1]) or p.heading_path[-1] in p.text for p in found)
    assert _named_headings("What does logging do?", [held], texts, chunks, 5) == []


def test_a_library_and_its_major_version_are_named_by_the_top_of_its_pages(tmp_path: Path) -> None:
    """"In Frob2, ..." over pages that say "Frob 2.0" only at their top: no retrieved section
    repeats it, yet the documents are about Frob 2; a question about "Frob3" is not."""
    archives = [(f"frob_archive_{verb}", "FrobArchive *archive", f"{verb.capitalize()} the frobs of an archive.")
                for verb in ("open", "close", "rewind", "seek", "count", "compress", "verify", "repair", "split", "merge")]
    page = _page("Frob reads and writes archives of frobs, one stream at a time.", archives + _LOGGERS,
                 since="the first release")
    engine = engine_over(tmp_path, {"frob_log.html": page})
    question = "In Frob2, which function sets the priority of all log categories?"
    hits = engine.searcher.search(question, k=12, rerank=False).hits
    assert not any("Frob 2.0" in h.text for h in hits)  # only the page's top says it
    answer = engine.ask(question)
    trace = engine.store.get_trace(answer.trace_id)
    assert trace is not None and not any("no retrieved text names" in n for n in trace["notes"])
    assert not answer.abstained and "frob_log_set_all_priority" in answer.claims[0].text
    other = engine.ask("In Frob3, which function sets the priority of all log categories?")
    trace = engine.store.get_trace(other.trace_id)
    assert other.abstained and trace is not None and any("no retrieved text names Frob3" in n for n in trace["notes"])


def test_an_enumerators_line_in_a_listing_is_an_answer_however_short() -> None:
    """"XML_HTML_DOCUMENT_NODE = 13" has two words, under the four a unit needs to stand
    alone; a name in code given its value is whole. A short line of prose is still no claim."""
    listing = "Enum xmlElementType {\n    XML_NOTATION_NODE = 12\n    XML_HTML_DOCUMENT_NODE = 13\n}"
    claims = answer("In libxml2's xmlElementType enum, which node type has the value 13?",
                    [source("S1", listing, title="Module tree from libxml2")], {"= 13": 0.9, "= 12": 0.2})
    assert claims and claims[0]["text"] == "XML_HTML_DOCUMENT_NODE = 13"
    prose = "Node types are listed below. See the enum. The value 13 is the HTML document node type of the tree."
    claims = answer("Which node type has the value 13?", [source("S1", prose)], {"See the": 0.9, "value 13": 0.5})
    assert [c["text"] for c in claims] == ["The value 13 is the HTML document node type of the tree."]


def test_a_question_for_a_kind_of_member_is_answered_only_by_a_unit_naming_one() -> None:
    from citadel.retrieve.answer_types import asked_member, names_member

    assert asked_member("Which SDL2 function puts every category back to its default?") == "function"
    assert asked_member("What libxml2 parser flag keeps it off the network?") == "constant"
    assert asked_member("Which struct holds the parsed tree?") == "type"
    assert asked_member("What does SDL_Delay do?") is None and asked_member("Which category is the default?") is None
    assert asked_member("What is the primary function of the outer ear?") is None  # its purpose
    assert asked_member("Since which Python version are functions registered with atexit local?") is None
    assert names_member("function", "void des_fix_parity (size_t length, uint8_t *dst)")  # Texinfo's space
    assert not names_member("function", "The outer ear (the auricle) gathers sound.")
    assert names_member("function", "scale ( EXPRESSION ): The value of the scale function is ...")  # Info's entry
    assert names_member("function", "SDL_RWops *SDL_AllocRW(void): Use this function to allocate a stream.")
    assert names_member("function", "The data should be freed with SDL_free().")
    assert names_member("function", "base64url_encode_init selects the URL safe alphabet.")
    assert names_member("function", "Function read.xport reads a file in SAS Transport format.")
    assert not names_member("function", "Some readers, e.g. a spreadsheet, read it.")
    assert not names_member("function", "It is described at https://www.counterpane.com/yarrow.html and uses AES.")
    assert not names_member("function", "Applications do not need to use this function for a stream.")
    assert names_member("constant", "SDL_RWOPS_JNIFILE | Android asset") and names_member("constant", "--no-net: never fetch")
    assert not names_member("constant", "Use the flag that marks an Android asset.")
    assert names_member("type", "GArray holds the elements.") and not names_member("type", "An array holds the elements.")


def _seek_page(question_words: int) -> str:
    """A member whose description repeats the question's words in many sentences, and whose
    return value, under its label, shares none of them."""
    filler = " ".join(f"Seeking in stream {n} moves the stream position of the archive stream {n}." for n in range(question_words))
    return ("# Frob archive reference\n\n## frob_archive_seek()\n\n"
            "Move within an archive stream. " + filler + "\n\n"
            "Returns: the final offset in the data, or -1 on error.\n\n"
            "## frob_archive_tell()\n\nTell where the archive stream is. Seeking in it moves nothing.\n")


def test_the_return_value_of_an_entry_is_read_for_a_question_about_what_it_gives_back(tmp_path: Path) -> None:
    """"What does frob_archive_seek give back?": twenty sentences of the entry say "seek" and
    "stream", its "Returns: ..." says neither; the preselection by words never reads it, a
    question that asks what a function returns does."""
    from citadel.retrieve.answer_types import asks_return, labels_return

    assert asks_return("What does SDL_RWseek give back when the seek succeeds?") and asks_return("What is returned?")
    assert not asks_return("How do I seek in a stream?")
    assert labels_return("Returns: the final offset") and labels_return("Return value: 0") and not labels_return("It returns 0.")
    engine = engine_over(tmp_path, {"archive.md": _seek_page(20)})
    question = "What does frob_archive_seek() give back when seeking a stream?"
    hits = engine.searcher.search(question, k=12, rerank=False).hits
    reranker = ReadingReranker()
    select_evidence(engine.store, question, hits, SearchFilter(), reranker=reranker,
                    settings=EvidenceSettings(named_headings=0))
    assert any(unit.endswith("Returns: the final offset in the data, or -1 on error.") for unit in reranker.read)
    plain = ReadingReranker()  # the same question without asking for a return value
    select_evidence(engine.store, "Where does frob_archive_seek() leave things when seeking a stream?", hits,
                    SearchFilter(), reranker=plain, settings=EvidenceSettings(named_headings=0))
    assert not any("Returns: the final offset" in unit for unit in plain.read)


def test_the_section_a_question_names_is_read_far_into_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Do I have to free the string frob_get_error() gives me?": the answer is the sixth
    paragraph of frob_get_error()'s section; the other sections name frob_get_error() in
    every sentence, so the preselection by words reads theirs. A member's section is read
    whole (up to NAMED_SECTION_UNITS units), not only its first units."""
    from citadel.retrieve import evidence

    section = "\n\n".join(["## frob_get_error()", "Retrieve a message about the last error on this thread.",
                           "Several errors may happen before the call.", "Only the last one is kept.",
                           "Messages are kept per thread.", "A thread never sees another thread's message.",
                           "The message is internally allocated and must not be released by the application."])
    others = "\n\n".join(f"## frob_op_{n}()\n\nOn failure, call frob_get_error() for the string; the string of "
                         f"frob_get_error() says what failed in frob_op_{n}()." for n in range(8))
    engine = engine_over(tmp_path, {"errors.md": f"# Frob errors\n\n{section}\n\n{others}\n"})
    question = "Do I have to free the string I get from frob_get_error()?"
    hits = engine.searcher.search(question, k=12, rerank=False).hits
    reranker = ReadingReranker()
    select_evidence(engine.store, question, hits, SearchFilter(), reranker=reranker)
    assert any("must not be released" in unit for unit in reranker.read)
    monkeypatch.setattr(evidence, "NAMED_SECTION_UNITS", 3)
    first = ReadingReranker()
    select_evidence(engine.store, question, hits, SearchFilter(), reranker=first)
    assert not any("must not be released" in unit for unit in first.read)


def test_an_entrys_return_value_answers_as_well_as_the_entry_for_what_it_returns() -> None:
    """"What does g_hash_table_insert() return?": the models read "Returns: TRUE if the key
    did not exist yet" at 0.13 and the entry's description at 0.48; the question asks for the
    return value of the member it names, and the entry is on it."""
    import numpy as np

    from citadel.retrieve.evidence import _section_returns

    passages = [_passage("g_hash_table_insert ()", "gboolean g_hash_table_insert(...): Inserts a new key."),
                _passage("g_hash_table_replace ()", "Returns: TRUE if the key did not exist yet", 100)]
    chosen = [(0, 0), (0, 1), (1, 0)]
    units = ["gboolean g_hash_table_insert(...): Inserts a new key.", "Returns: TRUE if the key did not exist yet",
             "Returns: TRUE if the key did not exist yet"]
    probs = _section_returns("What does g_hash_table_insert() return?", passages, chosen, units, np.array([0.48, 0.13, 0.2]))
    assert list(np.round(probs, 2)) == [0.48, 0.48, 0.2]  # another member's return value is not lifted


def test_a_version_note_and_annotations_stay_in_their_api_entry() -> None:
    """gtk-doc closes an entry with its annotations and "Since: 2.72", after "Parameters" and
    "Returns": none of them opens another entry, so "which version introduced it?" finds the
    note of the entry whose description answers."""
    from citadel.models import Chunk
    from citadel.retrieve.entries import is_boundary, version_note

    assert not any(is_boundary(line) for line in ("Since: 2.72", "[transfer full][not nullable]", "Parameters"))
    assert is_boundary("GHashTable")
    text = ("g_hash_table_new_similar ()\n\nGHashTable *g_hash_table_new_similar(GHashTable *other): Creates a new "
            "GHashTable like another.\n\nParameters\n\nother | Another GHashTable.\n\nReturns: a new GHashTable.\n\n"
            "[transfer full]\n\nSince: 2.72\n\ng_hash_table_insert ()\n\nInserts a key.\n\nSince: 2.40")
    chunk = Chunk(chunk_id="h#1", doc_id="h", version=1, text=text, start=0, end=len(text),
                  heading_path=("g_hash_table_new_similar ()",))
    start = text.index("GHashTable *")
    span = version_note(text, [chunk], start, text.index("\n\nParameters"), "Which version introduced it?")
    assert span is not None and text[span[0] : span[1]] == "Since: 2.72"


def test_a_library_named_lib_and_its_name_is_named_by_that_name() -> None:
    from citadel.retrieve.coverage import missing_terms

    assert missing_terms("Is MD5 checking on by default in the libFLAC decoder?", ["FLAC: the decoder checks MD5"]) == []
    assert missing_terms("Does libFLAC read Ogg?", ["Opus: the decoder"]) == ["libFLAC"]


def test_a_header_less_tables_rows_stay_units_of_their_own() -> None:
    """Doxygen's parameter tables have no header, so each row is stored as its cells between
    " | ", and a row's description may start in lower case ("src | the stream to read from",
    Opus's "[in] | len | ..."): a row is never read as the hard-wrapped continuation of the
    row above it. A hard-wrapped line of prose still is."""
    from citadel.retrieve.sentences import candidate_spans

    text = ("Parameters\n\n[in] | data | char*: Input payload. Use a NULL pointer to indicate packet loss\n"
            "[in] | len | opus_int32: Number of bytes in payload\n\nsrc | the stream to read from\n"
            "dst | the stream to write to\n\nThe value is read\nfrom the stream.")
    units = [text[s:e] for s, e in candidate_spans(text)]
    assert "[in] | len | opus_int32: Number of bytes in payload" in units
    assert "src | the stream to read from" in units and "dst | the stream to write to" in units
    assert "The value is read\nfrom the stream." in units
