"""Evidence selection: turn ranked hits into the passages a generator is shown.

Steps, in order, all keeping exact offsets (``passage.text == doc_text[start:end]``
of the stated version):

0. a question that names a version keeps, of the hits under versioned headings, those under
   a heading that names it, when there are any (:func:`citadel.retrieve.versions.pinned`:
   release notes file each change under its release);
1. near-duplicate removal: a hit whose words overlap an already kept hit's by at
   least ``duplicate_jaccard`` (word 3-shingles) is dropped;
2. neighbouring chunks of one section (same document version, heading path and page,
   consecutive in reading order) are merged into one passage; the first
   ``max_passages`` passages in ranking order go on;
3. sentence relevance: the passages are split into candidate units
   (:func:`citadel.retrieve.sentences.candidate_spans`: sentences, list items, table
   rows, man-page option entries with their description); units flagged as planted
   instructions (:func:`citadel.untrusted.flag_spans`) and heading lines are left out.
   For a question that asks which option, or how to do something, the ``page_entries``
   entries (an option's, a definition term's) of the best passages' documents closest
   to it by meaning are candidates too: read whatever the preselection below, and those
   outside every passage each as a passage of its own. For a question that asks which
   licence applies or who holds a copyright, the stanzas of a Debian copyright file for
   what it names are read too, and answer by the file's format
   (:func:`_licence_stanzas`, :mod:`citadel.retrieve.copyright`). The reranker reads
   (query, unit) for at most ``scored_sentences`` of them chosen by words (each
   passage's lexically best one first, :mod:`citadel.retrieve.sentences`) plus
   ``semantic_sentences`` chosen by meaning (cosine of the bundled embedder over the
   first ``embedded_sentences`` others), so "remove" meets "delete". It reads each unit
   where it stands, "Title > Section: unit" (``unit_context``, the answerability
   model's :func:`~citadel.retrieve.answerability.span_text`): an option entry or a
   version note says nothing of the tool or function it belongs to, its page does (and
   under a release the question names, "Title > Release > Section: unit":
   :func:`citadel.retrieve.versions.release_heading`).
   ``Passage.relevance`` is its best unit's probability and ``Passage.sentences`` keeps
   every score, so the extractive backend and the abstention threshold reuse them
   instead of running the model again. Of near-duplicate hits from two documents (step
   1) the one whose title and headings share more words with the query is kept;
   The answerability model (:mod:`citadel.retrieve.answerability`), when given, then
   reads the reranker's ``answer_spans`` best units with their title and last heading:
   ``ScoredSentence.answerability`` and ``Passage.answerability`` (its best unit's) are
   what ``ask`` abstains on and what the extractive backend answers from; a trimmed
   passage keeps its best-answering unit. A trailing clause that asks for the version
   ("..., and in which version was it added?") is left out of the question both models
   read (no unit answers both asks). For a question that asks for a version, the
   version note of the entry of each of the ``version_notes`` best-answering units
   (:mod:`citadel.retrieve.entries`: "New in version 3.9." paragraphs below the sentence
   that answers) is attached as that unit's completion, with its scores just below the
   unit's, in the passage that holds it or as a passage of its own right after it;
4. a passage longer than ``trim_above_chars`` is trimmed to the contiguous run of
   sentences from the first to the last one scoring at least ``sentence_keep`` of its
   best (without a reranker: by query-word overlap), with what completes its ends: an
   FAQ's question and its answer, a lead-in and what it introduces;
5. passages are taken most relevant first while they fit ``token_budget`` (~4
   characters a token).

Without a reranker ``Passage.relevance`` falls back to the hit's own relevance, else
the dense cosine mapped linearly from [0.6, 0.85] to [0, 1], a rough stand-in noted in
the result.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from citadel._errors import BackendError
from citadel.memo import Memo
from citadel.retrieve.answerability import AnswerabilityModel, span_text
from citadel.retrieve.embedders import Embedder, VectorCache
from citadel.retrieve.answer_types import (
    asked_address,
    asked_member,
    asks_code,
    asks_default,
    asks_bound,
    asks_default_value,
    asks_member,
    asks_return,
    asks_how,
    asks_copyright_holder,
    asks_licence,
    asks_licence_name,
    asks_option,
    asks_quantity,
    labels_return,
    names_member,
    asks_version,
    asks_version_number,
    asks_year,
    states_code,
    states_default,
    states_address,
    states_bound,
    states_quantity,
    states_value,
    states_year,
    without_version_clause,
)
from citadel.retrieve.copyright import (
    FILES_HEADING,
    asked_stanzas,
    is_dep5,
    is_licence_text,
    names_subject,
    states_holder,
    states_licence,
    subject_names,
    upstream_names,
)
from citadel.retrieve.coverage import proper_names, salient_terms
from citadel.retrieve.entries import version_note
from citadel.retrieve.versions import asks_release_date, dated_heading, pinned, release_heading, states_date
from citadel.models import Chunk, Location
from citadel.retrieve.hits import Hit
from citadel.retrieve.rerankers import Reranker, probability
from citadel.retrieve.sentences import (
    LIST_MARKER,
    candidate_spans,
    entry_name,
    ENTRY_REACH,
    entry_term,
    opening_term,
    is_option_entry,
    is_table_row,
    is_term_line,
    is_typed_item,
    leads_on,
    lexical_weights,
    premise_echo,
    next_line,
    preselect,
    question_end,
    replaces,
    semantic_preselect,
    with_term,
)
from citadel.store.base import SearchFilter, Store
from citadel.text import STOPWORDS
from citadel.untrusted import flag_spans, overlaps


@dataclass(frozen=True)
class EvidenceSettings:
    token_budget: int = 1500
    max_passages: int = 8
    duplicate_jaccard: float = 0.8
    trim_above_chars: int = 600
    sentence_keep: float = 0.3  # keep sentences scoring at least this share of the best one
    #: (query, sentence) pairs the reranker reads per query. On ClapNQ dev, balanced
    #: abstention accuracy was 0.779 with 8, 0.801 with 12, 0.804 with 20 (bench/RESULTS.md)
    scored_sentences: int = 12
    #: more pairs the reranker reads: the sentences closest in meaning to the query (the
    #: bundled embedder's cosine) that the word overlap did not choose
    semantic_sentences: int = 4
    #: at most this many sentences are embedded per query (the best-ranked passages' first).
    #: 16 and 24 gave every docsqa dev, ClapNQ dev and fresh question the same outcome; 12 lost
    #: one docsqa dev answer (bench/RESULTS.md, twenty-fifth session); each one costs ~6 ms
    embedded_sentences: int = 16
    #: the answerability model (citadel.retrieve.answerability) reads this many of the
    #: reranker's best units per query
    answer_spans: int = 6
    #: ... of those the reranker gives at least this probability (always the best one):
    #: with 0.75 of the reranker's logit in the score (-2.9 at 0.02), a unit below it
    #: would need a model logit the model almost never gives to reach the shipped
    #: threshold; reading fewer units keeps ask near its latency budget
    answer_floor: float = 0.02
    #: the reranker reads a unit with where it stands ("Title > Section: unit", as the
    #: answerability model does): "-f, --failfast  Stop the test run on the first error"
    #: alone is 0.009 for "how do I make unittest stop at the first failure", under
    #: "unittest > Command-line options" 0.57 (bench/RESULTS.md, issue 15)
    unit_context: bool = True
    #: for a question that asks for a version, the version note of the entry of each of
    #: this many best-answering units is attached (:mod:`citadel.retrieve.entries`)
    version_notes: int = 2
    #: for a question that asks which option, or how to do something, the reranker also
    #: reads this many entries (an option's, or a definition term's: "most_common([n])¶
    #: Return a list of the n most common elements ...") of the best passages' documents,
    #: the closest to the question by meaning, whether a passage holds them (then whatever
    #: the preselection by words) or not (then each as a passage of its own):
    #: :func:`_page_entries`. The option that answers "how do I make unittest bail out at
    #: the first failure" shares no word with it, and can sit in a chunk of twenty options
    #: that search does not return
    page_entries: int = 2
    #: the units of the entry (an option's, a setting's: :func:`~citadel.retrieve.sentences.entry_term`)
    #: of each of the reranker's 2 best units that the preselection left out are read too, at
    #: most this many per entry: "SyncIntervalSec= The timeout before synchronizing journal
    #: files to disk." is the best unit for "how long does journald wait before syncing?",
    #: and "The default timeout is 5 minutes.", two sentences on, shares no word with it
    entry_units: int = 3
    #: the entries (an option's, a setting's) of the best passages' documents whose term the
    #: question names ("ServerAliveCountMax", "-c", "AccuracySec=") are read, at most this
    #: many, whatever the preselection, whether a passage holds them or not:
    #: :func:`_named_entries`. "How many old versions does savelog keep if I don't pass -c?"
    #: is answered by "-c cycle: Save cycle versions of the logfile (default: 7).", which
    #: search does not return
    named_entries: int = 2
    #: the sections of the best passages' documents whose own heading is a name in code the
    #: question names ("SDL_Log()", "g_array_new ()") are read, at most this many, whatever
    #: the search returned: :func:`_named_headings`. An API reference describes each member
    #: under its name, in words every member shares ("Log a message with ... category and
    #: priority."): "Which category does plain SDL_Log() log with?" finds six of its siblings
    #: first
    named_headings: int = 2
    #: the unit after each of the reranker's 2 best units in its paragraph is read too when
    #: the preselection left it out and the best one leads up to it (:func:`_next_units`): the
    #: sentence that completes "Now you have your compiled module!" shares few words with the
    #: question
    next_units: bool = True
    #: for a question that asks which licence something is under or who holds its copyright,
    #: the stanzas of a Debian copyright file (DEP-5) about the software it names that cover
    #: the files it names (else ``Files: *``) are read, and its stand-alone licence texts
    #: answer nothing (:func:`_licence_stanzas`, :mod:`citadel.retrieve.copyright`)
    licence_stanzas: bool = True


@dataclass(frozen=True)
class ScoredSentence:
    """A sentence of a passage with the reranker's probability that it answers the query."""

    start: int  # offsets in the document's text, like the passage's
    end: int
    score: float
    #: the answerability model's probability that it answers the query (None: not read)
    answerability: float | None = None
    #: (start, end) of the unit this one completes (its entry's version note): its scores
    #: are that unit's, just below them, so it is quoted after it; None: scored itself
    completes: tuple[int, int] | None = None


@dataclass(frozen=True)
class Passage:
    """A contiguous span of one document version, made of one or more hits."""

    chunk_ids: tuple[str, ...]
    doc_id: str
    version: int
    title: str
    heading_path: tuple[str, ...]
    page: int | None
    start: int
    end: int
    text: str
    score: float  # the best hit's ranking score
    relevance: float  # normalized, in [0, 1]
    sentences: tuple[ScoredSentence, ...] = ()  # the reranker-scored sentences inside it
    #: its best unit's answerability (None: no unit of it was read by the model)
    answerability: float | None = None
    #: where it is in its file: its chunks' locations joined (lines from first to last)
    location: Location = Location()
    #: (start, end, location) of each chunk in it, so a trimmed passage keeps only theirs
    pieces: tuple[tuple[int, int, Location], ...] = ()


_WORD = re.compile(r"\w+")


def select_evidence(
    store: Store,
    query: str,
    hits: Sequence[Hit],
    where: SearchFilter,
    *,
    reranker: Reranker | None = None,
    settings: EvidenceSettings = EvidenceSettings(),
    embedder: Embedder | None = None,
    answerability: AnswerabilityModel | None = None,
) -> list[Passage]:
    """Passages for ``query`` from ``hits`` (best first), within the token budget."""
    kept = _dedupe(pinned(query, hits), settings.duplicate_jaccard, query)
    chunks = {doc_id: store.chunks(doc_id, where) for doc_id in dict.fromkeys(h.doc_id for h in kept)}
    passages = _merge_neighbours(store, kept, where, chunks)[: settings.max_passages]
    texts = {(p.doc_id, p.version): store.text(p.doc_id, p.version) for p in passages}
    forced: set[tuple[str, int, int, int]] = set()  # units scored whatever the preselection
    if answerability is not None and settings.page_entries > 0 and (asks_option(query) or asks_how(query)):
        inside, outside = _page_entries(query, passages, texts, chunks, embedder, settings.page_entries)
        forced, passages = inside, passages + outside
    if settings.named_entries > 0:  # "What's the default of ServerAliveCountMax?": that entry is read
        inside, outside = _named_entries(query, passages, texts, chunks, settings.named_entries)
        forced, passages = forced | inside, passages + outside
    if settings.named_headings > 0:  # "Which category does SDL_Log() log with?": its section is read
        passages = passages + _named_headings(query, passages, texts, chunks, settings.named_headings)
    barred: set[int] = set()  # a licence's text, another file's stanza: no answer to which licence applies
    lookups: dict[tuple[str, int, int, int], float] = {}  # units whose answerability the file's format says
    if settings.licence_stanzas and asks_licence(query):  # "What license is httplib2 under?": its Files: * stanza
        copyright_files = {doc for doc, cs in chunks.items() if is_dep5(cs)}
        inside, outside, lookups, others = _licence_stanzas(query, passages, texts, chunks, copyright_files)
        forced, passages = forced | inside, passages + outside
        barred = {n for n, p in enumerate(passages) if p.doc_id in copyright_files and (
            is_licence_text(p.heading_path) or (p.doc_id, p.heading_path[0] if p.heading_path else "") in others)}
    if asks_release_date(query):  # "when was 1.47.0 released?": the release's dated heading answers
        headings = _dated_headings(query, passages, texts, chunks)
        forced, passages = forced | {(p.doc_id, p.version, p.start, p.end) for p in headings}, passages + headings
    spans = [candidate_spans(texts[p.doc_id, p.version], p.start, p.end) for p in passages]
    named = _named_sections(query, passages, spans, texts)
    if asks_return(query):  # "What does SDL_RWseek give back?": the entry's "Returns: ..." is read
        named |= _return_units(query, passages, spans, texts)
    forced |= named
    asked = without_version_clause(query)  # "..., and in which version?": the version comes from the entry
    scored = _score_sentences(asked, passages, spans, texts, reranker, settings, embedder, forced)
    if scored is not None:
        if answerability is not None:
            scored = _score_answers(asked, passages, scored, texts, answerability, settings.answer_spans,
                                    settings.answer_floor, reranker if settings.unit_context else None, barred, lookups,
                                    named)
        passages = [
            replace(p, relevance=max((x.score for x in xs), default=0.0), sentences=tuple(xs),
                    answerability=max((x.answerability for x in xs if x.answerability is not None), default=None))
            for p, xs in zip(passages, scored, strict=True)
        ]  # fmt: skip
        if answerability is not None and settings.version_notes > 0 and asks_version(query):
            known = {(p.doc_id, p.start, p.end): sp for p, sp in zip(passages, spans, strict=True)}
            passages = _attach_version_notes(query, passages, texts, chunks, settings.version_notes,
                                             asks_version_number(query))
            spans = [known.get((p.doc_id, p.start, p.end)) or [(p.start, p.end)] for p in passages]
    trimmed = []
    for passage, sentence_span in zip(passages, spans, strict=True):
        if passage.end - passage.start > settings.trim_above_chars and len(sentence_span) > 1:
            passage = _trim(passage, texts[passage.doc_id, passage.version], sentence_span, query, settings.sentence_keep)
        trimmed.append(passage)
    out: list[Passage] = []
    budget = settings.token_budget
    def looks_up(p: Passage) -> bool:  # it holds a unit that answers by its file's format: kept first
        return any(lookups.get((p.doc_id, p.version, x.start, x.end), 0.0) > 0 for x in p.sentences)

    for passage in sorted(trimmed, key=lambda p: (not looks_up(p), -p.relevance)):  # stable: ties keep the ranking
        cost = _tokens(passage.text)
        if cost > budget:
            continue
        out.append(passage)
        budget -= cost
    return out


def _score_sentences(
    query: str,
    passages: list[Passage],
    spans: list[list[tuple[int, int]]],
    texts: dict[tuple[str, int], str],
    reranker: Reranker | None,
    settings: EvidenceSettings,
    embedder: Embedder | None = None,
    forced: Collection[tuple[str, int, int, int]] = frozenset(),
) -> list[list[ScoredSentence]] | None:
    """The reranker's probability for the preselected sentences of each passage, and for
    the ``forced`` units (doc id, version, start, end) whatever the preselection; None
    when there is no usable reranker. Sentences flagged as planted instructions
    (:func:`citadel.untrusted.flag_spans`) are never read: they can be no answer."""
    if reranker is None:
        return None
    pool = []
    for n, (p, sp) in enumerate(zip(passages, spans, strict=True)):
        doc = texts[p.doc_id, p.version]
        planted = flag_spans(p.text)
        units = sp or [(p.start, p.end)]
        if len(units) > 1:  # a heading line says what the section is about, it answers nothing
            units = _below_headings(p, units, doc) or units
        for s, e in units:
            if not overlaps(planted, s - p.start, e - p.start):
                pool.append((n, s, e, doc[s:e]))
    if not pool:
        return [[] for _ in passages]
    chosen = preselect(query, [x[3] for x in pool], [x[0] for x in pool], settings.scored_sentences)
    if embedder is not None and settings.semantic_sentences > 0:
        similarity = _similarities(embedder, query, [x[3] for x in pool], chosen, settings.embedded_sentences)
        if similarity is not None:
            chosen = semantic_preselect(chosen, similarity, settings.semantic_sentences)
    if forced:
        taken = set(chosen)
        chosen = list(chosen) + [
            i for i, (n, s, e, _) in enumerate(pool)
            if i not in taken and (passages[n].doc_id, passages[n].version, s, e) in forced
        ]  # fmt: skip
    def read_as(indexes: Sequence[int]) -> list[str]:
        return [_in_context(query, passages[n], texts, s, unit) if settings.unit_context else unit
                for n, s, _, unit in (pool[i] for i in indexes)]

    read = read_as(chosen)
    try:
        probs = probability(reranker.score(query, read))
        if settings.entry_units > 0 and len(probs):
            best = [chosen[k] for k in np.argsort(-np.asarray(probs), kind="stable")[:ENTRY_TOP]]
            more = _entry_units(pool, best, set(chosen), texts, passages, settings.entry_units, asks_default(query))
            if settings.next_units:
                more += [i for i in _next_units(pool, best, set(chosen), texts, passages, premise_echo(query))
                         if i not in more]
            if more:
                extra = probability(reranker.score(query, read_as(more)))
                chosen, probs = [*chosen, *more], np.concatenate([probs, extra])
    except BackendError:
        return None
    out: list[list[ScoredSentence]] = [[] for _ in passages]
    for i, prob in zip(chosen, probs, strict=True):
        n, s, e, _ = pool[i]
        out[n].append(ScoredSentence(s, e, float(prob)))
    return out


def _term_of(
    passages: Sequence[Passage], texts: dict[tuple[str, int], str], n: int, i: int, scored: list[list[ScoredSentence]]
) -> str:
    """The term of the entry unit ``i`` of passage ``n`` describes without naming it
    (:func:`~citadel.retrieve.sentences.entry_name`), "" when none."""
    return entry_name(texts[passages[n].doc_id, passages[n].version], scored[n][i].start)


def _in_context(query: str, p: Passage, texts: dict[tuple[str, int], str], start: int, unit: str) -> str:
    """How the reranker and the answerability model read the unit of ``p`` at ``start``: with
    its title, the release heading the question names, its last heading and its entry's term
    (:func:`~citadel.retrieve.answerability.span_text`)."""
    return span_text(p.title, p.heading_path, unit, release=release_heading(query, p.heading_path),
                     entry=entry_name(texts[p.doc_id, p.version], start))


#: the entries of this many of the reranker's best units are read whole (:attr:`EvidenceSettings.entry_units`)
ENTRY_TOP = 2


def _next_units(
    pool: Sequence[tuple[int, int, int, str]],
    best: Sequence[int],
    read: set[int],
    texts: dict[tuple[str, int], str],
    passages: Sequence[Passage],
    echoes: Callable[[str], bool] = lambda unit: False,
) -> list[int]:
    """Indexes into ``pool`` of the unit right after each of the ``best`` units in its
    paragraph, when not ``read`` and the best one leads up to it
    (:func:`~citadel.retrieve.sentences.leads_on`): the sentence after "Now you have your
    compiled .node bindings file!" holds what it announces ("The compiled bindings end up in
    build/Debug/ or build/Release/ ..."), and shares few words with the question; or it
    ``echoes`` the question's premise (:func:`~citadel.retrieve.sentences.premise_echo`:
    "Starting with readline-4.2a, completion on symlinks that point to directories does not
    append the slash.", and then what restores it). Any other best unit says enough alone:
    reading on from every one cost 20-30 ms per question and answered as many near-misses as
    questions (ClapNQ dev)."""
    out: list[int] = []
    for b in best:
        n, _, end, unit = pool[b]
        if not leads_on(unit) and not echoes(unit):
            continue
        after = [i for i, (m, s, _, _) in enumerate(pool) if m == n and s >= end]
        if not after:
            continue
        i = min(after, key=lambda k: pool[k][1])
        doc = texts[passages[n].doc_id, passages[n].version]
        if i not in read and i not in out and "\n" not in doc[end : pool[i][1]]:
            out.append(i)
    return out


def _entry_of(doc: str, start: int) -> tuple[int, int] | None:
    """The term of the entry the unit at ``start`` is in: the one it describes, or the one it
    opens with."""
    return entry_term(doc, start) or opening_term(doc, start)


def _entry_units(
    pool: Sequence[tuple[int, int, int, str]],
    best: Sequence[int],
    read: set[int],
    texts: dict[tuple[str, int], str],
    passages: Sequence[Passage],
    limit: int,
    defaults: bool = False,
) -> list[int]:
    """Indexes into ``pool`` of the units not ``read`` that are in the entry of one of the
    ``best`` units (the same term: :func:`~citadel.retrieve.sentences.entry_term`, or the unit
    that opens the entry with it), at most ``limit`` per entry, the nearest first: the
    default can come before the best unit ("The default value is 3." and then "If, for
    example, ServerAliveInterval is set to 15 ...") or after it. With ``defaults`` (the
    question asks for one) the units that state a default come first, however far down a
    long entry they are ("The default is ask." closes StrictHostKeyChecking's)."""
    out: list[int] = []
    for b in best:
        n, start, _, _ = pool[b]
        doc = texts[passages[n].doc_id, passages[n].version]
        term = _entry_of(doc, start)
        if term is None:
            continue
        near = sorted((i for i, (m, s, _, _) in enumerate(pool) if m == n and i != b and i not in read and i not in out
                       and abs(s - start) <= ENTRY_REACH),
                      key=lambda i: (defaults and not states_default(pool[i][3]), abs(pool[i][1] - start)))
        taken = [i for i in near if _entry_of(doc, pool[i][1]) == term][:limit]
        out += sorted(taken)
    return out


def _score_answers(
    query: str,
    passages: list[Passage],
    scored: list[list[ScoredSentence]],
    texts: dict[tuple[str, int], str],
    model: AnswerabilityModel,
    limit: int,
    floor: float = 0.0,
    bare: Reranker | None = None,
    barred: Collection[int] = (),
    lookups: Mapping[tuple[str, int, int, int], float] | None = None,
    named: Collection[tuple[str, int, int, int]] = (),
) -> list[list[ScoredSentence]]:
    """The answerability of the reranker's ``limit`` best units (ties: ranking order) with
    a reranker probability of at least ``floor`` (the best one always), read with their
    title and last heading; the others keep ``answerability=None``. ``bare``: the
    reranker, to read those units alone as well (their scores were read in context; the
    calibration takes both views). For a question that asks which option, the best option
    entries are read too (:data:`OPTION_ENTRIES`); after a unit that restates the question's
    premise, the unit after it (:func:`~citadel.retrieve.sentences.premise_echo`); for one that asks for an amount, a unit
    that states none (no digit, no number word: :func:`~citadel.retrieve.answer_types.states_quantity`)
    answers with 0: "Return the current value of the recursion limit" is on topic for "what
    is its default value?" and no answer; for one that asks which value holds by default, a unit
    that states no value (:func:`~citadel.retrieve.answer_types.states_value`: "The AUTOMOC
    property may be pre-set by setting the CMAKE_AUTOMOC variable."; both read a unit that asks,
    leads in or restates the premise with the unit after it: :func:`_with_what_follows`); for
    one that asks for an exit, status or error code,
    so does a unit that states no code (:func:`~citadel.retrieve.answer_types.states_code`); for
    one that asks when a release it names came out, a unit that states no date
    (:func:`~citadel.retrieve.versions.asks_release_date`); for one that asks for a year, a
    unit that states none (:func:`~citadel.retrieve.answer_types.states_year`); for one that asks for an e-mail
    or web address, a unit that states none (:func:`~citadel.retrieve.answer_types.states_address`); for one that
    asks for a maximum, a minimum or a limit, a unit that states no bound where it stands
    (:func:`~citadel.retrieve.answer_types.states_bound`);
    and so does every unit of a document about another thing (:func:`off_subject`), and of
    the ``barred`` passages (a copyright file's licence texts, for a question that asks which
    licence applies: :mod:`citadel.retrieve.copyright`); the ``lookups`` units (doc id, version,
    start, end: the stanza of a copyright file that covers what the question names, which
    answers it by the file's format) answer with at least :data:`LOOKUP_ANSWERABILITY`. Of the
    ``named`` units (the sections the question names: :func:`_named_sections`), the
    :data:`NAMED_ANSWERS` best are read whatever their rank, and for a question that asks what
    something returns, their "Returns: ..." units too, which answer as well as their section
    (:func:`_section_returns`); for one that asks which function, macro or flag, a unit that
    names none answers with 0 where another names one
    (:func:`~citadel.retrieve.answer_types.names_member`); and so does every unit of another
    member's section (:func:`other_members`).
    When a model fails, nothing is read (the pipeline then gates on relevance)."""
    barred = set(barred)  # read by no model: they answer nothing, whatever their relevance
    ranked = sorted(((n, i) for n, xs in enumerate(scored) if n not in barred for i in range(len(xs))),
                    key=lambda t: -scored[t[0]][t[1]].score)  # fmt: skip
    chosen = [t for k, t in enumerate(ranked[: max(0, limit)]) if k == 0 or scored[t[0]][t[1]].score >= floor]
    if not chosen:
        return _looked_up(passages, scored, lookups, barred)
    if asks_option(query) or asks_how(query):  # "which option ...?", "how do I make it ...?": the best option
        # entries are read too, whatever their rank
        doc = {n: texts[p.doc_id, p.version] for n, p in enumerate(passages)}
        entries = [t for t in ranked[len(chosen):] if scored[t[0]][t[1]].score >= floor
                   and is_option_entry(doc[t[0]][scored[t[0]][t[1]].start : scored[t[0]][t[1]].end])]  # fmt: skip
        chosen += entries[:OPTION_ENTRIES]
    echoes = premise_echo(query)
    doc_of = {n: texts[p.doc_id, p.version] for n, p in enumerate(passages)}
    for n, i in list(chosen):  # the unit after one that restates the question's premise: what to do about it
        x = scored[n][i]
        if not echoes(doc_of[n][x.start : x.end]):
            continue
        j = _unit_after(doc_of[n], scored[n], x.end, same_paragraph=True)
        if j is not None and (n, j) not in chosen:
            chosen.append((n, j))
    returns = asks_return(query)
    if named:  # the best units of the sections the question names ("SDL_Log()"), whatever their rank
        keys = {(n, i): (passages[n].doc_id, passages[n].version, x.start, x.end)
                for n, xs in enumerate(scored) for i, x in enumerate(xs)}
        taken = set(chosen)
        chosen += [t for t in ranked if t not in taken and keys[t] in named and t[0] not in barred][:NAMED_ANSWERS]
        if returns:  # and the return value of each ("Returns: TRUE if the key did not exist yet")
            taken = set(chosen)
            chosen += [t for t in ranked if t not in taken and keys[t] in named and t[0] not in barred
                       and labels_return(texts[passages[t[0]].doc_id, passages[t[0]].version][
                           scored[t[0]][t[1]].start : scored[t[0]][t[1]].end])][:NAMED_ANSWERS]
    defaults = asks_default(query)
    if defaults:  # "what is the default ...?": the units of the chosen units' entries that state a default
        chosen += _default_units(passages, scored, texts, chosen, ranked)
    spans, units, rerank = [], [], []
    for n, i in chosen:
        p, x = passages[n], scored[n][i]
        units.append(texts[p.doc_id, p.version][x.start : x.end])
        spans.append(_in_context(query, p, texts, x.start, units[-1]))
        rerank.append(x.score)
    try:
        alone = probability(bare.score(query, units)) if bare is not None and model.calibration.bare_weight else None
        probs = model.score(query, spans, rerank, alone)
    except BackendError:
        return _looked_up(passages, scored, lookups)
    if defaults and not _found_default(units, probs, model.calibration.threshold):
        probs = _entry_defaults(query, passages, scored, texts, chosen, units, probs)
    if returns:
        probs = _section_returns(query, passages, chosen, units, probs)
    quantity, value = asks_quantity(query), asks_default_value(query)
    # a unit that asks, leads in or restates the premise is judged with the unit its answer quotes after it
    bound = asks_bound(query)
    said = [_with_what_follows(doc_of[n], scored[n], i, echoes) for n, i in chosen] if quantity or value or bound \
        else units
    if quantity:  # "how many ...?": a unit that states no amount does not answer it
        probs = np.where([states_quantity(u, query) for u in said], probs, 0.0)
    if value:  # "what is the default FAIL_DELAY?": nor one that states no value ("FAIL_DELAY
        # (number): Delay in seconds before ...")
        probs = np.where([states_value(u, query) for u in said], probs, 0.0)
    if bound:  # "what is the maximum number of questions ...?": nor one that states no bound ("You can tell Gri
        # how many lines to read with ... read columns 10 x y."), read where it stands: its heading, its entry's term
        probs = np.where([states_bound(" ".join([*passages[n].heading_path[-1:], _term_of(passages, texts, n, i, scored), u]))
                          for (n, i), u in zip(chosen, said, strict=True)], probs, 0.0)
    if asks_code(query):  # "what exit code ...?": nor one that states no code ("it exits with an error")
        probs = np.where([states_code(u) for u in units], probs, 0.0)
    if (kind := asked_member(query)) is not None:  # "which function ...?": where a unit names one (with
        # its entry's term, as its claim will), one that names none does not answer ("Use this function to ...")
        naming = [names_member(kind, with_term(term, u) if (term := _term_of(passages, texts, n, i, scored)) else u)
                  for (n, i), u in zip(chosen, units, strict=True)]
        if any(naming):
            probs = np.where(naming, probs, 0.0)
    if asks_release_date(query):  # "when was 3.7 released?": nor one that states no date
        probs = np.where([states_date(u) for u in units], probs, 0.0)
    if asks_year(query):  # "in what year did he write it?": nor one that states no year
        probs = np.where([states_year(u) for u in units], probs, 0.0)
    if (address := asked_address(query)) is not None:  # "what is Mike Gorse's e-mail address?": nor one that
        # states none ("Upstream-Contact: Mike Gorse")
        probs = np.where([states_address(address, u) for u in units], probs, 0.0)
    if (elsewhere := off_subject(query, passages, texts) | other_members(query, passages)):
        # nor one of a document about another thing, nor one of another member's section
        probs = np.where([n not in elsewhere for n, _ in chosen], probs, 0.0)
    out = [list(xs) for xs in scored]
    for (n, i), prob in zip(chosen, probs, strict=True):
        out[n][i] = replace(out[n][i], answerability=float(prob))
    return _looked_up(passages, out, lookups, barred)


#: what follows a unit that asks or leads in is read with it up to this many characters
FOLLOWS_CHARS = 600


def _with_what_follows(
    doc: str, units: Sequence[ScoredSentence], i: int, echoes: Callable[[str], bool] = lambda unit: False
) -> str:
    """Unit ``i`` of a passage (``units``, its scored units) as the answer will quote it: a unit
    that asks ("direction Which direction do slices progress in?") or leads in ("For example,
    searching for the latest compiler:") with the unit after it, which says what it asks or
    introduces ("The default is 'clockwise'."), and one that restates the question's premise
    (``echoes``: :func:`~citadel.retrieve.sentences.premise_echo`) with the next unit of its
    paragraph ("... the operator user is no longer created by default. It had uid 37."); any
    other unit alone."""
    x = units[i]
    unit = doc[x.start : x.end]
    if unit.rstrip().endswith(("?", ":")):
        j = _unit_after(doc, units, x.end)
    elif echoes(unit):
        j = _unit_after(doc, units, x.end, same_paragraph=True)
    else:
        return unit
    return unit if j is None else doc[x.start : min(units[j].end, x.start + FOLLOWS_CHARS)]


def _unit_after(doc: str, units: Sequence[ScoredSentence], end: int, same_paragraph: bool = False) -> int | None:
    """The index of the first of ``units`` that starts at or after ``end`` (with no line break
    between, when ``same_paragraph``); None when there is none."""
    after = [j for j, y in enumerate(units) if y.start >= end and not (same_paragraph and "\n" in doc[end : y.start])]
    return min(after, key=lambda j: units[j].start) if after else None


def _section_returns(
    query: str, passages: Sequence[Passage], chosen: Sequence[tuple[int, int]], units: Sequence[str], probs: np.ndarray
) -> np.ndarray:
    """For a question that asks what a member it names returns: the unit labelled as that
    member's return value ("Returns: TRUE if the key did not exist yet", in the section of
    g_hash_table_insert()) answers as well as the best unit of the section, whose words the
    question shares ("Inserts a new key and value ..."): the entry is on the question, and its
    return value is what was asked (read alone, 0.13 against 0.48). As a default stated in an
    option's entry (:func:`_entry_defaults`)."""
    terms = salient_terms(query)
    out = np.array(probs, dtype=np.float64)
    best: dict[tuple[str, int, tuple[str, ...]], float] = {}
    for k, (n, _) in enumerate(chosen):
        p = passages[n]
        if p.heading_path and _heading_names(p.heading_path[-1], terms):
            key = (p.doc_id, p.version, p.heading_path)
            best[key] = max(best.get(key, 0.0), float(out[k]))
    for k, (n, _) in enumerate(chosen):
        p = passages[n]
        if labels_return(units[k]) and (p.doc_id, p.version, p.heading_path) in best:
            out[k] = max(out[k], best[p.doc_id, p.version, p.heading_path])
    return out


#: how many units of the sections a question names (:func:`_named_sections`) the answerability
#: model reads whatever the reranker's order
NAMED_ANSWERS = 2
#: how many units stating a default, in the entries of the units the answerability model reads,
#: it reads as well for a question that asks for a default
DEFAULT_UNITS = 2
#: how far below the reranker's best unit an entry's best may be for its default to answer
DEFAULT_MARGIN = 0.05


def _default_units(
    passages: Sequence[Passage],
    scored: list[list[ScoredSentence]],
    texts: dict[tuple[str, int], str],
    chosen: Sequence[tuple[int, int]],
    ranked: Sequence[tuple[int, int]],
) -> list[tuple[int, int]]:
    """The best :data:`DEFAULT_UNITS` units not ``chosen`` that state a default and are in the
    entry of a chosen unit."""
    def doc(n: int) -> str:
        return texts[passages[n].doc_id, passages[n].version]

    entries = {(n, term) for n, i in chosen if (term := _entry_of(doc(n), scored[n][i].start)) is not None}
    taken = set(chosen)
    out = [(n, i) for n, i in ranked if (n, i) not in taken
           and states_default(doc(n)[scored[n][i].start : scored[n][i].end])
           and (n, _entry_of(doc(n), scored[n][i].start)) in entries]  # fmt: skip
    return out[:DEFAULT_UNITS]


def _entry_defaults(
    query: str,
    passages: Sequence[Passage],
    scored: list[list[ScoredSentence]],
    texts: dict[tuple[str, int], str],
    chosen: Sequence[tuple[int, int]],
    units: Sequence[str],
    probs: np.ndarray,
) -> np.ndarray:
    """For a question that asks for a default: a unit that states one in the entry (an
    option's, a setting's) of one of the reranker's best units (within :data:`DEFAULT_MARGIN`
    of the best; of those, the entries whose term the question names, when it names any)
    answers as well as that entry is on the question. "Defaults to 48K, which is
    relatively large ..." is what LineMax= is set to when nothing sets it, and the models read
    it 0.16 for "by default, how long can a line get before the journal breaks it?" (the entry
    0.45). Another entry that names the asked setting in passing ("CheckHostIP: ... regardless
    of the setting of StrictHostKeyChecking") states its own default: the question named
    StrictHostKeyChecking. An entry that states no default answers nothing more; and nothing
    changes when the models' best unit states a default and answers (:func:`_found_default`)."""
    out = np.array(probs, dtype=np.float64)
    if not chosen:
        return out
    top = max(scored[n][i].score for n, i in chosen)
    entries: dict[tuple[int, tuple[int, int]], float] = {}  # (passage, term) -> its best unit's score
    for n, i in chosen:
        doc = texts[passages[n].doc_id, passages[n].version]
        if (term := _entry_of(doc, scored[n][i].start)) is not None:
            entries[n, term] = max(entries.get((n, term), 0.0), scored[n][i].score)
    near = {key: score for key, score in entries.items() if score >= top - DEFAULT_MARGIN}
    asked = {key: score for key, score in near.items() if _names_term(query, texts, passages, key)}
    near = asked or near
    for k, (n, i) in enumerate(chosen):
        if not states_default(units[k]):
            continue
        doc = texts[passages[n].doc_id, passages[n].version]
        key = (n, _entry_of(doc, scored[n][i].start))
        if key in near:
            out[k] = max(out[k], near[key])
    return out


def _found_default(units: Sequence[str], probs: np.ndarray, threshold: float) -> bool:
    """Whether the models' best unit states a default and answers (``threshold``): "Port:
    Specifies the port number to connect on the remote host. The default is 22." is the answer,
    and the reranker reads every entry of ssh_config 0.99, whose "(the default)" says another
    setting's."""
    if not len(probs):
        return False
    best = int(np.argmax(probs))
    return bool(probs[best] >= threshold and states_default(units[best]))


def _names_term(query: str, texts: dict[tuple[str, int], str], passages: Sequence[Passage],
                key: tuple[int, tuple[int, int]]) -> bool:
    """Whether the question names the entry's term (its first name: "StrictHostKeyChecking",
    "LineMax=")."""
    n, (start, end) = key
    name = _ENTRY_NAME.match(texts[passages[n].doc_id, passages[n].version], start, end)
    word = name.group().strip("=:-\u2018\u2019'\"").lower() if name is not None else ""
    return len(word) >= 3 and re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", query.lower()) is not None


#: the answerability of a unit that answers by its file's format (a copyright file's stanza for
#: the files the question names: :func:`_licence_stanzas`), when the model gives it less: the
#: models read such records poorly ("Files: runtime/doc/*; ...; License: OPL-1+" 0.29 for
#: "Under which licence is Vim's help documentation (runtime/doc) distributed?", the ``Files:
#: *`` stanza 0.10 for "What is the overall licence of APT?")
LOOKUP_ANSWERABILITY = 0.9


def _looked_up(
    passages: Sequence[Passage],
    scored: list[list[ScoredSentence]],
    lookups: Mapping[tuple[str, int, int, int], float] | None,
    barred: Collection[int] = (),
) -> list[list[ScoredSentence]]:
    """``scored`` with each ``lookups`` unit's answerability as its file's format says: raised
    to its value (:data:`LOOKUP_ANSWERABILITY`), or 0 (the field asked for is empty); and every
    unit of the ``barred`` passages answering with 0."""
    if not lookups and not barred:
        return scored

    def said(p: Passage, x: ScoredSentence) -> ScoredSentence:
        value = (lookups or {}).get((p.doc_id, p.version, x.start, x.end))
        if value is None:
            return x
        return replace(x, answerability=max(x.answerability or 0.0, value) if value > 0 else 0.0)

    return [[replace(x, answerability=0.0) for x in xs] if n in barred else [said(p, x) for x in xs]
            for n, (p, xs) in enumerate(zip(passages, scored, strict=True))]  # fmt: skip


#: the first units of a section the question names (:func:`_named_sections`) read whatever the preselection
NAMED_SECTION_UNITS = 12


def _named_sections(
    query: str, passages: Sequence[Passage], spans: Sequence[Sequence[tuple[int, int]]], texts: dict[tuple[str, int], str]
) -> set[tuple[str, int, int, int]]:
    """The first :data:`NAMED_SECTION_UNITS` units (heading lines aside) of each passage whose
    own heading names a code-like term of the question (:func:`~citadel.retrieve.coverage.salient_terms`):
    an API reference describes ``timeout.refresh()`` under that heading without naming it
    again ("Sets the timer's start time to the current time ..."), so the question's words
    never choose the description, and the words of other sections that name it do. A member's
    section is short, and the answer may be far into it ("must not be freed", the sixth
    paragraph of SDL_GetError()'s, for "do I have to free the string SDL_GetError() gives
    me?"): it is read whole, up to that many units."""
    terms = [re.compile(rf"(?<![\w.]){re.escape(t)}(?![\w])", re.IGNORECASE) for t in salient_terms(query)]
    out: set[tuple[str, int, int, int]] = set()
    if not terms:
        return out
    for p, units in zip(passages, spans, strict=True):
        if not p.heading_path or not any(t.search(p.heading_path[-1]) for t in terms):
            continue
        body = _below_headings(p, units, texts[p.doc_id, p.version])
        out |= {(p.doc_id, p.version, s, e) for s, e in body[:NAMED_SECTION_UNITS]}
    return out


def _heading_names(heading: str, terms: Sequence[str]) -> bool:
    """Whether ``heading`` is one of the code-like ``terms`` alone, called or not ("SDL_Log()",
    "g_array_new ()" for "g_array_new"), or a member of that name ("timeout.refresh()" for
    "refresh()")."""
    core = heading.replace("\u00b6", "").strip().removesuffix("()").strip().lower()
    return bool(core) and any(core == t.lower() or core.endswith("." + t.lower()) for t in terms)


def _named_headings(
    query: str,
    passages: list[Passage],
    texts: dict[tuple[str, int], str],
    chunks: dict[str, list[Chunk]],
    limit: int,
) -> list[Passage]:
    """The sections of the first :data:`ENTRY_DOCS` passages' documents whose own heading is
    a code-like name of the question (:func:`~citadel.retrieve.coverage.salient_terms`,
    :func:`_heading_names`), at most ``limit``: each one's chunks that no passage holds, up to
    :data:`NAMED_SECTION_CHARS` from the first, as a passage of its own, whose units
    :func:`_named_sections` has read whatever the preselection. A member's section is short and
    all of it is about the member: "The returned string is internally allocated and must not
    be freed" is SDL_GetError()'s sixth paragraph, in a chunk search did not return."""
    terms = salient_terms(query)
    out: list[Passage] = []
    if not terms:
        return out
    sections = 0
    for p in _first_of_each_document(passages)[:ENTRY_DOCS]:
        text = texts[p.doc_id, p.version]
        own = [c for c in chunks.get(p.doc_id, []) if c.version == p.version]
        for k, c in enumerate(own):
            if (k and own[k - 1].heading_path == c.heading_path) or not c.heading_path \
                    or not _heading_names(c.heading_path[-1], terms):
                continue  # not the first chunk of a section the question names
            section = [c]
            while len(section) < len(own) - k and own[k + len(section)].heading_path == c.heading_path:
                section.append(own[k + len(section)])
            free = [j for j, x in enumerate(section) if x.start < c.start + NAMED_SECTION_CHARS
                    and not _held(passages + out, p, x.start, x.end)]
            if free:  # the first run of its chunks that no passage holds
                last = next((a for a, b in zip(free, free[1:], strict=False) if b != a + 1), free[-1])
                run = section[free[0] : last + 1]
                out.append(_unit_passage(p, run, text, run[0].start, run[-1].end))
            sections += 1
            if sections >= limit:
                return out
    return out


#: a section the question names is read up to this many characters from its start
NAMED_SECTION_CHARS = 4000


#: for a question that asks what a function returns, the "Returns: ..." units of this many best
#: passages are read when the question names no member whose section is among them
RETURN_PASSAGES = 2


def _return_units(
    query: str, passages: Sequence[Passage], spans: Sequence[Sequence[tuple[int, int]]], texts: dict[tuple[str, int], str]
) -> set[tuple[str, int, int, int]]:
    """The units labelled as a return value ("Returns: the final offset in the data stream
    after the seek or -1 on error.") of the passages in the sections the question names
    (:func:`_heading_names`), else of the first :data:`RETURN_PASSAGES`: the label's words are
    not the question's ("give back", "what do I get"), so the preselection by words may leave
    the answer unread."""
    terms = salient_terms(query)
    asked = [n for n, p in enumerate(passages) if p.heading_path and _heading_names(p.heading_path[-1], terms)]
    out: set[tuple[str, int, int, int]] = set()
    for n in asked or range(min(RETURN_PASSAGES, len(passages))):
        p, doc = passages[n], texts[passages[n].doc_id, passages[n].version]
        out |= {(p.doc_id, p.version, s, e) for s, e in spans[n] if labels_return(doc[s:e])}
    return out


def other_members(query: str, passages: Sequence[Passage]) -> set[int]:
    """Indexes of the passages in the section of another member, when the question asks about
    a member whose own section is among the passages ("Which category does plain SDL_Log()
    log with?" and the section "SDL_Log()"): a passage whose own heading is another name in
    code ("SDL_LogMessageV()") describes that other member, in the same words ("Log a message
    with the specified category and priority."), and names the asked one at most in passing
    ("call SDL_GetError() for more information"). Not when the question asks for a member
    (:func:`~citadel.retrieve.answer_types.asks_member`: "which function is like SDL_Log()
    but ...?"). Their units answer with 0."""
    terms = salient_terms(query)
    if not terms or asks_member(query) \
            or not any(p.heading_path and _heading_names(p.heading_path[-1], terms) for p in passages):
        return set()
    return {n for n, p in enumerate(passages)
            if p.heading_path and _is_member_heading(p.heading_path[-1]) and not _heading_names(p.heading_path[-1], terms)}


def _is_member_heading(heading: str) -> bool:
    """Whether a heading is a name in code alone, called or not ("SDL_LogMessageV()",
    "timeout.refresh()", "RW_SEEK_END"): a member's section."""
    core = heading.replace("\u00b6", "").strip().removesuffix("()").strip()
    return bool(core) and salient_terms(core) == [core]


def _below_headings(p: Passage, units: Sequence[tuple[int, int]], doc: str) -> list[tuple[int, int]]:
    """``units`` of ``p`` (offsets into its document's text ``doc``) without the lines that are
    its title or one of its headings; a heading that is a question (an FAQ's entry) stays: read,
    it is what finds the entry, and the answer below it completes it (:func:`_completed`)."""
    headings = {_folded(h) for h in (p.title, *p.heading_path) if h and not h.rstrip().endswith("?")}
    return [(s, e) for s, e in units if _folded(doc[s:e].rstrip("\u00b6 ")) not in headings]


def off_subject(query: str, passages: Sequence[Passage], texts: dict[tuple[str, int], str]) -> set[int]:
    """Indexes of the passages whose document (title and text) never names a proper name of
    the question ("Expat", "Corepack": :func:`~citadel.retrieve.coverage.proper_names`, not
    acronyms, which a question uses in passing: "from an HTTP response"; nor names in an
    aside in brackets: "(colon on Linux, semicolon on Windows)") that another
    passage's document names: the same topic in another document ("What is the maximum
    nesting depth Expat accepts?" and xsltproc's --maxparserdepth), or that names none of the
    retrieved man pages the question names (:func:`_asked_pages`: findmnt's exit status for
    "What exit status does apt-get return?"), or that is the man page of another program
    (lsblk's --sort for "How do I sort findmnt's output?", though lsblk's page names findmnt
    among its references; a command's page titled with its name alone, "npm-ci" for "Which npm
    install flag ...?", though another document that never names "npm install" may answer it).
    Their units answer with 0."""
    if len({(p.doc_id, p.version) for p in passages}) < 2:
        return set()
    names = [n for n in proper_names(_ASIDE.sub(" ", query)) if not n.isupper()]
    pages = _asked_pages(query, passages)
    commands = {n for p in passages  # pages titled with a command's name alone ("npm-install")
                if (n := _page_name(p.title)) in pages and _PAGE_TITLE.fullmatch(p.title.strip()) is None}
    if not names and not pages:
        return set()
    # a name is said as a word, or as a part of a name in code ("UNIX_COMMAND" says "Unix")
    pattern = {n: re.compile(rf"(?<![^\W_]|-){re.escape(n)}(?![^\W_]|-)", re.IGNORECASE) for n in [*names, *pages]}
    named: dict[tuple[str, int], set[str]] = {}
    for p in passages:
        key = (p.doc_id, p.version)
        if key not in named:
            body = f"{p.title}\n{texts[key]}"
            named[key] = {n for n in pattern if pattern[n].search(body)}
    somewhere = set().union(*named.values())
    wanted = set(names)
    man_pages = {n for n in pages if n not in commands}  # a command page's name is said in passing too
    return {i for i, p in enumerate(passages)
            if (somewhere & wanted) - named[(p.doc_id, p.version)]
            or (man_pages and not man_pages & named[(p.doc_id, p.version)])
            or (pages and (page := _page_name(p.title)) is not None and page not in pages)}


#: an aside in brackets: the names in it illustrate ("... the platform's path separator (colon on
#: Linux, semicolon on Windows)?"), they are not what the question is about
_ASIDE = re.compile(r"\([^()]*\)")
#: a man page's title: its name and section ("apt-get(8)", "limits.conf(5)", "git-rebase(1)")
_PAGE_TITLE = re.compile(r"([\w.+-]*[A-Za-z][\w.+-]*)\(\w{1,6}\)")
#: a command's page titled with its name alone: lower-case words joined by hyphens ("npm-install",
#: "git-rebase"), never a title in words ("Config", "Class: Client")
_COMMAND_TITLE = re.compile(r"([a-z][a-z0-9]*(?:-[a-z0-9]+)+)")


def _asked_pages(query: str, passages: Sequence[Passage]) -> set[str]:
    """The names of the retrieved man pages (their titles, "apt-get(8)") that the question
    names ("What exit status does apt-get return ...?", "... in /etc/resolv.conf?"): the
    question is about that program or file, and a page that never names it (findmnt's exit
    status) answers another question."""
    out: set[str] = set()
    for p in passages:
        name = _page_name(p.title)
        if name is not None and re.search(rf"(?<![\w-]){_spoken(name)}(?![\w-])", query, re.IGNORECASE):
            out.add(name)
    return out


def _spoken(name: str) -> str:
    """A pattern for a page's name as a question writes it: a command page's hyphens may be
    spaces ("npm install" for "npm-install", "git rebase" for "git-rebase(1)")."""
    return r"[-\s]".join(re.escape(part) for part in name.split("-"))


def _page_name(title: str) -> str | None:
    """The name of a man page by its title ("apt-get" for "apt-get(8)"), or of a command's
    page titled with its name alone ("npm-install", as npm's Markdown pages are), lower-cased;
    None for any other title."""
    m = _PAGE_TITLE.fullmatch(title.strip()) or _COMMAND_TITLE.fullmatch(title.strip())
    return m.group(1).lower() if m is not None else None


#: for a question that asks which option does something, this many option entries (the
#: reranker's best) are read by the answerability model beyond its ``answer_spans`` units:
#: read in context the reranker finds every unit of the tool's page relevant, and the entry
#: that answers can rank seventh
OPTION_ENTRIES = 2

#: how far below the unit it completes a version note's scores are put
_BELOW = 1e-4
#: of the units that answer best, this many are checked for a version before one can answer
#: "which version?" (:func:`_attach_version_notes`)
VERSION_CHECKS = 12
#: a unit with a digit may state a version ("Windows 10", "3.12", "r19")
_NUMBER = re.compile(r"\d")


def _attach_version_notes(
    query: str, passages: list[Passage], texts: dict[tuple[str, int], str], chunks: dict[str, list[Chunk]], limit: int,
    number: bool = False,
) -> list[Passage]:
    """The passages with the version note of the entry of each of the ``limit``
    best-answering units attached (:func:`citadel.retrieve.entries.version_note`): as a
    scored unit of the passage that holds it when that one ranks above the unit's or is
    it, or else as a passage of its own (its chunk's heading path and location) placed
    right after the unit's passage (a passage ranked below could fall out of the sources). The note takes the
    unit's scores, just below them (``ScoredSentence.completes``): it answers the
    question's "which version" only with the unit it completes. For a question that wants a
    version number (``number``: :func:`~citadel.retrieve.answer_types.asks_version_number`), a unit
    among the :data:`VERSION_CHECKS` best that states no number and whose entry gives no
    version answers nothing: it says what the thing is, not since when. ``chunks``: each
    document's chunks the caller may read, in reading order."""
    candidates = sorted(
        ((x.answerability, n, i) for n, p in enumerate(passages) for i, x in enumerate(p.sentences)
         if x.answerability is not None and x.completes is None),
        key=lambda t: -t[0],
    )  # fmt: skip
    ranked = candidates[:limit]
    units = [list(p.sentences) for p in passages]
    held: dict[tuple[str, int], list[Chunk]] = {}  # the chunks of each document version
    for value, n, i in candidates[:VERSION_CHECKS] if number else ():
        # a unit that states no number, in an entry that gives no version, does not answer "since which
        # version?" however well it describes the thing asked about ("ESCAPE_QUOTES: Escape any
        # substituted quotes with backslashes.")
        p, x = passages[n], passages[n].sentences[i]
        key = (p.doc_id, p.version)
        if value <= 0.0 or _NUMBER.search(texts[key], x.start, x.end) is not None:
            continue
        if key not in held:
            held[key] = [c for c in chunks[p.doc_id] if c.version == p.version]
        if version_note(texts[key], held[key], x.start, x.end, query) is None:
            units[n][i] = replace(x, answerability=0.0)
    after: dict[int, list[Passage]] = {}
    done: set[tuple[str, int, int, int]] = set()
    for value, n, i in ranked:
        p, x = passages[n], passages[n].sentences[i]
        key = (p.doc_id, p.version)
        if key not in held:
            held[key] = [c for c in chunks[p.doc_id] if c.version == p.version]
        span = version_note(texts[key], held[key], x.start, x.end, query)
        if span is None or (*key, *span) in done:
            continue
        done.add((*key, *span))
        s, e = span
        inherited = max(0.0, value - _BELOW)
        note = ScoredSentence(s, e, max(0.0, x.score - _BELOW), inherited, completes=(x.start, x.end))
        # a passage ranked below the unit's could fall out of the sources: not a holder
        holder = next((m for m, q in enumerate(passages[: n + 1]) if (q.doc_id, q.version) == key and q.start <= s and e <= q.end), None)
        if holder is not None:
            same = [k for k, y in enumerate(units[holder]) if (y.start, y.end) == (s, e)]
            if not same:
                units[holder].append(note)
            elif (units[holder][same[0]].answerability or 0.0) < inherited:
                units[holder][same[0]] = note
            continue
        over = [c for c in held[key] if c.start < e and s < c.end]
        if not over:  # text no chunk holds (the caller reads chunks): it cannot be cited
            continue
        after.setdefault(n, []).append(_unit_passage(p, over, texts[key], s, e, (note,), inherited))
    out: list[Passage] = []
    for n, p in enumerate(passages):
        xs = units[n]
        out.append(replace(p, sentences=tuple(xs), answerability=max(
            (x.answerability for x in xs if x.answerability is not None), default=None)))
        out.extend(after.get(n, []))
    return out


#: the entries of the documents of this many best passages are looked through
#: (:func:`_page_entries`)
ENTRY_DOCS = 2
#: of those, this many (by the question's words) are read by the embedder to choose from
_ENTRY_POOL = 24


def _is_entry(unit: str) -> bool:
    """A unit that is an option's entry, a definition term with its description, or a
    parameter's list item in an API reference ("- maxRetries number (optional) - Maximum
    number of retries. Default: 5")."""
    first, _, rest = unit.partition("\n")
    return is_option_entry(unit) or (is_term_line(first) and bool(rest.strip())) or is_typed_item(first)


#: the entries of each chunk text, by a digest of the text (never by chunk id: a changed
#: page keeps its ids): a page of a thousand options is split into units once, not on every
#: question about it
_ENTRIES: Memo[bytes, tuple[tuple[int, int], ...]] = Memo(100_000)


def _chunk_entries(text: str) -> tuple[tuple[int, int], ...]:
    """The entries (:func:`_is_entry`) of a chunk's text, as offsets into it, remembered: the
    units of a chunk depend on its text alone (:func:`~citadel.retrieve.sentences.candidate_spans`)."""
    def split(_: list[bytes]) -> list[tuple[tuple[int, int], ...]]:
        return [tuple((s, e) for s, e in candidate_spans(text) if _is_entry(text[s:e]))]

    return _ENTRIES.get_many([_text_key(text)], split)[0]


def _text_key(text: str) -> bytes:
    """A chunk text's digest, the key its units are remembered by."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _page_entries(
    query: str,
    passages: list[Passage],
    texts: dict[tuple[str, int], str],
    chunks: dict[str, list[Chunk]],
    embedder: Embedder | None,
    limit: int,
) -> tuple[set[tuple[str, int, int, int]], list[Passage]]:
    """The ``limit`` entries (:func:`_is_entry`) of the first :data:`ENTRY_DOCS` passages' documents
    (a page the question names first: :func:`_asked_pages`) closest to ``query`` (the best
    :data:`_ENTRY_POOL` by words, then by meaning when there is an embedder): those a passage
    holds as (doc id, version, start, end), and the others each as a passage of its own, with
    its chunk's heading path and location and the scores of its document's best passage (the
    reranker then reads it like any unit).
    ``chunks``: each document's chunks the caller may read."""
    found: list[tuple[Passage, Chunk, int, int]] = []
    asked = _asked_pages(query, passages)  # "Which npm install flag ...?": npm-install's page first
    for p in sorted(_first_of_each_document(passages), key=lambda p: _page_name(p.title) not in asked)[:ENTRY_DOCS]:
        text = texts[p.doc_id, p.version]
        for c in chunks.get(p.doc_id, []):
            if c.version == p.version:
                found += [(p, c, c.start + s, c.start + e) for s, e in _chunk_entries(text[c.start : c.end])]
    if not found:
        return set(), []
    units = [texts[p.doc_id, p.version][s:e] for p, _, s, e in found]
    weights = lexical_weights(query, units)
    order = sorted(range(len(found)), key=lambda i: -weights[i])[:_ENTRY_POOL]
    if embedder is not None:
        try:
            vector = embedder.embed_queries([query])[0]
            close = _embed_cached(embedder, [units[i] for i in order]) @ vector
            order = [order[k] for k in np.argsort(-close, kind="stable")]
        except BackendError:
            pass
    inside: set[tuple[str, int, int, int]] = set()
    outside: list[Passage] = []
    for i in order[:limit]:
        p, c, s, e = found[i]
        if _held(passages, p, s, e):
            inside.add((p.doc_id, p.version, s, e))
            continue
        outside.append(_unit_passage(p, [c], texts[p.doc_id, p.version], s, e))
    return inside, outside


#: of a copyright file's stanzas the question names, this many are read
LICENCE_STANZAS = 2


def _licence_stanzas(
    query: str,
    passages: list[Passage],
    texts: dict[tuple[str, int], str],
    chunks: dict[str, list[Chunk]],
    copyright_files: Collection[str],
) -> tuple[set[tuple[str, int, int, int]], list[Passage], dict[tuple[str, int, int, int], float], set[tuple[str, str]]]:
    """For a question that asks which licence applies or who holds a copyright, the stanza
    units of the first DEP-5 copyright file among ``passages``' documents whose software the
    question names (:func:`~citadel.retrieve.copyright.names_subject`): of the stanzas
    covering the files the question names, else of ``Files: *``
    (:func:`~citadel.retrieve.copyright.asked_stanzas`), at most :data:`LICENCE_STANZAS`, the
    unit that opens the stanza, the one that names its licence and the one that names its
    holders (a long stanza is several blocks: :mod:`citadel.ingest.debian_copyright`).
    Returned: those a passage holds as (doc id, version, start, end); the others, each as a
    passage of its own (as :func:`_page_entries`); the answerability the file's format gives
    some of them when the stanzas are the asked ones for sure
    (:class:`~citadel.retrieve.copyright.Asked`): :data:`LOOKUP_ANSWERABILITY` to the unit that
    names the licence, for a question that asks which licence applies, and to the one that
    names holders, for one that asks who holds the copyright, 0 to a stanza whose holders
    field is empty; and then the (doc id, heading) of the file's other stanzas, which are about
    other files and answer nothing."""
    licence, holder = asks_licence_name(query), asks_copyright_holder(query)
    for p in _first_of_each_document(passages):
        if p.doc_id not in copyright_files or not names_subject(query, subject_names(p.title, p.doc_id)):
            continue
        stanzas: dict[str, list[Chunk]] = {}
        for c in chunks.get(p.doc_id, []):
            if c.version == p.version and c.heading_path[:1] and c.heading_path[0].startswith(FILES_HEADING):
                stanzas.setdefault(c.heading_path[0], []).append(c)
        headings = list(stanzas)
        text = texts[p.doc_id, p.version]
        inside: set[tuple[str, int, int, int]] = set()
        outside: list[Passage] = []
        lookups: dict[tuple[str, int, int, int], float] = {}
        asked = asked_stanzas(query, headings, upstream_names(p.title))
        chosen = asked.stanzas[:LICENCE_STANZAS] if asked.sure else asked.stanzas[:LICENCE_STANZAS - 1] + asked.stanzas[-1:]
        for n in dict.fromkeys(chosen):
            units = [(c, c.start + s, c.start + e) for c in stanzas[headings[n]]
                     for s, e in candidate_spans(text[c.start : c.end])]  # fmt: skip
            opening = [u for u in units if text[u[1] : u[2]].startswith(FILES_HEADING) and "; " in text[u[1] : u[2]]]
            naming = [u for u in units if states_licence(text[u[1] : u[2]])]
            holding = [u for u in units if states_holder(text[u[1] : u[2]])]
            for c, s, e in dict.fromkeys(opening[:1] + naming[:1] + holding[:1]):
                key = (p.doc_id, p.version, s, e)
                if asked.sure and ((licence and states_licence(text[s:e])) or (holder and states_holder(text[s:e]))):
                    lookups[key] = LOOKUP_ANSWERABILITY
                elif asked.sure and holder and not licence and not holding:
                    lookups[key] = 0.0  # "Copyright: ;": the file names no holder of the files asked about
                if _held(passages, p, s, e):
                    inside.add(key)
                elif not any(o.start == s and (o.doc_id, o.version) == (p.doc_id, p.version) for o in outside):
                    outside.append(_unit_passage(p, [c], text, s, e))
        others = {(p.doc_id, h) for n, h in enumerate(headings) if asked.sure and n not in chosen}
        return inside, outside, lookups, others
    return set(), [], {}, set()


def _first_of_each_document(passages: Sequence[Passage]) -> list[Passage]:
    """The best passage of each document (version) among ``passages``, in their order."""
    first: dict[tuple[str, int], Passage] = {}
    for p in passages:
        first.setdefault((p.doc_id, p.version), p)
    return list(first.values())


def _held(passages: Sequence[Passage], p: Passage, start: int, end: int) -> bool:
    """Whether one of ``passages`` of ``p``'s document holds ``[start, end)`` (its unit is
    scored there; else it becomes a passage of its own)."""
    return any((o.doc_id, o.version) == (p.doc_id, p.version) and o.start <= start and end <= o.end for o in passages)


#: the names of the entries of each chunk text, by a digest of the text (as :data:`_ENTRIES`)
_NAMED: Memo[bytes, tuple[tuple[int, int, str], ...]] = Memo(100_000)
#: an entry's name: its term's first word, without the "=" or ":" it may end with
_ENTRY_NAME = re.compile(r"[^\s,:=\[(<]+")
#: an entry's name that is code, not a word: an option, a setting, a dotted, snake_case or
#: CamelCase name ("-c", "--stop", "ssh_config", "ServerAliveCountMax", "FAIL_DELAY")
_CODE_NAME = re.compile(r"^-{1,2}\w|\w[=_./:]\w|[a-z][A-Z]|^[A-Z][a-z0-9]+[A-Z]")
#: a word of a question, as it may name an entry ("-c", "--stop", "AccuracySec=", "ssh_config")
_QUESTION_WORD = re.compile(r"[^\s,;?!()\"'\u2018\u2019\u201c\u201d]+")


def _chunk_names(text: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, name) of each unit of a chunk's text that opens an entry
    (:func:`~citadel.retrieve.sentences.opening_term`), once for each name its term gives
    ("-w", "--timeout"), remembered by the text's digest."""
    def split(_: list[bytes]) -> list[tuple[tuple[int, int, str], ...]]:
        out = []
        for s, e in candidate_spans(text):
            term = opening_term(text, s)
            if term is None:
                continue
            for part in text[term[0] : term[1]].split(", "):  # "-w, --timeout milliseconds": both names
                if (m := _ENTRY_NAME.match(part)) is not None:
                    out.append((s, e, m.group()))
        return [tuple(out)]

    return _NAMED.get_many([_text_key(text)], split)[0]


def _named_entries(
    query: str,
    passages: list[Passage],
    texts: dict[tuple[str, int], str],
    chunks: dict[str, list[Chunk]],
    limit: int,
) -> tuple[set[tuple[str, int, int, int]], list[Passage]]:
    """The entries of the first :data:`ENTRY_DOCS` passages' documents whose name (the first
    word of their term) is a word of the question, at most ``limit``: those a passage holds as
    (doc id, version, start, end), the others each as a passage of its own (as
    :func:`_page_entries`); a name found in one document is not looked for in the next ("-b"
    of ssh-keygen, not of ssh). Only names in code count (:data:`_CODE_NAME`: "key" or
    "rotate" in a question is a word); a name matches as written ("-c" is not "-C"), a longer
    one with a capital inside also in any case ("serveraliveinterval")."""
    words = {w.rstrip(".=:") for w in _QUESTION_WORD.findall(query)}
    folded = {w.lower() for w in words if len(w) >= 6}

    def asked(name: str) -> bool:
        if _CODE_NAME.search(name) is None:  # "key", "rotate": words a question uses for other things
            return False
        return name.rstrip(".=:") in words or (name.lower() in folded and name[1:] != name[1:].lower())

    inside: set[tuple[str, int, int, int]] = set()
    outside: list[Passage] = []
    found: set[str] = set()  # a name is the best document's: "-b" of ssh-keygen, not of ssh
    for p in _first_of_each_document(passages)[:ENTRY_DOCS]:
        text = texts[p.doc_id, p.version]
        here: set[str] = set()
        for c in chunks.get(p.doc_id, []):
            if c.version != p.version:
                continue
            for s, e, name in _chunk_names(text[c.start : c.end]):
                if len(inside) + len(outside) >= limit:
                    return inside, outside
                s, e = c.start + s, c.start + e
                if name in found or not asked(name) or (p.doc_id, p.version, s, e) in inside \
                        or any(o.start == s and (o.doc_id, o.version) == (p.doc_id, p.version) for o in outside):
                    continue
                here.add(name)
                if _held(passages, p, s, e):
                    inside.add((p.doc_id, p.version, s, e))
                else:
                    outside.append(_unit_passage(p, [c], text, s, e))
        found |= here
    return inside, outside


#: of this many passages, the dated heading of the release the question names is a unit
DATED_HEADINGS = 2


def _dated_headings(
    query: str, passages: list[Passage], texts: dict[tuple[str, int], str], chunks: dict[str, list[Chunk]]
) -> list[Passage]:
    """For a question that asks when the release it names came out, the dated heading line
    that release's sections stand under (:func:`citadel.retrieve.versions.dated_heading`) in
    the first :data:`DATED_HEADINGS` passages that have one, each as a passage of its own
    under the headings above it: a heading line is otherwise no unit (it says what a section
    is about), and a section's chunk often starts below it."""
    out: list[Passage] = []
    seen: set[tuple[str, int, int]] = set()
    for p in passages:
        if len(out) >= DATED_HEADINGS:
            break
        text = texts[p.doc_id, p.version]
        found = dated_heading(query, text, p.heading_path, p.end)
        if found is None or (p.doc_id, p.version, found[0]) in seen:
            continue
        s, e, depth = found
        seen.add((p.doc_id, p.version, s))
        own = [c for c in chunks.get(p.doc_id, []) if c.version == p.version and c.start < e and s < c.end]
        over = own or [c for c in chunks.get(p.doc_id, []) if c.chunk_id in p.chunk_ids][:1]
        if over:
            out.append(replace(_unit_passage(p, over, text, s, e), heading_path=p.heading_path[:depth]))
    return out


def _unit_passage(
    of: Passage,
    over: Sequence[Chunk],
    text: str,
    start: int,
    end: int,
    sentences: tuple[ScoredSentence, ...] = (),
    answerability: float | None = None,
) -> Passage:
    """A passage of its own for the unit ``text[start:end]`` of ``of``'s document version:
    the chunks ``over`` it (their ids, the first one's heading path and page, their
    locations joined), with ``of``'s ranking scores."""
    pieces = tuple((c.start, c.end, c.location) for c in over)
    first = over[0]
    return Passage(
        chunk_ids=tuple(c.chunk_id for c in over), doc_id=of.doc_id, version=of.version, title=of.title,
        heading_path=first.heading_path, page=first.page, start=start, end=end, text=text[start:end],
        score=of.score, relevance=of.relevance, sentences=sentences, answerability=answerability,
        location=_joined(pieces, start, end), pieces=pieces,
    )  # fmt: skip


def _similarities(
    embedder: Embedder, query: str, sentences: list[str], chosen: Sequence[int], limit: int
) -> list[float] | None:
    """Cosine of the query with each sentence not in ``chosen``, for the first ``limit``
    of them (-1 for the rest); None when the embedder fails (words alone decide then)."""
    taken = set(chosen)
    todo = [i for i in range(len(sentences)) if i not in taken][: max(0, limit)]
    out = [-1.0] * len(sentences)
    if not todo:
        return out
    try:
        q = embedder.embed_queries([query])[0]
        vectors = _embed_cached(embedder, [sentences[i] for i in todo])
    except BackendError:
        return None
    for i, value in zip(todo, vectors @ q, strict=True):
        out[i] = float(value)
    return out


#: unit vectors, remembered across queries (the same passages come back often)
_VECTORS: VectorCache[tuple[str, str]] = VectorCache(20_000)


def forget_units() -> None:
    """Forget the unit vectors and page entries this process remembers: two designs compared
    in one process (``bench/answers.py``) then each start from the same state, instead of
    the second finding the first one's units of the same questions already embedded."""
    _VECTORS.clear()
    _ENTRIES.clear()
    _NAMED.clear()


def _embed_cached(embedder: Embedder, sentences: list[str]) -> np.ndarray:
    """Sentence vectors, remembered across queries by embedder name and text."""
    return _VECTORS.matrix([(embedder.name, s) for s in sentences],
                        lambda keys: embedder.embed_batch([s for _, s in keys]), embedder.dim)  # fmt: skip


def _tokens(text: str) -> int:
    return max(1, len(text) // 4)


def _shingles(text: str) -> set[tuple[str, ...]]:
    words = [w.lower() for w in _WORD.findall(text)]
    return {tuple(words[i : i + 3]) for i in range(max(1, len(words) - 2))}


def _dedupe(hits: Sequence[Hit], threshold: float, query: str = "") -> list[Hit]:
    """Near-duplicates dropped. Of two documents holding the same text, the one whose
    title and heading path share more words with the query keeps its place (the
    better-ranked one on a tie): identical text is cited from the document it belongs to."""
    wanted = _content_words(query)
    kept: list[tuple[Hit, set[tuple[str, ...]]]] = []
    for hit in hits:
        sh = _shingles(hit.text)
        twin = next((n for n, (_, other) in enumerate(kept) if len(sh & other) / max(1, len(sh | other)) >= threshold), None)
        if twin is None:
            kept.append((hit, sh))
        elif hit.doc_id != kept[twin][0].doc_id and _context_match(hit, wanted) > _context_match(kept[twin][0], wanted):
            kept[twin] = (replace(hit, score=kept[twin][0].score), sh)
    return [h for h, _ in kept]


def _folded(text: str) -> str:
    return " ".join(text.lower().split())


def _content_words(text: str) -> set[str]:
    return {w[:6] for w in (m.lower() for m in _WORD.findall(text)) if w not in STOPWORDS and len(w) > 1}


def _context_match(hit: Hit, wanted: set[str]) -> int:
    return len(wanted & _content_words(" ".join((hit.title, *hit.heading_path))))


def _relevance(hit: Hit) -> float:
    if hit.relevance is not None:
        return hit.relevance
    if hit.dense is not None:
        return float(min(1.0, max(0.0, (hit.dense - 0.6) / 0.25)))
    return 0.0


def _merge_neighbours(
    store: Store, hits: list[Hit], where: SearchFilter, chunks: dict[str, list[Chunk]] | None = None
) -> list[Passage]:
    """One passage per run of consecutive chunks of one section; ordered by their best hit.
    ``chunks``: each hit document's chunks as ``store.chunks(doc_id, where)`` gives them, when
    the caller has them already."""
    order: dict[str, dict[str, int]] = {}
    for doc_id in {h.doc_id for h in hits}:
        listed = chunks[doc_id] if chunks is not None else store.chunks(doc_id, where)
        order[doc_id] = {c.chunk_id: i for i, c in enumerate(listed)}
    groups: list[list[Hit]] = []

    def joins(group: list[Hit], hit: Hit, pos: int | None) -> bool:
        head = group[0]
        same = (head.doc_id, head.version, head.heading_path, head.page) == (
            hit.doc_id, hit.version, hit.heading_path, hit.page,
        )  # fmt: skip
        positions = {order[head.doc_id].get(h.chunk_id) for h in group}
        return same and pos is not None and (pos - 1 in positions or pos + 1 in positions)

    for hit in hits:
        pos = order[hit.doc_id].get(hit.chunk_id)
        at = next((n for n, group in enumerate(groups) if joins(group, hit, pos)), None)
        if at is None:
            groups.append([hit])
            continue
        groups[at].append(hit)
        # a hit between two runs joins them: a lead-in and the table rows after it were hits
        # before the row that follows the lead-in
        other = next((n for n, group in enumerate(groups) if n != at and joins(group, hit, pos)), None)
        if other is not None and _span(groups[at] + groups[other]) <= BRIDGE_CHARS:  # two long runs stay apart
            first, second = sorted((at, other))  # the merged run stands where its best hit did
            groups[first].extend(groups.pop(second))
    return [_passage(store, group) for group in groups]


#: runs of chunks a hit between them joins make a passage at most this long (longer, they
#: stay two: trimming keeps a passage's first to last relevant sentence, and that could
#: outgrow the token budget)
BRIDGE_CHARS = 1200


def _span(group: list[Hit]) -> int:
    return max(h.end for h in group) - min(h.start for h in group)


def _passage(store: Store, group: list[Hit]) -> Passage:
    best = group[0]
    group = sorted(group, key=lambda h: h.start)
    start, end = group[0].start, group[-1].end
    text = best.text if len(group) == 1 else store.text(best.doc_id, best.version)[start:end]
    pieces = tuple((h.start, h.end, h.location) for h in group)
    return Passage(
        chunk_ids=tuple(h.chunk_id for h in group), doc_id=best.doc_id, version=best.version,
        title=best.title, heading_path=best.heading_path, page=best.page, start=start, end=end,
        text=text, score=best.score, relevance=max(_relevance(h) for h in group),
        location=_joined(pieces, start, end), pieces=pieces,
    )  # fmt: skip


def _joined(pieces: tuple[tuple[int, int, Location], ...], start: int, end: int) -> Location:
    """The location of ``[start, end)``: the joined locations of the chunks it overlaps."""
    return Location.of_span(pieces, start, end) or (pieces[0][2] if pieces else Location())


def _trim(passage: Passage, doc_text: str, spans: list[tuple[int, int]], query: str, keep: float) -> Passage:
    """The run of sentences from the first to the last that matters, by reranker score
    where the sentence has one, else by query-word overlap."""
    if passage.sentences:
        by_span = {(x.start, x.end): x.score for x in passage.sentences}
        scores = np.array([by_span.get(span, 0.0) for span in spans], dtype=np.float32)
        answers = {(x.start, x.end): x.answerability for x in passage.sentences if x.answerability is not None}
        notes = {(x.start, x.end) for x in passage.sentences if x.completes is not None}
        if answers:  # the unit that answers best stays in, whatever its relevance, and a version note attached
            top = max(answers.values())
            for n, span in enumerate(spans):
                if answers.get(span, -1.0) >= top or span in notes:
                    scores[n] = max(scores[n], float(scores.max()))
    else:
        scores = _overlap_scores(query, [doc_text[s:e] for s, e in spans])
    best = float(scores.max())
    if best <= 0:
        return passage
    chosen = [i for i, s in enumerate(scores) if s >= keep * best]
    first, last = _completed(doc_text, spans, chosen[0], chosen[-1], premise_echo(query))
    start, end = spans[first][0], spans[last][1]
    inside = tuple(x for x in passage.sentences if start <= x.start and x.end <= end)
    return replace(passage, start=start, end=end, text=doc_text[start:end], sentences=inside,
                   location=_joined(passage.pieces, start, end))


#: how far past a lead-in kept by trimming the list items it introduces are kept too
LEAD_IN_LIST_CHARS = 600


def _completed(
    doc_text: str, spans: list[tuple[int, int]], first: int, last: int,
    echoes: Callable[[str], bool] = lambda unit: False,
) -> tuple[int, int]:
    """The run of units ``first..last`` widened by what completes its ends: the question an
    FAQ's answer answers (a unit ending with "?" right before it), the term of the entry the
    first unit describes (:func:`~citadel.retrieve.sentences.entry_term`), the answer after a
    question (to the end of its paragraph), and what a lead-in ("To claim an expense:")
    introduces: the unit after it and the list items or table rows that follow; and the
    sentences after the last unit in its paragraph that say what to use in its place
    (:func:`~citadel.retrieve.sentences.replaces`), or the one after a last unit that
    ``echoes`` the question's premise (:func:`~citadel.retrieve.sentences.premise_echo`: what
    to do about it is said next); up to :data:`LEAD_IN_LIST_CHARS` past the question, lead-in
    or last unit."""
    def unit(n: int) -> str:
        return doc_text[spans[n][0] : spans[n][1]].rstrip()

    def fits(lead: int, n: int) -> bool:
        return n < len(spans) and spans[n][1] - spans[lead][0] <= LEAD_IN_LIST_CHARS

    def same_paragraph(n: int) -> bool:
        return "\n" not in doc_text[spans[n - 1][1] : spans[n][0]] and not unit(n).endswith("?")

    if first > 0 and unit(first - 1).endswith("?"):
        first -= 1
    elif first > 0 and (term := entry_term(doc_text, spans[first][0])) is not None and term[0] >= spans[0][0]:
        # "This option forces the use of TCP ...": from the entry's term on, which says which option
        first = next(n for n in range(first, -1, -1) if spans[n][0] <= term[0])
    asked = question_end(doc_text, spans[last][1])  # a statement an FAQ's question opens with: to the question
    statement = last
    while asked is not None and last + 1 < len(spans) and spans[last][1] < asked and fits(statement, last + 1):
        last += 1
    question = next((n for n in (last, first) if unit(n).endswith("?") and n + 1 < len(spans)), None)
    if question is not None:  # the answer after it, to the end of the answer's paragraph
        last = max(last, question + 1)
        while fits(question, last + 1) and same_paragraph(last + 1):
            last += 1
    elif last + 1 < len(spans) and unit(last).endswith(":"):
        lead, last = last, last + 1
        while fits(lead, last + 1) and (LIST_MARKER.match(unit(last + 1)) or is_table_row(unit(last + 1))
                                        or next_line(doc_text, spans[last][1], spans[last + 1][0])):
            last += 1
    else:  # "... should not be used to calculate it." and "Use availableParallelism() for this purpose."
        end = last
        if fits(end, last + 1) and same_paragraph(last + 1) and echoes(unit(last)):
            last += 1
        while fits(end, last + 1) and same_paragraph(last + 1) and replaces(unit(last + 1)):
            last += 1
    return first, last


def _overlap_scores(query: str, sentences: list[str]) -> np.ndarray:
    """Share of the query's words (over two letters) each sentence contains."""
    words = {w.lower() for w in _WORD.findall(query) if len(w) > 2}
    return np.array(
        [len(words & {w.lower() for w in _WORD.findall(s)}) / max(1, len(words)) for s in sentences],
        dtype=np.float32,
    )
