"""Which sentences of the retrieved passages answer the question, and how well.

The cross-encoder is the expensive part of answering: about 7,000 tokens a second on
two CPU cores. Reading ten whole passages costs over a second; reading a dozen single
sentences costs a tenth of that, and a sentence is what an extractive answer quotes and
what the abstention threshold should judge (a passage is as relevant as its best
sentence). So the reranker reads (question, sentence) pairs only, and a free lexical
pass picks which sentences it reads:

1. every passage's best sentence by query-word weight (so each passage is judged);
2. then the best remaining sentences of the pool, up to ``limit``.

The lexical weight of a sentence is the summed idf of the question's content words it
contains, idf taken over the pool itself (a word in every sentence tells nothing);
words match on their first six letters once a plural or tense ending is stripped
(:func:`term`). Ties go to the better-ranked passage, then to the earlier sentence.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence

from citadel.text import STOPWORDS, sentence_spans

_WORD = re.compile(r"\w+")


_SUFFIXES = ("ingly", "edly", "ing", "ies", "ied", "ed", "es", "s", "ly")


def term(word: str) -> str:
    """A word as preselection matches it: a plural or tense ending stripped, then its first
    six letters ("errors" meets "error", "sorted" meets "sort")."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
            break
    return word[:6]


def terms(text: str) -> set[str]:
    """The content words of ``text`` as preselection matches them (:func:`term`)."""
    return {term(w) for w in (m.lower() for m in _WORD.findall(text)) if w not in STOPWORDS and len(w) > 1}


def lexical_weights(query: str, sentences: Sequence[str]) -> list[float]:
    """Summed pool idf of the query's content words each sentence contains."""
    wanted = terms(query)
    bags = [terms(s) & wanted for s in sentences]
    df = Counter(t for bag in bags for t in bag)
    n = len(sentences)
    idf = {t: math.log(1.0 + (n + 1) / (c + 0.5)) for t, c in df.items()}
    return [sum(idf[t] for t in bag) for bag in bags]


def preselect(query: str, sentences: Sequence[str], groups: Sequence[int], limit: int) -> list[int]:
    """Indexes of the sentences worth a cross-encoder pass, at most ``limit``.

    ``groups[i]`` is the rank of the passage sentence ``i`` belongs to (0 best); each
    group's best sentence comes first, then the best of the rest.
    """
    if limit <= 0 or not sentences:
        return []
    weights = lexical_weights(query, sentences)
    order = sorted(range(len(sentences)), key=lambda i: (-weights[i], groups[i], i))
    chosen: list[int] = []
    seen_groups: set[int] = set()
    for i in sorted(order, key=lambda i: groups[i]):  # stable: best sentence of each group first
        if groups[i] not in seen_groups:
            seen_groups.add(groups[i])
            chosen.append(i)
    chosen = chosen[:limit]
    taken = set(chosen)
    for i in order:
        if len(chosen) >= limit:
            break
        if i not in taken:
            chosen.append(i)
            taken.add(i)
    return sorted(chosen)


def semantic_preselect(
    chosen: Sequence[int], similarity: Sequence[float], extra: int
) -> list[int]:
    """``chosen`` plus the ``extra`` sentences most similar in meaning (cosine of the
    bundled embedder) that it lacks: the words of "how do I delete" never meet "remove",
    their vectors do. Sorted indexes."""
    taken = set(chosen)
    order = sorted((i for i in range(len(similarity)) if i not in taken), key=lambda i: (-similarity[i], i))
    return sorted(taken | set(order[: max(0, extra)]))


# --- candidate units ---------------------------------------------------------------------

#: a man-page option line: "-r, --recursive", "--backup[=CONTROL]", "-b SIZE"; not a list
#: item ("- text": a dash and a space)
_FLAG_NAME = r"-{1,2}[A-Za-z0-9?#@][\w\-]*"
_FLAG = rf"{_FLAG_NAME}(?:[=\[]\S*)?(?: (?:[A-Z_<\[]\S*|[a-z][a-z_]{{0,11}}))?"  # "-b SIZE", Texinfo's "-o file"
#: Texinfo's info output quotes each option ("\u2018--keep\u2019 \u2018-k\u2019", "'-s' '--script'")
_OPEN_QUOTE, _CLOSE_QUOTE = "[\u2018'`]?", "[\u2019'`]?"
_OPTION = re.compile(rf"{_OPEN_QUOTE}{_FLAG}{_CLOSE_QUOTE}(?:,? {_OPEN_QUOTE}{_FLAG}{_CLOSE_QUOTE})*")
#: a unit opens with an option's name, perhaps after its section's name ("OPTIONS -c ...") or
#: in quotes
_OPTION_START = re.compile(
    rf"(?:[A-Z]{{3,}}(?: [A-Z]{{2,}})* )?{_OPEN_QUOTE}{_FLAG_NAME}(?=[\s,=:\[\u00b6\u2019'`]|$)"
)
_SENTENCE_END = re.compile(r"[.!?;]['\")\]]?$")
MAX_UNIT_CHARS = 500
#: a definition term longer than this is a paragraph that happens to end in a pilcrow
MAX_TERM_CHARS = 160
#: a labelled paragraph is one unit up to this length (longer: its sentences stand alone)
MAX_LABELLED_CHARS = 300
#: how a sentence opens that does, or says what follows from, what the sentence before it
#: says: "To do so, add the option --branch-sim=yes.", "To use this, replace the ':' token with
#: '&:' in the rule.", "If so, ...", "In that case, ...", "An easy way to do this is to run ..."
_DOES_WHAT_BEFORE = re.compile(
    r"(?:to do (?:so|this|that)|to [a-z]+ (?:it|this|that|them|these|those)(?=,)|if so|in (?:this|that) case|doing so"
    r"|(?:an?|the|one|another)\s+(?:\w+\s+)?ways?\s+(?:to|of)\s+(?:do(?:ing)?|achiev(?:e|ing))\s+(?:so|this|that))\b",
    re.IGNORECASE,
)
#: the sentence that closes an option's list item with its default ("Default: 30.", Node.js's
#: and many API references' way): the item is one unit with it, its term and what it is
_DEFAULT = re.compile(r"Default:\s+\S")
#: a paragraph's label: a few words and a colon ("Changed in version 3.7:", "Default:"), or
#: an option's names (a definition list's term, as the HTML loader writes it: "--maxvars
#: VALUE: Maximum number of variables. The default is 15000.", "-o file, --output=file: ...")
_LABEL = re.compile(
    r"(?:\[[\d:.,\-]+\] )?"  # a transcript's "[00:05-00:12] Ben: ..." too
    r"(?:[A-Z][\w.\-]*(?: [\w.\-]+){0,4}|-{1,2}\w[\w\-]*(?:=\S+)?(?:,? [\w.\-=\[\]]+){0,4}): \S"
)
#: a line of code or a command: one token with a symbol prose does not use
#: ("#!/usr/bin/env python", "--sort-keys", "x=1"), a call ("parser.parse_args()"), a prompt,
#: or a command with an option ("python3 -m pip --version")
_CODE = re.compile(r"^(?=\S*[#!/=(){}\[\]<>$|\\_-])\S+$|^[A-Za-z_][\w.]*\(.*\)$|^(?:>>>|\$|%|#!) ?\S|^[a-z][\w.+-]*\s(?:.*\s)?-{1,2}[A-Za-z]")
#: a list item's marker ("- ", "2. "): an item stays a unit of its own, and the extractive
#: backend quotes it without its marker
LIST_MARKER = re.compile(r"(?:[-*+\u2022]|\d+[.)])\s+(?=\S)")
#: a table row as stored ("Leave type: Annual leave; Days per year: 25; Notice: 2 weeks")
TABLE_ROW = re.compile(r"[^:;\n]{1,60}: (?P<key>[^;\n]{1,80})(?:; [^:;\n]{1,60}: [^;\n]*)+")
#: how a unit that continues the one before it starts
_CONTINUES = re.compile(
    r"(?:it|its|this|these|that|those|they|default|defaults|the default|by default|for example|for instance|"
    r"e\.g\.|i\.e\.|otherwise|if not|if omitted|in that case|note)\b",
    re.IGNORECASE,
)
#: how a unit that continues the one before it ends: "Use os.availableParallelism() for this
#: purpose.", "Use clearTimeout() instead." (read alone, it does not say instead of what)
_CONTINUES_AT_END = re.compile(r"\b(?:instead|for (?:this|that|the same) purpose)\W*$", re.IGNORECASE)


def continues(unit: str) -> bool:
    """Whether ``unit`` goes on from the unit before it: it starts with "It", "This",
    "Default", "For example", ..., or it :func:`replaces` it."""
    return _CONTINUES.match(unit) is not None or replaces(unit)


def replaces(unit: str) -> bool:
    """Whether ``unit`` says what to use in place of what the unit before it names: it ends
    with "instead" or "for this purpose" ("Use os.availableParallelism() for this purpose.")."""
    return _CONTINUES_AT_END.search(unit) is not None


def next_line(text: str, end: int, start: int) -> bool:
    """Whether the unit at ``start`` is on the line after the one ending at ``end``, in the same
    block: a code example's next line (what it prints), a tight list's next item, a table's next
    row; never the next paragraph."""
    gap = text[end:start]
    return "\n" in gap and "\n\n" not in gap


def _row_line(line: str) -> bool:
    """Whether a line is a table's row as the loaders store one: cells after their column's
    name, or, without a header, cells between " | " ("src | the stream to read from",
    "[in] | len | opus_int32: Number of bytes in payload")."""
    return " | " in line or is_table_row(line)


def is_table_row(unit: str) -> bool:
    """A table row as the loaders store one, each cell after its column's name."""
    return TABLE_ROW.fullmatch(unit.rstrip(".")) is not None


#: the rest of a paragraph after a statement, up to the question that ends it, is at most
#: this long for the statement to belong to the question ("36. Valgrind says that deflate
#: ... depends on an uninitialized value. Isn't that a bug?")
MAX_QUESTION_REST = 200


def question_end(text: str, end: int) -> int | None:
    """Where the question ends that the unit ending at ``end`` asks or opens: ``end`` itself
    for a unit that ends with "?", else the end of its paragraph (in normalized text, its
    line) when the rest of that is short and ends with "?" (an FAQ's question that states
    its case first); None for any other unit."""
    if text.endswith("?", 0, end):
        return end
    line_end = text.find("\n", end, end + MAX_QUESTION_REST + 1)
    if line_end < 0:
        line_end = min(len(text), end + MAX_QUESTION_REST + 1)
        if line_end - end > MAX_QUESTION_REST:
            return None
    rest = text[end:line_end].rstrip()
    return end + len(rest) if rest.strip() and rest.endswith("?") else None


#: a line of code that completes its lead-in is at most this long
MAX_CODE_LINE = 100


def completes_lead_in(lead_in: str, line: str) -> bool:
    """Whether ``line`` is the one line of code or command that ``lead_in`` introduces
    ("... assuming the interpreter is on the user's PATH:" and "#!/usr/bin/env python",
    "The most straightforward way is to write" and "#!/usr/local/bin/python"): the lead-in
    ends with a colon or stops mid-sentence, and says nothing without the line; the line,
    read alone, says nothing of what it is for."""
    lead, code = lead_in.rstrip(), line.strip()
    if "\n" in code or not code or len(code) > MAX_CODE_LINE or LIST_MARKER.match(code) or is_term_line(code):
        return False
    if _NAMED_TERM.match(code) or (not lead.endswith(":") and _NAMED_TERM.match(lead)):
        return False  # entries of a list ("%f: raw mode in hex", "%g: group ID of owner"): neither leads in the other
    if _SENTENCE_END.search(code) and not code.endswith((")", "]")):
        return False
    stops = lead.endswith(":") or (not _SENTENCE_END.search(lead) and len(lead.split()) >= 4)
    if "|" in lead or LIST_MARKER.match(lead) or lead.isupper() or is_term_line(lead):
        return False  # a table row, a list item, a heading or a term opens nothing here
    return stops and _CODE.match(code) is not None


#: a block of code that completes its lead-in as a whole has at most this many lines
MAX_CODE_LINES = 6


#: a lead-in that says the code after it is the form to write ("... like this one:", "... as
#: follows:", "add the following:"), not an example of what it says
_SHOWS_FORM = re.compile(r"\b(?:(?:like|as)\s+(?:this(?:\s+one)?|these|so|follows)|the\s+following)\s*:\s*$", re.IGNORECASE)


def _short_block_end(text: str, start: int, lead: int, end: int) -> int:
    """Where the block of code starting at ``start`` (its lines up to a blank line) ends, when
    its lead-in at ``lead`` says it is the form to write (:data:`_SHOWS_FORM`) and it is short
    enough to be read with it (:data:`MAX_CODE_LINES` lines, the whole :data:`MAX_UNIT_CHARS`):
    "... use a string value like this one:" and the three lines ``{ "license" : "SEE LICENSE IN
    <filename>" }``; else ``start`` (a longer block, or an example, is no part of the sentence
    that introduces it: "... for example:" and an interactive session)."""
    if _SHOWS_FORM.search(text, max(lead, start - 40), start) is None:
        return start
    stop = min(end, lead + MAX_UNIT_CHARS + 1)
    blank = text.find("\n\n", start, stop)
    block_end = blank if blank >= 0 else (end if end < stop else -1)
    if block_end < 0:
        return start
    block = text[start:block_end].rstrip()
    return start + len(block) if block.count("\n") < MAX_CODE_LINES else start


#: a unit this short says little alone (:func:`leads_on`)
LEADING_CHARS = 60


def leads_on(unit: str) -> bool:
    """Whether a unit leads up to the one after it: a short sentence, or one ending in "!" or
    ":" ("Now you have your compiled .node bindings file!"); the next one says what it is about."""
    unit = unit.strip()
    return len(unit) <= LEADING_CHARS or unit.endswith(("!", ":"))


#: a paragraph's title that a later "This field ..." refers back to is at most this long
MAX_TITLE_CHARS = 80
_DEMONSTRATIVE = re.compile(r"(?:This|These|That|Those|Such|Each) ([a-z]{3,})\b")
#: a demonstrative among a sentence's first words frames the sentence ("With this option, ...")
LEADING_WORDS = 3
#: "this option", "these files" anywhere in a sentence ("that" is left out: "so that files ...")
_POINTS_BACK = re.compile(r"\b(?:[Tt]his|[Tt]hese|[Tt]hose) ([a-z]{3,})\b")


def points_back(previous: str, sentence: str) -> bool:
    """Whether ``sentence`` names a thing as "this NOUN" after its start ("When using gzip
    for Content-Encoding you should always use this option.") that the sentence before it
    names ("Note the use of the Minimal option in the code above.") and it does not itself:
    read alone, it does not say which option. A sentence that opens with "This NOUN", or frames
    itself with it in its first words ("With this option, tarx no longer stops ..."), joins only
    a short title (:func:`refers_back`)."""
    words: set[str] | None = None  # read only for a sentence that has a demonstrative past its frame
    for m in _POINTS_BACK.finditer(sentence):
        if len(sentence[: m.start()].split()) < LEADING_WORDS:
            continue  # "This option ...", "With this option, ...": the sentence's own frame
        if words is None:
            words = _words(previous)
            own = _words(_POINTS_BACK.sub(" ", sentence))
        forms = _noun_forms(m.group(1))
        if forms & words and not forms & own:
            return True
    return False


def _words(text: str) -> set[str]:
    """The words of ``text``, lower-cased."""
    return {w.lower() for w in re.findall(r"[A-Za-z]+", text)}


def _noun_forms(noun: str) -> set[str]:
    """A noun as a sentence may say it, singular or plural ("field", "fields")."""
    return {noun, noun.rstrip("s"), noun + "s"}


def refers_back(title: str, sentence: str) -> bool:
    """Whether ``sentence`` opens with a demonstrative whose word the short ``title``
    before it uses ("The sixth field (fs_passno)." and "This field is used by fsck(8)
    ..."; an option entry's "-C cmdlist Select by command name." and "This selects the
    processes ..."; a title ending in a colon is a label, handled apart): read alone,
    the sentence does not say which field, or which option."""
    m = _DEMONSTRATIVE.match(sentence.lstrip())
    head = title.strip()
    if m is None or len(head) > MAX_TITLE_CHARS or head.endswith(":"):
        return False
    return bool(_noun_forms(m.group(1)) & _words(head))


def _opens_paragraph(text: str, at: int) -> bool:
    """Whether ``at`` starts the text or follows a blank line (blanks before it on its line,
    spaces on the blank one): read backwards from ``at`` only, never the whole prefix."""
    i = at
    while i > 0 and text[i - 1] in " \t":
        i -= 1
    if i == 0:
        return True
    if text[i - 1] != "\n":
        return False
    j = i - 1
    while j > 0 and text[j - 1] == " ":
        j -= 1
    return j > 0 and text[j - 1] == "\n"


def is_option_line(line: str) -> bool:
    """A line that names options and nothing else (an HTML page's "--sort-keys¶" too); also
    several such lines, one option's names ("-o file" over "--output=file": Texinfo's
    @item and @itemx)."""
    lines = [ln.rstrip("\u00b6 ") for ln in line.split("\n") if ln.strip()]
    return bool(lines) and all(len(ln) <= 80 and _OPTION.fullmatch(ln) is not None for ln in lines)


def is_option_entry(unit: str) -> bool:
    """A unit that is an option's entry: it opens with an option ("--sort-keys¶" and its
    description, "-h, --help            show this help", "-d --decompress Force
    decompression.", the first one after its section's name: "OPTIONS -c --stdout ...", a
    list item that opens with one: "- --save-peer: Package will appear in your
    peerDependencies."); another list item ("- text") does not."""
    unit = unit.lstrip()
    bullet = BULLET.match(unit)
    return _OPTION_START.match(unit, bullet.end() if bullet else 0) is not None


def is_term_line(line: str) -> bool:
    """A line that names what the text below it defines: an option line, or a definition
    term of generated documentation (Sphinx marks each with a permalink, "most_common([n])¶",
    "class subprocess.CompletedProcess¶"; its headings lose theirs in the HTML loader)."""
    if is_option_line(line):
        return True
    stripped = line.strip()
    return "\n" not in stripped and len(stripped) <= MAX_TERM_CHARS and stripped.endswith("\u00b6")


#: a unit restates a question's premise when it has this share of the premise's words
PREMISE_SHARE = 0.4
#: a question's premise: the sentences it states before the one it asks ("Since util-linux 2.37
#: the man pages are no longer maintained with Groff." / "What format are they written in now?")
_PREMISE = re.compile(r"^(?P<premise>.*[.!])\s+(?P<ask>(?:(?![.!]\s).)*\?)\s*$", re.DOTALL)


def asking_sentence(question: str) -> str:
    """The sentence ``question`` asks in, after the premise it states first (:data:`_PREMISE`:
    "If I then create a second cluster, which port will it get?"); the whole question when it
    states none; white space run together."""
    question = " ".join(question.split())
    m = _PREMISE.match(question)
    return m["ask"] if m is not None else question


def premise_echo(question: str) -> Callable[[str], bool]:
    """Whether a unit restates the question's premise (:data:`_PREMISE`): it has
    :data:`PREMISE_SHARE` of the premise's words and at most one word that only the asking
    sentence has ("This project no more uses Groff to maintain man-pages." for the question
    above). Such a unit is where the source states the situation the question is in; what to
    do about it, or what holds instead, is said next ("Since v2.37 all text is maintained in
    AsciiDoc ..."): evidence selection reads that unit too, and the extractive backend's claim
    goes on to it. A question that states nothing before it asks has no premise: no unit echoes
    it."""
    m = _PREMISE.match(" ".join(question.split()))
    premise = prefix_words(m["premise"]) if m is not None else set()
    if len(premise) < 3 or m is None:
        return lambda unit: False
    own = prefix_words(m["ask"]) - premise

    def echoes(unit: str) -> bool:
        words = prefix_words(unit)
        return len(words & premise) >= PREMISE_SHARE * len(premise) and len(words & own) <= 1

    return echoes


def prefix_words(text: str) -> set[str]:
    """The content words of ``text`` by their first six letters (a word's forms alike), as the
    extractive backend compares a unit with the question."""
    return {w[:6] for w in (m.lower() for m in _WORD.findall(text)) if w not in STOPWORDS and len(w) > 1}


def candidate_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """The units an answer can quote, as offsets into ``text``: sentences
    (:func:`citadel.text.sentence_spans`), except that
    - an option line or definition term (:func:`is_term_line`) is one unit with the first
      sentence of its description ("-f, --force" and the lines below it, "most_common([n])¶"
      and "Return a list of the n most common elements ..."): the term says what the
      description is of, the description what the term does; an option named on several
      lines ("-o file", then "--output=file") is one term;
    - a short paragraph under a label ("Changed in version 3.7: Added the text parameter.
      Added the capture_output parameter.", "Default: ...", a definition list's option term
      as the HTML loader writes it: "--maxvars VALUE: Maximum number of variables. The
      default is 15000.") is one unit: the label governs every sentence of it, and a later
      sentence alone has lost it;
    - a hard-wrapped line that stops mid-sentence runs on into the next line when that one
      starts in lower case and opens no entry of its own ("<item>" and then "core: limits the
      core file size (KB)", "data: maximum data size (KB)" are three units).
    - a lead-in and the one line of code it introduces are one unit
      (:func:`completes_lead_in`: "... on the user's PATH:" and "#!/usr/bin/env python").
    - a short title that opens a paragraph and the sentence after it that refers back to
      it are one unit (:func:`refers_back`: "The sixth field (fs_passno)." and "This
      field is used by fsck(8) to determine the order ...").
    - a sentence that opens with "To do so", "If so", "In that case" ... is one unit with the
      sentence before it in its paragraph ("Branch prediction statistics are not collected by
      default. To do so, add the option --branch-sim=yes."): alone it does not say what to do
      it for;
    - a list item that ends with its default ("- historySize <number> Maximum number of
      history lines retained. ... Default: 30.") is one unit, up to :data:`MAX_UNIT_CHARS`:
      read alone, "Default: 30." says not of what, and the option's sentence states no amount.
    Each list item and table row stays a unit of its own (each is a line)."""
    spans = sentence_spans(text, start, end)
    out: list[tuple[int, int]] = []
    taken = 0  # the end of a code block joined to its lead-in: the spans before it are in it
    labelled = False  # the last unit opened a labelled paragraph
    item: int | None = None  # where in ``out`` the list item the last unit is in starts
    for s, e in spans:
        if s < taken:
            continue
        unit = text[s:e]
        if item is not None and "\n" not in text[out[-1][1] : s] and _DEFAULT.match(unit) \
                and e - out[item][0] <= MAX_UNIT_CHARS:  # an option item's closing "Default: 30."
            out[item:] = [(out[item][0], e)]
            continue
        if out and "\n" in text[out[-1][1] : s]:
            item = None
        if out:
            ps, pe = out[-1]
            gap = text[pe:s]
            prev = text[ps:pe]
            term = is_term_line(prev)
            # a term's description may follow a blank line (HTML: <dt>, then <dd>)
            line_break = "\n" in gap and ("\n\n" not in gap.replace(" ", "") or term)
            first = text[s:e][:1]
            joins = line_break and e - ps <= MAX_UNIT_CHARS and not is_term_line(text[s:e]) and not prev.isupper() and (
                term or (not _SENTENCE_END.search(prev) and (first.islower() or first in "(["))
            ) and (term or _term_at(text, *_line_head(text, s)) is None) \
                and not (_row_line(text[text.rfind("\n", 0, pe) + 1 : pe]) and _row_line(text[s:e].split("\n", 1)[0]))
            # ("core: limits the core file size" opens an entry; a table's row is a line of its own)
            if not joins and line_break and is_option_line(prev) and is_option_line(text[s:e]) \
                    and e - ps <= MAX_TERM_CHARS:  # one option's names, a line each: one term
                joins = True
            if not joins and labelled and "\n" not in gap and e - ps <= MAX_LABELLED_CHARS:
                joins = True
            if not joins and "\n" in gap and e - ps <= MAX_UNIT_CHARS and completes_lead_in(prev, text[s:e]):
                e = max(e, _short_block_end(text, s, ps, len(text) if end is None else end))
                joins = True
            if not joins and "\n" not in gap and e - ps <= MAX_UNIT_CHARS and refers_back(prev, text[s:e]) \
                    and _opens_paragraph(text, ps):
                joins = True
            if not joins and "\n" not in gap and e - ps <= MAX_UNIT_CHARS and points_back(prev, unit) \
                    and not line_term(text, s):  # in an entry, "this option" is its term's (evidence reads it with it)
                joins = True  # "Note the use of the Minimal option ..." and "... always use this option."
            if not joins and "\n" not in gap and e - ps <= MAX_UNIT_CHARS and _DOES_WHAT_BEFORE.match(unit):
                joins = True  # "To do so, add the option --branch-sim=yes.": do what the sentence before says
            if joins:
                out[-1] = (ps, e)
                taken = e
                labelled = labelled and "\n" not in gap
                continue
        out.append((s, e))
        labelled = _LABEL.match(unit) is not None
        if LIST_MARKER.match(unit):
            item = len(out) - 1
    return out


# --- the entry a unit is in ------------------------------------------------------------------

#: an entry opened by option names and then its description on the same line, as rendered man
#: pages have them ("-i, --ignore-case Ignore case ...", "--retry <num> If a transient ...",
#: "-b SIZE Write ..."): the names, each with its argument when one is written with it
_OPTION_NAMES = re.compile(
    r"-{1,2}[A-Za-z0-9?#@][\w\-]*(?:=[^\s:,]+|\[=?[^\]\s]+\]| <[^>\s]+>| [A-Z][A-Z_]+\b)?"
    r"(?:,? -{1,2}[A-Za-z0-9?#@][\w\-]*(?:=[^\s:,]+|\[=?[^\]\s]+\]| <[^>\s]+>| [A-Z][A-Z_]+\b)?)*(?= \S)"
)
#: DocBook's settings, as systemd's and many other pages name them ("Storage= Controls where
#: ...", "SystemMaxUse=, SystemKeepFree=, RuntimeMaxUse= Enforce size limits ...")
_SETTING_NAMES = re.compile(r"[A-Za-z][\w.\-]*=(?:, [A-Za-z][\w.\-]*=)*(?= \S)")
#: a named term and a colon ("StrictHostKeyChecking: If this flag ...", "use-vc (since glibc
#: 2.14): Sets ...", "timeout:n: Sets ...", "-S, --start [--] arguments: Check ..."): a name,
#: more names of the same option, then what is written in brackets or capitals, and at most one
#: lower-case word (the argument's); never a clause ("ssh-keygen supports two types of
#: certificates: user and host.")
_NAMED_TERM = re.compile(
    r"[^\s:]+(?::[^\s:]+)*(?:,? -{1,2}[^\s,:]+)*"
    r"(?: \([^()\n]{1,40}\)| \[[^\]\n]{1,40}\]| <[^>\n]{1,40}>(?:\.\.\.)?|,? [A-Z][A-Z0-9_]+\b)*(?: [a-z][\w-]{0,20})?(?=: \S)"
)
#: a parameter or property as API references list them, a list item that names it and its type
#: before " - " and the description ("- bodyTimeout number | null (optional) - Default: 300e3 -
#: The timeout ...", "- url URL | string - Should only include ...", "- encoding {string}
#: Default: 'utf8'"): the name and the type are the term
_TYPE = r"(?:\{[^{}\n]{1,60}\}|[A-Za-z][\w.]*(?:\[\])?(?:<[^<>\n]{1,40}>)?)"
_TYPED_ITEM = re.compile(
    rf"[-*+\u2022] (?P<term>[A-Za-z_$][\w$.]*:? {_TYPE}(?: \| {_TYPE})*(?: \((?:optional|required)\))?)"
    r"(?= - \S| Default\b|: \S)"
)


def is_typed_item(line: str) -> bool:
    """Whether ``line`` is a parameter's list item with its type (:data:`_TYPED_ITEM`)."""
    return _TYPED_ITEM.match(line) is not None


#: a named term's first word is a name in code: an option, a setting, a CamelCase or
#: snake_case identifier, a lower-case keyword ("rotate", "nofile"), never a label in prose
#: ("Note:", "Changed in version 3.7:", "Default:")
_CODE_WORD = re.compile(r"-{1,2}\w|\S*[=_./<>\[\]():]|[a-z0-9]+[A-Z]|[A-Z][a-z0-9]+[A-Z]|[a-z][a-z0-9\-]*$|[A-Z][A-Z0-9]*_")
#: labels of prose in lower case ("note: ...", "usage: yq [options] ..."): no term
_PROSE_LABELS = frozenset({"note", "notes", "warning", "caution", "important", "tip", "hint", "example", "examples",
                           "usage", "see", "default", "defaults", "description", "summary", "result", "returns"})
#: a name in capitals, a keyword or an environment variable ("TIMEOUT: After the specified number
#: of seconds ...", "VERBATIM: All arguments ...", "PATH: ..."): the term of its entry like a name
#: in code, unless it is one of the labels prose writes in capitals (:data:`_PROSE_LABELS` and
#: :data:`_CAPS_LABELS`)
_CAPS_NAME = re.compile(r"[A-Z][A-Z0-9]+")
_CAPS_LABELS = frozenset({"attention", "danger", "error", "nb", "ps", "todo", "fixme", "xxx", "bug", "bugs", "fix",
                          "fixed", "new", "changed", "removed", "added", "security", "update", "edit", "faq", "info", "ok", "caveat", "question", "answer",
                          # a status an entry's description opens with ("- DEPRECATED: This option has been ...")
                          "deprecated", "obsolete", "experimental", "unstable", "stable", "beta", "alpha", "legacy",
                          "required", "optional", "internal", "since", "status"})
#: the term of the entry a unit is in stands at most this far before the unit, and at most this
#: many lines (paragraphs or list items) up
ENTRY_REACH, ENTRY_LINES = 1500, 3
#: a named term is at most this long
MAX_NAMED_TERM = 80


def _term_at(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The term that opens the line ``text[start:end]``, as offsets: a term line of its own
    (:func:`is_term_line`, without its pilcrow), option names before their description,
    DocBook's settings ("Storage="), or a name in code before a colon; None when the line
    opens with none."""
    line = text[start:end]
    if is_term_line(line):
        return start, start + len(line.rstrip("\u00b6 "))
    if _NAME_LINE.fullmatch(line.rstrip()) is not None:  # "fetch-timeout" heading its own section
        return start, start + len(line.rstrip())
    if (m := _TYPED_ITEM.match(line)) is not None:
        return start + m.start("term"), start + m.end("term")
    if (bullet := BULLET.match(line)) is not None:  # a list item that opens with a term: "- --enjoy-by: --before"
        start, line = start + bullet.end(), line[bullet.end() :]
        if (m := _USAGE_ITEM.fullmatch(line.rstrip())) is not None:  # "- npm install <folder>:" and its lines
            return start, start + m.end("term")
        if (m := _DASHED_TERM.match(line)) is not None and len(m["term"]) <= MAX_NAMED_TERM \
                and _CODE_WORD.match(first := m["term"].split(" ", 1)[0]) is not None and not first.isalpha():
            return start, start + m.end("term")  # "- $SYSTEMD_OFFLINE=[0|1] — if set to 1, ..."
    for pattern in (_OPTION_NAMES, _SETTING_NAMES):
        if (m := pattern.match(line)) is not None:
            return start, start + m.end()
    m = _NAMED_TERM.match(line)
    first = m.group().split(" ", 1)[0] if m is not None else ""
    if m is not None and len(m.group()) <= MAX_NAMED_TERM and first.lower() not in _PROSE_LABELS \
            and (_CODE_WORD.match(first) is not None
                 or _CAPS_NAME.fullmatch(first) is not None and first.lower() not in _CAPS_LABELS):
        return start, start + m.end()
    return None


#: a list item that is a form of a command, its description on the lines below ("- npm install
#: bitbucket:<name>/<repo>[#<commit-ish>]:"): a command's words and its arguments in code, and a colon
_USAGE_ITEM = re.compile(r"(?P<term>[a-z][\w.-]* [^\n]{0,100}?[<>\[\]=/@#][^\n]{0,100}?):")
#: a list item's term in code before a dash and its description ("- $SYSTEMD_OFFLINE=[0|1] — if set
#: to 1, then systemctl will refrain from talking to PID 1; ... You almost certainly want to set
#: this to 1 if ...": the item's later sentences are the variable's)
_DASHED_TERM = re.compile(r"(?P<term>\S+(?: \S+){0,2}) (?:\u2014|\u2013|--) (?=\S)")
#: a line that is a name in code alone: a configuration key heading its section, as npm's pages
#: give each setting ("fetch-timeout", then "- Default: 300000 (5 minutes)" and what it does), an
#: option or a property ("keepAliveTimeout"); never a word ("Description", "force")
_NAME_LINE = re.compile(r"(?:--?)?(?:[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*)")
#: a bullet that opens a list item (a number says a step, and opens no term; the extractive
#: backend keeps it out of a quote's lines for the same reason)
BULLET = re.compile(r"[-*+\u2022]\s+(?=\S)")


def _looks_like_heading(line: str) -> bool:
    """A short line that ends no sentence and leads nothing in: a heading, a line of code."""
    stripped = line.strip()
    return len(stripped) <= 80 and not _SENTENCE_END.search(stripped) and not stripped.endswith(":")


def _line_start(text: str, at: int, lo: int) -> int | None:
    """Where the line holding ``at`` starts, looked for at most :data:`ENTRY_REACH` back
    (never before ``lo``); None when it starts further back."""
    floor = max(lo, at - ENTRY_REACH)
    found = text.rfind("\n", floor, at)
    return found + 1 if found >= 0 else (floor if floor == lo else None)


def _line_head(text: str, start: int) -> tuple[int, int]:
    """The line starting at ``start``, at most :data:`TERM_LINE_CHARS` of it (a longer line
    opens with a term or not in its first characters): linear in the reach, never the text."""
    end = text.find("\n", start, start + TERM_LINE_CHARS)
    return start, min(len(text), start + TERM_LINE_CHARS) if end < 0 else end


#: how much of a line is read for the term that opens it
TERM_LINE_CHARS = 400


def entry_term(text: str, start: int, lo: int = 0) -> tuple[int, int] | None:
    """The term of the entry (an option's, a setting's, a definition's) that the unit starting
    at ``start`` describes but does not name, as offsets into ``text`` (never before ``lo``):
    "This option forces the use of TCP for DNS resolutions." is in the entry "use-vc (since
    glibc 2.14): Sets RES_USEVC ...", "The default timeout is 5 minutes." in
    "SyncIntervalSec= The timeout before synchronizing ...". The term opens the unit's line or
    one of the :data:`ENTRY_LINES` lines before it (within :data:`ENTRY_REACH` characters, no
    heading between); a paragraph after the entry's own belongs to it when a line after it
    opens the next entry, or when it is the one paragraph between the term's and a heading
    (:func:`_opens_entry_after`). None for the unit that names the term itself, and for any
    unit outside an entry. Every scan is bounded by the reach, so a text of one huge line
    costs no more than a short one."""
    pos = _line_start(text, start, lo)
    if pos is None:
        return None
    own = pos  # the unit's own line
    breaks = 0  # blank lines crossed: paragraphs between the unit's and the term's
    for _ in range(ENTRY_LINES + 1):
        if pos is None:
            return None
        term = _term_at(text, *_line_head(text, pos))
        if term is not None:
            if term[1] > start:  # the unit names the term itself
                return None
            if pos != own and BULLET.match(text, pos) is not None \
                    and (BULLET.match(text, own) is not None or _TYPED_ITEM.match(text, pos) is not None):
                return None  # a list item's entry is that item (the next item is its own; a typed one is one line)
            if breaks and not _opens_entry_after(text, start, breaks) \
                    and _NAME_LINE.fullmatch(text[term[0] : term[1]]) is None:  # a name heading its section: to the next heading
                return None
            return term
        if pos <= lo or start - pos > ENTRY_REACH:
            return None
        prev_end = pos - 1
        while prev_end > lo and text[prev_end - 1] == "\n" and pos - prev_end < ENTRY_REACH:
            prev_end -= 1
        breaks += prev_end < pos - 1
        prev_start = _line_start(text, prev_end, lo)
        if prev_start is None or prev_end <= prev_start:
            return None
        head = _line_head(text, prev_start)
        if head[1] == prev_end and _looks_like_heading(text[prev_start:prev_end]) and _term_at(text, *head) is None \
                and BULLET.match(text, prev_start) is None:  # a short list item is no heading
            return None
        pos = prev_start
    return None


def _opens_entry_after(text: str, start: int, breaks: int) -> bool:
    """Whether the paragraph holding ``start``, ``breaks`` paragraphs after its entry's term,
    is one of that entry's: one of the :data:`ENTRY_LINES` lines after it (within
    :data:`ENTRY_REACH`) opens the next entry; or it is the only paragraph after the term's
    and a heading or the text's end follows it ("LineMax= ..." and then "Also note ... Defaults
    to 48K ..." before the heading "Forwarding to traditional syslog daemons")."""
    pos = start
    for n in range(ENTRY_LINES):
        end = text.find("\n", pos, start + ENTRY_REACH)
        if end < 0:
            return breaks == 1 and n == 0 and len(text) - pos <= ENTRY_REACH
        begin = end
        while begin < len(text) and text[begin] == "\n":
            begin += 1
        if begin >= len(text):
            return breaks == 1 and n == 0
        head = _line_head(text, begin)
        if _term_at(text, *head) is not None:
            return True
        if _looks_like_heading(text[head[0] : head[1]]):
            return breaks == 1 and n == 0
        pos = begin
    return False


#: an entry's term as a unit is read with it, at most this long
ENTRY_TERM_CHARS = 80


def entry_name(text: str, start: int) -> str:
    """The term of the entry the unit at ``start`` describes (:func:`entry_term`), on one line
    and at most :data:`ENTRY_TERM_CHARS` long; "" when the unit is in no entry or names it."""
    found = entry_term(text, start)
    return "" if found is None else " ".join(text[found[0] : found[1]].split())[:ENTRY_TERM_CHARS]


def with_term(term: str, unit: str) -> str:
    """A unit of an entry after the entry's term, as the entry's first unit has it: after a
    setting's "=" a space ("SyncIntervalSec= The default timeout is 5 minutes."), after any
    other term a colon ("use-vc (since glibc 2.14): This option forces ...")."""
    return f"{term}{' ' if term.endswith('=') else ': '}{unit}"


def line_term(text: str, at: int) -> str:
    """The term that opens the line holding ``at`` ("NO_SOURCE_PERMISSIONS" of "NO_SOURCE_PERMISSIONS:
    Added in version 3.19. Do not transfer ..."), on one line; "" when the line opens with none
    or starts more than :data:`ENTRY_REACH` back."""
    line_start = _line_start(text, at, 0)
    found = None if line_start is None else _term_at(text, *_line_head(text, line_start))
    return "" if found is None else " ".join(text[found[0] : found[1]].split())


def opening_term(text: str, start: int) -> tuple[int, int] | None:
    """The term that the unit starting at ``start`` opens its entry with (the unit is the
    first of its line and names it: "SyncIntervalSec= The timeout before ..."), as offsets;
    None for any other unit."""
    line_start = _line_start(text, start, 0)
    if line_start is None or text[line_start:start].strip():
        return None
    return _term_at(text, *_line_head(text, start))
