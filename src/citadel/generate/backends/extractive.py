"""The default backend: offline, no LLM. It answers with source sentences, verbatim.

In ``ask`` evidence selection has already scored the units worth reading: the
answerability model's probability that a unit answers the question (``Source.answers``,
:mod:`citadel.retrieve.answerability`), and when it did not run the reranker's
(``Source.sentences``); only those units are candidates. Standalone, every sentence of a
source without scores is scored here by the bundled cross-encoder.
Sentences above ``min_score`` and within ``relative`` of the best become claims, at most
``max_claims``, each one a verbatim quote with its citation. Sentences that address
a reader or an AI (“ignore previous instructions”, “tell the user…”), answer JSON or
chat tokens pasted into a document (:func:`citadel.untrusted.flag_spans`, which reads
through look-alike letters and invisible characters) and questions are never
candidates, so instructions planted in a document cannot become an answer. (The
verifier refuses such support too, whatever the backend.)

Candidates are the units of :func:`citadel.retrieve.sentences.candidate_spans`:
sentences, list items, table rows (a row chunk carries its header) and man-page option
entries with their description. Assembly:

* headings (the source's title and heading path; not the dated heading of the release a
  question that asks when names, "Noteworthy changes in release 3.8 (2021-08-01)", its answer:
  :func:`citadel.retrieve.versions.dates_release`), bare option lines and sentences whose
  content words all come from the question (a restated question; an option's entry is
  never one, its option being what the question lacks, nor a lead-in, "To claim an
  expense:", which answers with what it leads to, nor a sentence that picks one of the
  alternatives the question offers, "The hash chains are singly linked." for "singly or
  doubly linked?") are never claims; a question in the source (an FAQ's "Can I work from
  abroad?", or the statement it opens with: "36. Valgrind says that ... Isn't that a
  bug?") and the unit after it, its answer, are quoted together, whichever was found;
* the best candidate comes first, and no claim repeats another's text (a completion that
  would reach into a claim already made is left off); a candidate is completed with the unit after it when
  that continues it (it starts with "It", "This", "Default:", "For example", ..., it ends with
  "instead" or "for this purpose", or the candidate ends with ":") or is a short version
  note ("New in version 3.9."), or when the candidate restates the question's premise ("...
  no longer maintained with Groff. What format ...?" and "This project no more uses Groff to
  maintain man-pages.": the sentence after it says what holds instead), with the
  first sentence of the version note it sits in ("Changed in version 3.7: ..."), with the
  sentence before it when it names what that one introduced ("With this option, ...",
  "This setting ...", in the same paragraph), a list item with its lead-in (a later item
  cites the lead-in as a quote of its own before it), and a lead-in
  (a line ending with ":", or a paragraph that announces "the following" ones) with the list
  items or table rows after it, up to ``max_chars`` (a row ends with a stop in the claim);
* a unit too short to stand alone ("MIT.") is a claim with the heading it is the whole first
  line under ("License: MIT."), quoted with it;
* list markers ("- ", "* ") are left out of the claim (the quote keeps them where items
  are joined; a leading one is left out of the quote too), and joined items are parted by
  "; ";
* a secondary claim needs at least ``relative`` of the best score and a logit within
  ``max_logit_gap`` of the best one;
* for a question that asks for a version, a claim whose quote names none is prefixed with
  the heading it stands under that names one ("Noteworthy changes in release 1.6
  (2013-06-09): gzip now accepts the --keep (-k) option ..."), quoted where it stands: in
  the claim's source above the quote, or in another source of the same document (evidence
  selection attaches it, :func:`citadel.retrieve.entries.version_heading`); release notes
  and changelogs say the version only there;
* for a question that names a numbered identifier ("CVE-2024-8096"), a quote about another
  one of its family ("CVE-2024-7264") and not about it is no claim; when the first claim is a
  table row or a keyed line ("Audit logs: 1 year") whose case the question names, another
  row or line of a case it does not name ("Access logs: 30 days") is no claim either;
* for a question that asks which option does something, option entries ("--system-site-
  packages  Give the virtual environment access ...") among those candidates come before
  the sentences about the topic;
* the same text in several sources is quoted from the one whose title and headings
  share the most words with the question.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from typing import Any

from citadel.generate.backends.base import BackendOptions, Generation, GenerationRequest, Generator
from citadel.generate.prompt import Source
from citadel.retrieve.answer_types import asks_date, asks_option, asks_version
from citadel.retrieve.coverage import family, numbered_ids
from citadel.retrieve.entries import NOTE, VERSION, heading_line, versioned_headings
from citadel.retrieve.versions import dates_release
from citadel.retrieve.sentences import (
    BULLET,
    LIST_MARKER,
    TABLE_ROW,
    candidate_spans,
    continues,
    entry_term,
    is_option_entry,
    is_option_line,
    is_table_row,
    leads_on,
    next_line,
    prefix_words,
    premise_echo,
    question_end,
    with_term,
)
from citadel.text import STOPWORDS
from citadel.untrusted import flag_spans, is_instruction, overlaps

Scorer = Callable[[str, Sequence[str]], Sequence[float]]

__all__ = ["ExtractiveGenerator", "ExtractiveOptions", "is_instruction"]


class ExtractiveOptions(BackendOptions):
    #: a floor for standalone use; in ask the calibrated evidence threshold (0.621 on
    #: ClapNQ dev) and ``relative`` bind first, and calibration found no better floor
    min_score: float = 0.28
    relative: float = 0.5
    max_claims: int = 3
    min_words: int = 4
    #: a secondary claim's logit may be at most this far below the best one's
    max_logit_gap: float = 4.0
    #: a completed claim (unit, its continuation, its lead-in) stops growing here
    max_chars: int = 600


#: how a unit that names the thing the sentence before it introduced starts ("With this
#: option, gzip no longer removes ...", "This setting ...", "In this case ..."); a bare "It" or
#: "This" is left alone: in prose it is as often the paragraph's topic or all of what came before
_REFERS_BACK = re.compile(
    r"(?:(?:with|without|in|for|by|under|using|unlike)\s+)?(?:this|these|those|such)\s+"
    r"(?:option|flag|switch|setting|variable|parameter|argument|command|function|method|mode|feature|directive|"
    r"keyword|value|file)s?\b"
    r"|in\s+(?:this|that|such\s+a)\s+case\b",
    re.IGNORECASE,
)
#: a sentence that announces a list coming after it: "The following three types are supported."
_ANNOUNCES = re.compile(r"\b(?:the\s+following|as\s+follows|listed\s+below)\b", re.IGNORECASE)
#: a table row's first cell's value (:data:`TABLE_ROW`) says which case the row is; a keyed line
#: ("Audit logs: 1 year") its key
_KEYED = re.compile(r"(?P<key>[^:;\n]{1,60}): \S")
#: a number or version in a unit ("2.4.0", "15000"): one the question lacks is something it did not say
_NUMBER_IN = re.compile(r"\d+(?:[.,]\d+)*")
#: a pair of alternatives a question offers: "singly or doubly", "TEMP or TMP"
_CHOICE = re.compile(r"([\w.\-]+),? or ([\w.\-]+)", re.IGNORECASE)
#: a version note (:data:`citadel.retrieve.entries.NOTE`: "New in version 3.9.") belongs to
#: the entry before it, and a sentence inside one belongs to the note; one this long or
#: shorter is taken along with the entry it follows
VERSION_NOTE_CHARS = 200
_WORD = re.compile(r"\w+")
#: an option named in a sentence: "-L", "--files-without-match", after a space, a quote or a bracket
_NAMES_OPTION = re.compile(r"(?:^|[\s(\[\u2018'\"`])-{1,2}[A-Za-z0-9][\w-]*")

Candidate = tuple[str, str, float | None]


def _logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


class ExtractiveGenerator(Generator):
    name = "extractive"
    repairable = False
    Options = ExtractiveOptions
    options: ExtractiveOptions

    def __init__(self, options: ExtractiveOptions | None = None, scorer: Scorer | None = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self._scorer = scorer

    @property
    def scorer(self) -> Scorer:
        if self._scorer is None:
            from citadel.retrieve import get_reranker, probability

            reranker = get_reranker()
            def score(question: str, sentences: Sequence[str]) -> Sequence[float]:
                return [float(p) for p in probability(reranker.score(question, list(sentences)))]

            self._scorer = score
        return self._scorer

    def candidates(self, request: GenerationRequest) -> list[tuple[str, str, float | None]]:
        """(source id, sentence, score) for sentences that could answer: no instructions, no
        questions, not too short. The score is the one evidence selection gave the sentence
        (None when the source came without scores: the scorer reads it then)."""
        return [(c[0], c[1], c[2]) for c in self._units(request)]

    def _units(self, request: GenerationRequest) -> list[tuple[str, str, float | None, int, int]]:
        """(source id, text, score, start, end) of every candidate; offsets into the source."""
        out: list[tuple[str, str, float | None, int, int]] = []
        asked = prefix_words(request.question)
        answers = any(source.answers for source in request.sources)
        date_asked = asks_date(request.question)
        choices = _choices(request.question)
        asked_numbers = set(_NUMBER_IN.findall(request.question))
        for source in request.sources:
            spans: Sequence[tuple[int, int, float | None]]
            if answers:  # the answerability model read the best units: they are the candidates
                spans = source.answers
            else:
                spans = source.sentences or tuple((s, e, None) for s, e in candidate_spans(source.text))
            planted = flag_spans(source.text)
            headings = _heading_names(source)
            for start, end, score in spans:
                if (asked_end := question_end(source.text, end)) is not None:  # an FAQ's question (or the
                    # statement it opens with): quoted with its answer after it
                    if (after := _answer_after(source, asked_end, headings)) is None:
                        continue
                    end = after[1]
                sentence = source.text[start:end]
                words = len(_WORD.findall(sentence))  # "f(maxsize=128, typed=False)" has four
                if words < self.options.min_words and (under := _heading_above(source, start)) is not None:
                    start, sentence = under, source.text[under:end]  # "License\n\nMIT."
                elif words < self.options.min_words and not _whole_entry(source.text, start, end, words) \
                        and _BINDING.fullmatch(sentence.strip()) is None:
                    continue
                if overlaps(planted, start, end):
                    continue
                if is_option_line(sentence) or (" ".join(sentence.lower().split()) in headings
                                                 and not (date_asked and dates_release(request.question, sentence))):
                    continue
                if len(sentence) > self.options.max_chars:  # a dump (a synopsis, a table as one line)
                    continue
                # nothing the question did not already say (a restated question); an option's
                # entry is never one: "-d, --directory  create a directory, not a file" shares
                # every word with "how do I make mktemp create a directory, not a file?" and
                # its option is the answer
                if asked and not prefix_words(sentence) - asked and not is_option_entry(sentence) and not (
                        sentence.rstrip().endswith(":") and _complete(source, start, end, self.options.max_chars)[1] > end
                ) and not _picks(sentence, choices) and not set(_NUMBER_IN.findall(sentence)) - asked_numbers:
                    continue  # a lead-in in the question's words ("To claim an expense:") answers with what it leads to
                out.append((source.sid, sentence, score, start, end))
        return out

    def generate(self, request: GenerationRequest) -> Generation:
        pool = self._units(request)
        unscored = [i for i, c in enumerate(pool) if c[2] is None]
        fresh = list(self.scorer(request.question, [pool[i][1] for i in unscored])) if unscored else []
        given = {i: float(value) for i, value in zip(unscored, fresh, strict=True)}
        scores = [given[i] if c[2] is None else float(c[2]) for i, c in enumerate(pool)]
        by_sid = {s.sid: s for s in request.sources}
        asked = prefix_words(request.question)
        order = {s.sid: n for n, s in enumerate(request.sources)}

        def context(sid: str) -> int:
            source = by_sid[sid]
            return len(asked & prefix_words(" ".join((source.title, *source.heading_path))))

        # the same text in several sources: the source whose title and headings match best
        ranked = sorted(range(len(pool)), key=lambda i: (-scores[i], -context(pool[i][0]), order[pool[i][0]], i))
        best = scores[ranked[0]] if ranked else 0.0
        o = self.options
        chosen: list[dict[str, Any]] = []
        chosen_scores: list[float] = []
        seen: set[str] = set()
        covered: dict[str, list[tuple[int, int]]] = {}
        eligible = [i for i in ranked if scores[i] >= o.min_score and scores[i] >= best * o.relative
                    and _logit(scores[i]) >= _logit(best) - o.max_logit_gap]  # fmt: skip
        next_eligible: dict[str, dict[int, int]] = {}  # each source's eligible units past the claim limit, start -> end
        for i in eligible[o.max_claims :]:
            next_eligible.setdefault(pool[i][0], {})[pool[i][3]] = pool[i][4]
        if asks_option(request.question):  # "which option ...?": an option's entry is the answer's form, or
            # a sentence that names one ("To list the files that contain no match, use the '-L' option.")
            eligible.sort(key=lambda i: not (is_option_entry(pool[i][1]) or _NAMES_OPTION.search(pool[i][1])))
        version_asked = asks_version(request.question)
        asked_ids = numbered_ids(request.question)
        named_case: str | None = None  # the kind of case ("row", "keyed") the first claim is and the question names
        asked_keys = _key_words(request.question)
        echoes = premise_echo(request.question)
        for i in eligible:
            sid, sentence, _, start, end = pool[i]
            score = scores[i]
            if len(chosen) >= o.max_claims:
                break
            key = " ".join(sentence.lower().split())
            if key in seen or any(s <= start and end <= e for s, e in covered.get(sid, [])):
                continue
            seen.add(key)
            # a unit that restates the premise goes on to what the source says next; an FAQ's
            # question (which restates it too) is already quoted with its answer
            lo, hi = _complete(by_sid[sid], start, end, o.max_chars, "?" not in sentence and echoes(sentence))
            hi = _with_next_eligible(by_sid[sid].text, lo, hi, next_eligible.get(sid, {}), o.max_chars)
            if any(lo < e and s < hi for s, e in covered.get(sid, [])):  # completed into a claim already made:
                if any(start < e and s < end for s, e in covered.get(sid, [])):  # say each thing once
                    continue
                lo, hi = _unmarked(by_sid[sid].text, start, end), end
            quote = by_sid[sid].text[lo:hi]
            if _names_another(quote, asked_ids):
                continue
            case = _case(sentence)
            if named_case is not None and case is not None and case[0] == named_case and not case[1] <= asked_keys:
                continue  # the question named the first claim's row ("annual leave"): not this other one
            if not chosen and case is not None and case[1] and case[1] <= asked_keys:
                named_case = case[0]
            covered.setdefault(sid, []).append((lo, hi))
            for s2, e2 in _spans_in(by_sid[sid], lo, hi):
                seen.add(" ".join(by_sid[sid].text[s2:e2].lower().split()))
            said = _claim_text(quote, by_sid[sid])
            claim = {"citations": [{"source_id": sid, "quote": quote}], "text": said}
            if (term := _entry_of(by_sid[sid], lo, hi, o.max_chars)) is not None:  # "This option forces ...": which option
                claim = {"citations": [{"source_id": sid, "quote": term}, *claim["citations"]],
                         "text": with_term(" ".join(term.split()), said)}
            elif (lead := _list_lead_in(by_sid[sid], lo, hi, o.max_chars)) is not None:  # a later item of a list
                claim = {"citations": [{"source_id": sid, "quote": lead}, *claim["citations"]],
                         "text": f"{' '.join(lead.split())} {claim['text']}"}
            heading = _version_heading(request.sources, by_sid[sid], lo) if version_asked and not VERSION.search(quote) else None
            if heading is not None:
                hid, head = heading
                claim = {"citations": [{"source_id": hid, "quote": head}, *claim["citations"]],
                         "text": f"{' '.join(head.split()).rstrip(':')}: {claim['text']}"}
            chosen.append(claim)
            chosen_scores.append(round(float(score), 4))
        answer = {"abstained": not chosen, "claims": chosen}
        usage = {"claim_scores": chosen_scores, "best_score": round(float(best), 4), "candidates": len(pool)}
        return Generation(text=json.dumps(answer), model="extractive", usage=usage)


def _case(unit: str) -> tuple[str, set[str]] | None:
    """Which case a table row or a keyed line is about, as ("row" or "keyed", the content
    words of its first cell's value or its key); None for any other unit."""
    text = " ".join(unit.split())
    if (m := LIST_MARKER.match(text)) is not None:
        text = text[m.end():]
    if (row := TABLE_ROW.fullmatch(text.rstrip("."))) is not None:
        return "row", _key_words(row["key"])
    if (keyed := _KEYED.match(text)) is not None and len(keyed["key"].split()) <= 5:
        return "keyed", _key_words(keyed["key"])
    return None


def _choices(question: str) -> list[tuple[set[str], set[str]]]:
    """The alternatives a question offers ("Are the hash chains singly or doubly linked?":
    singly, doubly; "which takes precedence, TEMP or TMP?"), as
    :func:`~citadel.retrieve.sentences.prefix_words` keys."""
    out = []
    for m in _CHOICE.finditer(question):
        a, b = prefix_words(m.group(1)), prefix_words(m.group(2))
        if a and b and a != b:
            out.append((a, b))
    return out


def _picks(sentence: str, choices: Sequence[tuple[set[str], set[str]]]) -> bool:
    """Whether ``sentence`` names one of a pair of alternatives and not the other ("The hash
    chains are singly linked."): every word of it may be the question's, and it answers."""
    words = prefix_words(sentence)
    return any((a <= words) != (b <= words) for a, b in choices)


def _key_words(text: str) -> set[str]:
    """:func:`~citadel.retrieve.sentences.prefix_words`, and the one-character names that tell
    cases apart ("Laptop B",
    "Plan 2"; a capital "A" too, though "a" is a stopword)."""
    ones = {w.lower() for w in _WORD.findall(text) if len(w) == 1 and (w.isupper() or w.isdigit() or w not in STOPWORDS)}
    return prefix_words(text) | ones


def _names_another(quote: str, asked: set[str]) -> bool:
    """Whether ``quote`` is about another numbered identifier of a family the question asks
    about: it names one ("CVE-2024-7264") and none of those asked ("CVE-2024-8096")."""
    if not asked:
        return False
    named = numbered_ids(quote)
    families = {family(a) for a in asked}
    return not named & asked and any(family(n) in families for n in named)


def _list_lead_in(source: Source, lo: int, hi: int, max_chars: int) -> str | None:
    """The lead-in of the list whose item (not the first: that one is quoted with it) the
    quote at ``[lo, hi)`` is: the unit before the list's items, when it ends with ":"
    ("Logs are kept for these periods:") and the two together stay within ``max_chars``;
    None for any other quote."""
    text = source.text
    units = candidate_spans(text)
    at = next((n for n, (s, e) in enumerate(units) if s <= lo < e), None)
    if at is None or at == 0 or not LIST_MARKER.match(text[units[at][0] : units[at][1]]):
        return None
    n = at - 1
    while n >= 0 and LIST_MARKER.match(text[units[n][0] : units[n][1]]):
        n -= 1
    if n < 0 or n == at - 1:
        return None
    lead = text[units[n][0] : units[n][1]]
    planted = flag_spans(text)
    if not lead.rstrip().endswith(":") or len(lead) + hi - lo > max_chars or overlaps(planted, *units[n]):
        return None
    return lead


def _entry_of(source: Source, lo: int, hi: int, max_chars: int) -> str | None:
    """The term of the entry (an option's, a setting's) that the quote at ``[lo, hi)``
    describes without naming it (:func:`~citadel.retrieve.sentences.entry_term`): "use-vc
    (since glibc 2.14)" for "This option forces the use of TCP for DNS resolutions.", so the
    claim says which option; None when the quote names it, is in no entry, or the two would
    pass ``max_chars``."""
    found = entry_term(source.text, lo)
    if found is None or found[1] - found[0] + hi - lo > max_chars or overlaps(flag_spans(source.text), *found):
        return None
    return source.text[found[0] : found[1]]


def _answer_after(source: Source, end: int, headings: set[str]) -> tuple[int, int] | None:
    """The unit right after a question that ends at ``end`` (an FAQ's entry: "Can I work
    from abroad?", then "Only for up to 20 days a year ..."), unless that is another
    question or a heading; None when there is none."""
    text = source.text
    for s, e in candidate_spans(text, end):
        unit = text[s:e]
        if text[end:s].strip() or unit.endswith("?") or " ".join(unit.lower().split()) in headings:
            return None
        return s, e
    return None


#: a name in code given its value, a constant's or an enumerator's line in a listing
#: ("XML_HTML_DOCUMENT_NODE = 13", "SDL_POWERSTATE_CHARGED = 4,"): whole however short
_BINDING = re.compile(r"[A-Za-z_][\w.:]*_[\w.:]*\s*=\s*[-\w.()'\"<>|+ ]{1,40},?")


def _whole_entry(text: str, start: int, end: int, words: int) -> bool:
    """Whether a unit too short to stand alone is a whole block of its source, a table's entry
    with its term ("4 Network failure." of wget's exit codes): two words or more, a blank line
    (or the source's edge) on each side, not a lead-in."""
    return (words >= 2 and not text[start:end].rstrip().endswith(":")
            and (start == 0 or text[:start].endswith("\n\n")) and (end == len(text) or text[end:].startswith("\n\n")))


def _heading_above(source: Source, start: int) -> int | None:
    """Where the heading line stands that the unit at ``start`` is the first line under
    (only blank lines between them): the source's deepest heading, or its title; None when
    the unit does not open its section."""
    text = source.text
    head_end = len(text[:start].rstrip())
    if head_end == start or "\n" not in text[head_end:start]:
        return None
    line_start = text.rfind("\n", 0, head_end) + 1
    line = " ".join(text[line_start:head_end].split()).lower()
    names = [h for h in (*source.heading_path[-1:], source.title) if h]
    return line_start if line and any(" ".join(h.split()).lower() == line for h in names) else None


def _claim_text(quote: str, source: Source) -> str:
    """The claim a quote makes, on one line: a heading that opens the quote ends with ":"
    ("License: MIT."), bullets are left out, list items joined without a stop between
    them are parted by "; " ("PNG images; JPEG images"), and a table row ends with a stop
    before the line after it ("Package manager: Yarn; Binary names: yarn. Package manager:
    pnpm; ...")."""
    lines = [line.strip() for line in quote.splitlines() if line.strip()]
    names = _heading_names(source)
    out = ""
    item = row = False
    for n, line in enumerate(lines):
        bullet = BULLET.match(line)
        piece = " ".join((line[bullet.end():] if bullet else line).split())
        if not out:
            out = piece
        elif n == 1 and " ".join(lines[0].split()).lower() in names and not out.endswith(":"):
            out = f"{out}: {piece}"
        elif item and bullet and not out.endswith((".", ",", ";", ":", "!", "?")):
            out = f"{out}; {piece}"
        elif row and not out.endswith((".", ",", ";", ":", "!", "?")):  # a table row: its own sentence
            out = f"{out}. {piece}"
        else:
            out = f"{out} {piece}"
        item = bool(bullet)
        row = is_table_row(piece)
    return out


def _version_heading(sources: Sequence[Source], source: Source, lo: int) -> tuple[str, str] | None:
    """(source id, text) of the deepest heading of ``source`` that names a version, as a line
    of ``source`` above ``lo`` or of another source of the same document version; None
    when there is none."""
    for heading in versioned_headings(source.heading_path):
        for other in sorted(sources, key=lambda s: s is not source):  # the claim's own source first
            if (other.doc_id, other.version) != (source.doc_id, source.version):
                continue
            at = heading_line(other.text, heading, lo if other is source else len(other.text))
            if at is not None:
                return other.sid, other.text[at : at + len(heading)]
    return None


def _spans_in(source: Source, lo: int, hi: int) -> list[tuple[int, int]]:
    return [(s, e) for s, e in candidate_spans(source.text) if lo <= s and e <= hi]


def _complete(source: Source, start: int, end: int, max_chars: int, echo: bool = False) -> tuple[int, int]:
    """The unit at ``[start, end)`` of ``source`` completed: with the unit after it when
    that one continues it, is a short version note, or the unit restates the question's premise
    (``echo``, :func:`~citadel.retrieve.sentences.premise_echo`: what to do about it is said
    next, in its paragraph), with the sentence before it when it
    names what that one introduced ("With this option, ...") or is the question it answers
    (an FAQ's "Can I work from abroad?", whose answer then runs to the end of its
    paragraph), with the first sentence of
    the version note it is in, a list item with its lead-in when that is the line before,
    and without its list marker; offsets into ``source.text``."""
    text = source.text
    units = candidate_spans(text)
    planted = flag_spans(text)
    at = next((n for n, (s, e) in enumerate(units) if s <= start < e), None)
    lo, hi = start, end
    if at is not None:
        n = at
        announced = False  # a lead-in was taken: the list items after it are what it announced
        while n + 1 < len(units):
            s2, e2 = units[n + 1]
            nxt = text[s2:e2]
            cur = text[units[n][0] : units[n][1]]
            lead_in = cur.rstrip().endswith(":")  # what follows it (a code line, a list) completes it
            # (a unit may hold its lead-in and the first line of code it introduces)
            announced = announced or lead_in or ":\n" in cur or _ANNOUNCES.search(cur) is not None
            listed = announced and (LIST_MARKER.match(nxt) is not None or is_table_row(nxt)
                                    or next_line(text, hi, s2))  # an example's output, say
            note = NOTE.match(nxt) is not None and e2 - s2 <= VERSION_NOTE_CHARS
            if e2 - lo > max_chars or overlaps(planted, s2, e2) or ("\n\n" in text[hi:s2] and not (lead_in or note or listed)):
                break
            if not (lead_in or continues(nxt) or note or listed or (echo and n == at and "\n\n" not in text[hi:s2])):
                break
            hi, n = max(hi, e2), n + 1
        if at > 0 and _REFERS_BACK.match(text[start:end]):  # "With this option, ...": the sentence it refers to
            s0, e0 = units[at - 1]
            if "\n\n" not in text[e0:start] and hi - s0 <= max_chars and not overlaps(planted, s0, e0):
                lo = s0
        if at > 0 and lo == start:  # an FAQ's answer: the question it answers, right before it
            s0, e0 = units[at - 1]
            if text[s0:e0].endswith("?") and not text[e0:start].strip() and hi - s0 <= max_chars \
                    and not overlaps(planted, s0, e0):
                lo = s0
        if at > 0:  # a sentence inside a version note: the note's first sentence says which version
            s0, e0 = units[at - 1]
            if (NOTE.match(text[s0:e0]) and "\n\n" not in text[e0:start] and hi - s0 <= max_chars
                    and not overlaps(planted, s0, e0)):  # fmt: skip
                lo = s0
        if LIST_MARKER.match(text[start:end]) and at > 0:  # a list item: its lead-in, when it is the line before
            s0, e0 = units[at - 1]
            lead = text[s0:e0]
            if lead.rstrip().endswith(":") and not LIST_MARKER.match(lead) and hi - s0 <= max_chars and not overlaps(planted, s0, e0):
                lo = s0
        if any(lo <= s and e < hi and text[s:e].endswith("?") for s, e in units):
            # an FAQ entry, question and answer: the answer is the whole of its paragraph
            line_end = text.find("\n", hi)
            line_end = len(text) if line_end < 0 else line_end
            if line_end - lo <= max_chars and not overlaps(planted, hi, line_end):
                hi = len(text[:line_end].rstrip())
    return (_unmarked(text, start, end) if lo == start else lo), hi


def _with_next_eligible(text: str, lo: int, hi: int, eligible: dict[int, int], max_chars: int) -> int:
    """Where a claim ``text[lo:hi]`` that leads up to the unit right after it in its paragraph
    (:func:`~citadel.retrieve.sentences.leads_on`) ends when that unit is an answer too that the
    claim limit would leave out (``eligible``: start -> end of the units that pass the gate and
    rank below the limit): the two are one claim, said in the source's order ("Now you have your
    compiled .node bindings file!" and "The compiled bindings end up in build/Debug/ or
    build/Release/ ...", fourth by score). A claim that says enough alone stays as it is."""
    if not leads_on(text[lo:hi]):
        return hi
    for start, end in sorted(eligible.items()):
        if start >= hi:
            gap = text[hi:start]
            return end if not gap.strip() and "\n" not in gap and end - lo <= max_chars else hi
    return hi


def _unmarked(text: str, start: int, end: int) -> int:
    """Where the unit at ``[start, end)`` starts without its list marker ("- ", "2. ")."""
    m = LIST_MARKER.match(text[start:end])
    return start + m.end() if m else start


def _heading_names(source: Source) -> set[str]:
    """The source's title and headings, lower-cased with single spaces: lines no claim is."""
    return {" ".join(h.lower().split()) for h in (source.title, *source.heading_path) if h}
