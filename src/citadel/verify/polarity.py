"""Scoped negation: which word a negation denies, and a claim that affirms what its source
denies (or denies what it affirms).

Counting negations per sentence misses the commonest everyday flip: a claim and its source
that each hold one negation, on different words ("Bibs will be posted to runners who cannot
collect them" against "Runners must collect their bib in person; bibs will not be posted"),
or a source whose negation sits in one clause of a long sentence. Here a negation ("not",
"never", "cannot", "failed to", ...) denies its *head*: the first content word after it in
the same clause, past auxiliaries ("will not be posted" denies "posted", "does not count"
denies "count"). A negation of a noun ("no charge", "without restarting", "lacks validity")
leaves its head unread: the source's mere mention of the noun affirms nothing.

:func:`denied_head` finds a word that the claim's main clause affirms where every use of it
in the source is denied, or the reverse, in a source sentence that shares the claim's other
words. Uses inside a subordinate clause ("who cannot collect", "if it is not paid") are not
read either way: "only members who have not paid" restates a condition, it does not deny.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence, Set
from functools import lru_cache

from citadel.verify.lexical import (
    CEASED,
    NEGATED_BOUND,
    NO_OTHER,
    STOPWORDS,
    content_words,
    fold,
    is_content,
    negation_count,
    stem,
    support_ended,
    words,
)
from citadel.verify.windows import sentences

#: words that deny the content word after them
_DENY = frozenset("not never cannot fail fails failed unable refuse refuses refused refusing".split())
#: words that deny a noun ("no charge", "without restarting", "lacks validity"): the source's
#: mere mention of the noun ("the external validity of ...") affirms nothing, so their heads
#: are read neither way
_DENY_NOUN = frozenset("no without nor neither none lack lacks lacking".split())
#: a negated obligation ("does not have to touch", "need not") releases, it does not deny
_OBLIGATION = frozenset("have has need needs required obliged necessary".split())
#: words passed over between a negation and its head
_PASS = frozenset("be been being is are was were am do does did have has had will would shall "
                  "should can could may might must to the a an any ever yet always necessarily "
                  "currently normally usually generally also even really actually at all "
                  "get got".split())
#: words that open a subordinate clause: a negation after one (in the same clause) states a
#: condition or describes someone, it does not deny the sentence
_SUBORDINATE = frozenset("who whom whose which that if unless until when whenever where "
                         "wherever whether because since although though while once "
                         "before after provided".split())
_RELATIVE = frozenset("who whom whose which that".split())
#: auxiliaries and modals: after a relative clause's own words, one starts the main
#: clause's verb ("members who have not paid | do not receive")
_AUXILIARY = frozenset("is are was were do does did will would shall should can could may might "
                       "must".split())
#: words that carry a denial in their meaning: the content word right after one is read
#: neither way ("free of charge" does not affirm "charge")
_NEGATIVE_MEANING = frozenset(
    "excluded exclude excludes exempt exempted prohibited prohibits forbidden forbids banned "
    "free optional except excluding instead rather "
    # a fault fixed or prevented is no fault that happens: "fixes a crash when ..."
    "fix fixes fixed resolves resolved prevents prevented avoids avoided".split())
#: after a denial, words that make it a hedge of what follows ("not necessarily", "not always")
_HEDGED = frozenset("necessarily always entirely fully completely exactly quite".split())
#: a clause whose subject is said to be banned: "X is off-limits", "X is prohibited"
_COPULA = frozenset("is are was were".split())
#: a verb in the third person singular ("includes", "applies") or a participle ("No pets
#: allowed"), not a noun's look-alike ("glass", "status", "analysis")
_VERB_S = re.compile(r"[^sui]s$|ed$")
_OFF_LIMITS = re.compile(r"\boff[-\s]limits\b", re.IGNORECASE)
_BANNED = frozenset("offlimits prohibited forbidden banned outlawed".split())
_PERMITTED = frozenset("permitted allowed possible".split())
#: words whose meaning denies, for other modules: a claim holding one denies something
NEGATIVE_MEANING = _NEGATIVE_MEANING | _BANNED
#: bounds and comparisons written with a negation ("no more than four", "do not take more than
#: four", "not only"): no denial
_NOT_A_DENIAL = re.compile(NEGATED_BOUND.pattern + r"|\bnot\s+only\b|"
                           # "was not mass-produced until the 1940s" says when it began
                           r"\bnot\s+(?:[\w-]+\s+){1,3}?until\b|\bno\s+matter\b|\bnot\s+to\s+mention\b|"
                           r"\bno\s+doubt\b|\bnothing\s+but\b|"
                           # "No other river carries as much water as ...": a superlative
                           + NO_OTHER.pattern, re.IGNORECASE)
#: a statement the source calls false: "<statement> is a myth", "It is a myth that <statement>",
#: "The belief that <statement> is wrong" (the ``said`` group is the statement)
_MYTH_WORDS = (r"(?:(?:just|only|simply|merely|actually|really|in\s+fact)\s+)?(?:(?:an?|the)\s+)?"
               r"(?:(?:common|popular|widespread|old|persistent|enduring|urban)\s+)*"
               r"(?:myth|misconception|fallacy|falsehood|old\s+wives'?\s+tale|false|untrue|not\s+true|wrong|incorrect)\b")
_MYTH = re.compile(r"(?:^|(?<=[.;!?]\s))(?:(?:it\s+is|it's)\s+" + _MYTH_WORDS + r"\s+that\s+(?P<after>[^.;:!?]+)"
                   r"|(?:the\s+)?(?:idea|belief|notion|claim|saying|story|assumption)\s+that\s+(?P<that>[^.;:!?]+?)\s+"
                   r"(?:is|was)\s+" + _MYTH_WORDS +
                   # ("The default is false" is a value: a statement is only a myth or untrue)
                   r"|(?P<before>[^.;:!?]+?)\s+(?:is|was)\s+" + _MYTH_WORDS.replace("|false|", "|").replace("|wrong|incorrect", "")
                   + r")", re.IGNORECASE)
#: the most words of a statement read as the one a myth frame names
MAX_MYTH_WORDS = 16


def myths(text: str) -> Iterator[re.Match[str]]:
    """The source's statements it calls false (:data:`_MYTH`), as matches whose ``said``
    span (:func:`myth_said`) is the statement; a long one is left alone."""
    for m in _MYTH.finditer(text):
        said = myth_said(m)
        if 2 <= len(said.split()) <= MAX_MYTH_WORDS:
            yield m


def myth_said(m: re.Match[str]) -> str:
    """The statement a :data:`_MYTH` match calls false."""
    return next(g for g in (m.group("after"), m.group("that"), m.group("before")) if g is not None)


def _unframed(text: str) -> str:
    """``text`` with the denials of a statement it calls false blanked out: "Lightning never
    strikes twice is a myth" denies nothing (it says lightning does)."""
    for m in myths(text):
        name = next(g for g in ("after", "that", "before") if m.group(g) is not None)
        a, b = m.span(name)
        text = text[:a] + _DENIAL.sub(lambda d: "x" * len(d.group(0)), text[a:b]) + text[b:]
    return text


def called_false(claim: str, source: str) -> str | None:
    """The statement the source calls a myth, false or wrong ("Lightning never strikes the
    same place twice is a myth") when the claim says it, with its denials as they are: the
    source says the opposite."""
    cw = normed_words(claim)
    if len(cw) < 2:
        return None
    for m in myths(source):
        said = myth_said(m)
        theirs = normed_words(said)
        if len(cw & theirs) >= max(2, 0.8 * len(cw)) and len(cw & theirs) >= 0.6 * len(theirs) \
                and (negation_count(claim) > 0) == (negation_count(said) > 0):
            return said.strip()
    return None


#: "no longer" denies the verb after it as "not" does ("are no longer read")
_NO_LONGER = re.compile(r"\bno\s+longer\b", re.IGNORECASE)
#: a thing done away with, said of it as a clause's subject
_DONE_AWAY = re.compile(r"(?P<lead>^|[.;:]\s+|,\s+(?:and|but)\s+)(?P<thing>(?:the\s+)?[A-Za-z][^,.;:]{0,60}?)\s+(?:was|were|has\s+been|"
                        r"have\s+been)\s+(?:abolished|scrapped|discontinued|withdrawn|axed|phased\s+out)\b", re.IGNORECASE)
_TOKEN = re.compile(r"[^\W_]+(?:'[^\W_]+)?|[,;:()!?\u2014]|\s-\s|\.(?=\s|$)")
_CLAUSE_END = frozenset(",;:()!?\u2014.") | {" - "}
_OPENS_CLAUSE = frozenset("and but so yet".split())
#: what ends the noun phrase of "there is no ...": a preposition, a conjunction, a verb's auxiliary
_PHRASE_END = frozenset("in on at for from to by with of about after before during until and or but "
                        "if when unless because that which who where while".split()) | _AUXILIARY

#: irregular forms, so that "sold" meets "sell" and "paid" meets "pay"
_IRREGULAR = {
    "sold": "sell", "paid": "pay", "held": "hold", "kept": "keep", "made": "make",
    "ran": "run", "given": "give", "gave": "give", "taken": "take", "took": "take",
    "sent": "send", "spent": "spend", "left": "leave", "lent": "lend", "lost": "lose",
    "met": "meet", "told": "tell", "bought": "buy", "brought": "bring", "built": "build",
    "caught": "catch", "chosen": "choose", "chose": "choose", "done": "do", "drawn": "draw",
    "driven": "drive", "drove": "drive", "eaten": "eat", "fed": "feed", "felt": "feel",
    "found": "find", "forgotten": "forget", "frozen": "freeze", "gone": "go", "went": "go",
    "grown": "grow", "hidden": "hide", "hid": "hide", "known": "know", "knew": "know",
    "laid": "lay", "led": "lead", "read": "read", "ridden": "ride", "rode": "ride",
    "seen": "see", "saw": "see", "shown": "show", "shut": "shut", "sought": "seek",
    "spoken": "speak", "spoke": "speak", "stolen": "steal", "stood": "stand", "struck": "strike",
    "taught": "teach", "thought": "think", "thrown": "throw", "threw": "throw", "won": "win",
    "worn": "wear", "written": "write", "wrote": "write", "broken": "break", "broke": "break",
    "begun": "begin", "began": "begin", "bound": "bind", "fallen": "fall", "fell": "fall",
    "flown": "fly", "flew": "fly", "heard": "hear", "understood": "understand", "withdrawn":
    "withdraw", "withdrew": "withdraw", "undertaken": "undertake", "overtaken": "overtake",
    "children": "child", "people": "person",
    # a noun for the act, as the verb ("Loss is not covered" for "Lost phones are covered")
    "loss": "lose", "losses": "lose",
}


_RELEASE = re.compile(r"(?:\bnot|n't|\bnever)\s+(?:\w+\s+)?(?:have|has|need|needs|required|obliged)\s+to\b|"
                      r"\bneed\s+not\b", re.IGNORECASE)


def released(text: str) -> bool:
    """The text negates a duty ("does not have to", "need not", "is not required to"): it
    releases, and its opposite (the duty) is no reading of the source. "Not required for"
    (a cause, not a duty) is not a release."""
    return bool(_RELEASE.search(fold(text)))


def _norm(word: str) -> str:
    """The word's stem, irregular forms and act nouns read as their verb ("invention" is
    "invent", "collection" "collect"), without a final "e" the stem of its other forms
    lacks."""
    word = _IRREGULAR.get(word, word)
    if word.endswith("ply") and len(word) > 4:  # "apply", which the stemmer reads as an adverb ("app")
        word = word[:-1] + "ies"
    # (read on the stem, so that "interactions" is "interact" as "interaction" is)
    word = stem(word)
    if len(word) > 7 and re.search(r"[^aeiou]tion$", word):
        word = word[:-3]
    elif len(word) > 7 and re.search(r"[^aeiou][ai]ble?$", word):  # "returnable" (stem "returnabl") is "return"
        word = word[:-4] if word.endswith("e") else word[:-3]
    # "overwrite" and "overwrites" (stemmed "overwrit") are one word, as "take" and "taking"
    # ("tak"; "note" stays itself, not "not")
    return word[:-1] if word.endswith("e") and len(word) >= 4 and not word.endswith("ee") \
        and word[:-1] not in STOPWORDS else word


def _tokens(text: str) -> list[str]:
    return [t.strip() or t for t in _TOKEN.findall(fold(text))]


def _is_deny(tok: str) -> bool:
    return tok in _DENY or tok in _DENY_NOUN or tok.endswith("n't")


def _content(tok: str) -> bool:
    return tok not in STOPWORDS and tok not in _PASS and tok[:1].isalpha() and not _is_deny(tok)


def _auxiliary_ahead(toks: list[str], i: int) -> bool:
    """An auxiliary comes after token ``i`` in its clause: the verb is still to come ("No red
    tickets | are left")."""
    for tok in toks[i + 1:]:
        if tok in _CLAUSE_END:
            return False
        if tok in _AUXILIARY:
            return True
    return False


#: words that set a claim's focus, not its topic
_FOCUS_WORDS = frozenset(_norm(w) for w in "still also even just too".split())
#: conjunctions that are prepositions too: "after the deadline"
_PREPOSITION_TOO = frozenset("after before until till since".split())
#: "non-" on the word after a copula: "are non-transferable" says "are not transferable"
_NON_AFTER_COPULA = re.compile(r"\b(is|are|was|were|be|been|being)\s+non-(?=[a-z])", re.IGNORECASE)


#: "tax-free" after a copula: "is tax-free" says "is not taxed"
_FREE_OF_IT = re.compile(r"\b(is|are|was|were|be)\s+(tax|duty|fee|rent|interest|charge|toll|cost|vat|commission)-free\b",
                         re.IGNORECASE)


@lru_cache(maxsize=8192)
def uses(text: str) -> tuple[tuple[str, str], ...]:
    """``(stem, polarity)`` for each content word of ``text``: ``"-"`` for the head of a
    denial in a main clause, ``"+"`` for a word no denial touches in a main clause, ``"?"``
    for words of subordinate clauses, words a negative-meaning word governs, and the words a
    denial covers past its head (its scope is not read)."""
    text = _NOT_A_DENIAL.sub(lambda m: " " + "x" * len(m.group(0).split()[0]) + " ", _unframed(text))
    text = _NO_LONGER.sub(" not ", text)
    # "Fines on children's books were abolished" denies the fines: "there are no fines on children's books"
    text = _DONE_AWAY.sub(lambda m: f"{m.group('lead')}there are no {m.group('thing')}", text)
    # "are non-transferable" denies "transferable" ("non-members" is a noun of its own)
    text = _NON_AFTER_COPULA.sub(r"\1 not ", text)
    text = _FREE_OF_IT.sub(r"\1 not \2", text)
    text = CEASED.sub(" not support for ", support_ended(text))  # "drops support for" denies the support
    toks = _tokens(_OFF_LIMITS.sub("offlimits", text))
    out: list[tuple[str, str]] = []
    subordinate, seen, relative = False, False, False  # seen: a content word of the clause
    pending: str | None = None  # "-" after a denial until its head, "?" after a negative word
    after_head = False  # words of a denial's clause after its head
    clause_start, previous = 0, ""  # where the clause's words start in ``out``; the token before
    before_previous = ""
    denied_phrase = False  # "there is no written exam": every word of the phrase is denied
    no_subject = denied_verb = False  # "No injuries were reported": a subject with "no", its verb
    subject_said = False  # "Neither plan includes ...": the denied subject's noun was the last content word
    for i, tok in enumerate(toks):
        if tok in _CLAUSE_END:
            subordinate, seen, pending, after_head, denied_phrase = False, False, None, False, False
            no_subject = denied_verb = False
            clause_start, previous, before_previous = len(out), tok, ""
            continue
        if denied_phrase and (tok in _PHRASE_END or _is_deny(tok)):
            denied_phrase = False
        if tok == "no" and previous in _COPULA and before_previous == "there" and not subordinate:
            denied_phrase, pending = True, None
            before_previous, previous = previous, tok
            continue
        # (also after a conjunction that opens a clause: "..., and no partial refunds are given")
        if tok in ("no", "neither", "nobody", "nothing") and (
                previous in _CLAUSE_END or previous == "" or (previous in _OPENS_CLAUSE and before_previous in _CLAUSE_END)) \
                and not subordinate:
            no_subject = True  # "No injuries were reported": its verb is denied
        elif no_subject and tok in _AUXILIARY and not subordinate:  # "if the balance | is paid": its own verb
            denied_verb = True
        elif subject_said and _content(tok) and _VERB_S.search(tok) and not _auxiliary_ahead(toks, i):
            # no auxiliary: the verb right after the denied subject ("Neither plan includes
            # phone support", "No refund applies")
            denied_verb = True
        subject_said = False
        if (denied_phrase or denied_verb) and _content(tok) and tok not in _AUXILIARY:
            out.append((_norm(tok), "-"))
            before_previous, previous = previous, tok
            after_head, denied_verb = denied_verb or after_head, False
            continue
        if (previous in _COPULA and tok in _BANNED) or (
                before_previous in _COPULA and previous in ("not", "never") and tok in _PERMITTED):
            # "Motorway driving is off-limits to learners", "Smoking is not permitted", "Home
            # working is not possible": the clause's subject is banned
            out[clause_start:] = [(w, "?" if p == "+" else p) for w, p in out[clause_start:]]
        before_previous, previous = previous, tok
        if tok in _SUBORDINATE and not (tok in _PREPOSITION_TOO and i + 1 < len(toks)
                                        and toks[i + 1] in ("the", "this", "that", "their", "its")):
            # ("after the deadline of 31 March": a preposition, no clause of its own)
            subordinate, seen, relative = True, False, tok in _RELATIVE
        elif subordinate and relative and seen and (tok in _AUXILIARY or _is_deny(tok)):
            # a relative clause starts with its verb: after it, an auxiliary is the main
            # clause's ("members who have not paid | do not receive"); a clause of "if" or
            # "when" has its own subject and auxiliary, and ends at its comma
            subordinate = False
        if _is_deny(tok):
            # "without asking": the act after "without" is denied, as after "not"
            verb_next = tok == "without" and i + 1 < len(toks) and toks[i + 1].endswith("ing") and len(toks[i + 1]) > 5
            pending, after_head = ("?" if tok in _DENY_NOUN and not verb_next else "-"), False
            continue
        released_duty = pending == "-" and tok in _OBLIGATION
        if tok in _NEGATIVE_MEANING or released_duty:
            pending = "?"
        elif pending == "-" and tok in _HEDGED:  # "not necessarily promoted": no denial of it
            pending = "?"
            continue
        if not _content(tok):
            continue
        w = _norm(tok)
        subject_said = no_subject and not denied_verb and len(out) == clause_start
        if after_head and before_previous in ("or", "nor") and out and out[-1][1] == "-":
            # "but not asbestos or tyres": the denial goes on to each thing of its list
            out.append((w, "-"))
            continue
        if subordinate:
            out.append((w, "?"))
            seen, pending = True, None
        elif pending is not None:
            out.append((w, pending))
            after_head = pending == "-"
            # ("do not need to book": the act released from is read neither way either)
            pending = "?" if tok in _NEGATIVE_MEANING or released_duty else None
        else:
            out.append((w, "?" if after_head else "+"))
    return tuple(out)


@lru_cache(maxsize=8192)
def _polarities(text: str) -> dict[str, frozenset[str]]:
    """Each content word's polarities in ``text`` (cached: callers must not change it)."""
    seen: dict[str, set[str]] = {}
    for w, p in uses(text):
        seen.setdefault(w, set()).add(p)
    return {w: frozenset(ps) for w, ps in seen.items()}


@lru_cache(maxsize=8192)
def normed_words(text: str) -> frozenset[str]:
    """The text's content words as :func:`_norm` reads them ("interruption" is "interrupt",
    "sold" is "sell")."""
    # (of the words as written: a stem stemmed again loses more, "house" "hous" "hou")
    return frozenset(_norm(w) for w in words(text) if is_content(w))


def _sentences(text: str) -> Iterator[str]:
    """The sentences of ``text``, and apart the clauses a semicolon joins: each says yes or no
    of its own subject ("Books can be renewed twice; DVDs cannot be renewed")."""
    for s, e in sentences(text):
        parts = [part for part in _SEMICOLON.split(text[s:e]) if part.strip()]
        # (a record's fields are no clauses: "Classes: included; Sauna: not included")
        yield from [text[s:e]] if any(_FIELD.match(part) for part in parts) else parts


_SEMICOLON = re.compile(r";\s+")
_FIELD = re.compile(r"\s*[\w'() -]{1,40}:\s")


#: the share of the claim's content words a source sentence must hold to be the one the
#: claim restates
MIN_SHARED = 0.6
#: a source sentence that restricts ("only hourly-paid staff are eligible") denies, for
#: everyone else, what it affirms: a claim denying it may restate that
_RESTRICTS = re.compile(r"\b(?:only|exclusively|solely|except|unless|instead|otherwise)\b|"
                        # "but" that limits the same verb ("but not on Sundays", "but only ..."),
                        # not one before a clause of its own ("still read, but TOML is now ...")
                        r"\bbut\s+(?:(?:is|are|was|were|do|does|did|may|can|will|has|have)\s+)?(?:not|no|never|only|for|in|on|at|from|with|without|after|before|during|"
                        r"when|if|to|by|under|over|within)\b", re.IGNORECASE)


_DENIAL = re.compile(r"\b(?:not|never|no|nobody|no\s+one|none|nothing|neither)\b|n't\b", re.IGNORECASE)
#: a verb said with where it must not be: "kept out of direct sunlight", "stay away from the edge"
AWAY = re.compile(r"\b(?:out\s+of|away\s+from|clear\s+of)\b", re.IGNORECASE)
_SUBCLAUSE = re.compile(r"\b(?:if|when|unless|because|although|though|while|whereas|who|which|that|until)\b"
                        r"[^,;.]*", re.IGNORECASE)
_EXCEPTION = re.compile(r"\b(?:exceptions?|exempt(?:ed|ion|ions)?)\b", re.IGNORECASE)
_EXCEPTING = re.compile(r"\b(?:unless|except|excepting|but|only\s+if|other\s+than|apart\s+from)\b",
                        re.IGNORECASE)


_CONDITIONED = re.compile(r"\b(?:without|unless|except)\b", re.IGNORECASE)
_CONDITIONS = re.compile(r"\b(?:if|when|with|provided|once|after|as long as)\b", re.IGNORECASE)
#: a claim that says what an act needs: "Driving abroad requires written permission" restates
#: "may not be driven abroad without written permission"
_REQUIRES = re.compile(r"\b(?:requires?|required|needs?|needed|subject\s+to|depends?\s+on|conditional\s+on)\b",
                       re.IGNORECASE)


#: a denial that leaves its verb to the sentence before: "cars and trailers do not"
_ELLIPTIC_DENIAL = re.compile(r"\b(?:do|does|did|is|are|need|needs)\s*(?:not|n't)\s*(?:[.;,)]|$)|\bdon't\s*(?:[.;,)]|$)",
                              re.IGNORECASE)
_WITHOUT = re.compile(r"\bwithout\s+(?:a\s+|an\s+|the\s+|any\s+|their\s+|your\s+|its\s+)?(?:valid\s+)?([a-z]{3,}|id\b)",
                      re.IGNORECASE)
_DUTY = re.compile(r"\b(?:must|need|needs|needed|required|requires|require|have\s+to|has\s+to|obliged|"
                   r"mandatory|compulsory|only\s+with|only\s+(?:when|if|once)\s+(?=[a-z]+ed\b)|subject\s+to|conditional\s+(?:on|upon)|"
                   # a grant on consent: "may keep a cat with the landlord's written permission"
                   r"with\s+(?:the\s+|their\s+|his\s+|her\s+|your\s+|a\s+)?(?:[\w-]+['’]s\s+)?(?:prior\s+|written\s+)?"
                   r"(?:permission|consent|approval|agreement|authori[sz]ation))\b", re.IGNORECASE)
#: words for asking leave: "without asking" is without the permission a source requires
_CONSENT = frozenset(stem(w) for w in "ask asking permission consent approval agreement authorisation authorization".split())


#: words after "without" that name no thing ("without the need for", "without having to")
_NO_THING = frozenset("need needing having being doing any further prior delay".split())


def without_required(claim: str, source: str) -> tuple[str, str] | None:
    """``(thing, sentence)`` when the claim says something is done "without" a thing that a
    source sentence about it makes a duty: "Companies can use the software without a
    licence" where "Companies must buy a licence"; "without a receipt" where "a receipt is
    required". The sentence shares another of the claim's words and denies nothing ("do not
    need a badge", "not without")."""
    m = _WITHOUT.search(claim)
    if m is None or m.group(1).lower() in _NO_THING or _CONSEQUENCE.search(claim, m.end()):
        return None  # "Subletting without consent can lead to ...": what follows, not that it is allowed
    if negation_count(claim[: m.start()]) or negation_count(claim[m.end():]):
        # "You cannot vote without photo ID", "Without your agreement, no cookies are placed": a
        # duty, said twice denied
        return None
    thing = stem(m.group(1).lower())
    others = content_words(claim[: m.start()] + " " + claim[m.end():])
    before = ""
    said = list(_sentences(source))
    for k, sent in enumerate(said):
        # the duty may name its topic in the sentence before: "The laundry room is open from
        # 7 a.m. | Residents must book a slot online"
        topic, before = content_words(sent) | content_words(before), sent
        after = said[k + 1] if k + 1 < len(said) else ""
        if _DENIAL.search(after) and any(_one_word(a, o) for a in content_words(after)
                                         for o in others - content_words(sent)) \
                and (_ELLIPTIC_DENIAL.search(after) or any(_one_word(a, thing) for a in content_words(after))):
            # (a denial of the duty: said short, "do not", or naming the thing; "families on free
            # school meals pay nothing" denies no consent form)
            continue  # "Vans need a permit; cars and trailers do not": the claim's car is the next clause's
        if _DENIAL.search(sent) or "without" in sent.lower() or not _DUTY.search(sent) \
                or not others & topic:
            # "do not need a badge": no duty; "without" there too: no contrast; but a clause of
            # its own may make it a duty: "Appointments are not needed for flu vaccines, but
            # COVID boosters require one"
            parts = [p for p in _CONTRAST_CUT.split(sent) if p.strip()]
            for before, part in zip(parts, parts[1:]):
                if _ONE_OF_THEM.search(part) and thing in content_words(before) and not _DENIAL.search(part) \
                        and others & content_words(part) and "without" not in part.lower():
                    return m.group(1), sent.strip()
                # the duty said in full in the clause after the denial ("does not require stopping
                # the service, but a full restore does require stopping the service")
                # (of the part's own case: a word of the claim the part holds and the denial not,
                # none the denial holds and the part not)
                pw, bw = content_words(part), content_words(before)
                if _DUTY.search(part) and not _DENIAL.search(part) and "without" not in part.lower() \
                        and thing in pw and (others & pw) - bw and not (others & bw) - pw:
                    return m.group(1), sent.strip()
            continue
        if any({stem(w) for w in content_words(m.group("case"))} & {stem(w) for w in others}
               for m in _EXCEPTED_CASE.finditer(sent)):
            continue  # "On a Sunday ... without an extra ticket" for "needs an extra ticket, except on Sundays"
        extra = _EXTRA_CASE.match(sent)
        if extra is not None and extra.group(1).lower() not in claim.lower():
            continue  # "one bag ... without a sticker" where "Extra bags need a sticker": the duty is the extra ones'
        if any(w == thing or (len(thing) >= 4 and w.startswith(thing) and len(w) <= len(thing) + 2)
               or (thing in _CONSENT and w in _CONSENT)  # "without asking" for "with ... permission"
               # "without supervision" for "only when supervised", "without a signature" for "must be signed"
               or (len(w) >= 4 and thing.startswith(w) and len(thing) <= len(w) + 4)
               for w in content_words(sent)):  # "reserving" (stem "reserv") for "must reserve"
            return m.group(1), sent.strip()
    return None


#: a duty said of the cases past an allowance: "Extra bags need a sticker", "Additional guests must register"
_EXTRA_CASE = re.compile(r"\s*(?:any\s+|all\s+)?(extra|additional|further|more|excess)\s+[a-z]+", re.IGNORECASE)


def _one_word(a: str, b: str) -> bool:
    """Two stems of one word ("motorbik" and "motorbike")."""
    return a == b or (min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a)) and abs(len(a) - len(b)) <= 2)


#: the case a duty excepts: "needs an extra ticket, except on Sundays", "unless you are a member"
_EXCEPTED_CASE = re.compile(r"\b(?:except|unless|other\s+than|apart\s+from)\s+(?:(?:on|for|when|if|in|at)\s+)?"
                            r"(?P<case>[^,;.]+)", re.IGNORECASE)
_CONSEQUENCE = re.compile(r"\b(?:(?:can|may|could|will|would|might)\s+)?(?:leads?|results?|causes?|means?|"
                          r"is\s+grounds|are\s+grounds|risks?)\s+(?:to|in|for)?\b|"
                          # what is done to the thing that lacks it: "An invoice without a PO number is sent back"
                          r"\b(?:is|are|will\s+be|gets?)\s+(?:sent\s+back|returned|rejected|refused|turned\s+away|fined|"
                          r"removed|towed|cancell?ed|declined|charged|penali[sz]ed)\b", re.IGNORECASE)
#: a duty whose thing is named in the clause before: "..., but COVID boosters require one"
_ONE_OF_THEM = re.compile(r"\b(?:requires?|needs?|must\s+have|have\s+to\s+have)\s+(?:one|it|them|these|those)\b",
                          re.IGNORECASE)


_SUPPORTS = re.compile(r"\b(?:supports?|supported|supporting)\b", re.IGNORECASE)


def ceased_object(claim: str, source: str) -> tuple[str, str] | None:
    """``(thing, sentence)`` when the claim says something is supported and a source sentence
    takes support for that thing away ("Version 4.2 still supports Python 3.7" where it
    "adds support for Python 3.12 and removes support for Python 3.7"). The thing is the
    words after "support for" up to the first function word, and the claim holds them in
    order; the claim denies nothing itself."""
    if not _SUPPORTS.search(claim) or negation_count(claim):
        return None
    mine = words(claim)
    for s, e in sentences(source):
        sent = support_ended(source[s:e])
        for m in CEASED.finditer(sent):
            thing: list[str] = []
            said: list[str] = []
            for token in sent[m.end():].split():
                ws = words(token)
                if not ws or (any(w in STOPWORDS for w in ws) and (thing or ws[0] not in ("the", "a", "an"))):
                    break
                if ws[0] not in STOPWORDS:
                    thing += ws
                    said.append(token.rstrip(",;:.!?"))
                if token[-1] in ",;:.!?":
                    break
            if thing and any(mine[i:i + len(thing)] == thing for i in range(len(mine))):
                return " ".join(said), sent.strip()
    return None


#: a thing taken away, said of it as the subject ("The --legacy flag has been removed", "The night
#: bus was discontinued in 2019"); a present passive describes a step ("the filter is removed and
#: cleaned") and is left out
_REMOVED = re.compile(r"\b(?:(?:has|have)\s+(?:now\s+)?been|was|were|(?:is|are)\s+now)\s+(?:removed|discontinued|withdrawn|"
                      r"abolished|retired|scrapped|phased\s+out|dropped|cancelled|canceled|axed)\b", re.IGNORECASE)
#: the claim says the thing is still there: "still" or a present word of being there or in use
_STILL_THERE = re.compile(r"\bstill\b|\b(?:is|are)\s+(?:available|supported|offered|accepted|usable|valid|in\s+use)\b"
                          r"|\bcan\s+be\s+used\b|\b(?:works|exists|remains|runs|operates)\b", re.IGNORECASE)
#: an aside between commas before the verb ("The --legacy flag, deprecated in 4.0, has been removed")
_ASIDE = re.compile(r",[^,]*,\s*$")


def removed_thing(claim: str, source: str) -> tuple[str, str] | None:
    """``(thing, sentence)`` when a source sentence says a thing has been taken away ("The
    --legacy flag, deprecated in 4.0, has been removed") and the claim, denying nothing, says
    it is still there or in use ("The --legacy flag still works"): the claim holds every
    content word of the thing's name."""
    if not _STILL_THERE.search(claim) or negation_count(claim):
        return None
    mine = set(words(claim))
    for s, e in sentences(source):
        sent = source[s:e]
        for m in _REMOVED.finditer(sent):
            subject, named = _subject_before(sent, m.start())
            if named and all(w in mine for w in named):
                return subject, sent.strip()
    return None


def _subject_before(text: str, end: int) -> tuple[str, list[str]]:
    """``(subject, its last four content words)`` of the clause that ends at ``end``: the words
    back to a clause break, an aside between commas left out ("The --legacy flag, deprecated in
    4.0, | has been removed")."""
    subject = re.split(r"[,;:]|\b(?:and|but|while|so)\b", _ASIDE.sub("", text[:end].rstrip()))[-1]
    return subject.strip(), [w for w in words(subject) if w not in STOPWORDS][-4:]


#: the thing said to be there still: "is still included", "remains available"
_KEPT = re.compile(r"\b(?:still\s+(?:be\s+)?(?:included|available|shipped|supported|offered|provided|there|in\s+use|valid)"
                   r"|remains?\s+(?:available|included|supported|in\s+use|valid))\b", re.IGNORECASE)


def kept_thing(claim: str, source: str) -> tuple[str, str] | None:
    """``(claim's words, sentence)`` when the claim says a thing has been taken away ("The old
    importer has been removed") where a source sentence says it is still there ("The old
    importer is still included but no longer maintained"): the sentence holds every content
    word of the claim's thing."""
    m = _REMOVED.search(claim)
    if m is None or negation_count(claim[: m.start()]):
        return None
    _, named = _subject_before(claim, m.start())
    for s, e in sentences(source):
        sent = source[s:e]
        if named and _KEPT.search(sent) and all(w in words(sent) for w in named):
            return claim[: m.end()].strip(), sent.strip()
    return None


#: a state the source puts in the past with its end: "It was the longest bridge in the country
#: until 1964", "were free until recently"
_HELD_UNTIL = re.compile(r"\b(?:was|were|had\s+been|used\s+to\s+be)\b[^.;]*?\buntil\s+(?P<end>(?:1[5-9]|20)\d\d|recently|last\s+year)\b|"
                         # "Until 2020 the festival was held in June"
                         r"\buntil\s+(?P<lead>(?:1[5-9]|20)\d\d|recently|last\s+year)\b,?\s+[^.;]*?\b(?:was|were|had\s+been|used\s+to\s+be)\b",
                         re.IGNORECASE)
#: the claim says it holds now
_HOLDS_NOW = re.compile(r"\b(?:still|now|today|currently)\b|\b(?:is|are)\b", re.IGNORECASE)
_NOW_WORDS = frozenset("still now today currently".split())


def ended_state(claim: str, source: str) -> tuple[str, str] | None:
    """``(end, sentence)`` when the claim, denying nothing and in the present, says what a
    source sentence says held only until a past year ("The bridge is still the longest in the
    country" where "It was the longest suspension bridge in the country until 1964"): the
    sentence holds every content word of the claim."""
    if not (_HOLDS_NOW.search(claim) or _SINCE.search(claim)) or _HELD_UNTIL.search(claim) or negation_count(claim) \
            or re.search(r"\b(?:was|were|had)\b", claim, re.IGNORECASE):
        return None
    mine = {stem(w) for w in content_words(claim)} - {stem(w) for w in _NOW_WORDS} - {stem("since")}
    for s, e in sentences(source):
        sent = source[s:e]
        m = _HELD_UNTIL.search(sent)
        if m and mine and mine <= {stem(w) for w in content_words(sent)} and not negation_count(sent):
            return m.group("end") or m.group("lead"), sent.strip()
        # "has been closed since 2019" where "was closed in 2019 ... and reopened in 2021": a
        # later act undid it
        undone = _UNDONE.search(sent)
        if undone and _SINCE.search(claim) and mine and mine <= {stem(w) for w in content_words(sent)} \
                and not negation_count(sent):
            return undone.group(0), sent.strip()
    return None


#: a later act that undoes a state: "reopened in 2021", "lifted in 2015", "was repealed in 1998"
_UNDONE = re.compile(r"\b(?:re[a-z]{3,}ed|lifted|repealed|reversed|abolished|ended|overturned)\s+(?:in|on)\s+"
                     r"(?:(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+)?"
                     r"(?:1[5-9]|20)\d\d\b", re.IGNORECASE)
#: the claim says a state has held from a time until now: "has been closed since 2019"
_SINCE = re.compile(r"\b(?:has|have)\s+(?:been|remained|stayed)\b[^.;]*\bsince\b|\b(?:is|are)\s+still\b", re.IGNORECASE)


def lifted_ban(claim: str, sentence: str) -> bool:
    """The sentence bans something unless a condition is met ("must not ... without", "may
    not ... unless") and the claim states a condition of its own ("if", "with", "provided"):
    the claim may say what the ban allows once its condition holds."""
    return bool(_CONDITIONED.search(sentence) and _CONDITIONS.search(claim) and _REFUSES.search(sentence))


def surface(key: str, text: str) -> str:
    """The word of ``text`` that :func:`_norm` reads as ``key`` ("receive" for "receiv")."""
    return next((t for t in _tokens(text) if _content(t) and _norm(t) == key), key)


#: words in -ing that are no gerund
_NOT_GERUNDS = frozenset("during nothing something everything anything morning evening building ceiling "
                         "spring string thing things king ring wedding meeting according".split())


def opening_gerund(claim: str) -> str | None:
    """The claim's first word, normed, when it is a gerund that names the claim's subject
    ("Keeping tomatoes in the fridge spoils ..."): it affirms no act."""
    first = _tokens(claim)[:1]
    return _norm(first[0]) if first and first[0].endswith("ing") and len(first[0]) > 5 \
        and first[0] not in _NOT_GERUNDS else None


def denied_head(claim: str, source: str) -> tuple[str, str] | None:
    """``(word, how)`` when the claim affirms a word that the source only denies (``how`` is
    "affirmed") or denies one the source only affirms ("denied"), in a source sentence that
    holds at least 60% of the claim's content words; None otherwise.

    "Only" is judged on every use in the whole source: a word the source both affirms and
    denies somewhere ("Sydney is the largest city" beside "Canberra, not Sydney, is the
    capital") decides nothing."""
    claim_uses = _polarities(claim)
    if not any("-" in ps or "+" in ps for ps in claim_uses.values()):
        return None
    source_uses = _polarities(source)
    denies = any("-" in ps for ps in claim_uses.values())
    # (focus words, "still", "also", share no topic: "Late applications are still considered")
    cw = (normed_words(claim) | set(claim_uses)) - _FOCUS_WORDS
    if len(cw) < 2:
        return None
    # a gerund that opens the claim names its subject, it affirms no act: "Keeping tomatoes in
    # the fridge spoils their flavour" says nothing of whether they are kept there
    gerund = opening_gerund(claim)
    # each sentence's polarities and words, read once for the loop and :func:`_uses_about`
    said = [(sent, here, frozenset(normed_words(sent) | set(here)))
            for sent in _sentences(source) for here in (_polarities(sent),)]
    previous = frozenset[str]()
    for sent, here, mine in said:
        # the sentence before sets the topic a short one goes on about ("Enrolment closes on
        # 31 August. Late applications are not accepted."): its words count, not its polarities
        shared = cw & (mine | previous)
        previous = mine
        if len(shared) < max(2, MIN_SHARED * len(cw)) or len(cw & mine) < 2:
            continue
        for w, ps in claim_uses.items():
            if w not in here or len(ps) != 1 or "?" in ps:
                continue
            in_clause = None
            if len(here[w] - {"?"}) > 1:
                # said both ways in one sentence: the clause that holds the claim ("Opened printers
                # can be returned if faulty, and ink cartridges cannot be returned once opened")
                clause = _clause_holding(cw, sent)
                if clause is not None and len(_polarities(clause).get(w, frozenset()) - {"?"}) == 1:
                    in_clause = _polarities(clause)[w] - {"?"}
            # the word's uses in the sentences about what the claim is about: "covers
            # manufacturing defects" does not make "Water damage ... not covered" say both
            # (a claim of two words, "Whitening is covered": the sentences holding its other word;
            # "Dental cover pays ..." says nothing of whitening)
            # (a sentence said of a case the claim names, "If the event is cancelled, ...", is
            # what the source says of that case: "Tickets for a cancelled concert are not refunded")
            lead = _CASE_LEAD.match(sent)
            if in_clause is None and lead is not None and normed_words(lead.group(1)) & cw \
                    and len(here[w] - {"?"}) == 1:
                in_clause = here[w] - {"?"}
            theirs = in_clause if in_clause is not None \
                else here[w] | _uses_about(w, cw, said, home=mine) if len(shared - {w}) >= 2 \
                else here[w] | _uses_about(w, cw, said, least=1) if len(cw) == 2 \
                else source_uses.get(w, frozenset())
            # a claim that denies something itself says no about the words around its denial
            # ("lorries may not use the bridge" for "... but not to lorries"); "must not keep
            # pets without consent" denies nothing of "may keep a cat if the landlord agrees"
            if ps == {"+"} and theirs == {"-"} and not denies and w != gerund \
                    and not (_CONDITIONED.search(sent) and _CONDITIONS.search(claim)) \
                    and not (_DENIED_WITHOUT.search(sent) and _REQUIRES.search(claim)) \
                    and not said_apart(claim, w, sent):
                return surface(w, claim), "affirmed"
            # ("kept out of direct sunlight" says "do not keep it in direct sunlight")
            # ("Neither function returns a view" where "Both return a new list, never a view":
            # the source denies the claim's object in place of its verb)
            # (a restricted rule is no ground to deny, "but not on Sundays", except by a denial
            # of every case: "never needs a ticket" where "needs a ticket, except on Sundays")
            if ps == {"-"} and theirs == {"+"} and not (_RESTRICTS.search(sent) and not _NEVER.search(claim)) \
                    and not AWAY.search(sent) \
                    and not _before_condition(claim, sent) \
                    and not _DENIED_WITHOUT.search(claim) \
                    and not any(normed_words(m.group("who")) & cw for m in _WAIVED_FOR.finditer(sent)) \
                    and not any(here.get(x) == {"-"} for x, xs in claim_uses.items() if x != w and "+" not in xs) \
                    and not _scope_elsewhere(claim, w, sent):
                return surface(w, claim), "denied"
    return None


_NEVER = re.compile(r"\b(?:never|at\s+no\s+time|under\s+no\s+circumstances)\b", re.IGNORECASE)
#: a sentence that opens with the case it speaks of: "If the event is cancelled, ..."
_CASE_LEAD = re.compile(r"\s*(?:if|when|where|once|should)\s+([^,;]{3,80}),", re.IGNORECASE)
#: a grant of one: "may rent one plot", "may resit an exam once"
_JUST_ONE = re.compile(r"\b(?:may|can|allowed\s+to|permitted\s+to)\s+(?:\w+\s+){1,4}?(?:once|one|a\s+single)\b|"
                       r"\b(?:only\s+)?(?:once|one)\s+(?:per|a|each)\s+\w+\b", re.IGNORECASE)
#: a count past one: "twice", "two plots", "a second time", "another"
_MORE_THAN_ONE = re.compile(r"\b(?:twice|two|three|four|five|\d+|another|a\s+second|more\s+than\s+once|again)\b",
                            re.IGNORECASE)
#: a charge or duty lifted for some: "which is waived for students", "exempt for members"
_WAIVED_FOR = re.compile(r"\b(?:waived|not\s+charged|exempt(?:ed)?|free|not\s+required|not\s+needed)\s+(?:for|to)\s+"
                         r"(?P<who>[a-z][a-z -]{2,40}?)(?=[,.;]|$|\s+(?:and|but|who|if)\b)", re.IGNORECASE)
#: a denial undone by "without": "cannot be collected without photo ID" states a duty
_DENIED_WITHOUT = re.compile(r"\b(?:cannot|can't|not|never|no)\b[^,;.]{0,60}?\bwithout\b", re.IGNORECASE)
_APART = re.compile(r";\s+|,?\s+but\s+|,\s+while\s+|,\s+whereas\s+", re.IGNORECASE)
_CLAUSES = re.compile(r";\s+|,\s+(?:and|but|while|whereas)\s+", re.IGNORECASE)


def _clause_holding(cw: Set[str], sentence: str) -> str | None:
    """The one clause of the sentence that holds all the claim's words (``cw``), when no other
    clause does."""
    holding = [c for c in _CLAUSES.split(sentence) if c.strip() and cw <= (normed_words(c) | set(_polarities(c)))]
    return holding[0] if len(holding) == 1 else None


def said_apart(claim: str, key: str, sentence: str) -> bool:
    """The sentence denies the word in one clause and speaks, with no denial, of something
    of the claim's that the denying clause does not name in another: "Food is not allowed in
    the rooms; drinks in closed bottles are fine" for "Drinks are allowed"."""
    clauses = [c for c in _APART.split(sentence) if c.strip()]
    if len(clauses) < 2:
        return False
    mine = normed_words(claim)
    # the denying clause names a subject of its own, not the claim's ("Food | is not allowed");
    # one that leaves its subject to the clause before ("... but | not in the children's pool")
    # denies the claim's thing
    denying = [c for c in clauses if any(w == key and p == "-" for w, p in uses(c))
               and (before := _DENIAL.split(c, 1)[0]) and normed_words(before) and not normed_words(before) & mine]
    return bool(denying) and any(
        not _DENIAL.search(c) and (mine & normed_words(c)) - set().union(*(normed_words(d) for d in denying))
        for c in clauses if c not in denying)


def _scope_elsewhere(claim: str, key: str, sentence: str) -> bool:
    """The words the claim's denial of ``key`` goes on to (its object, its circumstance) name
    something the source sentence that affirms ``key`` does not: "no longer runs on Windows 8"
    against "It runs on Windows 10 and 11", "should not be taken on an empty stomach" against
    "should be taken with food". A denial of another thing, not of what the sentence says."""
    toks = _tokens(claim)
    start = next((i for i, t in enumerate(toks) if _content(t) and _norm(t) == key), None)
    if start is None:
        return False
    theirs = normed_words(sentence) | {t for t in _tokens(sentence) if t[:1].isdigit()}
    for tok in toks[start + 1:]:
        if tok in _CLAUSE_END or tok in _SUBORDINATE:
            break
        if tok[:1].isdigit() and tok not in theirs:
            return True
        if _content(tok) and _norm(tok) not in theirs:
            return True
    return False


#: how many words of its own a sentence about another case may have (a parallel sentence: "A goal
#: from a corner kick counts" beside "A goal from an indirect free kick does not count")
MAX_CASE_WORDS = 2


def _uses_about(word: str, claim_words: Set[str],
                said: Sequence[tuple[str, dict[str, frozenset[str]], frozenset[str]]], least: int = 2,
                home: frozenset[str] = frozenset()) -> frozenset[str]:
    """The polarities of ``word`` in the source sentences (``said``: each one with its
    polarities and words) that hold ``least`` or more of the claim's other words. A sentence
    about another case than the claim's and ``home``'s (the words of the sentence the claim
    restates, more of the claim's than it holds) is left out: it names a word or two neither has,
    and lacks one both have ("A goal from a
    corner kick counts" beside "A goal from an indirect free kick does not count", for "A goal
    straight from an indirect free kick counts")."""
    out: set[str] = set()
    for _, here, mine in said:
        if word in here and len((claim_words - {word}) & mine) >= least:
            if home and mine != home and 0 < len(mine - claim_words - home) <= MAX_CASE_WORDS \
                    and (claim_words & home) - mine and len(claim_words & home) > len(claim_words & mine):
                continue
            out |= here[word]
    return frozenset(out)


_CONTRAST_CUT = re.compile(r"[;,]\s*|\s+(?=(?:although|though|but|while|whereas|yet)\s)")
_CONTRAST = re.compile(r"^\s*(?:although|though|but|while|whereas|yet)\s+", re.IGNORECASE)


def _last_sentence(text: str) -> str:
    return re.split(r"(?<=[.!?])\s+(?=[A-Z])", text.strip())[-1]


def contrasted(sentence: str) -> frozenset[str]:
    """The words a sentence says both ways across a contrast ("not accepted at the machines,
    but they are accepted at the desk"): a claim that says one of them either way may
    restate one of its cases, so counting the sentence's negations decides nothing."""
    parts = [p for p in _CONTRAST_CUT.split(sentence) if p.strip()]
    out: set[str] = set()
    for k in range(1, len(parts)):
        if _CONTRAST.match(parts[k]):
            first, second = uses(parts[k - 1]), uses(_CONTRAST.sub("", parts[k]))
            said: dict[str, set[str]] = {}
            for w, p in first + second:
                said.setdefault(w, set()).add(p)
            out |= {w for w, ps in said.items() if {"+", "-"} <= ps}
    return frozenset(out)


def dropped_contrast(claim: str, source: str) -> tuple[str, str, str] | None:
    """``(word, the source's clause that says it the claim's way, the contrasting clause)``
    when a source sentence affirms a word in one case and denies it in another, joined by a
    contrast ("the jump cannot count for records, although it still counts in the
    competition"), and the claim says it one way with none of the words that qualify that
    way ("the jump does not count"): the claim drops the case the source limits it to. A
    claim that keeps the qualifier ("does not count for records") is not read."""
    claim_uses = _polarities(claim)
    cw = normed_words(claim) | set(claim_uses)
    for sent in _sentences(source):
        if len(cw & (normed_words(sent) | set(_polarities(sent)))) < max(2, MIN_SHARED * len(cw)):
            continue
        parts = [p for p in _CONTRAST_CUT.split(sent) if p.strip()]
        for k in range(1, len(parts)):
            if not _CONTRAST.match(parts[k]):
                continue
            first, second = uses(parts[k - 1]), uses(_CONTRAST.sub("", parts[k]))
            for w, ps in claim_uses.items():
                if len(ps) != 1 or "?" in ps:
                    continue
                said = {p for x, p in first + second if x == w}
                if said != {"+", "-"}:
                    continue
                way = next(iter(ps))
                mine, theirs = (first, parts[k]) if (w, way) in first else (second, parts[k - 1])
                at = mine.index((w, way))
                qualifier = {x for x, _ in mine[at + 1:]}
                if qualifier and not qualifier & cw:
                    said_way = parts[k - 1] if mine is first else parts[k]
                    return w, _last_sentence(said_way), _last_sentence(theirs)
    return None


#: a denied subject that lists its things: "Asbestos and tyres | are not accepted"
_DENIED_LIST = re.compile(r"^\s*(?P<items>[\w' -]+(?:,\s*[\w' -]+)*)\s+(?:are|is|were|was|will\s+be)\s+(?:not|never)\b",
                          re.IGNORECASE)


def _other_items(sentence: str, claim_words: Set[str]) -> set[str]:
    """The words of the items of a denied subject's list other than the one the claim names:
    "Asbestos" of "Asbestos and tyres are not accepted" for a claim about tyres."""
    m = _DENIED_LIST.match(sentence)
    if m is None:
        return set()
    items = [normed_words(i) for i in re.split(r",\s*|\s+(?:and|or)\s+", m.group("items")) if i.strip()]
    if len(items) < 2 or not any(i and i <= claim_words for i in items):
        return set()
    return set().union(*(i for i in items if not i & claim_words))


def contained_denial(claim: str, source: str) -> tuple[str, str] | None:
    """``(word, sentence)`` when a source sentence all of whose words the claim holds denies
    a word the claim affirms, and the claim denies nothing: "The plan covers dental care and
    eye tests" where "The plan covers dental care. Eye tests are not covered." The source
    affirms the word elsewhere (of dental care), so :func:`denied_head` reads nothing; but
    the sentence that denies it says nothing the claim does not, so the claim says its
    opposite."""
    claim_uses = _polarities(claim)
    if any("-" in ps for ps in claim_uses.values()):
        return None
    cw = normed_words(claim) | set(claim_uses)
    for sent in _sentences(source):
        here = dict(_polarities(sent))
        # "carry no fines" denies that they are fined: the noun a light verb has none of
        light = list(_LIGHT_NONE.finditer(sent))
        here.update({w: frozenset("-") for w in {_norm(m.group("noun")) for m in light} if w in here})
        said = {w for w in normed_words(sent) if not _is_deny(w)} | set(here)  # "cannot" aside
        said -= _other_items(sent, cw) | {_norm(m.group("verb")) for m in light}
        # ("may not be driven abroad without written permission" says it may be, with it: a claim
        # holding the permission too, "requires written permission", restates it)
        if len(said) < 2 or not said <= cw or _DENIED_WITHOUT.search(sent):
            continue
        for w, ps in here.items():
            if ps == {"-"} and claim_uses.get(w) == {"+"}:
                return surface(w, claim), sent.strip()
    return None


#: a verb that says only that its subject has what its object names, with none of it: "carry
#: no fines", "have no fee", "incur no charge"
_LIGHT_NONE = re.compile(r"\b(?P<verb>carry|carries|have|has|incur|incurs|attract|attracts|bear|bears|get|gets|receive|receives)"
                         r"\s+no\s+(?P<noun>[a-z]+)\b", re.IGNORECASE)


_GRANTS = re.compile(r"\b(?:may|can|allowed|allows|permitted|free\s+to|welcome\s+to|entitled\s+to|safe\s+to)\b"
                     # "can lead to", "may cause": what may happen, no permission
                     r"(?!\s+(?:lead|result|cause|trigger|happen|occur|vary|affect|increase|reduce|mean)\b)(?!\s+be\s+"
                     r"(?:considered|seen|regarded|viewed|described|thought|called|found|due|caused|linked|"
                     r"associated|related|affected|true|false|different|possible|necessary|needed|required|"
                     r"more|less|higher|lower|better|worse)\b)", re.IGNORECASE)
_REFUSES = re.compile(r"^\s*(?:please\s+)?(?:do\s+not|don't|never)\s+(?!forget\b|miss\b|hesitate\b|exceed\b)[a-z]+\b"
                      # "Do not freeze it." (not a bound: "Do not take more than eight")
                      r"(?!\s+(?:more|less|fewer|over|under|longer|beyond)\b)|"
                      r"\b(?:may\s+not|cannot|can\s+not|can't|must\s+not|mustn't|should\s+not\s+be\s+(?=used\b)|"
                      r"(?:not|never|no\s+longer)\s+(?:be\s+)?(?:allowed|permitted|accepted|possible|valid)|prohibited|forbidden|banned|"
                      r"no\s+\w+(?:\s+\w+)?\s+(?:is|are)\s+(?:allowed|permitted)|"
                      # "Neither witness may inherit", "No guest may bring": the permission's subject denied
                      r"(?:neither|no|none\s+of\s+the)\s+\w+(?:\s+\w+)?\s+(?:may|can|is\s+allowed\s+to|are\s+allowed\s+to)|"
                      # "The river path is closed to cyclists"
                      r"closed\s+to)\b",
                      re.IGNORECASE)
#: a verb that refuses what follows it: "a request for changes blocks merging"
_BLOCKS = re.compile(r"\b(?:blocks?|blocked|prevents?|prevented|precludes?|precluded)\b", re.IGNORECASE)
_PERMISSION = frozenset(stem(w) for w in (
    "may can allow allowed permit permitted free welcome entitled prohibit prohibited "
    "forbid forbidden ban banned must").split())
_PERMISSION_NORMED = frozenset(_norm(w) for w in _PERMISSION) | _PERMISSION
_IT = re.compile(r"\b(?:it|them)\b|^\s*they\b", re.IGNORECASE)
#: the least share of the claim's content words (permission words aside) a source sentence
#: holds to say whether what the claim speaks of is allowed
MIN_PERMISSION_SHARED = 0.4


def permission_flip(claim: str, source: str) -> tuple[str, str] | None:
    """``(how, sentence)`` when the claim allows what the source's sentences about it forbid
    ("Guests may bring their own food" where "Outside food and drink are not permitted";
    ``how`` is "allows") or forbids what they allow ("forbids"). The sentences about it share
    at least two and 40% of the claim's content words; one that both allows and forbids
    ("allowed in the park but not in the playground") leaves the question open, as do one
    of each, a refusal with its exception ("... unless", "except ...") and a source that
    names an exception anywhere ("Bottled water is the only exception")."""
    # "... if it cannot generate ...": no refusal of the claim's; "cannot submit more than
    # one story": a bound, no ban
    main = NEGATED_BOUND.sub(" ", _SUBCLAUSE.sub(" ", claim))
    refuses = bool(_REFUSES.search(main))
    grants = not refuses and bool(_GRANTS.search(main)) and not _DENIAL.search(main)
    if not (refuses or grants):
        return None
    cw = normed_words(claim) - _PERMISSION_NORMED  # "frozen" and "freeze" alike
    if len(cw) < 2:
        return None
    if _EXCEPTION.search(source):  # "Bottled water is the only exception": the claim may be it
        return None
    refusing, granting, mixed = [], [], False
    denying: list[str] = []
    refused_clauses: list[str] = []
    granted_clauses: list[str] = []
    needed = max(2, MIN_PERMISSION_SHARED * len(cw))
    previous = frozenset[str]()
    for whole in _sentences(source):
        # a sentence that speaks of its thing as "it" ("Do not freeze it.") is about the one before's
        context = previous if _IT.search(whole) else frozenset()
        previous = normed_words(whole)
        # each clause about it on its own: "may use the quiet coach, | where phone calls are not
        # allowed"; "allowed in the gardens | but forbidden in the main hall"
        about = [c for c in _PERMISSION_CLAUSE.split(whole) if c and len(cw & (normed_words(c) | context)) >= needed]
        for sent in about if about else [whole] if len(cw & (normed_words(whole) | context)) >= needed else []:
            verdict = _permission_of(sent, grants, claim)
            if verdict == "mixed":
                mixed = True
            elif verdict == "no":
                refusing.append(whole.strip())
                refused_clauses.append(sent)
            elif verdict == "yes":
                granting.append(whole.strip())
                granted_clauses.append(sent)
            elif _DENIAL.search(sent):
                denying.append(sent)  # "Fridays are not available as home-working days": a denial in other words
    if mixed:
        return None
    # a grant of another act is no answer to whether this one is allowed: "may buy extra leave"
    # beside "requests ... cannot be changed" for "requests can be changed"
    act = _GOVERNED.search(main)
    if grants and refusing and granting and act is not None:
        verb = _norm(act.group("verb").lower())
        if any(verb in normed_words(r) for r in refusing) and not any(verb in normed_words(g) for g in granting):
            granting = []
    # a grant to others is no answer either when only the refusal names the claim's subject:
    # "Alcohol can be claimed" where "Employees can claim up to 25 EUR a day for meals. Alcohol
    # cannot be claimed"
    subject = _CLAIM_SUBJECT.match(main)
    mine = normed_words(subject.group(1)) if subject is not None else frozenset()
    if grants and refusing and granting and mine and all(mine <= normed_words(r) for r in refusing) \
            and not any(mine & normed_words(g) for g in granting):
        granting = []
    # ... and a refusal of others no answer to a refusing claim whose subject only a grant names:
    # "Pedestrians cannot use the path" where "closed to cyclists ... Pedestrians can use it at any time"
    if refuses and refusing and granting and mine and all(mine <= normed_words(g) for g in granting) \
            and not any(mine & normed_words(r) for r in refusing):
        refusing = []
    if grants and refusing and granting:
        # the refusal names a narrower case the claim names too, which no grant names:
        # "Flash photography is permitted" where "Photography is allowed in the galleries,
        # but flash is not allowed in the galleries"
        # (the refusal's subject names it: "Alcohol cannot be claimed" names no case of "meals")
        granted = frozenset().union(*(normed_words(g) for g in granted_clauses))
        narrower = [r for r in refused_clauses
                    if (subject := _CLAIM_SUBJECT.match(r)) is not None
                    and (cw & normed_words(subject.group(1))) - granted]
        if narrower:
            return "allows", narrower[0].strip()
    if grants and refusing and not granting:
        return "allows", refusing[0]
    if grants and granting and not refusing:
        # the case the claim names beyond the grant, refused by a sentence of its own too short
        # to share the claim's words ("may keep one cat ... with consent. Reptiles are not
        # allowed." for "may keep a reptile with consent")
        beyond = cw - normed_words(granting[0]) - _REFUSAL_WORDS
        short = [c.strip() for w in _sentences(source) for c in _PERMISSION_CLAUSE.split(w)
                 if c and beyond and beyond <= normed_words(c) and _permission_of(c, grants, claim) == "no"]
        if short:
            return "allows", short[0]
    if refuses and granting and not refusing and act is not None:
        # "Sale items cannot be refunded" against "Sale items can be exchanged but not refunded":
        # the grant is of another act
        verb = _norm(act.group("verb").lower())
        acts = {_norm(g.group("verb").lower()) for text in granting for g in _GOVERNED.finditer(text)}
        if acts and verb not in acts and any(verb in normed_words(g) for g in granting):
            return None
    if refuses and granting and not refusing and _MORE_THAN_ONE.search(main) \
            and any(_JUST_ONE.search(g) for g in granting):
        return None  # "cannot rent two plots" where "may rent one plot": more than the grant, refused by it
    if refuses and granting and not refusing:
        # a sentence denies, in other words, the case the claim names beyond the grant ("Fridays
        # are not available as home-working days for customer service staff")
        beyond = cw - normed_words(granting[0]) - _REFUSAL_WORDS
        if beyond and any(beyond <= normed_words(d) for d in denying):
            return None
        # "may only be used before 9 a.m." forbids "after 9 a.m.": a grant with "only" is no
        # answer to a refusal of a case it does not name
        only = [g for g in granting if _ONLY.search(g)]
        if only and set(words(main)) - set(words(only[0])) - _REFUSAL_WORDS:
            return None
        # a grant once a condition is met refuses nothing to those who have not met it, whom
        # the claim names by the condition's words ("Staff on probation cannot take leave yet"
        # where "can take leave once they have completed their probation")
        if any(_before_condition(claim, g) for g in granting):
            return None
        return "forbids", granting[0]
    return None


def _before_condition(claim: str, sentence: str) -> bool:
    """The sentence grants its act once a condition is met, and the claim speaks of those who
    have not met it: by the condition's words ("Staff on probation" for "once they have
    completed their probation") or as not yet ("cannot ... yet", "until")."""
    cond = _GRANT_CONDITION.search(sentence)
    if cond is None:
        return False
    # (a claim that states the condition itself speaks of those who met it: "no longer work
    # after the upgrade" for "After the upgrade, old keys still work")
    mine = _GRANT_CONDITION.search(claim)
    if mine is not None and normed_words(mine.group("what")) & normed_words(cond.group("what")):
        return False
    # (a claim that holds the condition's act names those who meet it: "Folding bicycles" for
    # "allowed at all times if folded", "a cancelled concert" for "If the event is cancelled")
    what, said = normed_words(cond.group("what")), normed_words(claim)
    done = {_norm(w) for w in words(cond.group("what")) if w.endswith(("ed", "en")) and len(w) > 4}
    return bool((what & said and not what <= said and not done & said) or _NOT_YET.search(claim))


#: the claim's subject, before its modal: "Alcohol | can be claimed"
_CLAIM_SUBJECT = re.compile(r"^\s*(.+?)\s+(?:cannot|can't|can|may|is|are|must|will)\b", re.IGNORECASE)
#: the condition a grant waits for: "once they have completed their probation", "after six months"
_GRANT_CONDITION = re.compile(r"\b(?:once|after|when|if|provided(?:\s+that)?|as\s+soon\s+as|as\s+long\s+as)\s+"
                              r"(?P<what>[^,;.]+)", re.IGNORECASE)
#: a refusal said of the time before a condition: "not yet", "until", "before"
_NOT_YET = re.compile(r"\b(?:yet|until|till|before|still)\b", re.IGNORECASE)


_ONLY = re.compile(r"\bonly\b", re.IGNORECASE)
_REFUSAL_WORDS = frozenset("not no never cannot can't can may must mustn't don't do does be is are".split())


#: the act a permission word governs: "can be | changed", "may | bring"
_GOVERNED = re.compile(r"\b(?:may|can|cannot|allowed\s+to|permitted\s+to|free\s+to)\s+(?:not\s+)?(?:be\s+)?"
                       r"(?P<verb>[a-z]{3,})", re.IGNORECASE)
#: where a sentence's clauses part: each may allow or forbid a thing of its own
_PERMISSION_CLAUSE = re.compile(r";\s+|,\s+(?:where|while|whereas)\s+|,?\s+but\s+"
                                # "must be carried in hand luggage | and are never allowed in checked baggage"
                                r"|,?\s+and\s+(?=(?:is|are|may|must|can|cannot|should)\s)", re.IGNORECASE)


def _permission_of(sent: str, grants: bool, claim: str) -> str | None:
    """Whether a sentence (or clause) forbids ("no"), allows ("yes"), or both or with an
    exception ("mixed"), for :func:`permission_flip`. A bound said with a denial ("may not work
    more than 40 hours a week") allows what lies within it and forbids what lies past it: which,
    the amounts decide ("mixed")."""
    if NEGATED_BOUND.search(sent):
        return "mixed"
    no = bool(_REFUSES.search(sent))
    yes = bool(_GRANTS.search(_REFUSES.sub(" ", sent))) and not _DENIAL.search(_REFUSES.sub(" ", sent))
    # "may not ... unless": the claim may be the exception; "can request changes, which
    # blocks merging": what is allowed is not what the claim forbids
    if ((no or _BLOCKS.search(sent)) and yes) or _EXCEPTING.search(sent):
        return "mixed"
    if no and grants and _CONDITIONED.search(sent) and _CONDITIONS.search(claim):
        return "mixed"  # "may keep a cat if the landlord agrees" for "must not ... without consent"
    if no:
        return "no"
    if yes:
        return "yes"
    return None


def shared_denial(claim: str, sentence: str) -> bool:
    """The claim denies a word that the sentence denies too ("this cap does not apply" and
    "this cap does not apply to breaches or to ..."): both say no to the same thing."""
    theirs = {w for w, p in uses(sentence) if p == "-"}
    return any(p == "-" and w in theirs for w, p in uses(claim))


__all__ = ["AWAY", "said_apart", "ceased_object", "removed_thing", "ended_state", "kept_thing", "contained_denial", "lifted_ban", "without_required", "permission_flip", "surface", "contrasted", "denied_head", "dropped_contrast", "normed_words", "released", "shared_denial", "uses"]
