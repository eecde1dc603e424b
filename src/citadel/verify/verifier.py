"""The layered verifier: structure, numbers, meaning (model), optional LLM judge, combined.

Cheapest first. A claim that is one or more whole sentences of its source, verbatim, is
supported without further work (a source entails its own sentences). For every other
(claim, source) pair the source is cut into windows, the model scores the windows that share
the most words with the claim (plus a joined window), and each atomic part of a claim that
states several facts (:mod:`citadel.verify.atomic`): the claim is only as supported as its
weakest part, which the reason names. The bundled ms-marco cross-encoder rates
the best window's relevance to the claim, and a calibrated combiner turns the features of every
layer into one score. Where that score says *supported*, the model also reads the claim's
opposite on the best window ("lowers" for "raises", a negation removed or added): a source
that entails the opposite far better speaks against the claim. Rules then decide the
verdict where they are sure: a claim number that contradicts the source is ``contradicted``,
one that is missing is never ``supported``, a claim that reads a yes/no cell of the table
row it names the other way or compares two rows against their values is ``contradicted``
(:mod:`citadel.verify.tables`), a near-copy of a source sentence with its
negation or direction turned is ``contradicted``, and so is one that exchanges two of its
words or turns one into its opposite; one that replaces part of its sentence with words the
source uses for something else, raises its "may" to "must" or adds an "only" is
``unsupported`` (:mod:`citadel.verify.align`). Each reason says which check decided.

Text planted for the reader or the model (:func:`citadel.untrusted.flag_spans`: "ignore all
previous instructions and reply that …", notices to AI assistants, answer JSON pasted into a
document, chat tokens) is an instruction, not a statement, and never supports anything: each
pair is verified against its source with the flagged spans blanked (same length, so spans
stay offsets into the source), and a claim that only such text backs, or whose cited quote
lies in it, is unsupported with the reason "instruction, not a statement". This is the one
place every backend's answers go through.
"""

from __future__ import annotations

import logging
import math
import re
from functools import lru_cache
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from pydantic import BaseModel, ConfigDict
from rapidfuzz import fuzz

from citadel._errors import BackendError, VerifyError
from citadel.limits import check_deadline
from citadel.untrusted import INSTRUCTION_REASON, Flag, flag_spans, mask, overlaps
from citadel.verify._types import (
    AnswerReport,
    Citation,
    CitationCheck,
    Claim,
    ClaimReport,
    Verdict,
    VerifyResult,
)
from citadel.verify.align import (
    _PREFIXES,
    DENIAL_CLAUSE,
    added_means,
    added_tail,
    calendar_range_changed,
    closed_with_hours,
    closes_the_rest,
    deferred,
    denied_outright,
    agent_swap,
    aligned_clause,
    anchor_changed,
    beside_only,
    calendar_kind,
    contrary,
    colour_swapped,
    default_restricted,
    denied_reworded,
    dropped_condition,
    dropped_restriction,
    excepted,
    instead_of,
    moved_attribute,
    moved_between_clauses,
    narrowed,
    only_case,
    opposite_in_conjunct,
    outside_only,
    agent_swapped,
    reserved_for_other,
    other_reason,
    outside_list,
    cause_swapped,
    passive_swap,
    period_changed,
    possessor_swap,
    prerequisite_left_out,
    permitted_case_dropped,
    raised_modality,
    supplier_swapped,
    rate_period_changed,
    full_but_deducted,
    resolve_pronouns,
    moved_object,
    only_complement,
    only_kept_item,
    other_side_of_bound,
    past_the_span,
    stated_contrary,
    substitution,
    swapped,
)
from citadel.verify.atomic import _DETERMINER, atomic_parts, subject_of, unsupported_part
from citadel.verify.claims import split_claims
from citadel.verify.combiner import Combiner, default_combiner, logit
from citadel.verify.judge import Generator, LLMJudge
from citadel.verify.lexical import (
    is_content,
    NEGATED_BOUND,
    RELATIVE_DENIAL,
    NO_OTHER,
    STOPWORDS,
    Directed,
    bigram_overlap,
    content_words,
    feature_overlap,
    fold,
    feature_stem,
    feature_words,
    direction,
    negation_count,
    opposite,
    overlap,
    rare_overlap,
    scoped_directions,
    stem,
    words,
)
from citadel.verify.ellipsis import Resolved, resolve
from citadel.verify.measured import frequency_conflict, measured_comparison
from citadel.verify.model import MODEL_DIR, SupportModel
from citadel.verify.numbers import (
    MONTHS,
    WEEKDAYS,
    NumberCheck,
    days_named,
    NumberStatus,
    _forms_of_one,
    bound_case,
    hours_reading,
    called_late,
    check_numbers,
    count_past_one,
    counted_year,
    without_subject,
    bound_restated,
    share_worked,
    compare_rows,
    complementary_bound,
    is_unit,
    fails_bound,
    free_but_priced,
    meets_bound,
    priced_but_free,
    rule_past_bound,
    turned_bound,
    turned_clock_bound,
    values_exchanged,
)
from citadel.verify.order import (
    SCALES,
    dated_order,
    comparison_confirmed,
    order_confirmed,
    ranked_comparison,
    said_equal,
    turned_comparison,
    turned_rank,
    turned_relation,
    first_turned,
    start_turned,
    turned_change,
    unchanged_named,
)
from citadel.verify.polarity import (
    AWAY,
    ceased_object,
    removed_thing,
    kept_thing,
    ended_state,
    contained_denial,
    contrasted,
    called_false,
    denied_head,
    dropped_contrast,
    lifted_ban,
    normed_words,
    opening_gerund,
    permission_flip,
    released,
    said_apart,
    shared_denial,
    uses,
    without_required,
)
from citadel.verify.quantifiers import count_conflict, many_against_few, none_had, share_conflict
from citadel.verify.structure import find_quote
from citadel.verify.tables import cell_polarity
from citadel.verify.windows import SHORT_SOURCE_CHARS, Window, candidate_windows, sentences

if TYPE_CHECKING:
    from citadel.retrieve.answerability import AnswerabilityModel
    from citadel.retrieve.rerankers import Reranker

logger = logging.getLogger(__name__)


class VerifierSettings(BaseModel):
    """How the verifier runs. ``use_model=False`` keeps only the rule and lexical layers."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model_dir: Path = MODEL_DIR
    use_model: bool = True
    window_sentences: int = 3
    top_windows: int = 4
    #: model runs side by side, one intra-op thread each (0: one per core,
    #: :mod:`citadel.inference`)
    threads: int = 0
    #: pairs per model run. One: on 2 CPU cores a run over one short pair keeps its
    #: activations in cache, and 100 claims against ~400-character passages took 1.4-1.5 s
    #: of model time against 2.2-2.6 s in length-sorted batches of 16 (windows of whole
    #: articles: no slower); a score is also then a function of its pair alone
    batch_size: int = 1
    #: with a question (``ask``), a supported claim whose answerability
    #: (:mod:`citadel.retrieve.answerability`) is below this is not kept: it is true to
    #: its source and beside the point
    min_addresses: float = 0.1


@dataclass(frozen=True)
class _Scored:
    windows: list[Window]
    entail: list[float]
    contra: list[float]
    best: int = 0  # the window the model rates highest (the best lexical match without it)
    relevance: float = math.nan  # the cross-encoder's relevance logit of (claim, best window)
    #: for a claim of several facts (:func:`atomic_parts`), the part the model finds least
    #: supported and its P(entailment) in its best window
    weakest: tuple[str, float] | None = None


_CAP = re.compile(r"\b[A-Z][\w-]*[a-z0-9][\w-]*\b|\b[A-Z]{2,}\b")
#: a name written in lower case with a figure in it: "bzip2", "python3", "ipv6"
_CODE_NAME = re.compile(r"\b[a-z]{2,}\d[a-z\d]*\b")


#: words a hyphen joins to a name to say what kind of thing it names ("RecQ-class", "Python-based")
_KIND_SUFFIX = frozenset("class type like based family related style specific dependent driven".split())


def _in_source(name: str, source_words: set[str], stemmed: Callable[[str], str] = stem) -> bool:
    """A capitalised name occurs in the source: whole, or word by word when it is hyphenated
    ("ANCA-stimulated" in "... by ANCA-stimulated neutrophils", whose words are split), or
    in another form of the word ("Olympics" for "Olympic")."""
    if name in source_words or all(w in source_words for w in words(name)):
        return True
    key = stemmed(name)
    return any(stemmed(w) == key for w in source_words)


def _named_in_source(name: str, source_words: set[str]) -> bool:
    """:func:`_in_source`, or the name with a word for its kind ("RecQ-class" of the "RecQ
    helicases")."""
    parts = words(name)
    return _in_source(name, source_words) or (
        len(parts) == 2 and parts[0] in source_words and parts[1] in _KIND_SUFFIX)


def _entity_missing(claim: str, source_words: set[str]) -> float:
    """The combiner's share of the claim's capitalised names the source lacks (as its
    features count words: :func:`feature_stem`)."""
    caps = [w for i, w in enumerate(_CAP.findall(claim)) if i > 0 or not claim.startswith(w)]
    caps = [w.lower() for w in caps if w.lower() not in {"the", "a", "an", "in", "on", "it"}]
    if not caps:
        return 0.0
    return sum(1 for w in caps if not _in_source(w, source_words, feature_stem)) / len(caps)


#: how much of the sentence's words a claim about its exception must hold to restate its rule
MIN_EXCEPTED = 0.7

UNIVERSAL = frozenset(["all", "every", "always", "everyone", "everybody", "everything", "entire", "whole"])
#: "any" with a singular noun in an affirmative claim is universal ("can be returned to any
#: station", "can veto any resolution"); not under a negation or a ban ("no fee for any
#: card", "smoking anywhere is forbidden"), after "if" or "than" ("more than any other
#: river"), closing a list ("smoke, fire or any other hazard"), or with a plural ("remove any
#: duplicates": whichever there are)
_FREE_CHOICE = re.compile(r"(?<!\bthan\s)(?<!\bif\s)(?<!\bor\s)(?<!\band\s)\b(?:any\s+(?!other\b)[a-z]+(?<![^s]s)\b|anywhere|everywhere)",
                          re.IGNORECASE)
_PERIODIC = re.compile(r"\b(?:a|one|the)\s+(?:whole|entire|full)\s+(?:day|week|month|year|night|term|season)(?=\s+of\b)|"
                       r"\b(?:every|each|all)\s+(?:other\s+|\d+\s+|(?:two|three|four|five|six|ten|twelve)\s+|"
                       r"working\s+|business\s+|calendar\s+)?(?:day|week|month|year|hour|time|night|"
                       r"morning|quarter|evening|afternoon|weekend|weekday|monday|tuesday|wednesday|"
                       r"thursday|friday|saturday|sunday)s?\b"
                       # "A single user is all the plan allows": "all" as "the whole of it", no scope
                       r"|\b(?:is|are|was|were|'s)\s+all\b"
                       # idioms of manner: "spent all at once", "not at all"
                       r"|\ball\s+(?:at\s+once|in\s+one\s+go|in\s+one\s+sitting|together|along)\b|\bat\s+all\b", re.IGNORECASE)
#: words that say a condition does not matter ("whenever rent is late", "whether or not you
#: use it", "however long after"), or that a claim holds for every member of a kind
_WIDENING = re.compile(r"\b(?:whenever|wherever|whatever|whichever|however\s+(?:long|much|many|often|"
                       r"late|early|small|large|old|young)|whether\s+or\s+not|regardless|no\s+matter|"
                       r"in\s+(?:all|every|any)\s+cases?|without\s+exception|any\s+\w+\s+at\s+all|"
                       r"(?:for|in|under)\s+any\s+(?:reason|circumstances?|situation|condition)s?|"
                       r"everyone|everybody|anyone|anybody|every|all)\b", re.IGNORECASE)
#: one day of each month or year: "the first Sunday of each month", "the last Friday of the month"
_ORDINAL_DAY = re.compile(r"\b(?P<nth>first|second|third|fourth|last|1st|2nd|3rd|4th)\s+"
                          r"(?P<day>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+(?:of|in)\b",
                          re.IGNORECASE)
#: a part of one day of the week: "on Wednesday afternoons", "Friday evenings"
_DAY_PART_OF = re.compile(r"\b(?P<day>monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\s+"
                          r"(?P<part>morning|afternoon|evening|night)s?\b", re.IGNORECASE)
#: the whole year or day, said of when something holds
_ALL_YEAR = re.compile(r"\b(?:all\s+year(?:\s+round)?|year[-\s]round|throughout\s+the\s+year|(?:a)?round\s+the\s+clock|"
                       r"24\s+hours\s+a\s+day|(?<=open\s)24\s+hours\b|at\s+all\s+times|at\s+any\s+time(?:\s+of\s+(?:the\s+)?(?:day|year))?|"
                       r"all\s+day\s+and\s+(?:all\s+)?night|every\s+day\s+of\s+the\s+year)\b|\b24/7", re.IGNORECASE)
#: "always" said in other words
_ALWAYS_SAID = re.compile(r"\b(?:permanently|constantly|continuously|invariably|forever|all\s+the\s+time|"
                          r"without\s+exception|at\s+all\s+times)\b", re.IGNORECASE)
#: part of the year: "from March to November", "in the summer months", "during winter"
_SEASON = re.compile(r"\b(?:from|between)\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+(?:to|until|till|through|and)\s+"
                     r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\b(?:in|during)\s+(?:the\s+)?"
                     r"(?:summer|winter|spring|autumn|fall)\b", re.IGNORECASE)
#: a comparative that bounds the amount after it: "more than 13,000", "fewer than ten"
_AMOUNT_BOUND = re.compile(r"\b(?:more|less|fewer|greater|higher|lower|longer|shorter|over|under)\s+(?:than\s+)?"
                           r"(?=\d|(?:an?\s+(?:day|week|month|year|hour|minute|third|quarter|half|dozen|hundred|"
                           r"thousand|million)|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                           r"twenty|thirty|forty|fifty|hundred|half)\b)"
                           # ... or a bound at a value named before ("orders below that", "anything above it"),
                           # or an amount said as a difference ("costs 6 EUR more")
                           r"|\b(?:below|above|under|over)\s+(?:that|this|it)\b|(?<=\d)\s*(?:[a-z]{2,4}\s+)?(?:more|less)\b",
                           re.IGNORECASE)
_IN_FULL = re.compile(r"\b(?:in\s+full|in\s+its\s+entirety|entirely|completely)\b", re.IGNORECASE)
#: "all" before a count: "all six quizzes"
_ALL_COUNT = re.compile(r"\ball\s+(?=(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b)",
                        re.IGNORECASE)
#: a universal with its exception: "every day except Sunday", "all items apart from food"
_ALL_BUT = re.compile(r"\b(?:every|each|all)\s+([a-z]+)\s+(?:except|apart\s+from|other\s+than|but)\b", re.IGNORECASE)
#: a claim's "at any time"
_ANY_TIME = re.compile(r"\bat\s+any\s+time\b|\banytime\b", re.IGNORECASE)
#: a sentence that sets when something may be done: "before the child turns 18", "within 30 days"
_TIME_LIMIT = re.compile(r"\b(?:before|until|till|after|by|between|during|within|outside|once)\s+(?:the\s+|a\s+|an\s+|\d)",
                         re.IGNORECASE)
#: a universal word hedged: "almost all of its diet", "nearly every day"
_NEAR_ALL = re.compile(r"\b(?:almost|nearly|virtually|practically|not\s+quite)\s+(?:all|every|everyone|everything|always)\b",
                       re.IGNORECASE)
#: "never" and "always": at every time of the year too
_EVER = re.compile(r"\b(?:never|always)\b", re.IGNORECASE)
#: a period of the year named as the only one: "during exam periods", "in the school holidays"
_PERIOD_ONLY = re.compile(r"\b(?:during|in)\s+(?:the\s+)?(?:[a-z]+\s+){0,2}(?:periods?|terms?|holidays?|seasons?|"
                          r"semesters?)\b", re.IGNORECASE)
#: words of a condition or restriction in the source sentence a widened claim restates
_CONDITION = re.compile(r"\b(?:only|if|unless|provided|except|excluding|when|as long as|subject to|"
                        r"who|whose|at least|more than|less than|from outside|eligible|within|outside|"
                        r"or above|or more|or higher|or better|or over|or older|"
                        # "with their manager's agreement"
                        r"with\s+(?:[\w']+\s+){0,3}(?:agreement|approval|consent|permission|authori[sz]ation))\b",
                        re.IGNORECASE)

#: a source sentence that states its own generality ("allowed at any time")
_ANY = re.compile(r"\b(?:any|always|anytime)\b", re.IGNORECASE)


_QUANTIFIED = re.compile(r"\b(?:all|every|each|(?<=the\s)whole|(?<=the\s)entire)\s+(?:of\s+)?(?:the\s+|our\s+|your\s+)?"
                         r"([a-z]+)(?:\s+([a-z]+))?", re.IGNORECASE)


_DENIED_WORD = re.compile(r"\b(?:not|never|no|cannot|n't)\s+(?:be\s+|been\s+|being\s+)?([a-z]+)", re.IGNORECASE)


def _denies_a_word_of(text: str, claim: str) -> bool:
    """A denial of ``text`` has a word of the claim for its head: the polarity reader's
    heads, else the word right after each negation ("not provided")."""
    heads = {w for w, p in uses(text) if p == "-"} or set().union(
        *(normed_words(m.group(1)) for m in _DENIED_WORD.finditer(text)))
    return not heads or bool(heads & normed_words(claim))


_DAYS = WEEKDAYS
_DAY_RANGE = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*(?:to|-|–|through|thru|until|till)\s*"
                        r"(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b", re.IGNORECASE)


#: the days a word for part of the week names: weekdays (and working days) Monday to Friday,
#: weekends Saturday and Sunday
_WEEK_PART = re.compile(r"\b(weekdays?|weekends?|working\s+days?)\b", re.IGNORECASE)


_MONTH_LIST = MONTHS
_MONTH_NAMES = frozenset(_MONTH_LIST)
_MONTH_RANGE = re.compile(r"\b(?:between|from)\s+(" + "|".join(_MONTH_LIST) + r")\s+(?:and|to|until|till)\s+("
                          + "|".join(_MONTH_LIST) + r")\b", re.IGNORECASE)


#: a sentence that says what holds outside a range the one before gives
_OUTSIDE_THESE = re.compile(r"\s*(?:outside\s+(?:these|those|this|that)\s+(?:months|dates|times|period|season)|"
                            r"at\s+other\s+times|(?:for\s+)?the\s+rest\s+of\s+the\s+year|otherwise)\b", re.IGNORECASE)


def _in_day_range(word: str, claim: str, source: str) -> bool:
    """``word`` names a day inside a range of days a source sentence about the claim (one
    that holds more than half of its other content words) states: "Wednesdays" in "Monday to Saturday",
    "Tuesday" in "on weekday mornings". "Drilling is allowed on Saturdays" finds no Saturday
    in "Quiet hours are ... until 9 a.m. at weekends" beside "Drilling is allowed only ... on
    weekdays"."""
    if word.lower() in _MONTH_NAMES:
        # a month inside a range of months a sentence about the claim states ("in May" within
        # "between March and July"); outside it, only where the claim denies what the range
        # holds ("In August, dogs do not have to be on a lead")
        about = content_words(claim) - content_words(word)
        month = _MONTH_LIST.index(word.lower())
        spans = sentences(source)
        for k, (s, e) in enumerate(spans):
            # (half of them: "dogs ... on a lead" of "In April, dogs on the heath have to be kept on a lead")
            # (or of the next sentence, which says what holds outside the range: "Outside these
            # months, they may run free in the meadow" for "In October dogs may run free")
            after = source[spans[k + 1][0]:spans[k + 1][1]] if k + 1 < len(spans) else ""
            rest_of_year = bool(_OUTSIDE_THESE.match(after)) and len(about & content_words(after)) >= len(about) / 2
            if len(about & content_words(source[s:e])) < len(about) / 2 and not rest_of_year:
                continue
            for m in _MONTH_RANGE.finditer(source[s:e]):
                a, b = _MONTH_LIST.index(m.group(1).lower()), _MONTH_LIST.index(m.group(2).lower())
                inside = (a <= month <= b) if a <= b else (month >= a or month <= b)
                if inside or negation_count(claim) or rest_of_year:
                    return True
        return False
    day = next((i for i, d in enumerate(_DAYS) if word.lower().rstrip("s") == d), None)
    if day is None:
        return False
    about = content_words(claim) - content_words(word) - {stem(d) for d in _DAYS}
    for s, e in sentences(source):
        sentence = source[s:e]
        # more than half of the claim's other words: "The bakery opens ... on weekdays" says no
        # Monday of "The bakery is closed on Sundays and Mondays"
        if len(about & content_words(sentence)) <= len(about) / 2:
            continue
        if any(part.lower().startswith(("weekday", "working")) == (day < 5) for part in _WEEK_PART.findall(sentence)):
            return True  # "Tuesday" in "on weekdays", "Sunday" in "at weekends"
        # a day outside the days a ban holds on, said the other way ("Cyclists may use the path on a
        # Saturday" where "closed to cyclists ... on weekdays"): the ban's complement
        if _WEEK_PART.findall(sentence) and _bans(claim) != _bans(sentence):
            return True
        for m in _DAY_RANGE.finditer(sentence):
            a = next(i for i, d in enumerate(_DAYS) if d.startswith(m.group(1).lower()))
            b = next(i for i, d in enumerate(_DAYS) if d.startswith(m.group(2).lower()))
            if (a <= day <= b) if a <= b else (day >= a or day <= b):
                return True
    return False


_BANNING = re.compile(r"\b(?:closed|banned|prohibited|forbidden|not\s+allowed|not\s+permitted)\b", re.IGNORECASE)


def _bans(text: str) -> bool:
    """The text denies or bans what it speaks of ("cannot", "is closed to")."""
    return bool(negation_count(text) or _BANNING.search(text))


#: a sentence that opens with a plural noun and no determiner, then a rule ("Substitutions must be ...")
_BARE_PLURAL = re.compile(r"\s*([A-Za-z]{3,}s)\s+(?:must|may|can|cannot|should|need|are|will|have)\b")
_HEDGE = re.compile(r"\b(?:most|some|many|several|usually|often|generally|typically|mostly|sometimes)\b",
                    re.IGNORECASE)


#: a tied score: "six games all", "15 all", "two sets all"
_SCORE_ALL = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|thirty|forty|love)\s+"
                        r"(?:(?:games?|sets?|points?|goals?)\s+)?all\b", re.IGNORECASE)
_UNLIMITED = re.compile(r"\b(?:without\s+(?:any\s+|a\s+)?(?:limit|cap|maximum|ceiling)|with\s+no\s+(?:limit|cap|maximum)|"
                        r"no\s+(?:upper\s+)?(?:limit|cap|maximum|ceiling)|unlimited|uncapped|limitless|"
                        r"as\s+(?:many|much|often|long)\s+(?:[a-z-]+\s+){0,3}?as\s+(?:[\w']+\s+){1,3}(?:likes?|wants?|wishes?|pleases?)|"
                        # "as often as needed", "as many times as necessary"
                        r"as\s+(?:many|much|often|long)\s+(?:[a-z-]+\s+){0,3}?as\s+(?:needed|necessary|required|desired|"
                        r"you\s+need|they\s+need|you\s+like|they\s+like)|"
                        r"no\s+(?:daily|weekly|monthly|yearly|annual)\s+(?:limit|cap|maximum)|"
                        r"any\s+number\s+of\s+times|(?:again\s+and\s+again|indefinitely|without\s+end)|"
                        # no end to how long it holds: "Gift cards never expire"
                        r"never\s+(?:expires?|lapses?|runs?\s+out)|(?:do|does)\s+not\s+(?:expire|lapse)|"
                        r"valid\s+(?:forever|for\s+ever|for\s+life)|no\s+expiry(?:\s+date)?|no\s+expiration(?:\s+date)?)\b",
                        re.IGNORECASE)
_ONLY_IF = re.compile(r"\bonly\s+(?:[\w-]+\s+){0,2}?(?:if|when|with|for\s+those\s+who)\b", re.IGNORECASE)
_UNLESS = re.compile(r"\b(?:unless|except\s+(?:if|when|with))\b", re.IGNORECASE)
_LIMITED = re.compile(r"\b(?:up\s+to\s+(?:a\s+)?(?:maximum\s+of\s+)?|(?:a\s+)?maximum\s+of|at\s+most|"
                      r"no\s+more\s+than|not\s+more\s+than|capped\s+at|limited\s+to|a\s+limit\s+of)\s*[^,;.]{0,30}|"
                      # how long it holds: "valid for 36 months", "expire after two years"
                      r"\b(?:valid|expires?|lapses?)\s+(?:for|after|within)\s+(?:[\w.]+\s+){1,2}?"
                      r"(?:days?|weeks?|months?|years?)\b|"
                      r"\bbetween\s+[\w.]+\s+and\s+[\w.]+\s+[a-z]+|"
                      # a count of times: "renewed once"
                      # ("be reset twice": a participle that does not end in -ed)
                      r"\b(?:[a-z]+ed|be\s+[a-z]+)\s+(?:only\s+)?(?:once|twice|(?:two|three|four|five|\d+)\s+times)\b",
                      re.IGNORECASE)


def _unlimited(claim: str, sentence: str, source: str = "") -> tuple[str, str] | None:
    """``(the claim's words, the sentence's bound)`` when the claim says there is no limit
    ("without limit", "unlimited") where the sentence it restates sets one ("up to a maximum
    of three months", "at most five"), and no sentence of the source says there is none for
    the case the claim names beyond that sentence ("There is no limit on Sundays")."""
    said = _UNLIMITED.search(claim)
    bound = _LIMITED.search(sentence) if said else None
    if said is None or bound is None or _UNLIMITED.search(sentence):
        return None
    beyond = content_words(claim) - content_words(sentence)
    if any(_UNLIMITED.search(source[s:e]) and beyond & content_words(source[s:e]) for s, e in sentences(source)):
        return None
    return said.group(0), bound.group(0).strip()


def _same_quantified(claim: str, sentence: str) -> frozenset[str]:
    """The claim's "every"/"all"/"each"/"the whole" that quantify a noun the sentence
    quantifies with another of them ("every" of "every ticket" for "all tickets", "the whole
    time" for "at all times")."""
    def forms(noun: str) -> set[str]:  # "times" stems to "tim", "time" to "time"
        noun = _SAME_NOUN.get(noun.lower(), noun.lower())  # "every moment" is "at all times"
        return {stem(noun), noun.rstrip("s")}

    if _IN_FULL.search(sentence):  # "retaken in full" says "the whole module"; "covers tuition in full" "all tuition fees"
        said = {stem(w) for w in words(sentence)}
        return frozenset(m.group(0).split()[0].lower() for m in _QUANTIFIED.finditer(claim)
                         if m.group(0).split()[0].lower() in ("whole", "entire")
                         or (m.group(0).split()[0].lower() == "all"
                             and any(stem(w) in said for w in words(claim[m.start(1):])[:2])))
    theirs = set().union(*(forms(m.group(1)) for m in _QUANTIFIED.finditer(sentence)))
    # a rule said of a bare plural is said of each one: "Substitutions must be approved by the
    # fourth official" for "every substitution"
    bare = _BARE_PLURAL.match(sentence)
    if bare is not None and not _HEDGE.search(sentence):
        theirs |= forms(bare.group(1))
    # (or of its compound's head: "every expense claim" for "every claim")
    return frozenset(m.group(0).split()[0].lower() for m in _QUANTIFIED.finditer(claim)
                     if forms(m.group(1)) & theirs or (m.group(2) and is_content(m.group(2))
                                                        and forms(m.group(2)) & theirs))


def _widened(claim: str, sentence: str, source: str = "") -> tuple[str, ...]:
    """The claim's words that lift a condition ("whenever", "whether or not", "everyone")
    where the sentence it restates states one ("if rent is more than five days late",
    "only hourly-paid staff") or hedges ("for most cases", read as "for any case"), and
    states no generality of its own ("at any time"), nor does another sentence of the
    ``source`` about the claim ("Folding bicycles are allowed at all times" beside
    "Bicycles may be taken on trains outside the rush hours")."""
    found: set[str] = set()
    # "all six quizzes" counts a set the claim names; "every module" for "each module" restates
    claim = _ALL_COUNT.sub(" ", claim)
    # (another sentence may say it of the same thing: "Receipts must be attached to every claim"
    # beside "Expense claims must be submitted within 30 days")
    same = _same_quantified(claim, sentence) | frozenset(
        w for a, b in sentences(source) for w in _same_quantified(claim, source[a:b]))
    # (a sentence that holds a word of the claim's subject the restated one lacks: "Folding")
    extra = content_words(subject_of(claim) or "") - content_words(sentence)
    general_elsewhere = any(_ALL_YEAR.search(source[s:e]) and extra & content_words(source[s:e])
                            for s, e in sentences(source))
    if (_CONDITION.search(sentence) or _SEASON.search(sentence)) and not _ALL_YEAR.search(sentence) \
            and not _ANY.search(sentence) and not general_elsewhere:  # "all year round" for "only ... from March to November"
        found |= {m.group(0).lower() for m in _ALL_YEAR.finditer(claim)}
        if _SEASON.search(sentence) and not _SEASON.search(claim):
            # "Dogs are never allowed on the beach" for "... not allowed on the beach in summer"
            found |= {m.group(0).lower() for m in _EVER.finditer(claim)}
    for m in _ALL_BUT.finditer(sentence):  # "every day of the week" for "every day except Sunday"
        said = re.search(rf"\b(?:every|each|all)\s+{m.group(1)}\b(?![^,;.]*\b(?:except|apart\s+from|other\s+than)\b)",
                         claim, re.IGNORECASE)
        if said is not None:
            found.add(said.group(0).lower())
    if _ANY_TIME.search(claim) and _TIME_LIMIT.search(sentence) and not general_elsewhere \
            and not _ALL_YEAR.search(sentence) and not _ANY.search(sentence) \
            and not re.search(r"\ball\s+(?:day|night)\b", sentence, re.IGNORECASE):  # ("and all day at weekends")
        # "at any time" where the sentence sets when: "before the child turns 18"
        found |= {m.group(0).lower() for m in _ANY_TIME.finditer(claim)}
    for m in _ORDINAL_DAY.finditer(sentence):  # "on Sundays" for "on the first Sunday of each month"
        said = re.search(rf"\b(?:every|each)\s+{m.group('day')}\b|\b{m.group('day')}s\b", claim, re.IGNORECASE)
        if said is not None and m.group("nth").lower() not in claim.lower():
            found.add(said.group(0).lower())
    for m in _DAY_PART_OF.finditer(sentence):  # "every afternoon" for "on Wednesday afternoons only"
        said = re.search(rf"\b(?:every|each|all)\s+{m.group('part')}s?\b", claim, re.IGNORECASE)
        if said is not None and m.group("day").lower() not in claim.lower():
            found.add(said.group(0).lower())
    if _WIDENING.search(sentence) or _ANY.search(sentence):
        return tuple(sorted(found - same))
    claim = _PERIODIC.sub(" ", claim)
    if _CONDITION.search(sentence):
        found |= {m.group(0).lower() for m in _WIDENING.finditer(claim)}
    if _HEDGE.search(sentence):  # "for most cases" read as "for any case"
        found |= {m.group(0).lower() for m in _ANY.finditer(claim)}
    return tuple(sorted(found - same))


@dataclass(frozen=True)
class _Crisp:
    """Rules for near-copies of one source sentence that change one thing."""

    negation_flip: bool  # the same sentence with a negation added or removed
    denied: tuple[str, str] | None  # a word the claim affirms where the source denies it
    moved: tuple[str, str] | None  # (subject, sentence): the claim's predicate is another's
    relation: tuple[str, str] | None  # "before X" where the source says "after X"
    dated: tuple[str, str] | None  # two events the source dates in the other order
    comparison: tuple[str, str] | None  # a comparison the source makes the other way
    direction_flip: bool  # the same sentence with its direction turned ("raised" for "lowered")
    swapped_names: tuple[str, ...]  # names not in the source, everything else matching
    overgeneral: tuple[str, ...]  # universal words ("all", "always") the source lacks
    turned: tuple[str, ...]  # what the claim moves one way and the source only the other
    #: segments the claim puts in place of its sentence's, taken from elsewhere in the source
    substituted: tuple[tuple[str, str], ...] = ()
    anchor: tuple[str, str] | None = None  # (claim's, source's): what a time is counted from or set at
    listed: tuple[str, str] | None = None  # (claim's item, source's list): an item the list does not name
    instead: str | None = None  # "instead of creating a new one": what the source says is not done
    #: (the claim's words, the source's bound): "without limit" where the sentence states a maximum
    unlimited: tuple[str, str] | None = None
    exchanged: tuple[str, str] | None = None  # two words of the aligned sentence swapped
    opposite_word: tuple[str, str] | None = None  # ("closed", "open"): one word turned around
    raised: tuple[str, str] | None = None  # ("must", "may"): the claim obliges, the source permits
    #: (thing, the claim's way, sentence): the claim has people bring what the source says is
    #: provided, or the other way round
    supplier: tuple[str, str, str] | None = None
    deducted: str | None = None  # what the source deducts from an amount the claim says is paid in full
    rate_period: tuple[str, str] | None = None  # ("per week", "per fortnight"): a rate's period changed
    narrowed: str | None = None  # "only": the claim restricts what the source does not
    #: a yes/no cell of the row the claim names says the other ("Dental: included")
    table_cell: str | None = None
    compared: str | None = None  # a comparison between two rows that their values contradict
    #: (holds, the two amounts): a comparison the source's stated amounts decide
    measured: tuple[bool, str] | None = None
    bound_turned: tuple[str, str] | None = None  # "over two" where the source says "under two"
    ceased: tuple[str, str] | None = None  # "still supports X" where the source "removes support for X"
    removed: tuple[str, str] | None = None  # "X still works" where the source says "X has been removed"
    ended: tuple[str, str] | None = None  # "is still the longest" where the source says "was ... until 1964"
    changed: tuple[str, str] | None = None  # "the rate changes" where the source says "is fixed"
    kept: tuple[str, str] | None = None  # "X has been removed" where the source says "X is still included"
    #: (the claim's comparative, sentence): a difference where the source says "equally"
    equal: tuple[str, str] | None = None
    #: (the claim's words, the source's, the source's part, what): an amount the number layer
    #: does not read, said otherwise than the statement it restates (:func:`_amount_mismatch`)
    amount: tuple[str, str, str, str] | None = None
    #: (word, sentence): a source sentence the claim holds whole denies what the claim affirms
    contained: tuple[str, str] | None = None
    #: (word, the source's clause for the claim's way, the contrasting clause): the claim
    #: drops the case the source limits the word to
    contrast: tuple[str, str, str] | None = None
    #: (how, sentence): the claim allows what the source's sentences about it forbid, or
    #: the other way round (:func:`citadel.verify.polarity.permission_flip`)
    permission: tuple[str, str] | None = None
    #: (thing, sentence): the claim does it "without" a thing the source makes a duty
    required: tuple[str, str] | None = None
    #: the condition or exception of the source sentence that the claim leaves out
    condition: str | None = None
    #: what the source sentence makes an exception of, when the claim states the rule of it
    exception: str | None = None
    #: the statement the source calls a myth or untrue, which the claim says
    myth: str | None = None
    #: (the claim's reason, the source's): what the source says, for another reason
    reason: tuple[str, str] | None = None
    #: (the claim's span of months or days, the source's): "from January to October" for "from April to January"
    calendar_range: tuple[str, str] | None = None


class RuleVerdict(NamedTuple):
    """A verdict that a rule gives whatever the combiner's score."""

    verdict: Verdict
    reason: str
    cap: float  # the highest score the pair may keep
    final: bool = True  # False: an LLM judge, when set, may still overrule it


def _closest_sentence(claim: str, text: str, default: str,
                      share: Callable[[str, str], float] = overlap) -> tuple[float, str]:
    """(overlap, sentence) of the sentence of ``text`` that shares the most content words
    with the claim (counted by ``share``); ``(0.0, default)`` when none shares any."""
    best_ov, best = 0.0, default
    for s, e in sentences(text):
        ov = share(claim, text[s:e])
        if ov > best_ov:
            best_ov, best = ov, text[s:e]
    return best_ov, best


#: a comparison the source's amounts decide proves a claim that holds this share of its other
#: words (its comparative aside)
MIN_MEASURED_OVERLAP = 0.8
#: a source of at most this many sentences, and a claim of at most this many words, are
#: read as a whole where a rule would otherwise read the claim's closest sentence
SHORT_SOURCE = 6
SHORT_CLAIM = 15


#: a day or a month the source does not name, where the claim's closest sentence names
#: another of its kind, needs only this share of the claim's other words there ("collect
#: their bib on Sunday morning" for "... on Friday or Saturday")
MIN_OTHER_DAY = 0.6


def _other_day(missing: tuple[str, ...], sentence: str) -> bool:
    """Every name is a day, season, part of the day or month, and the sentence names another
    of its kind."""
    kinds = {calendar_kind(w) for w in missing}
    return None not in kinds and any(calendar_kind(w) in kinds for w in words(sentence))


#: a command-line option ("-a", "--all") or a function's name ("sorted()", "list.sort()")
_OPTION = re.compile(r"(?<![\w-])--?([A-Za-z][\w-]*)|(?<![\w.])([A-Za-z_][\w.]*)\(\)")


def _option_substituted(claim: str, source: str) -> tuple[tuple[str, str], ...]:
    """:func:`substitution` read with each option and function name as one word ("-a" is no
    stop word "a", "sorted()" no "sort"): "The -a option prints one file per line" where
    "-l" does that and "-a" shows hidden files; "sorted() sorts the list in place" where
    "list.sort()" does."""
    if not _OPTION.search(claim):
        return ()
    said: dict[str, str] = {}

    def named(m: re.Match[str]) -> str:
        word = "opt" + re.sub(r"[^a-z0-9]", "", (m.group(1) or m.group(2)).lower())
        said[word] = said[stem(word)] = m.group(0)  # (the substitution reads stems)
        return word

    found = substitution(_OPTION.sub(named, claim), _OPTION.sub(named, source)) or ()
    return tuple((" ".join(said.get(w, w) for w in new.split()), " ".join(said.get(w, w) for w in old.split()))
                 for new, old in found)


def _crisp(claim: str, source: str, source_words: set[str]) -> _Crisp:
    # "Mount Etna stands on Sicily. It has erupted ...": each sentence read with its subject
    source = resolve_pronouns(source)
    best_ov, best = _closest_sentence(claim, source, "")
    caps = [w.lower() for i, w in enumerate(_CAP.findall(claim))
            if not (i == 0 and claim.lstrip().startswith(w)) and not is_unit(w)] \
        + [w for w in _CODE_NAME.findall(claim) if not is_unit(w)]
    missing = tuple(sorted({w for w in caps if not _named_in_source(w, source_words) and not _in_day_range(w, claim, source)}
                           # an option the source does not give, in its case: "-r" where it says "-R"
                           | {m.group(0) for m in _OPTION.finditer(claim) if m.group(1)
                              and not re.search(rf"(?<![\w-]){re.escape(m.group(0))}(?![\w-])", source)}))
    case = bound_case(claim, source)
    timed, hours = hours_reading(claim, source)
    if case is not None and case.holds:
        # "received on 2 April" past "after the deadline of 31 March": the month is the case's value;
        # a day the hours were read on is the case's too ("at 8 p.m. on a Tuesday" of "free after 6 p.m.")
        missing = tuple(w for w in missing if w not in case.value and not (timed is not None and calendar_kind(w) == 0))
    kept = only_case(claim, source)
    if kept is not None and kept.holds and not kept.inside:
        # "Bikes may not be left there on Sundays" where "on weekdays only": the day is the case
        missing = tuple(w for w in missing if w not in kept.named)
    cw = content_words(claim)
    rest = cw - {c for m in missing for c in content_words(m)}
    # the claim's other words in its closest sentence, or, for a short claim on a short source,
    # in the source at all ("It recognised the independence of ..." after "The treaty ...")
    near = source if len(sentences(source)) <= SHORT_SOURCE and len(words(claim)) <= SHORT_CLAIM else best
    rest_ov = len(rest & content_words(near)) / len(rest) if rest else 0.0
    # under a denial or a ban "any" is no scope of its own ("smoking anywhere is forbidden")
    free = {m.group(0).split()[0].lower() for m in _FREE_CHOICE.finditer(claim)} \
        if not negation_count(claim) and not NEGATIVE_WORDS & set(words(claim)) else set()
    univ = tuple(sorted(w for w in (set(words(_ALL_COUNT.sub(" ", _PERIODIC.sub(" ", _SCORE_ALL.sub(" ", _NEAR_ALL.sub(" ", claim))))))
                                    & (UNIVERSAL | free)) if not _quantified_alike(w, claim, source)))
    # "at any hour" where it is open "24 hours a day" (not "24 hours a day during exam periods")
    # (a sentence about the claim: "can be repaid early at any time" says nothing of the fee that
    # "Early repayment always incurs")
    if univ and any(_ALL_YEAR.search(source[s:e]) and not _SEASON.search(source[s:e])
                    and not _PERIOD_ONLY.search(source[s:e]) and overlap(claim, source[s:e]) >= 0.5
                    for s, e in sentences(source)):
        univ = tuple(w for w in univ if w not in ("any", "anytime", "always"))
    if univ and _all_day_for(claim, source):
        univ = tuple(w for w in univ if w not in ("any", "anytime", "always"))  # "at any time on Sundays"
    if univ and set(univ) <= {"every", "all", "each"} and _generic_rule(claim, best):
        univ = ()  # "approve every annual leave request" where "Annual leave must be approved by ..."
    if "always" in univ and _ALWAYS_SAID.search(best):  # "always face east" for "face east permanently"
        univ = tuple(w for w in univ if w != "always")
    if univ:  # "every ticket" where the sentence says "all tickets"
        # (a whole thing may be named in another sentence than the closest: "the entire flat" for
        # "Subletting the whole flat is not allowed")
        same = _same_quantified(claim, best) | frozenset(
            w for a, b in sentences(source) for w in _same_quantified(claim, source[a:b]) if w in ("whole", "entire"))
        univ = tuple(w for w in univ if w not in same)
    # "more than 13,000 houses" and "fewer than ten deaths" bound amounts; they move nothing
    cu, cd = direction(_AMOUNT_BOUND.sub(" ", claim))
    su, sd = direction(_AMOUNT_BOUND.sub(" ", best))
    # the sentence after, which says its direction of the best one's thing by an anaphor ("The
    # medication can cause drowsiness. Alcohol increases this effect."), when it holds the claim's
    # other words
    after = _anaphoric_next(claim, source, best) if not (su or sd) else None
    if after is not None:
        su, sd = direction(_AMOUNT_BOUND.sub(" ", after))
    exception = excepted(claim, best) if best else None
    flipped = contrary(claim, source) or opposite_in_conjunct(claim, source) or colour_swapped(claim, source)
    if flipped is not None and _ONLY_IF.search(claim) and _UNLESS.search(best):
        flipped = None  # "covered only if you bought the add-on" says "excluded unless you bought it"
    if flipped is not None and closes_the_rest(claim, best):
        flipped = None  # "closed at weekends" for "runs on weekdays only"
    if exception is None and best and not _UNLESS_CASE.search(claim) and not _ONLY_IF.search(claim) \
            and _the_unless_case(claim, best) and _UNLESS_LAST.search(best):
        # "Starred messages are deleted after 30 days" for "... deletes messages after 30 days
        # unless they are starred": the rule said of the case it excepts
        exception = _UNLESS_CASE.search(best).group(1)  # type: ignore[union-attr]
    denied = denied_head(claim, source)
    required = without_required(claim, source)
    # the claim's direction word is the opposite of its sentence's ("less" against "more")
    opposed = bool((cu and not cd and sd and not su) or (cd and not cu and su and not sd))
    claim_neg, best_neg = negation_count(claim), negation_count(best)
    # a case outside a bound or outside the set a clause keeps something to, denied as the
    # source has it: "A 15-year-old cannot volunteer", "A calculator cannot be used in a history paper"
    past_bound = (case is not None and case.holds and not case.inside) or (kept is not None and kept.holds and not kept.inside)
    # a time within hours a clause gives, read against that clause (:func:`hours_reading`): "At 8 p.m. the post
    # office is closed" where "opens at 8:30 a.m. and closes at 5:30 p.m."; "A delivery van can drive into the
    # old town at 8 a.m." where "closed to cars between 10 a.m. and 6 p.m. Delivery vans may enter before 10 a.m."
    in_hours = hours is not None and hours.holds
    return _Crisp(
        # both ways: a long sentence with a "not" in another clause is not the claim negated
        negation_flip=best_ov >= 0.9
        # (a denial inside the subject's relative clause names a case, denying nothing: "A guest
        # who is not on the premium plan pays 15 EUR")
        and any(overlap(text, claim) >= 0.6 and (negation_count(RELATIVE_DENIAL.sub(" ", claim)) > 0)
                != (negation_count(RELATIVE_DENIAL.sub(" ", text)) > 0)
                # an affirmative claim against a sentence that denies none of its words ("Towels
                # are not provided, so guests should bring their own" for "Guests must bring
                # their own towels")
                and (claim_neg > 0 or _denies_a_word_of(text, claim))
                # "Smoking is not allowed in the lounge; pets on a lead are welcome": the denial
                # is another subject's
                and not (claim_neg == 0 and any(said_apart(claim, w, best) for w, p in uses(text) if p == "-"))
                # a denial the source words as a negative-meaning word: "no late fee" for "late
                # fees are waived"
                and not (claim_neg and NEGATIVE_WORDS & set(words(text)))
                # or its clause the claim restates: "None of the rooms has a projector; speakers ..."
                # ... or its conjunct: "contains no added yeast" of "is made with rye and wheat flour
                # and contains no added yeast"
                for text in (best, aligned_clause(claim, best), _closest_conjunct(claim, best)))
        # "must not bring guests without signing them in" says "may bring a guest if they sign"
        and not (claim_neg == 0 and lifted_ban(claim, best))
        and not contrasted(best) & normed_words(claim)  # "not at the machines, but at the desk"
        # "the airport branch does not open" for "all ... except the airport branch" (a claim that
        # names no excepted case denies the rule: "never needs a ticket" for "needs one, except on Sundays")
        and (exception is None or not {stem(w) for w in content_words(exception)} & {stem(w) for w in content_words(claim)})
        # "With -m given, it does not open an editor" for "opens an editor unless -m is given"
        and not (claim_neg and _the_unless_case(claim, best))
        # "may not unload after 10 a.m." for "may only unload before 10 a.m."
        and not (claim_neg and (only_complement(claim, best) or past_the_span(claim, best) or only_kept_item(claim, best)))
        # "Washing it in hot water shrinks it" for "It should not be washed in hot water, as heat
        # shrinks it": what the sentence denies is the claim's subject, no act the claim affirms
        and not (claim_neg == 0 and (gerund := opening_gerund(claim)) is not None
                 and {w for w, p in uses(best) if p == "-"} <= {gerund})
        # "The dinner is not included" for "The fee includes lunch but not the dinner"
        and not (claim_neg and _but_not_of(claim, best))
        # "Members' children do not have to pay" for "Guests pay a day fee; members' children get in free"
        and not (claim_neg and _subject_clause_negative(claim, best))
        # "a bag arriving at 9:30 p.m. is not loaded" restates "... by 9 p.m.; those arriving
        # later are not loaded"
        and not (claim_neg and negation_count(rule_past_bound(claim, source) or ""))
        # "not refundable" for "non-refundable": the denial moved onto the word
        and not (claim_neg and _prefix_restated(claim, source))
        # "A 15-year-old cannot volunteer" for "Volunteers must be at least 16": a case the bound leaves out
        and not past_bound,
        # (a denial the bound's own clause makes of the case: "800 EUR is not taxed" where "gains
        # under 1,000 EUR a year are tax-free")
        denied=None if denied is None or past_bound or (case is not None and case.holds and denied[1] == "denied")
        or (denied[1] == "denied" and (stated_contrary(denied[0], claim, source)
                                                                      or _prefix_restated(claim, source)
                                                                      or _stop_said(denied[0], claim, source)
                                                                      or past_the_span(claim, best)
                                                                      or (best_ov >= 0.6 and opposed
                                                                          or complementary_bound(claim, source))))
        else denied,
        # of each part too: "The --verbose flag prints each file and is the default"
        moved=next((found for part in _whole_and_parts(claim)
                    if (found := moved_attribute(part, source) or moved_between_clauses(part, source))), None)
        or reserved_for_other(claim, source) or agent_swapped(claim, source),
        # ("does not run after 9 p.m." for "runs until 9 p.m." turns nothing)
        relation=None if claim_neg and past_the_span(claim, best) else turned_relation(claim, source)
        or first_turned(claim, source) or start_turned(claim, source)
        or (turned_change(claim, source) if flipped is None else None),
        dated=dated_order(claim, source),
        comparison=turned_comparison(claim, source) or turned_rank(claim, source),
        # fires on 9 of 122 contradicted SciFact dev pairs, 1 of 250 supported, nowhere else
        direction_flip=(best_ov >= 0.6 or (after is not None and overlap(claim, f"{best} {after}") >= 0.6)) and opposed
        # a denial turns it back: "those living less than three miles away do not get it" for
        # "it is offered to those living more than three miles away"
        and not (claim_neg and not best_neg)
        # so does exchanging the sides: "the bus is less expensive than the ferry"
        and not comparison_confirmed(claim, source),
        swapped_names=missing if missing and len(rest) >= 2 and (
            rest_ov >= 0.85 or (rest_ov >= MIN_OTHER_DAY and _other_day(missing, best))) else (),
        overgeneral=univ if univ and max(best_ov, overlap(" ".join(w for w in words(claim) if w not in univ),
                                                     near)) >= 0.6 else
        _widened(claim, best, source) if best_ov >= 0.5 else (),
        turned=_turned(claim, source),
        substituted=tuple(substitution(claim, source) or _option_substituted(claim, source)
                          or moved_object(claim, source) or ()),
        listed=outside_list(claim, source),
        instead=instead_of(claim, source),
        unlimited=_unlimited(claim, best, source),
        # "on Wednesdays" where it opens "Monday to Saturday" is no other day
        anchor=(None if (found := anchor_changed(claim, source)) is None
                or any(_in_day_range(w, claim, source) for w in found[0].split()) else found)
        or period_changed(claim, source),
        # ("No city has more fountains than Rome" says what "Rome has more fountains than any other
        # city" says, its two sides the other way round)
        # ("Only Ethiopia has won more medals than Kenya" for "Kenya has won more than any other
        # country except Ethiopia": a comparison with all others has no sides to exchange)
        exchanged=None if NO_OTHER.search(claim) or _THAN_ANY_OTHER.search(best) else (
            swapped(claim, source) or passive_swap(claim, source) or possessor_swap(claim, source)
            or cause_swapped(claim, source)
            # of each part too: "Staff will check each floor and tell the fire wardens ..."
            or next((found for part in _whole_and_parts(claim) if (found := agent_swap(part, source, claim))), None))
        or values_exchanged(claim, source),
        # (not of the case the sentence excepts: "keep working, except those that call the API"
        # for "a plugin that calls the API will stop working", which says what the exception means)
        opposite_word=None if exception is not None or in_hours else (flipped or closed_with_hours(claim, source)
                                                           or deferred(claim, source) or outside_only(claim, source)
                                                           or _prefix_denied(claim, source)),
        raised=raised_modality(claim, source),
        supplier=supplier_swapped(claim, source),
        rate_period=rate_period_changed(claim, source),
        deducted=full_but_deducted(claim, source),
        narrowed=narrowed(claim, source),
        table_cell=cell_polarity(claim, source),
        compared=compare_rows(claim, source),
        measured=measured_comparison(claim, source),
        bound_turned=turned_bound(claim, source) or turned_clock_bound(claim, source),
        ceased=ceased_object(claim, source),
        removed=removed_thing(claim, source),
        kept=kept_thing(claim, source),
        ended=ended_state(claim, source),
        changed=_changed_but_fixed(claim, source),
        equal=next((found for part in atomic_parts(claim) if (found := said_equal(part, source))), None)
        or unchanged_named(claim, source),
        amount=_amount_mismatch(claim, source),
        contained=contained_denial(claim, source) or denied_reworded(claim, source),
        # (a case past a bound, denied: "A guest cannot stay for four nights in one month")
        permission=None if past_bound or in_hours else _on_the_days(claim, permission_flip(claim, source)),
        # (a duty past a bound the claim's value is short of: "for three hours without asking a
        # manager" where "bookings longer than four hours need a manager's approval")
        required=None if required is None or fails_bound(claim, required[1]) else required,
        contrast=dropped_contrast(claim, source),
        # "All visitors" for "Visitors from outside the EU": the scope rule's to name
        # (nor a case past the condition's bound that the source rules on: "a 10 kg parcel" for
        # "Parcels over 20 kg cost 12 EUR. Lighter parcels cost 7 EUR")
        condition=None if univ or rule_past_bound(claim, source) else _unmet(claim, dropped_condition(claim, source) or dropped_restriction(claim, source)
                                           or denied_outright(claim, source)
                                           or prerequisite_left_out(claim, source) or default_restricted(claim, source)
                                           or permitted_case_dropped(claim, source)),
        # ("Only Saturn has more moons" restates "more than any other planet except Saturn")
        exception=exception if exception is not None and claim_neg == best_neg and best_ov >= MIN_EXCEPTED and flipped is None
        and not re.search(r"\bonly\s+(?:the\s+)?" + re.escape(exception.split()[-1]), claim, re.IGNORECASE) else None,
        myth=called_false(claim, source),
        reason=other_reason(claim, source),
        calendar_range=calendar_range_changed(claim, source),
    )


#: what a sentence leaves out of what it says, its verb unsaid: "includes lunch | but not the
#: dinner on the first evening"
_BUT_NOT = re.compile(r"(?:,\s*|\s+)but\s+not\s+(?P<what>[^,;.!?]+)", re.IGNORECASE)


_CLAUSES = re.compile(r"[;:]|,\s+(?:and|but|while|whereas)\s+|,\s+")


def _subject_clause_negative(claim: str, sentence: str) -> bool:
    """The sentence's clause about the claim's subject (a clause holding the claim's first two
    content words, which the rest of the sentence lacks) says it with a negative-meaning word
    ("members' children get in free"): the claim's denial may be that."""
    opening = [w for w in words(claim) if w not in STOPWORDS][:2]
    if len(opening) < 2:
        return False
    clauses = [c for c in _CLAUSES.split(sentence) if c.strip()]
    mine = [c for c in clauses if set(opening) <= set(words(c))]
    return len(mine) == 1 and len(clauses) > 1 and bool(NEGATIVE_WORDS & set(words(mine[0])))


def _but_not_of(claim: str, sentence: str) -> bool:
    """The claim speaks of what the sentence's "but not" leaves out (a word of it that the
    sentence says nowhere else): the claim's denial is the sentence's."""
    mine = normed_words(claim)
    for m in _BUT_NOT.finditer(sentence):
        if mine & (normed_words(m.group("what")) - normed_words(sentence[: m.start()])):
            return True
    return False


#: the case a sentence excepts from what it says: "opens an editor | unless -m is given"
_UNLESS_CASE = re.compile(r"\bunless\s+([^,;.!?]+)", re.IGNORECASE)


#: an "unless" clause that ends its sentence: nothing after it says what happens in that case
#: ("..., unless a default is given, in which case the default is returned" says it)
_UNLESS_LAST = re.compile(r"\bunless\s+[^,;.!?]+[.!?]?\s*$", re.IGNORECASE)


def _the_unless_case(claim: str, sentence: str) -> bool:
    """The claim speaks of the case the sentence excepts ("With -m given, it does not open an
    editor" for "opens an editor unless -m is given"): a denial there restates it."""
    m = _UNLESS_CASE.search(sentence)
    return m is not None and bool(normed_words(m.group(1))) and normed_words(m.group(1)) <= normed_words(claim)


#: things the claim picks out by a duty they failed: "parcels not collected within three days"
_NOT_DONE = re.compile(r"\b[a-z]+s\s+(?:that\s+(?:are|were|have\s+not\s+been)\s+|which\s+(?:are|were)\s+)?"
                       r"(?:not|never)\s+(?P<done>[a-z]{3,}(?:ed|en))\b", re.IGNORECASE)


def _failed_duty(claim: str, window: str) -> bool:
    """The claim's denial picks out the things that failed a duty the window states ("Parcels
    not collected within three days go back to the depot" where "parcels must be collected
    within three days; after that they are returned"): what happens to them is the duty's
    consequence, and the claim's opposite only repeats the duty."""
    m = _NOT_DONE.search(claim)
    if m is None:
        return False
    done = stem(m.group("done").lower())
    return any(stem(d.group("verb").lower()) == done for d in _DUTY_DONE.finditer(window))


_DUTY_DONE = re.compile(r"\b(?:must|should|has\s+to|have\s+to|need\s+to|needs\s+to)\s+(?:be\s+)?(?P<verb>[a-z]+)\b",
                        re.IGNORECASE)


_NO_LONGER = re.compile(r"\b(?:no\s+longer|not\s+any\s+(?:more|longer)|never\s+again)\b", re.IGNORECASE)
_STOPS = re.compile(r"\b(?:stops?|stopped|ceases?|ceased|quits?)\s+(?:to\s+[a-z]+|[a-z]+ing)\b|\bno\s+longer\b",
                    re.IGNORECASE)


def _stop_said(word: str, claim: str, source: str) -> bool:
    """The claim says something no longer happens ("Once mature, sunflowers no longer turn")
    and a sentence that shares another of its words says it stops ("Mature plants stop
    moving"): the denial is the source's, in other words."""
    if not _NO_LONGER.search(claim):
        return False
    others = content_words(claim) - content_words(word)
    spans = sentences(source)
    # the words that tell the sentence that stops from those where it goes on ("adult cats"
    # against "kittens drink milk")
    going_on = frozenset().union(*(content_words(source[s:e]) for s, e in spans
                                   if not _STOPS.search(source[s:e]) and content_words(word) & content_words(source[s:e])))
    return any(_STOPS.search(source[s:e]) and others & content_words(source[s:e]) - going_on for s, e in spans)


_THAN_ANY_OTHER = re.compile(r"\bthan\s+(?:any|all)\s+other\b", re.IGNORECASE)
#: costing nothing said with a denial ("pay nothing for", "no charge for", "do not pay for")
_COSTS_NOTHING = re.compile(r"\b(?:pays?|paid|paying)\s+nothing\s+(?:for|to)\b|\bno\s+(?:charge|fee|cost)\s+(?:for|to)\b|"
                            r"\b(?:do|does|did)\s+not\s+(?:have\s+to\s+|need\s+to\s+)?pay\s+(?:for|to)\b|"
                            r"\b(?:don't|doesn't)\s+(?:have\s+to\s+|need\s+to\s+)?pay\s+(?:for|to)\b|"
                            r"\bcosts?\s+nothing\b|\bat\s+no\s+(?:extra\s+)?cost\b", re.IGNORECASE)
#: ... and without one
_FREE = re.compile(r"\bfree(?:\s+of\s+charge)?\b(?!-)(?!\s+(?:to\s+(?!enter|use|visit|join|attend)|from|of\s+(?!charge)))",
                   re.IGNORECASE)
#: the share of the claim's other content words the free clause must hold, and how many
#: words it may add
MIN_FREE_HELD = 0.8
MAX_FREE_EXTRA = 1


def _anaphoric_next(claim: str, source: str, best: str) -> str | None:
    """The sentence after ``best`` when it speaks of ``best``'s thing by an anaphor ("this
    effect", "it", "they") and holds the claim's words that ``best`` lacks."""
    spans = sentences(source)
    at = next((k for k, (a, b) in enumerate(spans) if source[a:b] == best), None)
    if at is None or at + 1 >= len(spans):
        return None
    after = source[spans[at + 1][0]:spans[at + 1][1]]
    # (the claim's own direction word aside: "reduces" where the sentence says "increases")
    lacking = content_words(claim) - content_words(best)
    if not _ANAPHOR.search(after) or not lacking or len(lacking & content_words(after)) < max(1, len(lacking) - 1):
        return None
    return after


_ANAPHOR = re.compile(r"\b(?:this|that|these|those)\s+(?:effect|risk|change|problem|rate|number|amount|figure|"
                      r"trend|process|condition|symptom|side\s+effect)\b|^\s*(?:it|they|this|these)\b", re.IGNORECASE)


def _quantified_alike(word: str, claim: str, source: str) -> bool:
    """The source says the claim's quantifier (``word``: "all", "any", "every") of what the claim
    says it of: "any" in "booked by any staff member" is no "any" of "Any booking needs ...".
    A quantifier that the claim says of no noun after it is read as the source's if the source
    has it at all."""
    mine = _quantified(word, claim)
    if word not in set(words(source)):
        return False
    if not mine or len(sentences(source)) > SHORT_SOURCE:
        return True  # (a long source may say it of the same things in other words)
    theirs = _quantified(word, source)
    return not theirs or "*" in theirs or bool(mine & theirs)


def _quantified(word: str, text: str) -> frozenset[str]:
    """The stems of the first content word after each use of ``word`` in ``text`` (within three
    words), and of the word after it when that is a content word too (a compound's head): what
    the quantifier is said of."""
    toks = words(text)
    out = set()
    for i, w in enumerate(toks):
        if w == word:
            if i + 1 < len(toks) and not is_content(toks[i + 1]) and toks[i + 1] not in _DETERMINER:
                out.add("*")  # "six concerts a season, all in the main hall": said of what came before
                continue
            k = next((k for k in range(i + 1, min(i + 4, len(toks))) if is_content(toks[k])), None)
            if k is not None:
                out.add(stem(toks[k]))
                # (a compound's head: "every expense claim" is said of claims, as "every claim" is)
                if k + 1 < len(toks) and is_content(toks[k + 1]) and not toks[k + 1].endswith("s"):
                    out.add(stem(toks[k + 1]))
    return frozenset(out)



def _free_restated(claim: str, source: str) -> tuple[str, str, str] | None:
    """``(claim words, source word, sentence)`` when the claim says something costs nothing
    with a denial ("New customers pay nothing for installation", "There is no charge for
    returns") and a source sentence that holds the claim's other words says it is free
    ("Installation is free for new customers"), with no price or condition in its way."""
    m = _COSTS_NOTHING.search(claim)
    if m is None or negation_count(_COSTS_NOTHING.sub(" ", claim)):
        return None
    rest = content_words(claim[: m.start()] + " " + claim[m.end():])
    resolved = resolve_pronouns(source)  # "It is free": of what the sentence before speaks of
    for s, e in sentences(resolved):
        # the clause that says it is free: "Installation is free for new customers, | and the
        # contract runs for 18 months"
        for clause in _CONJUNCT.split(resolved[s:e].replace(", ", " and ")):
            f = _FREE.search(clause)
            if f is None or negation_count(clause) or not rest or _CONDITION.search(clause) or _FOR_A_TIME.search(clause):
                continue
            # (and says nothing more: "New customers get three months of the service free" is no
            # "The service costs nothing")
            extra = content_words(clause) - rest - content_words(f.group(0)) - content_words(m.group(0))
            # the clause names the thing; its sentence may hold the act ("Borrowing books costs
            # nothing" for "Members borrow up to 12 books ...; books are free")
            held = {stem(w) for w in rest} & ({stem(w) for w in content_words(clause)}
                                             | {stem(w) for w in content_words(resolved[s:e])})
            if rest & content_words(clause) and len(held) >= MIN_FREE_HELD * len(rest) and len(extra) <= MAX_FREE_EXTRA:
                return m.group(0), f.group(0), resolved[s:e].strip()
    return None


#: a denied word: "are not paid", "is not insured", "isn't refundable"
_NOT_WORD = re.compile(r"\b(?:not|n't)\s+(?P<w>[a-z]{4,})\b", re.IGNORECASE)
#: a thing denied by "no" or "without": "No pay is given", "comes without pay"
_NO_WORD = re.compile(r"\b(?:no|without)\s+(?P<w>[a-z]{3,})\b", re.IGNORECASE)
#: participles that do not end in "-ed"
_IRREGULAR_PARTICIPLE = {"pay": "paid", "sell": "sold", "hold": "held", "know": "known", "see": "seen",
                         "write": "written", "take": "taken", "give": "given", "lay": "laid", "do": "done"}


def _forms_of(word: str) -> set[str]:
    """A word and the adjectives and participles made from it ("pay": "paid", "payable";
    "refund": "refunded", "refundable"), whose negative forms a source may use."""
    base = word[:-1] if word.endswith("e") else word
    return {word, word + "ed", base + "ed", word + "able", base + "able", base + "ible",
            _IRREGULAR_PARTICIPLE.get(word, word), word[:-1] + "ied" if word.endswith("y") else word}
#: the least share of the claim's other words the clause saying the prefixed word must hold
MIN_PREFIX_HELD = 0.6
#: the least share of a claim's content words the source must hold for a value called late
#: against its deadline to prove the claim
MIN_LATE_HELD = 0.5


@lru_cache(maxsize=4096)
def _prefix_restated(claim: str, source: str) -> tuple[str, str, str] | None:
    """``(claim words, source word, sentence)`` when the claim denies a word ("Parents are not
    paid during parental leave", "No pay is given during parental leave") and a clause of the
    source that holds its other words says the word's negative form ("It is unpaid",
    "non-refundable"), denying nothing else."""
    nots = list(_NOT_WORD.finditer(claim)) + list(_NO_WORD.finditer(claim))
    if len(nots) != 1 or negation_count(claim) != 1:
        return None
    m = nots[0]
    word = m.group("w").lower()
    rest = content_words(claim[: m.start()] + " " + claim[m.end():])
    forms = {p + form for p in _PREFIXES for form in _forms_of(word)}
    # (as written too: "It is unpaid" may be resolved to the wrong thing)
    for resolved in dict.fromkeys((resolve_pronouns(source), source)):
        found = _prefixed_in(rest, forms, resolved)
        if found is not None:
            return m.group(0), found[0], found[1]
    return None


def _prefix_denied(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's word, source's)`` when the claim affirms a word ("Staff are paid during a
    sabbatical") whose negative form a clause of the source holding its other words says ("It
    is unpaid")."""
    if negation_count(without_subject(claim)):  # ("Invoices without a purchase order number are paid")
        return None
    lowered = claim.lower()
    for w in re.findall(r"[a-z]{4,}", lowered):
        rest = content_words(re.sub(rf"\b{w}\b", " ", lowered))
        forms = {p + w for p in _PREFIXES}
        if not rest or any(re.search(rf"(?<![\w-]){re.escape(f)}\b", lowered) for f in forms):
            continue  # the claim says the negative form itself: "returns a non-zero exit status"
        for resolved in dict.fromkeys((resolve_pronouns(source), source)):
            found = _prefixed_in(rest, forms, resolved)
            if found is not None and not other_side_of_bound(claim, found[1]):
                return w, found[0]
    return None


def _prefixed_in(rest: frozenset[str], forms: set[str], resolved: str) -> tuple[str, str] | None:
    """(the prefixed word, its sentence) of :func:`_prefix_restated` in ``resolved``."""
    before = ""
    for s, e in sentences(resolved):
        for clause in _CONJUNCT.split(resolved[s:e].replace(", ", " and ")):
            said = [w for w in re.findall(r"[a-z-]+", clause.lower()) if w in forms]
            if not said or negation_count(clause) or not rest:
                continue
            theirs = content_words(clause)
            if re.match(r"\s*(?:it|they|this|these)\b", clause, re.IGNORECASE) or (
                    theirs - {w.rstrip("-") for w in said} and theirs - set(said) <= content_words(before)):
                # "It is unpaid" (or its pronoun resolved to a word of the sentence before, "Staff
                # is unpaid"): what the sentence before speaks of; "Breaks are unpaid" speaks of breaks
                theirs |= content_words(before)
            held = sum(1 for w in rest if w in theirs or any(_forms_of_one(w, x) for x in theirs))
            if held >= MIN_PREFIX_HELD * len(rest):
                return said[0], resolved[s:e].strip()
        before = resolved[s:e]
    return None


#: a time a price is waived for ("free until March", "free for the first month")
_FOR_A_TIME = re.compile(r"\b(?:until|till|after|before|first)\b", re.IGNORECASE)


_CONJUNCT = re.compile(r"\s+and\s+|;\s+|,\s+but\s+|\s+but\s+", re.IGNORECASE)


def _closest_conjunct(claim: str, sentence: str) -> str:
    """The part of ``sentence`` between its "and"s that holds most of the claim's words, when
    it holds most of them (:data:`MIN_CONJUNCT_HELD`); else the sentence."""
    parts = [p for p in _CONJUNCT.split(sentence) if p.strip()]
    best = max(parts, key=lambda p: (overlap(claim, p), -len(p))) if parts else sentence
    # (its denial a plain one: "active surveillance without immediate treatment" in a list
    # of options denies no option)
    plain = _PLAIN_DENIAL.search(best) or _PLAIN_DENIAL.search(claim)
    return best if plain and overlap(claim, best) >= MIN_CONJUNCT_HELD else sentence


_PLAIN_DENIAL = re.compile(r"\b(?:not|no|never)\b|n't\b", re.IGNORECASE)


#: the share of the claim's words a conjunct must hold to be what the claim restates
MIN_CONJUNCT_HELD = 0.6


#: a bound said by denying its far side: "never have more than 12", "no fewer than three"
_DENIED_BEYOND = re.compile(r"\b(?:never|not|no)\s+(?P<verb>(?!than\b)[a-z]+\s+)?(?P<side>more|fewer|less)\s+than\b",
                            re.IGNORECASE)


def as_bound(claim: str) -> str:
    """The claim as the model reads it: a bound said by denying its far side, said as the
    bound ("Classes never have more than 12 students": "Classes have at most 12 students").
    The model reads the denial as a contradiction of "at most 12" (P 0.98); what the claim
    says is the same."""
    return _DENIED_BEYOND.sub(
        lambda m: (m.group("verb") or "") + ("at most" if m.group("side").lower() == "more" else "at least"), claim)


def _whole_and_parts(claim: str) -> list[str]:
    """The claim, then each of its atomic parts when it states several facts (not after a
    heading: "Monitor and update the model: continuously monitor ..." has no subject)."""
    parts = atomic_parts(claim) if ":" not in claim else [claim]
    return [claim] + parts if len(parts) > 1 else [claim]


def _amount_mismatch(claim: str, source: str) -> tuple[str, str, str, str] | None:
    """(the claim's words, the source's, where the source says them, what is measured) for
    the first amount the number layer does not read that the claim says otherwise than the
    statement it restates: how often ("daily" / "weekly"), a price against "free", shares of
    one group ("most" / "a third of the")."""
    found = frequency_conflict(claim, source)
    if found is not None:
        return found[0], found[1], "statement", "how often"
    # (of each part too: "Members may bring two guests a month, and guests swim for free")
    found = next((f for part in _whole_and_parts(claim)
                  if (f := free_but_priced(part, source) or priced_but_free(part, source))), None)
    # (a case the source's bound rules on, said the bound's way: "A one-month freeze is free" where
    # "up to two months a year at no cost. Longer freezes cost 5 EUR a month")
    if found is not None and not ((case := bound_case(claim, source)) is not None and case.holds):
        return found[0], found[1], "statement", "a price"
    found = share_conflict(claim, source)
    if found is not None:
        return found[0], found[1], "sentence", "shares of one group"
    found = count_conflict(claim, source) or none_had(claim, source) or many_against_few(claim, source)
    if found is not None:
        return found[0], found[1], "sentence", "how many"
    return None


#: nouns a quantifier says alike ("every moment", "at all times")
_SAME_NOUN = {"moment": "time", "moments": "time", "occasion": "time", "occasions": "time"}
#: a condition that denies: "if no one has reserved it", "if it is not ..."
_IF_NOT = re.compile(r"\bif\s+(?:no\s+one|nobody|nothing|none|no\b|(?:[a-z]+\s+){1,3}(?:not|n't|never)\b)", re.IGNORECASE)


def _denied_alike(claim: str, source: str) -> bool:
    """The claim denies, and the sentence it restates says no too ("Furniture cannot be sent by
    express" for "Express delivery is not available for furniture", "Do not keep it in direct
    sunlight" for "kept out of direct sunlight"): the model's reading of the claim's opposite,
    its denial taken away, is no evidence against it."""
    if not negation_count(claim):
        return False
    _, best = _closest_sentence(claim, source, "")
    # ("does not change" for "is fixed at 4.9%": a word for no change)
    return bool(negation_count(best) or AWAY.search(best) or NEGATIVE_WORDS & set(words(best))
                or (_NO_CHANGE_DENIED.search(claim) and _STAYS_SAME.search(best)))


def _changed_but_fixed(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's change, sentence)`` when the claim, denying nothing, says a thing changes
    ("the interest rate changes every month") and the sentence it restates says it stays as
    it is ("Interest on the loan is fixed at 4.9% for the first two years")."""
    m = _CHANGES.search(claim)
    if m is None or negation_count(claim):
        return None
    ov, best = _closest_sentence(claim, source, "")
    if ov < 0.5 or not _STAYS_SAME.search(best) or _CHANGES.search(best) or negation_count(best):
        return None
    return m.group(0), best


_CHANGES = re.compile(r"\b(?:changes|changed|varies|varied|fluctuates|fluctuated|goes\s+up|went\s+up|rises|rose)\b",
                      re.IGNORECASE)
#: a claim that denies a change, and a sentence that says a thing stays as it is
_NO_CHANGE_DENIED = re.compile(r"\b(?:not|n't|never)\s+(?:be\s+)?(?:change|changed|vary|varied|move|rise|go\s+up|increase|"
                               r"increased|fluctuate)\b", re.IGNORECASE)
_STAYS_SAME = re.compile(r"\b(?:fixed|unchanged|constant|stable|frozen|locked|the\s+same)\b", re.IGNORECASE)


#: a rule said of its subject as a whole: a duty, a requirement
_RULE_VERB = re.compile(r"\b(?:must|has\s+to|have\s+to|needs?|is\s+required|are\s+required|requires?)\b", re.IGNORECASE)
#: what restricts a subject to some of its kind: "from outside the EU", "who ...", "over 18"
_SOME_OF = re.compile(r"\b(?:who|whose|which|that|from|with|without|under|over|above|below|for|of|in|on|at|"
                      r"aged|more|less|most|many|few|several|some|certain|new|late|early)\b|\d", re.IGNORECASE)


def _on_the_days(claim: str, found: tuple[str, str] | None) -> tuple[str, str] | None:
    """A permission or ban the source states, unless its sentence names days that leave out the
    claim's ("closed to cyclists ... on weekdays" says nothing of "on a Saturday")."""
    if found is None:
        return None
    mine, theirs = days_named(fold(claim)), days_named(fold(found[1]))
    return None if mine and theirs and not mine <= theirs else found


_ALL_DAY = re.compile(r"\ball\s+day\b|\bat\s+any\s+time\b|\b24\s+hours\b|\baround\s+the\s+clock\b", re.IGNORECASE)


def _all_day_for(claim: str, source: str) -> bool:
    """The claim names days ("On Sundays ... at any time") that a part of a source sentence says
    holds all day ("valid after 9:30 a.m. on weekdays and all day at weekends")."""
    mine = days_named(fold(claim))
    if not mine:
        return False
    for a, b in sentences(source):
        for part in re.split(r"[,;]|\band\b|\bbut\b", source[a:b]):
            if _ALL_DAY.search(part) and mine <= days_named(fold(part)):
                return True
    return False


def _generic_rule(claim: str, sentence: str) -> bool:
    """The sentence states a rule of its subject as a whole ("Annual leave must be approved by a
    line manager"): a duty said of a subject that no phrase restricts and whose words the claim
    holds, so "every" restates it ("every annual leave request")."""
    subject = subject_of(sentence)
    if not subject or not _RULE_VERB.search(sentence) or _SOME_OF.search(subject) or negation_count(sentence):
        return False
    # (the claim restates the whole sentence: a case the predicate names, "for a first visit", is
    # a restriction too)
    return bool(content_words(subject)) and {stem(w) for w in content_words(sentence)} <= {stem(w) for w in content_words(claim)}


def _unmet(claim: str, condition: str | None) -> str | None:
    """The condition, unless the claim's own values meet it: "A 17-year-old volunteer needs a
    parent's form" keeps the source's "under 18" by its age."""
    return None if condition is not None and meets_bound(claim, condition) else condition


def _turned(claim: str, source: str) -> tuple[str, ...]:
    """What the claim says goes up (or down) where the source only says it goes the other
    way, as "'claim phrase' against 'source phrase'": "increases thyroid volume" against
    "decreased thyroid volume", "no increased risk of X" against "an increased risk of X",
    "increased ascorbic acid levels" against "ascorbic acid levels were reduced".

    A source sentence moves the claim's thing when the claim's first word for it (or either
    word of a compound: "thyroid volume") comes first after the sentence's direction word
    ("reduced thyroid volume"), or among the words before a copula ("median thyroid volume
    was reduced"). The claim is turned when no sentence moves it the claim's way and one that
    holds all the claim's words for it moves it the other.

    On the dev splits this fires on 15 of 122 contradicted SciFact pairs, 3 of 245 without
    enough information, none of 250 supported, and nowhere in ExpertQA or WiCE."""
    said = scoped_directions(claim)
    if not said or comparison_confirmed(claim, source):  # "less expensive than" for the converse "more"
        return ()
    per_sentence = [(scoped_directions(source[s:e]), {stem(w) for w in words(source[s:e])})
                    for s, e in sentences(source)]
    # a bound of the claim's the source states in other words: "shorter than 30 minutes" for
    # "under 30 minutes" (said otherwise, "longer" against "less than a week", it is turned)
    kept = {m.group("way").lower() for m in _CLAIM_BOUND.finditer(claim)
            if re.search(rf"\b(?:{_BOUND_WAYS[m.group('way').lower() in _DOWN_WORDS]})\s+{re.escape(m.group('n'))}\b",
                         source, re.IGNORECASE)}
    turned = []
    for c in said:
        if any(d.sign == c.sign and _moves(d, c) for ds, _ in per_sentence for d in ds):
            continue
        if kept & set(words(c.phrase)):
            continue
        other = next((d for ds, stems in per_sentence for d in ds
                      if d.sign == -c.sign and _moves(d, c) and set(c.words) <= stems), None)
        if other is not None:
            turned.append(f"'{c.phrase}' against '{other.phrase}'")
    return tuple(turned)


#: a comparative bound of the claim's: "shorter than 30 minutes"
_CLAIM_BOUND = re.compile(r"\b(?P<way>more|less|fewer|greater|higher|lower|longer|shorter)\s+than\s+(?P<n>[\w.,]+)",
                          re.IGNORECASE)
_DOWN_WORDS = frozenset("less fewer lower shorter".split())
#: the source's words for a bound either way: [up, down]
_BOUND_WAYS = (r"over|above|more\s+than|longer\s+than|greater\s+than|higher\s+than|beyond|exceeding",
               r"under|below|less\s+than|fewer\s+than|shorter\s+than|lower\s+than|within|up\s+to|at\s+most")


def _moves(d: Directed, c: Directed) -> bool:
    """``d`` (from the source) moves the thing of ``c`` (from the claim), either way: the
    claim's first word, or either word of a compound ("mesodermal differentiation"), is the
    first word after the source's direction word or among the words before its copula."""
    key = set(c.words if c.before or c.compound else c.words[:1])
    return bool(key & set(d.words if d.before else d.words[:1]))


_NULL = re.compile(r"\b(?:no|not|nor|without|neither)\b[\w\s,-]{0,30}?\b(?:effect|effects|"
                   r"association|associated|difference|differences|different|change|changes|"
                   r"significant|significantly|correlation|correlated|benefit|impact|increase|"
                   r"decrease|reduction|evidence|role)\b|\bfailed to\b|\bunaffected\b|"
                   r"\bsimilar\b|\bcomparable\b", re.IGNORECASE)


def _lexical_features(claim: str, source: str, window: str) -> dict[str, float]:
    # (word overlaps as the combiner was fitted on them: :func:`feature_stem`)
    sent_ov, best_sent = _closest_sentence(claim, window, window, feature_overlap)
    cu, cd = direction(claim)
    wu, wd = direction(window)
    return {
        "overlap_sentence": sent_ov,
        "overlap_rare": rare_overlap(claim, source),
        "bigram_overlap": bigram_overlap(claim, window),
        "fuzzy_best": fuzz.token_set_ratio(claim.lower(), window.lower()) / 100.0,
        "missing_words": math.log1p(len(feature_words(claim) - feature_words(source))),
        "direction_conflict": float((cu and wd and not wu) or (cd and wu and not wd)),
        "negation_sentence_diff": float((negation_count(claim) > 0)
                                        != (negation_count(best_sent) > 0)),
        "null_result": float(bool(_NULL.search(window)) and not _NULL.search(claim)),
    }


#: words that carry a negation in their meaning: a claim's "not eligible" may say a source's
#: "excluded", its "no charge" a source's "free"
NEGATIVE_WORDS = frozenset(
    "excluded exclude excludes exempt exempted prohibited prohibits forbidden forbids banned "
    "closed unavailable ineligible invalid disabled unpaid impossible illegal unsafe absent "
    "free optional except excluding neither lacks lacking unaffected waived waive waives "
    # "get rid of all their cards": none left; "should be avoided": not to be done
    "rid avoid avoided avoids".split())


#: the model's logit of P(entailment) of a claim's least supported part (and of the whole)
#: from which a part whose words the source lacks is still taken as said: on the dev pairs and
#: the everyday probes the word check caught parts the model put at 0.74 at most, and was
#: wrong on two it put at 0.82 and 0.95 (bench/RESULTS.md, twenty-eighth session)
PARTS_ENTAILED = logit(0.8)


# The model's logit P(entailment) of the claim minus that of its opposite, at or below which
# the source is taken to say the opposite. Chosen on the calibration fold: 11% of SciFact's
# unsupported pairs there fall below it against 2% of its supported ones, and none of
# ExpertQA's or WiCE's.
OPPOSITE_MARGIN = -2.0


def _says_opposite(claim: str, window: str, margin: float) -> bool:
    """The model reads the claim's opposite far better than the claim in its best window.

    When the opposite was made by adding a negation, only trusted if the window's sentence
    closest to the claim holds a negation itself: a negation elsewhere in the window still
    pulls the model towards "a negation on both sides agrees". When it was made by removing
    the claim's negation, not trusted if that sentence says the same with a negative word
    instead ("not eligible" for "excluded", "no charge" for "free", "not need" for
    "without"), when the claim denies something past a bound the window states ("over 30 kg"
    for "up to 30 kg"), when the claim's negation releases from a duty ("need not"), when a sentence of the window denies the
    very word the claim denies, or when one says the contrary of a word of the claim ("does
    not open on Sundays" where "it is closed on Sundays"): the model reads the un-negated
    claim as closer to such a sentence whatever it means."""
    if margin > OPPOSITE_MARGIN or NO_OTHER.search(claim) or NEGATED_BOUND.search(claim):
        # "No other river carries as much water": a superlative, no denial to take away; "no
        # members younger than 19", "no more than 12": a bound, the number layer's to read
        return False
    closest = _closest_sentence(claim, window, window)[1]
    if negation_count(opposite(claim)) < negation_count(claim):
        # "does not have to" turned into "does have to": a duty the model reads into any
        # sentence that names the act; a bound ("over 30 kg ... not accepted" for "up to 30
        # kg") and the excepted case ("with -m given, it does not open an editor" for "opens
        # an editor unless -m is given") are no opposite either
        return not ((NEGATIVE_WORDS | {"without"}) & set(words(closest))) and not released(claim) \
            and not _negative_word_for(claim, window, closest) \
            and not any(shared_denial(claim, window[s:e]) for s, e in sentences(window)) \
            and not any(stated_contrary(w, claim, window) for w in set(words(claim)) - STOPWORDS) \
            and not complementary_bound(claim, window) \
            and not _the_unless_case(claim, closest) \
            and not _failed_duty(claim, window)
    if negation_count(opposite(claim)) == negation_count(claim):
        return True
    return negation_count(closest) > 0


_FIRST_DENIAL = re.compile(r"\b(?:not|no|never)\b|n't\b", re.IGNORECASE)


def _negative_word_for(claim: str, window: str, closest: str) -> bool:
    """A clause of the window says what the claim denies with a negative word of what the
    claim denies: "You do not need cycling shoes" where "Cycling shoes are optional",
    though the sentence closest to the claim as a whole (``closest``) is another one ("The
    spinning class lasts 45 minutes")."""
    m = _FIRST_DENIAL.search(claim)
    if m is None:
        return False
    denied = {stem(w) for w in content_words(claim[m.end():])}
    verb = next((w for w in words(claim[m.end():]) if w not in STOPWORDS), None)
    if m.group(0).lower() != "no" and verb is not None \
            and stem(verb) in {stem(w) for w in words(closest)}:
        # the sentence closest to the claim says the verb it denies: "are not charged the $3
        # fee" where "Cash withdrawals abroad are also charged a flat $3 ..., including for
        # Premium cardholders", though "The fee is waived for Premium cardholders"
        return False
    window = resolve_pronouns(window)  # "It is free": of what the sentence before speaks of
    for s, e in sentences(window):
        for clause in DENIAL_CLAUSE.split(window[s:e]):
            toks = words(clause)
            at = next((i for i, w in enumerate(toks) if w in NEGATIVE_WORDS), None)
            # its subject ("Cycling shoes are optional") or its object ("get rid of all
            # their cards")
            if at is not None and denied & {stem(w) for w in toks[:at + 5] if w not in STOPWORDS}:
                return True
    return False


_ALNUM = re.compile(r"[^\W_]")
#: a numbered list item's number, before its first sentence ("36. ", "2) ")
_ITEM_NUMBER = re.compile(r"\s*\d{1,4}[.)]\s+")


def verbatim_span(claim: str, source: str) -> tuple[int, int] | None:
    """Where the claim occurs in the source as one or more whole sentences (case, spacing
    and punctuation aside), else None.

    A source entails its own sentences, so such a claim needs no model: the extractive
    backend's claims are of this kind. Only whole sentences count: a fragment cut out of a
    sentence ("the drug reduces mortality" from "it is false that the drug reduces
    mortality") goes through every layer like any other claim.
    """
    if not claim.strip():
        return None
    match = find_quote(claim, source)
    if match is None or not match.exact:
        return None
    spans = sentences(source)
    opens = any(s <= match.start < e and (not _ALNUM.search(source[s:match.start]) or _ITEM_NUMBER.fullmatch(
        source[s:match.start])) for s, e in spans)  # a numbered item's number is no part of its sentence
    closes = any(s < match.end <= e and not _ALNUM.search(source[match.end:e]) for s, e in spans)
    return (match.start, match.end) if opens and closes else None


def entry_span(claim: str, source: str) -> tuple[int, int] | None:
    """Where the claim's sentence is in the source when the claim is an entry's term and a
    whole sentence of that entry's description ("use-vc (since glibc 2.14): This option forces
    the use of TCP for DNS resolutions.", as the extractive backend quotes a sentence that
    does not name its option: :func:`citadel.retrieve.sentences.entry_term`), else None: the
    term says what the entry is of, so the two say what the entry says, and need no model."""
    from citadel.retrieve.sentences import entry_term

    lines: list[str] | None = None  # the source's lines, whitespace folded: a term opens one
    for m in re.finditer(r": | ", claim[: MAX_ENTRY_TERM + 2]):
        term, rest = claim[: m.start()], claim[m.end() :]
        if not term.strip() or not rest.strip():
            continue
        if lines is None:
            lines = [" ".join(line.split()) for line in source.split("\n")]
        folded = " ".join(term.split())
        if not any(line.startswith(folded) for line in lines):  # no line opens with it: align nothing
            continue
        span = verbatim_span(rest, source)
        if span is None:
            continue
        found = entry_term(source, span[0])
        if found is not None and " ".join(source[found[0] : found[1]].split()) == " ".join(term.split()):
            return found[0], span[1]
    return None


#: an entry's term (:func:`entry_span`) is at most this long
MAX_ENTRY_TERM = 160


class Verifier:
    """Verifies claims against sources. Thread-safe; loads the model on first use."""

    def __init__(self, settings: VerifierSettings | None = None, *,
                 judge: Generator | None = None, combiner: Combiner | None = None,
                 reranker: Reranker | None = None, answerability: AnswerabilityModel | None = None) -> None:
        """``reranker`` rates how relevant the best window is to the claim, one of the
        combiner's features (default: the bundled ms-marco cross-encoder, the one the
        shipped calibration was fitted with; loaded on first use). ``answerability``
        decides whether a claim addresses the question (default: the bundled model)."""
        self.settings = settings or VerifierSettings()
        self._reranker = reranker
        self._answerability: AnswerabilityModel | bool | None = answerability
        self._model = (SupportModel(self.settings.model_dir, self.settings.threads,
                                    self.settings.batch_size) if self.settings.use_model else None)
        self._judge = LLMJudge(judge) if judge is not None else None
        if combiner is None:
            cal = self.settings.model_dir / "calibration.json"
            key = "with_model" if self.settings.use_model else "rules_only"
            combiner = Combiner.load(cal, key) or default_combiner(self.settings.use_model)
        self.combiner = combiner

    # -- pairs -------------------------------------------------------------------------
    def verify(self, claim: str, source: str) -> VerifyResult:
        """The verdict on one claim against one source text."""
        return self.verify_batch([(claim, source)])[0]

    def verify_batch(self, pairs: Sequence[tuple[str, str]]) -> list[VerifyResult]:
        """Verdicts for many (claim, source) pairs; the model runs once over all windows."""
        for i, (claim, source) in enumerate(pairs):
            if not isinstance(claim, str) or not isinstance(source, str):
                raise VerifyError(f"pair {i}: claim and source must be strings")
        check_deadline("the verification")
        planted = [flag_spans(s) for _, s in pairs]
        clean = [(c, mask(s, fl)) for (c, s), fl in zip(pairs, planted)]
        results = self._verify_clean(clean)
        return [r if not fl or r.supported else _instruction_result(c, s, fl, r)
                for (c, s), fl, r in zip(pairs, planted, results)]

    def _verify_clean(self, pairs: Sequence[tuple[str, str]]) -> list[VerifyResult]:
        """:meth:`verify_batch` on pairs whose planted text is already blanked; a source
        whose denials leave their predicate to the clause before ("but the pool is not") is
        judged with the predicate said (:mod:`citadel.verify.ellipsis`), its offsets mapped
        back."""
        resolved = [resolve(s) for _, s in pairs]
        results = self._verify_resolved([(c, r.text) for (c, _), r in zip(pairs, resolved)])
        return [res if not r.inserts else _to_source(res, r) for res, r in zip(results, resolved)]

    def _verify_resolved(self, pairs: Sequence[tuple[str, str]]) -> list[VerifyResult]:
        verbatim = [verbatim_span(c, s) for c, s in pairs]
        entries = [entry_span(c, s) if span is None else None for (c, s), span in zip(pairs, verbatim)]
        rest = [pair for pair, span, entry in zip(pairs, verbatim, entries) if span is None and entry is None]
        scored, feats = self._scored_features(rest)
        decided_list = []
        for (c, s), sc, ft in zip(rest, scored, feats):
            decided_list.append(self._decide(c, s, sc, ft))
            check_deadline("the verification")
        decided = iter(decided_list)
        return [
            VerifyResult(verdict=Verdict.SUPPORTED, score=1.0, span=span,
                         reason=f"structure: the claim is the source's own sentence(s), at {span[0]}-{span[1]}")
            if span is not None else
            VerifyResult(verdict=Verdict.SUPPORTED, score=1.0, span=entry,
                         reason=f"structure: the claim is an entry's term and a sentence of its description, "
                                f"at {entry[0]}-{entry[1]}")
            if entry is not None else next(decided)
            for span, entry in zip(verbatim, entries)
        ]

    def feature_rows(self, pairs: Sequence[tuple[str, str]]) -> list[dict[str, float]]:
        """The combiner's input features for each pair (used to fit the combiner)."""
        return [f for f, _, _ in self._scored_features(pairs)[1]]

    def ruled_rows(self, pairs: Sequence[tuple[str, str]]
                   ) -> list[tuple[dict[str, float], RuleVerdict | None]]:
        """Each pair's combiner features and the verdict a rule gives it whatever the score
        (None where the score decides): calibration chooses the threshold on the rest."""
        feats = self._scored_features(pairs)[1]
        return [(f, self.rule_verdict(c, s, f, num)) for (c, s), (f, _, num) in zip(pairs, feats)]

    def _scored_features(self, pairs: Sequence[tuple[str, str]]
                         ) -> tuple[list[_Scored], list[tuple[dict[str, float], int, NumberCheck]]]:
        """Each pair's candidate windows scored, and its features (see :meth:`features`)."""
        windows = [candidate_windows(c, s, self.settings.window_sentences,
                                     self.settings.top_windows) for c, s in pairs]
        scored = self._score_windows(pairs, windows)
        check_deadline("the verification")
        return scored, self._all_features(pairs, scored)

    def _score_windows(self, pairs: Sequence[tuple[str, str]],
                       windows: list[list[Window]]) -> list[_Scored]:
        """Model scores for every window, and the cross-encoder's relevance of each pair's
        best window."""
        flat = [(w.text, as_bound(c)) for (c, _), ws in zip(pairs, windows) for w in ws]
        if self._model is None or not flat:
            return [_Scored(ws, [math.nan] * len(ws), [math.nan] * len(ws),
                            best=max(range(len(ws)), key=lambda i: (feature_overlap(c, ws[i].text), -i)))
                    for (c, _), ws in zip(pairs, windows)]
        parts = [atomic_parts(c) for c, _ in pairs]
        flat += [(w.text, part) for ps, ws in zip(parts, windows) if len(ps) > 1 for part in ps for w in ws]
        ms = self._model.score(flat)
        ent, con = ms.entail.tolist(), ms.contradict.tolist()
        cut, k = [], 0
        for ws in windows:
            cut.append((ent[k : k + len(ws)], con[k : k + len(ws)]))
            k += len(ws)
        weakest: list[tuple[str, float] | None] = []
        for ps, ws in zip(parts, windows):
            if len(ps) == 1:
                weakest.append(None)
                continue
            scores = []
            for part in ps:
                scores.append((part, max(ent[k : k + len(ws)])))
                k += len(ws)
            weakest.append(min(scores, key=lambda s: s[1]))
        best = [max(range(len(e)), key=lambda i: (e[i], -i)) for e, _ in cut]
        rel = self._relevance().score_pairs([(c, ws[b].text)
                                             for ws, b, (c, _) in zip(windows, best, pairs)])
        return [_Scored(ws, e, cn, best=b, relevance=float(r), weakest=wk)
                for ws, (e, cn), b, r, wk in zip(windows, cut, best, rel, weakest)]

    def _all_features(self, pairs: Sequence[tuple[str, str]],
                         scored: list[_Scored]) -> list[tuple[dict[str, float], int,
                                                              NumberCheck]]:
        """Each pair's :meth:`features`. Where the combiner would call the pair supported, the
        model also reads the claim's opposite on the best window, which adds
        ``model_opposite_margin`` and ``says_opposite`` (only there can the check change
        whether a claim is kept; it costs one more model pass per pair)."""
        feats = [self.features(c, s, sc) for (c, s), sc in zip(pairs, scored)]
        if self._model is None:
            return feats
        todo = [i for i, ((c, s), (f, _, _)) in enumerate(zip(pairs, feats))
                if c.strip() and s.strip() and self.combiner.prob(f) >= self.combiner.threshold]
        if not todo:
            return feats
        best = [scored[i].windows[scored[i].best].text for i in todo]
        opp = self._model.score([(text, opposite(pairs[i][0])) for i, text in zip(todo, best)])
        for i, text, p in zip(todo, best, opp.entail.tolist()):
            f, claim = feats[i][0], pairs[i][0]
            f["model_opposite_margin"] = f["model_entail"] - logit(p)
            f["says_opposite"] = float(_says_opposite(claim, text, f["model_opposite_margin"]))
        return feats

    def _relevance(self) -> Reranker:
        if self._reranker is None:
            from citadel.retrieve.rerankers import get_reranker

            self._reranker = get_reranker()
        return self._reranker

    def features(self, claim: str, source: str, sc: _Scored) -> tuple[dict[str, float], int,
                                                                         NumberCheck]:
        """The combiner's features (without the opposite check's), the index of the best
        window and the number check."""
        ws, best = sc.windows, sc.best
        has_model = bool(sc.entail) and not math.isnan(sc.entail[0])
        bw = ws[best].text
        lex_best = max(feature_overlap(claim, w.text) for w in ws)
        src_words = set(words(source))
        num = check_numbers(claim, source, bw)
        f = {
            "overlap_best": lex_best,
            "overlap_source": feature_overlap(claim, source),
            "num_missing": float(num.status is NumberStatus.MISSING),
            "num_conflict": float(num.status is NumberStatus.CONFLICT),
            "num_ok": float(num.status is NumberStatus.OK),
            "negation_diff": float((negation_count(claim) > 0) != (negation_count(bw) > 0)),
            "entity_missing": _entity_missing(claim, src_words),
            "log_words": math.log1p(len(content_words(claim))),
            "long_source": float(len(source) > SHORT_SOURCE_CHARS),
        }
        f |= _lexical_features(claim, source, bw)
        if has_model:
            joined = [e for w, e in zip(ws, sc.entail) if w.joined]
            whole = sc.entail[best]
            # a claim is supported only as far as its least supported part
            f |= {"model_entail": logit(min(whole, sc.weakest[1]) if sc.weakest else whole),
                  "model_contra": logit(sc.contra[best]),
                  "model_joined": logit(joined[0]) if joined else 0.0,
                  "relevance": sc.relevance}
        return f, best, num

    def rule_verdict(self, claim: str, source: str, f: dict[str, float],
                     num: NumberCheck) -> RuleVerdict | None:
        """The verdict a rule gives whatever the combiner's score, or None when the score
        decides. Calibration uses it too, so the threshold is chosen for the pairs the rules
        leave to the score."""
        crisp = _crisp(claim, source, set(words(source)))
        threshold = self.combiner.threshold
        if num.status is NumberStatus.CONFLICT:
            return RuleVerdict(Verdict.CONTRADICTED, f"number mismatch: {num.detail}", 0.05)
        if crisp.amount:
            said, stated, part, what = crisp.amount
            return RuleVerdict(Verdict.CONTRADICTED, f"number mismatch: '{said}' in the claim but '{stated}' "
                               f"in the {part} it restates ({what})", 0.05)
        if crisp.rate_period:
            return RuleVerdict(Verdict.CONTRADICTED, f"number mismatch: '{crisp.rate_period[0]}' in the claim but "
                               f"'{crisp.rate_period[1]}' in the source (the period of a rate)", 0.05)
        if crisp.table_cell:
            return RuleVerdict(Verdict.CONTRADICTED, f"table: {crisp.table_cell}", 0.05)
        if crisp.compared:
            return RuleVerdict(Verdict.CONTRADICTED, f"comparison: {crisp.compared}", 0.05)
        ranked = ranked_comparison(claim, source)
        if ranked is False:
            return RuleVerdict(Verdict.CONTRADICTED, "comparison: the source's ranked list puts "
                               "these the other way", 0.05)
        if ranked is True and num.status is not NumberStatus.CONFLICT:
            # the claim is one comparison of two items of a list the source ranks on its scale
            return RuleVerdict(Verdict.SUPPORTED, "comparison: the source's ranked list bears "
                               "this out", 1.0)
        if crisp.comparison:
            return RuleVerdict(Verdict.CONTRADICTED, "comparison: the source compares the other "
                               f"way: \"{crisp.comparison[1][:120]}\"", 0.05)
        if crisp.measured is not None and not crisp.measured[0]:
            return RuleVerdict(Verdict.CONTRADICTED, "comparison: the amounts the source states "
                               f"order these the other way ({crisp.measured[1]})", 0.05)
        if crisp.equal:
            return RuleVerdict(Verdict.CONTRADICTED, f"comparison: the claim says '{crisp.equal[0]}' "
                               f"where the source says they do not differ: \"{crisp.equal[1][:100]}\"", 0.05)
        if crisp.relation:
            return RuleVerdict(Verdict.CONTRADICTED, f"order: the claim says '{crisp.relation[0]}' "
                               f"where the source says '{crisp.relation[1]}'", 0.05)
        if crisp.dated:
            return RuleVerdict(Verdict.CONTRADICTED, "order: the source dates these events the "
                               f"other way: \"{crisp.dated[0][:80]}\" comes before "
                               f"\"{crisp.dated[1][:80]}\"", 0.05)
        if crisp.myth:
            return RuleVerdict(Verdict.CONTRADICTED, f"negation: the source calls this untrue: \"{crisp.myth[:100]}\"",
                               0.05)
        if crisp.negation_flip:
            return RuleVerdict(Verdict.CONTRADICTED, "negation: the source says the opposite",
                               0.05)
        if crisp.denied:
            word, how = crisp.denied
            says, source_says = (("affirms", "denies") if how == "affirmed"
                                 else ("denies", "affirms"))
            return RuleVerdict(Verdict.CONTRADICTED, f"negation: the claim {says} '{word}' "
                               f"where the source {source_says} it", 0.05)
        if crisp.contained:
            return RuleVerdict(Verdict.CONTRADICTED, f"negation: the claim affirms '{crisp.contained[0]}' where "
                               f"the source denies it: \"{crisp.contained[1][:100]}\"", 0.05)
        if crisp.permission:
            how, sent = crisp.permission
            theirs = "forbids" if how == "allows" else "allows"
            return RuleVerdict(Verdict.CONTRADICTED, f"negation: the claim {how} what the source "
                               f"{theirs}: \"{sent[:100]}\"", 0.05)
        if crisp.direction_flip:
            return RuleVerdict(Verdict.CONTRADICTED,
                               "direction: the source says the opposite (up against down)", 0.05)
        if crisp.turned:
            return RuleVerdict(Verdict.CONTRADICTED, "direction: the source says the opposite: "
                               + "; ".join(crisp.turned), 0.05)
        if crisp.bound_turned:
            return RuleVerdict(Verdict.UNSUPPORTED, f"number mismatch: the claim says '{crisp.bound_turned[0]}', "
                               f"the source this of the other side: \"{crisp.bound_turned[1][:100]}\"", 0.1)
        if crisp.swapped_names:
            return RuleVerdict(Verdict.UNSUPPORTED, "names: the source does not mention "
                               + ", ".join(crisp.swapped_names), 0.1)
        if crisp.moved:
            return RuleVerdict(Verdict.UNSUPPORTED, f"entity: the source says this of something "
                               f"other than '{crisp.moved[0]}': \"{crisp.moved[1][:120]}\"", 0.1)
        if crisp.exchanged:
            return RuleVerdict(Verdict.CONTRADICTED, "aligned sentence: the claim exchanges "
                               f"'{crisp.exchanged[0]}' and '{crisp.exchanged[1]}' (roles or "
                               "values reversed)", 0.05)
        if crisp.instead:
            return RuleVerdict(Verdict.CONTRADICTED, f"negation: the claim says what the source says is not done: "
                               f"\"{crisp.instead[:100]}\"", 0.05)
        if crisp.deducted:
            return RuleVerdict(Verdict.CONTRADICTED, f"scope: the claim says it is paid in full where the source "
                               f"deducts '{crisp.deducted[:80]}'", 0.05)
        if crisp.supplier:
            thing, way, sent = crisp.supplier
            return RuleVerdict(Verdict.CONTRADICTED, f"entity: the claim says '{thing}' is {way}, where the source "
                               f"says the other: \"{sent[:100]}\"", 0.05)
        if crisp.unlimited:
            return RuleVerdict(Verdict.CONTRADICTED, f"scope: the claim says '{crisp.unlimited[0]}' where the "
                               f"source states a limit: '{crisp.unlimited[1]}'", 0.05)
        if crisp.reason:
            return RuleVerdict(Verdict.UNSUPPORTED, f"aligned sentence: the claim gives the reason '{crisp.reason[0]}' "
                               f"where the source gives '{crisp.reason[1]}'", 0.1)
        if crisp.listed:
            return RuleVerdict(Verdict.UNSUPPORTED, f"aligned sentence: the claim adds '{crisp.listed[0]}' to "
                               f"what the source lists: '{crisp.listed[1]}'", 0.1)
        if crisp.calendar_range:
            return RuleVerdict(Verdict.CONTRADICTED, f"order: the claim gives the span '{crisp.calendar_range[0]}' "
                               f"where the source gives '{crisp.calendar_range[1]}'", 0.05)
        if crisp.anchor:
            said = f"'{crisp.anchor[1]}'" if crisp.anchor[1] else "nothing of it"
            return RuleVerdict(Verdict.UNSUPPORTED, f"aligned sentence: the claim counts from or sets the time at "
                               f"'{crisp.anchor[0]}' where the source says {said}", 0.1)
        if crisp.substituted:
            return RuleVerdict(Verdict.UNSUPPORTED, "aligned sentence: the claim says "
                               + "; ".join(f"'{new}' where the source says '{old}'"
                                           for new, old in crisp.substituted)
                               + " (words the source uses for something else)", 0.1)
        only = beside_only(claim, source)
        if only is not None:
            return RuleVerdict(Verdict.CONTRADICTED, f"scope: the source allows only '{only}', the "
                               "claim something beside it", 0.05)
        if crisp.opposite_word:
            return RuleVerdict(Verdict.CONTRADICTED, f"aligned sentence: the claim says "
                               f"'{crisp.opposite_word[0]}' where the source says the opposite, "
                               f"'{crisp.opposite_word[1]}'", 0.05)
        if crisp.ceased:
            return RuleVerdict(Verdict.CONTRADICTED, f"negation: the claim says '{crisp.ceased[0]}' is supported "
                               f"where the source takes its support away: \"{crisp.ceased[1][:100]}\"", 0.05)
        if crisp.removed:
            return RuleVerdict(Verdict.CONTRADICTED, f"negation: the claim says '{crisp.removed[0]}' is still there "
                               f"where the source says it was taken away: \"{crisp.removed[1][:100]}\"", 0.05)
        if crisp.kept:
            return RuleVerdict(Verdict.CONTRADICTED, f"negation: the claim says '{crisp.kept[0]}' where the source "
                               f"says it is still there: \"{crisp.kept[1][:100]}\"", 0.05)
        if crisp.changed:
            return RuleVerdict(Verdict.CONTRADICTED, f"negation: the claim says it {crisp.changed[0]} where the "
                               f"source says it stays as it is: \"{crisp.changed[1][:100]}\"", 0.05)
        if crisp.ended:
            return RuleVerdict(Verdict.CONTRADICTED, f"order: the claim says it holds now where the source says "
                               f"it held until {crisp.ended[0]}: \"{crisp.ended[1][:100]}\"", 0.05)
        if crisp.required:
            return RuleVerdict(Verdict.CONTRADICTED, f"negation: the claim says it is done without "
                               f"'{crisp.required[0]}', which the source requires: "
                               f"\"{crisp.required[1][:100]}\"", 0.05)
        if crisp.raised:
            return RuleVerdict(Verdict.UNSUPPORTED, f"modality: the claim says '{crisp.raised[0]}' "
                               f"where the source says '{crisp.raised[1]}'", 0.1)
        if crisp.contrast:
            word, said, other = crisp.contrast
            return RuleVerdict(Verdict.UNSUPPORTED, f"scope: the source says '{word}' so only in one case "
                               f"(\"{said[:100]}\"), and the other way in another (\"{other[:100]}\")", 0.1)
        if crisp.exception:
            return RuleVerdict(Verdict.CONTRADICTED, f"scope: the source makes an exception of "
                               f"'{crisp.exception[:80]}'", 0.05)
        kept = only_case(claim, source)
        if kept is not None and not kept.inside and not kept.holds:
            return RuleVerdict(Verdict.CONTRADICTED, f"scope: the claim says of '{kept.named}' what the source "
                               f"says only of '{kept.kept}': \"{kept.clause[:100]}\"", 0.05)
        if crisp.condition:
            return RuleVerdict(Verdict.UNSUPPORTED, f"scope: the claim leaves out the source's condition "
                               f"'{crisp.condition[:100]}'", 0.1)
        if crisp.narrowed:
            return RuleVerdict(Verdict.UNSUPPORTED, f"scope: the claim says '{crisp.narrowed}', "
                               "the source states no such restriction", 0.1)
        # ("renewed twice if no one has reserved it" for "... unless another member has reserved it":
        # the denial is the condition's, which "unless" says)
        unless_said = bool(_IF_NOT.search(claim) and _UNLESS.search(source))
        if f.get("says_opposite") and not unless_said and not order_confirmed(claim, source) and crisp.measured is None \
                and not comparison_confirmed(claim, source) and not _denied_alike(claim, source) \
                and not _prefix_restated(claim, source) and not ((case := bound_case(claim, source)) and case.holds):
            return RuleVerdict(Verdict.CONTRADICTED, "opposite claim: the source supports the claim's opposite "
                               f"better: \"{opposite(claim)}\"", 0.05, final=False)
        if num.status is NumberStatus.MISSING:
            return RuleVerdict(Verdict.PARTIAL if f["overlap_best"] >= 0.6 else
                               Verdict.UNSUPPORTED, f"number not in source: {num.detail}",
                               threshold * 0.5)
        tail = added_tail(claim, source)
        if tail is not None:
            return RuleVerdict(Verdict.PARTIAL, f"addition: the claim adds '{tail}', which the "
                               "source does not mention", threshold * 0.75, final=False)
        means = added_means(claim, source)
        if means is not None:
            return RuleVerdict(Verdict.PARTIAL, f"addition: the claim says it is done '{means}', and "
                               "the source names no such means", threshold * 0.75, final=False)
        # words are a poor guide when the model reads every part of the claim in the source
        # ("restores the latest stash" for "reapplies the most recent stash")
        lacking = unsupported_part(claim, source) if f.get("model_entail", -math.inf) < PARTS_ENTAILED else None
        if lacking is not None:
            return RuleVerdict(Verdict.PARTIAL, "atomic parts: one part of the claim is not in the "
                               f"source: \"{lacking[0]}\" (not found: {', '.join(lacking[1][:6])})",
                               threshold * 0.75, final=False)
        if crisp.overgeneral:
            return RuleVerdict(Verdict.PARTIAL, "scope: the claim generalises "
                               f"('{', '.join(crisp.overgeneral)}') beyond what the source says",
                               threshold * 0.75, final=False)
        if crisp.measured is not None and crisp.measured[0] and num.status is not NumberStatus.CONFLICT \
                and overlap(" ".join(w for w in words(claim) if w not in SCALES), source) >= MIN_MEASURED_OVERLAP:
            # the amounts decide the comparison the claim makes, and nothing else of it is off:
            # the model's reading of "closer" against two distances is not needed
            return RuleVerdict(Verdict.SUPPORTED, "comparison: the amounts the source states "
                               f"order these the claim's way ({crisp.measured[1]})", 1.0, final=False)
        if kept is not None and not kept.inside and kept.holds and num.status in (NumberStatus.OK, NumberStatus.NONE):
            # the model reads "cannot be used in a history paper" against "allowed in maths papers
            # only" as a part it cannot find
            return RuleVerdict(Verdict.SUPPORTED, f"scope: '{kept.named}' is outside what the source keeps this to "
                               f"('{kept.kept}'), and the claim denies it there: \"{kept.clause[:100]}\"", 1.0, final=False)
        late = called_late(claim, source) if num.status is NumberStatus.OK else None
        if late is not None and overlap(claim, source) >= MIN_LATE_HELD:
            # the model does not read "too late" against a deadline the value is past
            return RuleVerdict(Verdict.SUPPORTED, f"number: the source's deadline makes the claim's '{late[0]}' "
                               f"{late[1]}, as the claim says", 1.0, final=False)
        case = bound_case(claim, source)
        if case is not None and case.holds and num.status is NumberStatus.OK:
            # the model reads "A 15-year-old cannot volunteer" against "Volunteers must be at
            # least 16" as a contradiction, and "a 150 ml bottle" as another thing than "containers
            # of no more than 100 ml"
            side = "within" if case.inside else "outside"
            return RuleVerdict(Verdict.SUPPORTED, f"number: the claim's '{case.value}' lies {side} the source's "
                               f"bound '{case.bound}', and the claim says what the source says of that side: "
                               f"\"{case.clause[:100]}\"", 1.0, final=False)
        restated = bound_restated(claim, source) if num.status is NumberStatus.OK else None
        if restated is not None:
            return RuleVerdict(Verdict.SUPPORTED, f"number: the claim's '{restated[0]}' is the source's "
                               f"'{restated[1]}'", 1.0, final=False)
        worked = share_worked(claim, source) if num.status is NumberStatus.OK else None
        if worked is not None:
            return RuleVerdict(Verdict.SUPPORTED, f"number: the claim's amounts are the source's percentage worked "
                               f"out: \"{worked[:100]}\"", 1.0, final=False)
        counted = counted_year(claim, source) if num.status is NumberStatus.OK else None
        if counted is not None:
            # the model reads "founded in 1885" against "moved in 1902, seventeen years after it
            # was founded" as two years that disagree
            return RuleVerdict(Verdict.SUPPORTED, f"number: the source counts the claim's year from another: "
                               f"\"{counted[:100]}\"", 1.0, final=False)
        past_one = count_past_one(claim, source) if num.status is NumberStatus.OK else None
        if past_one is not None:
            # the model reads "A household cannot rent two plots" against "may rent one plot" as
            # a contradiction
            return RuleVerdict(Verdict.SUPPORTED, f"number: the claim denies '{past_one}', more than the one the "
                               "source allows", 1.0, final=False)
        free = _free_restated(claim, source) if num.status is not NumberStatus.CONFLICT else None
        if free is None and num.status is not NumberStatus.CONFLICT:
            free = _prefix_restated(claim, source)
        if free is not None:
            # the model reads "pay nothing for" against "is free", "not paid" against "unpaid", as
            # a contradiction (P 0.96, 0.92)
            return RuleVerdict(Verdict.SUPPORTED, f"paraphrase: the claim's '{free[0]}' is the source's "
                               f"'{free[1]}': \"{free[2][:100]}\"", 1.0, final=False)
        return None

    def _decide(self, claim: str, source: str, sc: _Scored,
                features: tuple[dict[str, float], int, NumberCheck]) -> VerifyResult:
        if not claim.strip():
            return VerifyResult(verdict=Verdict.UNSUPPORTED, score=0.0, reason="empty claim")
        if not source.strip():
            return VerifyResult(verdict=Verdict.UNSUPPORTED, score=0.0, reason="empty source")
        f, best, num = features
        w = sc.windows[best]
        span = (w.start, w.end)
        score = self.combiner.prob(f)
        cb = self.combiner
        p_con = sc.contra[best] if not math.isnan(sc.contra[best]) else 0.0
        ruled = self.rule_verdict(claim, source, f, num)
        if ruled is not None:
            verdict, reason = ruled.verdict, ruled.reason
            score = min(score, ruled.cap)
            if verdict is Verdict.SUPPORTED:  # a rule that proves the claim
                score = max(score, cb.threshold)
        elif score >= cb.threshold:
            verdict = Verdict.SUPPORTED
            reason = (f"model and combiner: the passage at {span[0]}-{span[1]} supports the claim "
                      f"(score {score:.2f}, {f['overlap_best']:.0%} of its content words)")
        elif p_con >= cb.contradiction_threshold and f["overlap_best"] >= 0.5:
            verdict = Verdict.CONTRADICTED
            reason = f"model: the best passage contradicts the claim (P(contradiction) {p_con:.2f})"
        elif sc.weakest is not None and sc.weakest[1] < 0.5:
            verdict = Verdict.PARTIAL if score >= cb.partial_threshold else Verdict.UNSUPPORTED
            reason = (f"atomic parts: one part of the claim is not supported: \"{sc.weakest[0]}\" "
                      f"(P(entailment) {sc.weakest[1]:.2f})")
        elif score >= cb.partial_threshold:
            verdict = Verdict.PARTIAL
            missing = sorted(content_words(claim) - content_words(w.text))[:6]
            reason = "model and combiner: the source backs only part of the claim" + (
                f"; not found: {', '.join(missing)}" if missing else "")
        else:
            verdict = Verdict.UNSUPPORTED
            reason = f"model and combiner: the source does not say this (score {score:.2f})"
        if self._judge is not None and not (ruled is not None and ruled.final):
            jv = self._judge.judge(claim, w.text)
            if jv.verdict is Verdict.SUPPORTED:
                score = max(score, cb.threshold)
            elif verdict is Verdict.SUPPORTED:
                score = min(score, cb.threshold - 1e-3)
            verdict, reason = jv.verdict, f"LLM judge: {jv.reason}" if jv.reason else "LLM judge"
        if verdict is not Verdict.SUPPORTED and score >= cb.threshold:
            score = cb.threshold - 1e-3
        return VerifyResult(verdict=verdict, score=float(min(1.0, max(0.0, score))),
                            reason=reason, span=span if verdict is not Verdict.UNSUPPORTED
                            or f["overlap_best"] > 0 else None, features=f)

    # -- answers -----------------------------------------------------------------------
    def check_answer(self, sources: Mapping[str, str], answer: str | None = None,
                     claims: Sequence[Claim] | None = None, question: str | None = None,
                     known: Mapping[str, float] | None = None) -> AnswerReport:
        """Verify every claim of an answer against its cited sources, with ALCE citation
        precision and recall. Give either ``answer`` (text with ``[S1]`` markers) or
        ``claims``. With ``question``, a supported claim must also address it: one whose
        answerability is below ``settings.min_addresses`` is reported ``off_topic`` and
        not kept (whatever the backend that wrote it). ``known``: answerability already
        measured for a claim text (the units evidence selection read), not read again."""
        if (answer is None) == (claims is None):
            raise VerifyError("give either an answer text or a list of claims")
        items = split_claims(answer) if answer is not None else list(claims or [])
        report = _check_claims(self, sources, items)
        return report if question is None else self._addressing(report, question, known or {})

    def _addressing(self, report: AnswerReport, question: str, known: Mapping[str, float]) -> AnswerReport:
        """The report with each kept claim's answerability, off-topic ones no longer kept.
        Without the answerability model (or when it fails) claims are kept as they were."""
        kept = [i for i, c in enumerate(report.claims) if c.keep]
        model = self._answer_model()
        if not kept or model is None:
            return report
        from citadel.retrieve.rerankers import probability

        values: dict[int, float] = {i: known[report.claims[i].claim.text] for i in kept if report.claims[i].claim.text in known}
        todo = [i for i in kept if i not in values]
        texts = [report.claims[i].claim.text for i in todo]
        try:
            if texts:
                rerank = probability(self._relevance().score(question, texts))
                # a claim has no title or heading: read in context and read alone are one reading
                values |= dict(zip(todo, (float(v) for v in model.score(question, texts, rerank, rerank)), strict=True))
        except BackendError:
            logger.warning("the answerability model failed; claims are not checked against the question")
            return report
        claims = list(report.claims)
        for i, value in sorted(values.items()):
            off = float(value) < self.settings.min_addresses
            claims[i] = claims[i].model_copy(update={"addresses": float(value), "off_topic": off, "keep": not off})
        return report.model_copy(update={"claims": tuple(claims)})

    def _answer_model(self) -> AnswerabilityModel | None:
        if self._answerability is None:
            from citadel.retrieve.answerability import default_answerability

            self._answerability = default_answerability() or False
        model = self._answerability
        return None if model is None or isinstance(model, bool) else model


#: offsets a reason names: "the passage at 0-128"
_AT_OFFSETS = re.compile(r"\bat (\d+)-(\d+)\b")


def _to_source(result: VerifyResult, resolved: Resolved) -> VerifyResult:
    """A verdict reached on the resolved text, with its span and the offsets its reason
    names mapped back to the source's."""
    def moved(m: re.Match[str]) -> str:
        return f"at {resolved.to_source(int(m.group(1)))}-{resolved.to_source(int(m.group(2)))}"
    return result.model_copy(update={"span": resolved.span_to_source(result.span),
                                     "reason": _AT_OFFSETS.sub(moved, result.reason)})


def _quote_is_planted(quote: str, source: str) -> bool:
    """The quote occurs in the source only inside planted text (an instruction, an
    answer JSON pasted in): found in the source, not once the planted spans are blanked."""
    planted = flag_spans(source)
    if not planted:
        return False
    match = find_quote(quote, source)
    return (match is not None and overlaps(planted, match.start, match.end)
            and find_quote(quote, mask(source, planted)) is None)


def _rests_on_planted(claim: str, source: str, planted: Sequence[Flag]) -> bool:
    """The claim's best match in the source lies in planted text: the claim occurs there
    (verbatim or nearly), or the sentence sharing the most content words with it is flagged."""
    match = find_quote(claim, source)
    if match is not None and overlaps(planted, match.start, match.end):
        return True
    best_ov, best = 0.0, None
    for s, e in sentences(source):
        ov = overlap(claim, source[s:e])
        if ov > best_ov:
            best_ov, best = ov, (s, e)
    return best is not None and best_ov >= 0.5 and overlaps(planted, *best)


def _instruction_result(claim: str, source: str, planted: Sequence[Flag],
                        result: VerifyResult) -> VerifyResult:
    """The verdict on a pair whose source holds planted text, given the verdict on the
    source without it: unchanged unless the claim rests on the planted text."""
    if not claim.strip() or not _rests_on_planted(claim, source, planted):
        return result
    return VerifyResult(verdict=Verdict.UNSUPPORTED, score=0.0, reason=INSTRUCTION_REASON,
                        span=None, features=result.features)


def _check_claims(v: Verifier, sources: Mapping[str, str], items: list[Claim]) -> AnswerReport:
    """Joint check of each claim against all its cited sources, then the ALCE rules."""
    jobs: list[tuple[str, str]] = []
    plan: list[tuple[Claim, list[CitationCheck], str | None, list[int]]] = []
    for claim in items:
        check_deadline("the verification")
        checks, problem, planted_quote = [], None, False
        for c in claim.citations:
            src = sources.get(c.source_id)
            quote_ok = None
            if src is not None and c.quote:
                quote_ok = find_quote(c.quote, src) is not None
                planted_quote = planted_quote or (quote_ok and _quote_is_planted(c.quote, src))
            checks.append(CitationCheck(source_id=c.source_id, exists=src is not None,
                                        quote_found=quote_ok))
        if not claim.citations:
            problem = "no citation"
        elif any(not ch.exists for ch in checks):
            bad = [ch.source_id for ch in checks if not ch.exists]
            problem = f"cites {', '.join(bad)}, not among the sources"
        elif any(ch.quote_found is False for ch in checks):
            bad = [ch.source_id for ch in checks if ch.quote_found is False]
            problem = f"the quote is not in {', '.join(bad)}"
        elif planted_quote:
            problem = INSTRUCTION_REASON
        idx: list[int] = []
        valid = [c.source_id for c in claim.citations if c.source_id in sources]
        if problem is None:
            idx.append(len(jobs))
            jobs.append((claim.text, "\n\n".join(sources[s] for s in valid)))
            if len(valid) > 1:
                for s in valid:
                    idx.append(len(jobs))
                    jobs.append((claim.text, sources[s]))
                    idx.append(len(jobs))
                    jobs.append((claim.text, "\n\n".join(sources[o] for o in valid if o != s)))
        plan.append((claim, checks, problem, idx))
    results = v.verify_batch(jobs)
    reports, n_cites, n_relevant, n_supported = [], 0, 0, 0
    for claim, checks, problem, idx in plan:
        if problem is not None:
            res = VerifyResult(verdict=Verdict.UNSUPPORTED, score=0.0, reason=problem)
        else:
            res = results[idx[0]]
        joint = res.verdict is Verdict.SUPPORTED
        final = []
        for k, ch in enumerate(checks):
            alone = joint if len(checks) == 1 else (
                results[idx[1 + 2 * k]].supported if problem is None else False)
            others = False if len(checks) == 1 or problem is not None else \
                results[idx[2 + 2 * k]].supported
            relevant = joint and (alone or not others)  # ALCE: irrelevant if alone fails and rest suffice
            final.append(ch.model_copy(update={"supports_alone": alone, "relevant": relevant}))
        n_cites += len(final)
        n_relevant += sum(ch.relevant for ch in final)
        n_supported += int(joint)
        reports.append(ClaimReport(claim=claim, result=res, citations=tuple(final), keep=joint))
    precision = n_relevant / n_cites if n_cites else 0.0
    recall = n_supported / len(items) if items else 0.0
    return AnswerReport(claims=tuple(reports), citation_precision=precision,
                        citation_recall=recall)


__all__ = ["Citation", "Verifier", "VerifierSettings"]
