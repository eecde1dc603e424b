"""Manuals as they are shipped (DocBook and Texinfo HTML, API pages, PDF manuals and papers,
numbered text FAQs): what each says is found where its structure puts it. A definition
list's term goes with its description; a table goes with the lead-in that announces it; an
FAQ entry that states its case before it asks is one question; a sentence that ends in
"instead" goes with the one it replaces; a question that offers two alternatives is answered
by the sentence that picks one, and one that asks which version by the sentence that adds
it; an option item that closes with its default is one unit; the description under a heading
that names the question's code term is read; a release of something no retrieved text names,
a name no readable document names, and the same topic in a document about another thing do
not answer; a PDF's full-width first line is no heading, and its table rows stay rows."""

from __future__ import annotations

import re
from pathlib import Path

from citadel.ingest.loaders import _figure_rows, _pdf_paragraphs, load_html
from citadel.retrieve import select_evidence
from citadel.retrieve.evidence import _completed, _merge_neighbours
from citadel.retrieve.hits import Hit
from citadel.retrieve.coverage import absent_names, proper_names
from citadel.retrieve.sentences import candidate_spans, continues, is_option_entry, question_end
from citadel.retrieve.versions import named_releases, unnamed_versions
from citadel.store.base import SearchFilter
from citadel.text import sentence_spans

from tests.engine_fixtures import engine_over
from tests.test_answer_assembly import ReadingReranker, answer, source

# A DocBook reference page, as xsltproc's is built: options and exit codes in definition lists.
XMLTOOL = """<html><head><title>xmltool</title></head><body><div class="refentry">
<h2>Name</h2><p>xmltool &#8212; command line XML rewriter</p>
<h2>OPTIONS</h2><div class="variablelist"><dl class="variablelist">
<dt><span class="term"><code class="option">--maxnodes <em>VALUE</em></code></span></dt>
<dd><p>Maximum number of nodes kept in memory. The default is 40000.</p></dd>
<dt><span class="term"><code class="option">--maxdepth <em>VALUE</em></code></span></dt>
<dd><p>Maximum element nesting of a rewritten document. The default is 512.</p></dd>
<dt><span class="term"><code class="option">--offline</code></span></dt>
<dd><p>Never fetch schemas or entities over the network.</p></dd>
</dl></div>
<h2>DIAGNOSTICS</h2><p>xmltool return codes tell a calling script what went wrong.</p>
<div class="variablelist"><dl class="variablelist">
<dt><span class="term">0</span></dt><dd><p>Success</p></dd>
<dt><span class="term">3</span></dt><dd><p>The rewrite rules could not be parsed</p></dd>
<dt><span class="term">4</span></dt><dd><p>A document could not be read</p></dd>
</dl></div></div></body></html>"""


def test_a_definition_lists_term_opens_its_description() -> None:
    """Read alone, "The default is 40000." says not of what, and "3" not what it means: each
    description's first paragraph opens with its term ("--maxnodes VALUE: ..."); the
    terms of one description are joined ("-o file, --output=file: ..."); a description that
    starts with a list keeps its term on a line above; a Sphinx or Texinfo term that ends in
    a pilcrow stays as it was, a line over its description."""
    text = load_html(XMLTOOL.encode(), "xmltool.html").text
    assert "--maxnodes VALUE: Maximum number of nodes kept in memory. The default is 40000." in text
    assert "3: The rewrite rules could not be parsed" in text
    texinfo = ("<dl><dt><code>-o <var>file</var></code></dt><dt><code>--output=<var>file</var></code></dt>"
               "<dd><p>Write the statistics to <var>file</var>.</p></dd>"
               "<dt>Modes</dt><dd><ul><li>fast</li><li>slow</li></ul></dd>"
               '<dt>count(x)<a class="headerlink" href="#c">\u00b6</a></dt><dd><p>Return the count.</p></dd></dl>')
    text = load_html(f"<html><body>{texinfo}</body></html>".encode(), "t.html").text
    assert "-o file, --output=file: Write the statistics to file." in text
    assert "Modes\n\n- fast\n- slow" in text
    assert "count(x)\u00b6\n\nReturn the count." in text


def test_an_option_terms_description_is_one_unit_up_to_the_labelled_length() -> None:
    text = "--maxnodes VALUE: Maximum number of nodes kept in memory. The default is 40000.\n\n--offline: Never fetch."
    units = [text[s:e] for s, e in candidate_spans(text)]
    assert units == ["--maxnodes VALUE: Maximum number of nodes kept in memory. The default is 40000.", "--offline: Never fetch."]
    assert is_option_entry(units[1])
    long = "--mode M: " + " ".join(f"Sentence number {n} says one more thing about the mode." for n in range(8))
    assert len(candidate_spans(long)) > 1  # past the labelled length, sentences stand alone again


def test_a_definition_lists_default_is_answered_through_the_real_models(tmp_path: Path) -> None:
    """Before, "The default is 40000." was a unit of its own that the model could not tie to
    --maxnodes, and the unit with the option stated no amount: ask abstained."""
    engine = engine_over(tmp_path, {"xmltool.html": XMLTOOL})
    answer = engine.ask("What is the default maximum number of nodes xmltool keeps in memory?")
    assert not answer.abstained
    cited = answer.sources[answer.claims[0].citations[0].source_id]
    assert "40000" in answer.claims[0].text and cited.doc_id == "xmltool.html"
    depth = engine.ask("What is the default maximum element nesting of a document xmltool rewrites?")
    assert not depth.abstained and "512" in depth.claims[0].text and "40000" not in depth.answer
    option = engine.ask("Which xmltool option stops it from fetching schemas over the network?")
    assert [c.text for c in option.claims] == ["--offline: Never fetch schemas or entities over the network."]


def test_a_sentence_that_picks_one_of_the_questions_alternatives_answers_it() -> None:
    """"The hash chains are singly linked." has no word the question lacks, yet it answers
    "singly or doubly linked?": it is no restated question. One that names both stays one."""
    text = "Hash chains\n\nThe hash chains are singly linked. Old matches are discarded."
    claims = answer("Are the hash chains singly or doubly linked?", [source("S1", text)], {"singly": 0.9})
    assert [c["text"] for c in claims] == ["The hash chains are singly linked."]
    both = "Hash chains\n\nThe hash chains are singly or doubly linked."
    assert answer("Are the hash chains singly or doubly linked?", [source("S1", both)], {"singly": 0.9}) == []


def test_a_sentence_in_the_questions_words_with_a_number_it_lacks_answers_it() -> None:
    """"frob_reset was added in Frob 2.4.0." has no word the question lacks but its version:
    no restated question."""
    text = "Reference\n\nfrob_reset was added in Frob 2.4.0."
    claims = answer("In which Frob version was frob_reset added?", [source("S1", text)], {"2.4.0": 0.9})
    assert [c["text"] for c in claims] == ["frob_reset was added in Frob 2.4.0."]
    same = "Reference\n\nfrob_reset was added in a Frob version."
    assert answer("In which Frob version was frob_reset added?", [source("S1", same)], {"frob": 0.9}) == []


def test_a_lead_in_is_answered_with_the_table_rows_it_announces() -> None:
    text = ("Supported package managers\n\nThe following binaries are provided:\n\n"
            "Package manager: Yarn; Binary names: yarn, yarnpkg\nPackage manager: pnpm; Binary names: pnpm, pnpx\n\n"
            "Common questions")
    claims = answer("Which binaries are provided for pnpm?", [source("S1", text)], {"following binaries": 0.9})
    assert claims[0]["text"] == ("The following binaries are provided: Package manager: Yarn; Binary names: yarn, "
                                 "yarnpkg. Package manager: pnpm; Binary names: pnpm, pnpx")


def test_a_sentence_that_ends_in_instead_goes_with_the_one_before() -> None:
    text = "CPUs\n\nThe CPU count should not be used to size a worker pool. Use availableParallelism() for this purpose."
    claims = answer("What should be used to size a worker pool?", [source("S1", text)], {"should not": 0.9})
    assert claims[0]["text"] == ("The CPU count should not be used to size a worker pool. "
                                 "Use availableParallelism() for this purpose.")
    assert continues("Use clearTimeout() instead.") and continues("This is the default.")
    assert not continues("Use clearTimeout() to cancel a timer.")


def test_an_faq_entry_that_states_its_case_first_is_one_question() -> None:
    """"36. The checker says that deflate reads an uninitialized value. Isn't that a bug?"
    asks one question in two sentences; the first is the one most like the question asked,
    and it is quoted with the rest of the question and the answer after it."""
    text = ("36. The memory checker says that the encoder reads an uninitialized value. Isn't that a bug?\n\n"
            "No. That is intentional, for speed, and the output is not affected.\n\n"
            "37. Does it read ancient formats?\n\nProbably not.")
    end = text.index("value.") + len("value.")
    assert question_end(text, end) == text.index("?") + 1
    assert question_end("The tool is fast. It is small.\n\nNext?", 17) is None
    claims = answer("Why does the memory checker report an uninitialized value?", [source("S1", text)],
                    {"memory checker": 0.9})  # fmt: skip
    assert claims[0]["text"] == ("The memory checker says that the encoder reads an uninitialized value. Isn't that a "
                                 "bug? No. That is intentional, for speed, and the output is not affected.")
    spans = candidate_spans(text)
    assert _completed(text, spans, 0, 0) == (0, 2)  # trimming keeps the question's end and its answer


def test_a_hit_between_two_runs_of_chunks_joins_them_into_one_passage() -> None:
    """A lead-in and its table's second row were hits before the first row: the three are
    one passage, so the lead-in reaches its rows."""
    class Chunks:
        def __init__(self, text: str, cuts: list[tuple[int, int]]) -> None:
            self.body, self.cuts = text, cuts

        def chunks(self, doc_id: str, where: SearchFilter) -> list[object]:
            return [type("C", (), {"chunk_id": f"d#{n}"})() for n in range(len(self.cuts))]

        def text(self, doc_id: str, version: int) -> str:
            return self.body

    text = "The following binaries are provided:\n\nYarn: yarn\nPnpm: pnpx"
    cuts = [(0, 36), (38, 48), (49, 59)]

    def hit(n: int, score: float) -> Hit:
        s, e = cuts[n]
        return Hit(chunk_id=f"d#{n}", doc_id="d", version=1, title="T", heading_path=("Tools",), page=None,
                   start=s, end=e, text=text[s:e], score=score)  # fmt: skip

    store = Chunks(text, cuts)
    passages = _merge_neighbours(store, [hit(2, 0.9), hit(0, 0.8), hit(1, 0.7)], SearchFilter())  # type: ignore[arg-type]
    assert [(p.start, p.end) for p in passages] == [(0, 59)]


def test_a_lone_dot_before_a_parenthesis_ends_no_sentence() -> None:
    text = "It returns the text from the last . (period) character on. If there is none, it returns nothing."
    assert len(sentence_spans(text)) == 2


def test_a_release_of_something_named_that_no_retrieved_text_names_is_not_answered() -> None:
    """"XSLT 3.0" is a release of XSLT; a manual that never names it does not say whether the
    tool supports it. "the float 2.0" and "a 1.8 GHz processor" are values, not releases."""
    assert named_releases("Does xmltool support XSLT 3.0?") == ("3.0",)
    assert named_releases("Why is the float 2.0 printed on a 1.8 GHz processor?") == ()
    texts = ["xmltool\nxmltool applies XSLT 1.0 stylesheets to XML documents."]
    assert unnamed_versions("Does xmltool support XSLT 3.0?", texts, [("OPTIONS",)], ["xmltool.html"]) == ["3.0"]
    assert unnamed_versions("Does xmltool support XSLT 1.0?", texts, [("OPTIONS",)], ["xmltool.html"]) == []
    assert unnamed_versions("Is the float 2.0 exact?", texts, [("OPTIONS",)], ["xmltool.html"]) == []


def test_a_pdf_lines_as_wide_as_the_body_is_a_paragraphs_first_line_and_table_rows_stay_rows() -> None:
    body = "x" * 70
    page = "\n".join([
        "2 Related work",
        "Checksums of this kind were proposed by two authors in the early",
        "[AB61] paper of 1961. A faster table-driven method came later and",
        body, body, body,
        "Flag Compress Decompress Size",
        "-1 1200k 500k 914704",
        "-2 2000k 900k 877703",
        "-3 2800k 1300k 860338",
        "3 Results",
        "The results follow.",
    ])  # fmt: skip
    paragraphs = _pdf_paragraphs(page)
    assert ("2 Related work", True) in paragraphs
    assert not any(h and t.startswith("Checksums") for t, h in paragraphs)
    assert any(t.startswith("Checksums of this kind were proposed by two authors in the early [AB61] paper of 1961.")
               for t, _ in paragraphs)  # fmt: skip
    assert [t for t, _ in paragraphs if t.startswith("-")] == ["-1 1200k 500k 914704", "-2 2000k 900k 877703",
                                                               "-3 2800k 1300k 860338"]  # fmt: skip
    assert ("3 Results", True) in paragraphs  # the heading after a table is not swallowed by it
    assert _figure_rows(["a b c", "1 2 3", "4 5 6"]) == set()  # two rows are no table


def test_proper_names_are_the_capitalized_words_that_open_no_sentence_and_the_acronyms() -> None:
    assert proper_names("Does Corepack support the Bun package manager?") == ["Corepack", "Bun"]
    assert proper_names("Can GNU time measure the GPU memory a program uses?") == ["GNU", "GPU"]
    assert proper_names("Which CVEs were fixed? What about Expat's parser?") == ["CVE", "Expat"]
    # a sentence's first word, code and versions are no proper names here
    assert proper_names("My input has two streams. Can one BZ2Decompressor read them?") == []
    assert proper_names("Is os.cpu_count() right? I'd say so.") == []
    assert proper_names("Is 100 MB enough on a 1.8 GHz machine?") == []  # units of the numbers before them
    looked: list[str] = []
    many = "Does it support " + ", ".join(f"Name{chr(65 + n)}x" for n in range(20)) + "?"
    assert absent_names(many, lambda name: looked.append(name) or True) == [] and len(looked) == 8  # bounded


def test_a_name_no_readable_document_names_makes_ask_abstain_through_the_real_models(tmp_path: Path) -> None:
    """"Does the tool support the Bun package manager?" is on topic for a page about package
    managers, and no page says "Bun": the documents do not answer it. A name that only a
    document the caller may not read holds is just as absent for that caller, and the
    abstention says no more than it would if no document held it."""
    manual = ("# pkgproxy\n\npkgproxy manages the versions of your package managers. It supports Yarn and pnpm: it "
              "downloads the version a project asks for and runs it.\n")
    engine = engine_over(tmp_path, {"pkgproxy.md": manual})
    known = engine.ask("Does pkgproxy support the Yarn package manager?")
    assert not known.abstained
    bun = engine.ask("Does pkgproxy support the Bun package manager?")
    assert bun.abstained
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "bun.md").write_text("# Bun\n\nThe Bun package manager is supported by pkgproxy since 2.0.\n")
    assert not engine.ingest([secret], groups=["staff"]).failed
    outsider = engine.ask("Does pkgproxy support the Bun package manager?")
    assert outsider.abstained and outsider.closest == bun.closest
    assert not engine.ask("Does pkgproxy support the Bun package manager?", groups=["staff"]).abstained


PARSLEY = """# Parsley XML parser reference

Parsley is a stream-oriented XML parser written in C. You register handlers and feed it the document in pieces.

## Memory

Parsley allocates its buffers with malloc by default. A custom allocator can be passed to parsley_create.

## Entities

Parsley expands internal entities and refuses external ones unless parsley_allow_external is called.

## Depth

Parsley passes the nesting depth of each element to the start handler, so an application can skip deep elements.
"""


def test_the_same_topic_in_another_document_does_not_answer_a_question_about_a_named_thing(tmp_path: Path) -> None:
    """xmltool's page gives a default maximum element nesting; the question asks it of
    Parsley, whose reference never names xmltool and gives no limit: the xmltool entry is
    about another thing (without this, it was the answer), and ask abstains (through the
    real models). Parsley's own facts are answered."""
    engine = engine_over(tmp_path, {"xmltool.html": XMLTOOL, "parsley.md": PARSLEY})
    other = engine.ask("What is the default maximum element nesting Parsley allows?")
    assert other.abstained, [c.text for c in other.claims]
    own = engine.ask("How does Parsley allocate its buffers by default?")
    assert not own.abstained and "malloc" in own.claims[0].text


def test_a_headings_link_to_itself_is_no_part_of_its_name() -> None:
    """Node.js's pages end each heading with a "#" link to itself, right after the name
    ("timeout.refresh()#"); the name is what the models read as the unit's section."""
    html = ('<html><body><h2>Timers<span><a class="mark" href="#timers">#</a></span></h2><p>Timers run later.</p>'
            '<h4><code>timeout.refresh()</code><span><a class="mark" href="#refresh" id="refresh">#</a></span></h4>'
            '<p>Sets the start time to the current time.</p><h2>Using C#</h2><p>See <a href="#x">#</a>.</p>'
            '</body></html>')
    doc = load_html(html.encode(), "timers.html")
    paths = {b.heading_path for b in doc.blocks}
    assert ("Timers", "timeout.refresh()") in paths and ("Using C#",) in paths


CLOCK = """# Clocks

The clock module measures intervals. Every clock has a hand, a lap list and a limit.

## clock.start()

Added in: v1.0

- Returns: <Clock> a reference to clock

Begins counting from the hand's current position.

## clock.rewind()

Added in: v1.2

- Returns: <Clock> a reference to clock

Puts the hand back to zero and keeps counting from there. Laps recorded so far are kept.

## Laps

Each clock keeps its laps in order. Calling clock.rewind() does not clear them; clock.laps.clear() does. A clock
that was rewound with clock.rewind() reports its laps from before and after. The clock.rewind() method is cheap.


## Notes on rewinding

Note 1: clock.rewind() and the lap list work together when the clock runs in quiet mode. Note 2: clock.rewind() and the lap list work together when the clock runs in loud mode. Note 3: clock.rewind() and the lap list work together when the clock runs in slow mode. Note 4: clock.rewind() and the limit work together when the clock runs in quiet mode. Note 5: clock.rewind() and the limit work together when the clock runs in loud mode. Note 6: clock.rewind() and the limit work together when the clock runs in slow mode. Note 7: clock.rewind() and the hand work together when the clock runs in quiet mode. Note 8: clock.rewind() and the hand work together when the clock runs in loud mode. Note 9: clock.rewind() and the hand work together when the clock runs in slow mode. Note 10: clock.rewind() and the alarm work together when the clock runs in quiet mode. Note 11: clock.rewind() and the alarm work together when the clock runs in loud mode. Note 12: clock.rewind() and the alarm work together when the clock runs in slow mode. Note 13: clock.rewind() and the display work together when the clock runs in quiet mode. Note 14: clock.rewind() and the display work together when the clock runs in loud mode. Note 15: clock.rewind() and the display work together when the clock runs in slow mode. Note 16: clock.rewind() and the log work together when the clock runs in quiet mode. Note 17: clock.rewind() and the log work together when the clock runs in loud mode. Note 18: clock.rewind() and the log work together when the clock runs in slow mode.
"""


def test_the_description_under_a_heading_the_question_names_is_read(tmp_path: Path) -> None:
    """"What does clock.rewind() do?": its section says "Puts the hand back to zero ..."
    without naming it, and twenty sentences elsewhere name clock.rewind(); by words the
    preselection never reads the description. The first units of a section whose heading
    names the question's code term are read whatever the preselection."""
    engine = engine_over(tmp_path, {"clock.md": CLOCK})
    question = "What does clock.rewind() do?"
    hits = engine.searcher.search(question, k=12, rerank=False).hits
    reranker = ReadingReranker()
    select_evidence(engine.store, question, hits, SearchFilter(), reranker=reranker)
    assert any("Puts the hand back to zero" in unit for unit in reranker.read)


def test_an_option_item_that_closes_with_its_default_is_one_unit() -> None:
    """Node.js's options lists close each item with "Default: 30.": alone, the default says not
    of what, and the option's sentence states no amount; the item is one unit (up to the unit
    length). An item without a default keeps a unit per sentence."""
    text = ("Options:\n- historySize <number> Maximum number of history lines retained. Set it to 0 to keep none. "
            "Default: 30.\n- prompt <string> The prompt string to use. Default: '> '.\n"
            "- tabSize <integer> The number of spaces a tab is equal to. It is at least 1.")
    units = [text[s:e] for s, e in candidate_spans(text)]
    assert units[1] == ("- historySize <number> Maximum number of history lines retained. Set it to 0 to keep none. "
                        "Default: 30.")
    assert units[2] == "- prompt <string> The prompt string to use. Default: '> '."
    assert units[3:] == ["- tabSize <integer> The number of spaces a tab is equal to.", "It is at least 1."]
    long = "- size <number> " + "A long sentence about the size of things. " * 14 + "Default: 8."
    assert candidate_spans(long)[-1] != (0, len(long))  # past the unit length the default stands alone


def test_finding_the_question_a_unit_opens_costs_the_same_anywhere_in_a_long_text() -> None:
    """question_end runs for every candidate unit: it reads the unit's own line, never the
    text before it (that once made it quadratic in a long document)."""
    import time

    text = "A statement that asks nothing. " * 200_000 + "\n\nIs it fast?"
    ends = [m.end() for m in re.finditer(r"nothing\.", text)]
    started = time.perf_counter()
    found = [question_end(text, e) for e in ends]
    assert time.perf_counter() - started < 10 and found.count(None) == len(ends)


def test_listings_side_by_side_in_one_pre_stay_apart() -> None:
    """Node.js gives each example twice in one <pre>, as ES module and as CommonJS: the two
    listings no longer run into each other ("ac.abort();const { ..."). Code with text between
    its parts is one listing, as before."""
    html = ('<html><body><pre><input type="checkbox"><code class="mjs">import { a } from "m";\na();\n</code>'
            '<code class="cjs">const { a } = require("m");\na();\n</code></pre>'
            '<pre><code>x = 1</code> or <code>y = 2</code></pre></body></html>')
    text = load_html(html.encode(), "example.html").text
    assert 'a();\n\nconst { a } = require("m");' in text
    assert "x = 1 or y = 2" in text


def test_a_sentence_that_does_what_the_one_before_says_is_one_unit_with_it() -> None:
    """"To do so, add the option --branch-sim=yes." does not say what it is for; the sentence
    before it does. The two are one unit (in one paragraph, up to the unit length)."""
    text = ("Branch prediction statistics are not collected by default. To do so, add the option --branch-sim=yes. "
            "Cache misses are counted.\n\nIf so, nothing.")
    units = [text[s:e] for s, e in candidate_spans(text)]
    assert units == ["Branch prediction statistics are not collected by default. To do so, add the option "
                     "--branch-sim=yes.", "Cache misses are counted.", "If so, nothing."]  # fmt: skip
