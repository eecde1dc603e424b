"""Evidence selection keeps exact offsets while it dedupes, merges, trims and budgets."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from citadel.ingest import ChunkSettings, ingest
from citadel.retrieve import EvidenceRetriever, EvidenceSettings, HashingEmbedder, KeywordReranker, Searcher, select_evidence
from citadel.retrieve.answer_types import asks_how, asks_option, asks_quantity, states_quantity
from citadel.retrieve.answerability import AnswerabilityModel
from citadel.retrieve.hits import Hit
from citadel.retrieve.sentences import is_option_entry
from citadel.store import Store
from citadel.store.base import SearchFilter

from tests.retrieve_fixtures import searcher

SENTENCES = [
    "The warehouse in Leeds stores spare parts.",
    "Forklifts are serviced every March.",
    "Returns of damaged goods are accepted within thirty days.",
    "A refund for damaged goods is issued after inspection.",
    "The canteen serves lunch from noon.",
    "Visitors sign in at reception.",
]


def _ingest_long(store: Store, tmp_path: Path) -> None:
    body = "\n\n".join(" ".join(SENTENCES[i : i + 2]) for i in range(0, 6, 2))
    (tmp_path / "ops.md").write_text(f"# Operations\n\n{body}\n\n# Other\n\nDamaged goods returns are rare.\n")
    ingest(store, [tmp_path / "ops.md"], embedder=HashingEmbedder(), chunking=ChunkSettings(max_chars=120))


def _assert_exact(store: Store, passages: list) -> None:  # type: ignore[type-arg]
    for p in passages:
        assert store.text(p.doc_id, p.version)[p.start : p.end] == p.text


def test_neighbouring_chunks_of_one_section_merge_with_exact_offsets(tmp_path: Path, store: Store) -> None:
    _ingest_long(store, tmp_path)
    assert len(store.chunks("ops.md")) >= 4
    hits = searcher(store).search("damaged goods returns refund", k=10).hits
    passages = select_evidence(store, "damaged goods returns refund", hits, SearchFilter(),
                               settings=EvidenceSettings(trim_above_chars=10_000))  # fmt: skip
    _assert_exact(store, passages)
    merged = [p for p in passages if len(p.chunk_ids) > 1]
    assert merged, "adjacent chunks of the Operations section should merge"
    assert all(p.heading_path == ("Operations",) for p in merged)
    assert not any(set(p.chunk_ids) & set(q.chunk_ids) for p in passages for q in passages if p is not q)
    other = [p for p in passages if p.heading_path == ("Other",)]
    assert other and all(len(p.chunk_ids) == 1 for p in other)  # never merged across sections


def test_trimming_keeps_the_relevant_sentences_exactly(tmp_path: Path, store: Store) -> None:
    _ingest_long(store, tmp_path)
    query = "refund for damaged goods after inspection"
    hits = searcher(store).search(query, k=10).hits
    passages = select_evidence(store, query, hits, SearchFilter(), reranker=KeywordReranker(),
                               settings=EvidenceSettings(trim_above_chars=50, sentence_keep=0.9))  # fmt: skip
    _assert_exact(store, passages)
    best = passages[0]
    assert "inspection" in best.text and "canteen" not in best.text and "Leeds" not in best.text


def test_trimming_keeps_an_faq_answer_with_its_question_and_a_lead_in_with_its_list(tmp_path: Path,
                                                                                   store: Store) -> None:
    """Trimmed to the units that score, a passage still keeps what completes them: the
    answer paragraph after an FAQ's question (which alone scores best: it restates the
    question) and the steps after a lead-in; and the question before an answer."""
    faq = ("IT FAQ\n\nHow do I order a monitor? Use the catalogue. Monitors ship in a week.\n\n"
           "What should I do with an old laptop? Return it to the service desk. Disks are wiped and the device "
           "is recycled.\n\nCan I keep my phone? Phones stay with the company.\n\n"
           "To claim an expense:\n\n1. Keep the receipt.\n2. Fill in form E-12.\n3. Send it to your manager.\n\n"
           "Expense claims are paid monthly.\n")
    (tmp_path / "faq.txt").write_text(faq)
    ingest(store, [tmp_path / "faq.txt"], embedder=HashingEmbedder(), chunking=ChunkSettings(max_chars=2000))
    for query, kept, gone in (
        ("what should i do with an old laptop", "Disks are wiped and the device is recycled.", "Phones stay"),
        ("return it to the service desk", "What should I do with an old laptop?", "Phones stay"),
        ("to claim an expense", "3. Send it to your manager.", "paid monthly"),
    ):
        hits = searcher(store).search(query, k=10).hits
        passages = select_evidence(store, query, hits, SearchFilter(), reranker=KeywordReranker(),
                                   settings=EvidenceSettings(trim_above_chars=50, sentence_keep=0.9))  # fmt: skip
        _assert_exact(store, passages)
        assert kept in passages[0].text and gone not in passages[0].text, (query, passages[0].text)


def test_near_duplicates_are_dropped_and_budget_holds(tmp_path: Path, store: Store) -> None:
    text = "Badges must be worn at all times inside the building by every member of staff."
    for name in ("a.md", "b.md"):
        (tmp_path / name).write_text(text + "\n")
    (tmp_path / "c.md").write_text("Badges are collected at reception on the first day.\n")
    ingest(store, [tmp_path / n for n in ("a.md", "b.md", "c.md")], embedder=HashingEmbedder())
    hits = searcher(store).search("badges", k=10).hits
    assert len(hits) == 3
    passages = select_evidence(store, "badges", hits, SearchFilter())
    assert len(passages) == 2 and len({p.text for p in passages}) == 2
    tight = select_evidence(store, "badges", hits, SearchFilter(), settings=EvidenceSettings(token_budget=20))
    assert len(tight) == 1 and sum(len(p.text) // 4 for p in tight) <= 20


class CountingReranker(KeywordReranker):
    """Keyword scores, and a record of every pair the model was asked to read: as read
    ("Title > Section: unit") and the unit alone."""

    def __init__(self) -> None:
        self.read: list[str] = []
        self.units: list[str] = []

    def _score(self, query, passages):  # type: ignore[no-untyped-def]
        self.read.extend(passages)
        self.units.extend(p.split(": ", 1)[-1] for p in passages)
        return super()._score(query, passages)


def test_relevance_is_the_best_sentence_and_the_reranker_reads_few_sentences(tmp_path: Path, store: Store) -> None:
    _ingest_long(store, tmp_path)
    query = "refund for damaged goods after inspection"
    hits = searcher(store).search(query, k=10).hits
    reranker = CountingReranker()
    passages = select_evidence(store, query, hits, SearchFilter(), reranker=reranker,
                               settings=EvidenceSettings(scored_sentences=3, trim_above_chars=10_000))  # fmt: skip
    assert len(reranker.read) == 3  # single sentences, never whole passages, at most the limit
    assert all(s in SENTENCES or s == "Damaged goods returns are rare." for s in reranker.units)
    assert "A refund for damaged goods is issued after inspection." in reranker.units
    assert all(r.startswith("Operations") for r in reranker.read)  # each read where it stands
    for p in passages:
        doc = store.text(p.doc_id, p.version)
        assert p.sentences and p.relevance == max(x.score for x in p.sentences)
        assert all(p.start <= x.start < x.end <= p.end and doc[x.start : x.end] in reranker.units for x in p.sentences)
    assert [p.relevance for p in passages] == sorted((p.relevance for p in passages), reverse=True)
    assert "inspection" in passages[0].text


def test_without_a_reranker_passages_carry_no_sentence_scores(tmp_path: Path, store: Store) -> None:
    _ingest_long(store, tmp_path)
    hits = searcher(store).search("damaged goods", k=10).hits
    passages = select_evidence(store, "damaged goods", hits, SearchFilter())
    assert passages and all(p.sentences == () for p in passages)


def test_the_evidence_retriever_never_reranks_whole_passages(tmp_path: Path, store: Store) -> None:
    _ingest_long(store, tmp_path)
    reranker = CountingReranker()
    retrieved = EvidenceRetriever(Searcher(store, embedder=HashingEmbedder(), reranker=reranker)).retrieve(
        "refund for damaged goods after inspection", SearchFilter()
    )
    assert retrieved.evidence and retrieved.top_score == retrieved.evidence[0].relevance
    chunk_texts = {c.text for c in store.chunks("ops.md")}
    assert reranker.units and not chunk_texts & set(reranker.units)  # sentences, never a two-sentence chunk
    headings = {"Operations", "Other"}  # a heading line is a sentence of its chunk
    assert all(s in SENTENCES or s in headings or s == "Damaged goods returns are rare." for s in reranker.units)


class ReadingAnswerability(AnswerabilityModel):
    """The bundled model's calibration, with logits from the span's words (no model run),
    and a record of every span read."""

    def __init__(self) -> None:
        super().__init__()
        self.spans: list[str] = []

    def logits(self, question, spans):  # type: ignore[no-untyped-def]
        self.spans.extend(spans)
        return np.array([1.0 if "wait" in s or "limit" in s else -1.0 for s in spans], dtype=np.float32)


def test_which_option_questions_have_option_entries_read_for_answerability(tmp_path: Path, store: Store) -> None:
    """Eight sentences about the tool outrank its option entries with the reranker; asked
    which option does it, the two best entries are read by the answerability model too."""
    about = " ".join(f"The fetchit tool downloads files, note {n}." for n in range(8))
    page = "\n".join(["FETCHIT(1)            User Commands            FETCHIT(1)", "", "NAME",
                      "       fetchit - download files", "", "DESCRIPTION", f"       {about}", "", "OPTIONS",
                      "       -w, --wait SECONDS", "              Pause between downloads.", "",
                      "       -q, --quiet", "              Print nothing.", ""])  # fmt: skip
    (tmp_path / "fetchit.1.txt").write_text(page)  # a man page: its option entries are units
    ingest(store, [tmp_path / "fetchit.1.txt"], embedder=HashingEmbedder())
    hits = searcher(store).search("fetchit tool downloads files", k=10).hits
    settings = EvidenceSettings(trim_above_chars=10_000)
    for question, asked in (("Which fetchit option makes the tool pause between downloads of files?", True),
                            ("How does the fetchit tool pause between downloads of files?", False)):  # fmt: skip
        model = ReadingAnswerability()
        select_evidence(store, question, hits, SearchFilter(), reranker=KeywordReranker(), settings=settings,
                        answerability=model)  # fmt: skip
        entries = [s for s in model.spans if "--wait" in s]
        assert len(model.spans) == settings.answer_spans + (2 if asked else 0)
        assert bool(entries) is asked, question


def _ingest_fetchit(store: Store, tmp_path: Path, term: str, description: str, variables: int = 12) -> None:
    """A man page whose option entries sit chunks apart from its description: ``term`` and
    ``description`` are its first option, ``variables`` sentences of environment between."""
    about = " ".join(f"The fetchit tool downloads files, note {n}." for n in range(8))
    between = " ".join(f"Variable FETCHIT_{n} sets a proxy for it." for n in range(variables))  # chunks apart
    options = [term, description, "-q, --quiet", "Print nothing.",
               "-r, --retries N", "Try each download N times.", "-o, --output FILE", "Write the log to FILE."]  # fmt: skip
    lines = ["FETCHIT(1)            User Commands            FETCHIT(1)", "", "NAME", "       fetchit - download files",
             "", "DESCRIPTION", f"       {about}", "", "ENVIRONMENT", f"       {between}", "", "OPTIONS"]  # fmt: skip
    for name, what in zip(options[::2], options[1::2], strict=True):
        lines += [f"       {name}", f"              {what}", ""]
    (tmp_path / "fetchit.1.txt").write_text("\n".join(lines))
    ingest(store, [tmp_path / "fetchit.1.txt"], embedder=HashingEmbedder(), chunking=ChunkSettings(max_chars=200))


def test_a_how_to_question_reads_the_closest_option_entries_of_the_page_that_search_did_not_return(
    tmp_path: Path, store: Store
) -> None:
    """Search returned the page's description; the option that answers "how do I make it
    pause" sits in another chunk. Asked how to do something, the page's option entries
    closest to the question are scored too, each as a passage with exact offsets and its own
    chunk; asked how the tool does it, they are not."""
    _ingest_fetchit(store, tmp_path, "-w, --wait SECONDS", "Pause between downloads.")
    chunks = store.chunks("fetchit.1.txt")
    hits = [h for h in searcher(store).search("fetchit tool downloads files", k=10).hits if "note" in h.text]
    assert hits and any("--wait" in c.text for c in chunks) and not any("--wait" in h.text for h in hits)
    settings = EvidenceSettings(trim_above_chars=10_000)

    def entry_passages(question: str) -> list:  # type: ignore[type-arg]
        passages = select_evidence(store, question, hits, SearchFilter(), reranker=KeywordReranker(),
                                   settings=settings, answerability=ReadingAnswerability())  # fmt: skip
        _assert_exact(store, passages)
        return [p for p in passages if is_option_entry(p.text)]

    asked = entry_passages("How do I make fetchit pause between downloads?")
    assert 0 < len(asked) <= settings.page_entries and any("--wait" in p.text for p in asked)
    wait = next(p for p in asked if "--wait" in p.text)
    holder = next(c for c in chunks if "--wait" in c.text)
    assert wait.chunk_ids == (holder.chunk_id,) and holder.start <= wait.start and wait.end <= holder.end
    assert wait.sentences and wait.sentences[0].answerability is not None  # scored, and read for answerability
    assert not entry_passages("How does the fetchit tool pause between downloads of files?")
    assert entry_passages("Which fetchit option makes it pause?")  # a "which option" question too
    assert asks_how("How do I make it stop?") and asks_how("Is there a way to sort the keys?")
    assert asks_how("What do I pass to get colours?") and not asks_how("How does the cache work?")
    assert not asks_how("How many retries are there?") and asks_option("Which flag sorts keys?")


def test_the_entries_of_a_changed_page_are_its_new_ones(tmp_path: Path, store: Store) -> None:
    """A page's entries are remembered across questions by the text of each chunk, never by
    its id: once the page changes (same chunk ids, other options at other offsets) the
    entries read are the new version's, with exact offsets."""
    question = "How do I make fetchit pause between downloads?"

    def entries() -> list[str]:
        hits = [h for h in searcher(store).search("fetchit tool downloads files", k=10).hits if "note" in h.text]
        passages = select_evidence(store, question, hits, SearchFilter(), reranker=KeywordReranker(),
                                   answerability=ReadingAnswerability())  # fmt: skip
        _assert_exact(store, passages)
        return [p.text for p in passages if is_option_entry(p.text)]

    _ingest_fetchit(store, tmp_path, "-w, --wait SECONDS", "Pause between downloads.")
    first = entries()
    assert first == entries() and any("--wait" in t for t in first)  # asked again: the same, from memory
    before = {c.chunk_id: c.start for c in store.chunks("fetchit.1.txt") if "--wait" in c.text}
    _ingest_fetchit(store, tmp_path, "-z, --snooze SECS", "Pause between downloads, then resume.", variables=13)
    current = store.current("fetchit.1.txt")
    assert current is not None and current.version == 2
    after = {c.chunk_id: c.start for c in store.chunks("fetchit.1.txt") if "--snooze" in c.text}
    assert before.keys() == after.keys() and before != after  # the same ids, at other offsets
    second = entries()
    assert any(t.endswith("-z, --snooze SECS: Pause between downloads, then resume.") for t in second) and not any("--wait" in t for t in second)


def test_a_how_to_question_reads_the_closest_definition_entries_of_the_page_too(tmp_path: Path, store: Store) -> None:
    """Generated reference pages define each method under its term ("top(n)¶" and what it
    returns): asked how to get something, the page's closest definition entry is scored, as
    its own passage, though search returned only the page's introduction."""
    intro = " ".join(f"<p>A tally counts hashable things, remark {n}.</p>" for n in range(10))
    terms = [("top(n)", "Return the n things seen most often, with their counts."),
             ("total()", "Return the sum of the counts."), ("clear()", "Forget every count.")]  # fmt: skip
    dl = "".join(f'<dl><dt id="t{i}">{t}<a class="headerlink" href="#t{i}">\u00b6</a></dt><dd><p>{x}</p></dd></dl>'
                 for i, (t, x) in enumerate(terms))  # fmt: skip
    (tmp_path / "tally.html").write_text(f"<html><head><title>tally</title></head><body><h1>tally</h1>{intro}"
                                         f"<h2>Methods</h2>{dl}</body></html>")  # fmt: skip
    ingest(store, [tmp_path / "tally.html"], embedder=HashingEmbedder(), chunking=ChunkSettings(max_chars=200))
    hits = [h for h in searcher(store).search("tally counts hashable things", k=10).hits if "remark 0" in h.text]
    question = "How do I get the things a tally has seen most often, with their counts?"
    passages = select_evidence(store, question, hits, SearchFilter(), reranker=KeywordReranker(),
                               embedder=HashingEmbedder(), answerability=ReadingAnswerability())  # fmt: skip
    _assert_exact(store, passages)
    entry = next(p for p in passages if p.text.startswith("top(n)"))
    assert entry.heading_path[-1] == "Methods" and entry.sentences  # where it stands, and scored


def test_a_unit_that_states_no_amount_does_not_answer_a_question_that_asks_for_one(tmp_path: Path, store: Store) -> None:
    (tmp_path / "limits.md").write_text("# Limits\n\nThe recursion limit is the maximum depth of the interpreter stack. "
                                        "By default the recursion limit is 1000 frames.\n")  # fmt: skip
    ingest(store, [tmp_path / "limits.md"], embedder=HashingEmbedder())
    hits = searcher(store).search("recursion limit default", k=5).hits

    def answers(question: str) -> dict[str, float]:
        return units_read(store, question, hits)

    asked = answers("What is the default value of the recursion limit?")
    assert asked["The recursion limit is the maximum depth of the interpreter stack."] == 0.0  # on topic, no amount
    assert asked["By default the recursion limit is 1000 frames."] > 0.0
    plain = answers("What does the recursion limit bound?")  # no amount asked for: both may answer
    assert all(v > 0.0 for v in plain.values()) and len(plain) == 2


def units_read(store: Store, question: str, hits: tuple[Hit, ...]) -> dict[str, float]:
    """Each unit evidence selection had the answerability model read for ``question`` (the
    model: :class:`ReadingAnswerability`), with the probability it was given."""
    passages = select_evidence(store, question, hits, SearchFilter(), reranker=KeywordReranker(),
                               answerability=ReadingAnswerability())  # fmt: skip
    doc = store.text(passages[0].doc_id)
    return {doc[x.start : x.end]: x.answerability for p in passages for x in p.sentences if x.answerability is not None}


def test_what_form_an_answer_takes_is_read_from_the_question() -> None:
    assert asks_quantity("How many bits will the key have?") and asks_quantity("What is the default value of its limit?")
    assert not asks_quantity("What is the default value of sep?") and not asks_quantity("What is the return value?")
    assert asks_quantity("what is the maximum size of a field") and not asks_quantity("What does the limit do?")
    # what a number measures, asked as the question's object; not a thing that sets it, nor a named level
    assert asks_quantity("What TCP port does vgdb listen on?") and asks_quantity("What umask applies if UMASK is unset?")
    assert asks_quantity("Which uid is reserved for mysql?") and not asks_quantity("Which option sets the port?")
    assert not asks_quantity("Which log level does it use?") and not asks_quantity("What would the PID file be called?")
    assert states_quantity("It keeps 128 entries.") and states_quantity("Juries must reach a unanimous verdict.")
    assert states_quantity("The cache can grow without bound.") and not states_quantity("Return the current value.")
    # a size a library gives as a constant is one ("How big must the buffer be?")
    assert states_quantity("a buffer of at least 'ASN1_MAX_ERROR_DESCRIPTION_SIZE' bytes")
    assert not states_quantity("Call asn1_strerror with the ASN1 error code.")


def test_forgotten_units_are_embedded_again() -> None:
    from citadel.retrieve.evidence import _embed_cached, forget_units

    class Counting(HashingEmbedder):
        seen: list[str] = []

        def embed_batch(self, texts):  # type: ignore[no-untyped-def]
            self.seen.extend(texts)
            return super().embed_batch(texts)

    embedder = Counting()
    units = ["Refunds take ten days.", "Exchanges are free."]
    forget_units()  # whatever another test left
    first = _embed_cached(embedder, units)
    assert np.allclose(_embed_cached(embedder, units), first) and embedder.seen == units  # remembered
    forget_units()
    assert np.allclose(_embed_cached(embedder, units), first) and embedder.seen == units + units  # embedded again
