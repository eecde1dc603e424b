"""What form the answer to a question takes, read from the question's words.

A question that asks "in which version" is answered by a version, "which option" by an
option, "how many" by an amount; a unit that is on topic but has no such thing in it
does not answer. Evidence selection uses these to attach a version note
(:mod:`citadel.retrieve.entries`), to read option entries, and to keep units that state
no amount from answering a question that asks for one. Only the question's form is read
here, never its topic: the words are those of any question of the kind.
"""

from __future__ import annotations

import re

from citadel.retrieve.sentences import asking_sentence

#: a question asks for a version: "which Python version", "what release", "which man-db
#: release", "which GNU make release", "which Debian revision", "since when", "when was it added"
_ASKS = re.compile(
    r"\b(?:which|what)\s+(?:(?!(?:does|do|did|is|was|are|were|can|will|should)\b)[\w.-]+\s+){0,2}(?:version|release|revision)s?\b(?!\s+(?:notes?|control|manager)\b)"
    r"|\bsince\s+when\b"
    r"|\bwhen\s+(?:was|were|did)\b[^?]*\b(?:added|introduced|appear|removed|deprecated)",
    re.IGNORECASE,
)
#: a question asks for a date: "when was 1.47.0 released?", "what is the release date of 3.8?",
#: "in which year did it come out?"
_ASKS_DATE = re.compile(
    r"^\s*when\b|\b(?:release|publication)\s+date\b|\b(?:what|which)\s+(?:date|day|year|month)\b",
    re.IGNORECASE,
)
#: a version asked for in a clause of its own at the end: "..., and in which version was it added?"
_VERSION_CLAUSE = re.compile(
    r",?\s+and\s+(?:(?:in|since|from|with)\s+)?(?:which|what)\s+(?:[\w.-]+\s+)?(?:version|release|revision)s?\b[^?]*\?\s*$",
    re.IGNORECASE,
)
#: a question asks for an option: "which option", "what command-line flag", "with which switch"
_ASKS_OPTION = re.compile(
    r"\b(?:which|what)\s+(?!(?:is|are|was|were|does|do|did|can)\b)(?:[\w-]+\s+){0,2}?(?:option|flag|switch)s?\b",
    re.IGNORECASE,
)
#: a question asks how to do something: "how do I ...", "how can one ...", "is there a way to ...",
#: "what do I pass to make ...": its answer can be an option of the tool it is asked about
_ASKS_HOW = re.compile(
    r"\bhow\s+(?:do|can|could|should|would|might)\s+(?:i|you|we|one)\b"
    r"|\bis\s+there\s+(?:a|any)\s+way\b"
    r"|\bwhat\s+(?:do|should|must)\s+(?:i|you|we)\s+(?:pass|add|give|use|set|type)\b",
    re.IGNORECASE,
)
#: a question asks for an amount: "how many", "what is the maximum field size", "the default
#: value of the recursion limit"; a value that need not be one ("the default value of sep",
#: "the return value") is no amount, nor "a default memory limit" one would set ("Is there a way
#: to set a default memory limit ...?" asks how); and what a number measures, asked as the
#: object of the question ("What TCP port does vgdb listen on?", "What umask applies ...?")
_AMOUNT = r"(?:maximum|minimum|max|min|number|size|length|limit|count|amount|capacity|depth|timeout|duration)s?"
#: what is always written in digits: a port, a user or group id, a umask
_NUMERAL = r"(?:ports?|uids?|gids?|umask)"
_MEASURE = rf"(?:{_NUMERAL}|ratio|percentage|factor|interval|delay|threshold|frequency|rate|width|height)"
_ASKS_QUANTITY = re.compile(
    r"\b(?:how\s+(?:many|much|long|old|far|big|large|tall|often)"
    r"|(?:what|which)\s+(?!(?:is|are|was|were|does|do|did|can|could|will|would|should|must|has|have)\b)"
    rf"(?:[\w/-]+\s+){{0,2}}?(?:{_MEASURE}|{_AMOUNT})\s+(?=(?:does|do|did|is|are|was|were|will|would|should|can|"
    r"could|has|have|must|may|applies|apply|gets?)\b)"
    rf"|what\s+(?:is|was|are|were)\s+the\s+(?:default\s+)?(?:[\w-]+\s+)?{_AMOUNT}"
    rf"|(?<!\ba\s)(?<!\ban\s)default\s+(?:[\w-]+\s+)?{_AMOUNT}"
    rf"|(?:default|initial)\s+value\s+of\s+(?:the\s+)?(?:[\w'\u2019-]+\s+){{0,2}}{_AMOUNT})\b",
    re.IGNORECASE,
)
#: a question asks for what is written in digits ("What TCP port does vgdb listen on?", "Which
#: UID/GID range is set aside?"): a number in words states none ("... running on one computer")
_ASKS_NUMERAL = re.compile(
    rf"\b(?:what|which)\s+(?:[\w/-]+\s+){{0,2}}?{_NUMERAL}\b(?!\s+(?:options?|flags?|settings?|variables?))",
    re.IGNORECASE,
)
_DIGIT = re.compile(r"\d")
#: a number in words
_NUMBER_WORDS = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    r"|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?"
    r"|millions?|billions?|trillions?|dozens?|half|twice|double|triple"
)
#: a unit states an amount: a digit, a number word, or a word for all, none or no limit
_STATES_QUANTITY = re.compile(
    rf"\d|\b(?:{_NUMBER_WORDS}|all|none|unanimous\w*|unlimited"
    r"|infinite|unbounded|without\s+(?:a\s+)?(?:limit|bound)|no\s+limit|percent)\b",
    re.IGNORECASE,
)


def asks_version(question: str) -> bool:
    """Whether the question asks in which version something appeared or changed."""
    return _ASKS.search(question) is not None


#: a version question that asks since when: "since which version", "from what release", "in which
#: version was it added / introduced / removed", "which release first supports ..."
_SINCE = re.compile(
    r"\b(?:since|from|starting(?:\s+(?:with|in|from))?|as\s+of|until|before)\s+(?:which|what)\b"
    r"|\b(?:added|introduced|appeared|removed|dropped|deprecated|new|first|became|changed|start(?:s|ed)?|began)\b",
    re.IGNORECASE,
)
#: a version question that asks which of the versions an operation takes ("which version's changelog
#: do I get?", "which version does apt install?"): its answer may name none ("the installed one")
_CHOOSES = re.compile(
    r"\b(?:gets?|got|uses?|used|using|picks?|picked|chooses?|chose|chosen|selects?|selected|installs?|installed"
    r"|downloads?|downloaded|shows?|shown|displays?|displayed|fetch(?:es|ed)?|loads?|loaded|runs?)\b",
    re.IGNORECASE,
)


def asks_version_number(question: str) -> bool:
    """Whether a version question wants a version number ("Since which version does cpack accept
    --trace-expand?", "Which version of the Unicode database is the data compiled from?"), which
    a unit without a digit cannot state; not one that asks which of the versions an operation
    takes ("which version's changelog do I get?": the installed one), unless it asks since when."""
    return asks_version(question) and (_SINCE.search(question) is not None or _CHOOSES.search(question) is None)


def asks_date(question: str) -> bool:
    """Whether the question asks when something happened ("When was 3.8 released?")."""
    return _ASKS_DATE.search(question) is not None


def without_version_clause(question: str) -> str:
    """The question without a trailing clause that asks for the version ("How do I catch
    parse errors myself, and in which version was that added?" -> "How do I catch parse
    errors myself?"); the question itself when it has none, or when little would be left.
    No unit holds both answers: the units are scored for the rest, and the version comes
    from the entry of the unit that answers it (:mod:`citadel.retrieve.entries`)."""
    match = _VERSION_CLAUSE.search(question)
    if match is None:
        return question
    rest = question[: match.start()].rstrip(" ,;") + "?"
    return rest if len(re.findall(r"\w+", rest)) >= 4 else question


def asks_option(question: str) -> bool:
    """Whether the question asks which option (flag, switch) does something."""
    return _ASKS_OPTION.search(question) is not None


def asks_how(question: str) -> bool:
    """Whether the question asks how to do something (its answer may be an option)."""
    return _ASKS_HOW.search(question) is not None


#: a question that opens by asking which thing ("Which limits.conf item ...", "What option
#: ...", "Which parameter sets ..."): an amount it speaks of later ("... caps how many files a
#: user can have open", "... sets how many seconds to wait") is what the thing is about, not
#: what is asked; "What is the ..." and "What does ..." ask no thing
_ASKS_THING = re.compile(
    r"^\W*(?:which|what)\s+(?!(?:is|are|was|were|does|do|did|can|will|should|would|could|has|have|had|happens?|about)\b)"
    r"(?:[\w./=-]+\s+){0,3}?(?:option|flag|switch|item|setting|parameter|directive|field|variable|key|keyword|"
    r"command|file|column|function|method|argument|entry|signal)s?\b",
    re.IGNORECASE,
)


def asks_quantity(question: str) -> bool:
    """Whether the question asks for an amount (a count, size, duration, default value); not a
    question that asks which thing (an option, an item, a setting) sets or caps an amount
    ("Which limits.conf item caps how many files a user can have open?")."""
    m = _ASKS_QUANTITY.search(question)
    if m is None:
        return False
    thing = _ASKS_THING.search(question)
    return thing is None or thing.end() > m.start()


#: a question asks for a code: "What exit code does it return ...?", "Which HTTP status code
#: ...?", "what numeric error code ...": its answer is a number or a code's name, never "it exits
#: with an error"
_ASKS_CODE = re.compile(
    r"\b(?:what|which)\s+(?!(?:does|do|did|is|are|was|were)\b)(?:[\w/-]+\s+){0,3}?"
    r"(?:exit|status|error|return|response|result)\s+(?:code|status|value)s?\b",
    re.IGNORECASE,
)
#: a constant's name in capitals with an underscore ("PATH_MAX", "ASN1_MAX_NAME_SIZE", "EXIT_FAILURE")
_CONSTANT = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b")
#: a code's name in capitals: a constant's, or an errno's ("EOVERRIDE", "UND_ERR_CLOSED")
_CODE_NAME = re.compile(rf"{_CONSTANT.pattern}|\bE[A-Z]{{3,}}\b")


def asks_code(question: str) -> bool:
    """Whether the question asks for an exit, status or error code."""
    return _ASKS_CODE.search(question) is not None


def states_code(unit: str) -> bool:
    """Whether the unit states a code: a digit (not a man page's section), a code's name in
    capitals, or zero / non-zero."""
    unit = _PAGE_REFERENCE.sub("", unit)
    return re.search(r"\d|\b(?:non-?)?zero\b", unit, re.IGNORECASE) is not None or _CODE_NAME.search(unit) is not None


#: a reference to a man page ("ssh-add(1)", "systemd.exec(5)"): its section is no amount
_PAGE_REFERENCE = re.compile(r"(?<=[\w.-])\(\d[a-z]{0,3}\)")


#: a name with digits after its letters ("sha512sum", "IPv6", "x86_64", "utf8") or a package at a
#: version ("npm@5"): no amount
_NAMED_WITH_DIGITS = re.compile(r"\b[A-Za-z]+\d[\w-]*|(?<![\w.-])[\w.-]+@[\w.^~-]+")


def states_quantity(unit: str, question: str = "") -> bool:
    """Whether the unit states an amount: a digit (not a man page's section: "ssh-add(1)", nor
    in a name such as "sha512sum"), a number word, all, none, no limit, or a constant that
    holds one ("a buffer of at least ASN1_MAX_ERROR_DESCRIPTION_SIZE bytes", "PATH_MAX"), other
    than one the ``question`` names: that is what it asks the amount of ("how many seconds
    does it wait if SYSTEMD_BUS_TIMEOUT is not set?", and "$SYSTEMD_BUS_TIMEOUT=SECS — specifies
    the maximum time to wait ..." states none)."""
    asked = set(_CONSTANT.findall(question))
    plain = _NAMED_WITH_DIGITS.sub("", _PAGE_REFERENCE.sub("", unit))
    amount = _DIGIT if _ASKS_NUMERAL.search(question) else _STATES_QUANTITY  # "one computer" states no port
    return amount.search(plain) is not None or any(c not in asked for c in _CONSTANT.findall(unit))


#: a question asks for a bound, near its question word: "What is the maximum length of a package
#: name?", "What's the largest value --max-threads accepts?", "Is there a limit on how long a line
#: can be?", "What's the lowest UID useradd hands out?"; not "Which resource specifier gives the
#: maximum resident set size?" (the bound is far from "which": a thing is asked)
_BOUND_WORD = (r"maximum|minimum|max|min|largest|smallest|longest|shortest|biggest|highest|lowest|greatest"
               r"|fewest|upper\s+limit|lower\s+limit|upper\s+bound|lower\s+bound|limit|cap|ceiling")
_ASKS_BOUND = re.compile(
    rf"\b(?:what|which|is\s+there|are\s+there)(?:'s|\s+is|\s+are|\s+was|\s+were)?\s+(?:[\w-]+\s+){{0,3}}?"
    rf"(?:{_BOUND_WORD})s?\b(?!-)",
    re.IGNORECASE,
)
#: a unit states a bound: "limited to 199", "at most", "up to 500 threads", "must be less than or
#: equal to 214 characters", "2048 or higher", "may range between 1024 and 65011712", "1-9", "no
#: limit", "cannot exceed", or a name with a bound in it ("MAX_PREC", "UID_MIN", "--max-depth",
#: "maxTimeout")
_STATES_BOUND = re.compile(
    r"\b(?:max(?:imum|imal|imally)?|min(?:imum|imal|imally)?|limit(?:s|ed|ing)?|unlimited|unbounded|bound(?:s|ed)?"
    r"|at\s+(?:most|least)|up\s+to|(?:no|not)\s+(?:more|fewer|less|greater|larger|longer|higher|bigger)\s+than"
    r"|(?:cannot|can't|can\s+not|must\s+not|may\s+not|should\s+not|does\s+not|doesn't|never)\s+(?:\w+\s+)?exceed"
    r"|exceed(?:s|ed|ing)?|(?:greater|larger|bigger|higher|more|less|smaller|lower|fewer|longer|shorter)\s+than"
    r"|or\s+(?:more|higher|above|less|fewer|lower|below|greater|larger|smaller|bigger|longer|shorter|later|newer)"
    r"|ranges?|ranging|between\s+\S+\s+and|largest|smallest|longest|shortest|highest|lowest|biggest|greatest"
    r"|capped|caps|ceiling|restricted\s+to|as\s+(?:many|much|long|large|high|big|few|little)\s+as)\b"
    r"|(?i:(?<![a-z])(?:max|min)(?![a-z]))|(?<![a-zA-Z])(?:max|min)(?=[A-Z])"
    r"|\d\s*(?:-|\u2013|\.\.)\s*\d|(?<![\w.,])\d[\w.,]*\s+(?:to|through)\s+\d|<=|>=|[\u2264\u2265]|[<>]\s*\d",
    re.IGNORECASE,
)


#: a question asks for an address to write to or open: "What is the e-mail address of Mike
#: Gorse?", "What mailing list does the file give for contacting upstream?", "From which URL can
#: I download the source?", "What is the project's home page?"; not a path on a server ("What
#: registry URL path does npm audit use?"), nor an option that shows addresses ("Which option
#: shows people's e-mail addresses?": a thing is asked)
_ASKS_ADDRESS = re.compile(
    r"\b(?:what|which|where)\b(?:'s)?[^?]{0,60}?\b(?:(?P<mail>e-?mail\s+address(?:es)?|e-?mail\s+contact|mail\s+address(?:es)?|mailing\s+lists?|contact\s+address)"
    r"|(?P<web>urls?|web\s*sites?|web\s*pages?|home\s*pages?|web\s+address(?:es)?|download\s+location))\b"
    r"(?!\s+(?:paths?|parameters?|prefix|options?|flags?|settings?|length|size|limit|scheme|encoding|components?"
    r"|parts?|format|module|fields?|headers?|strings?|patterns?|syntax|templates?|handlers?|class|functions?|methods?)\b)",
    re.IGNORECASE,
)
#: an e-mail address, also as people write it against harvesters ("jo at example dot org",
#: "<jo (at) example.org>")
#: (each alternative starts only where a run of name characters starts: a long run of dotted
#: words is scanned once, not once from each of its words)
_EMAIL = (r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
          r"|(?<![\w.+-])[\w.+-]+\s*(?:\(at\)|\[at\]|\{at\}|<at>|\s+at\s+)\s*[\w-]+"
          r"(?:\s*(?:\(dot\)|\[dot\]|\{dot\}|\s+dot\s+|\.)\s*[\w-]+)+")
#: a web address: a URL, "www." or a host name under a common top-level domain
_WEB = (r"(?<![\w+.-])[a-z][\w+.-]*://\S+|(?<![\w.-])www\.[\w-]+\.\S+"
        r"|(?<![\w.-])[\w-]+(?:\.[\w-]+)*\.(?:org|com|net|edu|gov|io|dev|info|de|uk|fr|nl|ch|jp|eu|us|ca|au|at|se|no|fi"
        r"|it|es)\b")
_STATES_EMAIL = re.compile(_EMAIL, re.IGNORECASE)
_STATES_WEB = re.compile(_WEB, re.IGNORECASE)

#: a question asks which licence something is under: "What license is httplib2 under?", "Under
#: which licence is ...?", "How is libpng licensed?"; not what a licence says ("What does the MIT
#: license require?")
_ASKS_LICENCE = re.compile(
    r"\b(?:which|what)\s+(?!(?:does|do|did|is|are|was|were|can|must|should|would)\b)(?:[\w-]+\s+){0,2}?licen[cs]es?\b"
    r"(?!\s+(?:terms?|conditions?|text|agreement|clauses?|requirements?|grants?|obligations?)\b)"
    r"|\b(?:what|which)\s+(?:is|are|was|were)\s+the\s+(?:[\w-]+\s+){0,2}?licen[cs]es?\s+(?:of|for|on|that|covering)\b"
    r"|\b(?:what|which)\s+(?:is|are|was|were)\s+(?:its|their|his|her|(?:that|this|the)\s+[\w-]+['\u2019]s|[\w-]+['\u2019]s)"
    r"\s+(?:[\w-]+\s+){0,2}?licen(?:[cs]es?|sing)\b"
    r"|\bhow\s+(?:is|are)\s+[^?]{1,80}?\blicen[cs]ed\b"
    r"|\bunder\s+(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:licen[cs]e|terms)",
    re.IGNORECASE,
)
#: a question asks who holds a copyright: "Who holds the copyright on lib/lz4file.c?", "Which
#: company owns the copyright ...?", "Who is the copyright holder of gitk?"
_ASKS_HOLDER = re.compile(
    r"\bwho\b[^?.]{0,40}?\b(?:holds?|owns?|has|held|owned)\b[^?.]{0,30}?\bcopyrights?\b"
    r"|\b(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:company|companies|organi[sz]ations?|person|people|firm|entity)"
    r"\s+(?:holds?|owns?|held|owned)\b[^?.]{0,30}?\bcopyrights?\b"
    r"|\bcopyright\s+(?:holder|owner)s?\b",
    re.IGNORECASE,
)


def asks_licence(question: str) -> bool:
    """Whether the question asks which licence something is under, or who holds its copyright."""
    return _ASKS_LICENCE.search(question) is not None or _ASKS_HOLDER.search(question) is not None


def asks_licence_name(question: str) -> bool:
    """Whether the question asks which licence something is under."""
    return _ASKS_LICENCE.search(question) is not None


def asks_copyright_holder(question: str) -> bool:
    """Whether the question asks who holds a copyright."""
    return _ASKS_HOLDER.search(question) is not None


#: a question asks for a year: "In what year did Eric Pruitt write it?", "Which years does the
#: copyright cover?"
_ASKS_YEAR = re.compile(r"\b(?:what|which)\s+years?\b", re.IGNORECASE)
#: a unit states a year (a four-digit one of the last four centuries)
_STATES_YEAR = re.compile(r"(?<![\d.])(?:1[6-9]|20)\d\d(?![\d.])")


def asks_year(question: str) -> bool:
    """Whether the question asks for a year."""
    return _ASKS_YEAR.search(question) is not None


def states_year(unit: str) -> bool:
    """Whether the unit states a year ("2006, Joe Gregorio", "1998-2010"; not "3.2000")."""
    return _STATES_YEAR.search(unit) is not None


#: a question asks for a default: "what is the default ...", "by default", "unless told
#: otherwise", "if I don't pass -l, what ...", "out of the box"
_ASKS_DEFAULT = re.compile(
    r"\bdefault(?:s|ed)?\b|\bunless\s+(?:\w+\s+){0,2}(?:told|specified|set|given|configured|changed|overridden)\b"
    r"|\bunless\s+(?:\w+\s+){0,2}otherwise\b|\bout\s+of\s+the\s+box\b"
    r"|\bif\s+(?:i|you|we|one)\s+(?:don'?t|do\s+not|never|didn'?t)\s+(?:pass|give|set|specify|supply|provide|configure|change|use)\b",
    re.IGNORECASE,
)
_STATES_DEFAULT = re.compile(r"\bdefault(?:s|ed)?\b", re.IGNORECASE)
#: an asking sentence that asks for a value: a question word ("what", "which", "where", "how
#: many", ...) ...
_ASKS_WH = re.compile(
    r"\b(?:what|which|where|who|how\s+(?:many|much|long|big|large|often|wide|deep|high|far|old))\b", re.IGNORECASE
)
#: ... where it opens (or its clause after a leading one opens) with no auxiliary: "Is it on by
#: default?" and "Out of the box, does git clean insist on -f?" are answered yes or no, not by a value
_YES_NO = re.compile(
    r"^(?:[^,?]*,\s*)?(?:is|are|was|were|does|do|did|can|could|will|would|should|shall|has|have|had|must|may)\b",
    re.IGNORECASE,
)
#: a unit states what a default is: "by default", "the default is 50", "defaults to three",
#: "default of 75 columns", "The default compression level is -6", "Default: 30000", "(the
#: default)", "[default: no]", "this is the default mode", and what happens when a setting is not
#: given ("When not specified, start-stop-daemon will change directory to the root directory";
#: not "If not specified, a default will be selected")
_STATES_DEFAULT_VALUE = re.compile(
    r"\bby\s+default\b|\bdefault(?:s|ed)?\s+(?:[\w-]+\s+){0,3}?(?:is|are|was|were|to)\b|\bdefault\s+of\b"
    r"|\b(?:when|if|unless)\s+(?:[\w-]+\s+){0,3}?(?:not|never)\s+(?:specified|given|set|present|supplied|passed|used),"
    r"\s+(?!(?:a|the)\s+default\b)"
    r"|\bdefault(?:s|ed)?\s*[:=]|[(\[]\s*(?:the\s+)?default\b|\bdefault\s*[)\]]|\bis\s+(?:the\s+|a\s+)?default\b",
    re.IGNORECASE,
)
#: a unit states a value: a boolean or empty one ("true", "disabled", "None"), a path
#: ("/usr/local/lib", "~/.sh_history", "R_HOME/site-library", "cr/corrections/pdf"; not "and/or"),
#: or a quoted literal ("'Password: '", "‘man’")
_STATES_LITERAL = re.compile(
    r"\b(?:true|false|yes|off|enabled|disabled|none|null|empty|unset)\b"
    r"|(?<![\w<>])(?:~|\.{1,2}|\$?[A-Z][A-Z0-9]*_[A-Z0-9_]*)?/[\w.-]+|(?<![\w.-])[\w.-]+/[\w.-]+/[\w.-]+",
    re.IGNORECASE,
)
_QUOTED = re.compile("[\"'\u2018\u201c`]([^\"'\u2019\u201d`\n]{1,60})[\"'\u2019\u201d`]")
#: a unit states a number: a digit or a number word (not "all", "none": those are amounts, no values)
_STATES_NUMBER = re.compile(rf"\d|\b(?:{_NUMBER_WORDS})\b", re.IGNORECASE)


_ASKS_RETURN = re.compile(r"\breturn(?:s|ed|ing)?\b|\bgives?\s+(?:\w+\s+)?back\b", re.IGNORECASE)
_STATES_RETURN = re.compile(r"\s*(?:returns?|return\s+values?)\s*:", re.IGNORECASE)


_ASKS_MEMBER = re.compile(
    r"\b(?:which|what)\s+(?:[\w'-]+\s+){0,3}?(?:functions?|macros?|constants?|flags?|types?|enums?|enumerators?|"
    r"callbacks?|methods?|calls?|APIs?|structs?|structures?|options?|values?|members?|fields?|routines?)\b"
    r"|\b(?:instead|alternatives?|equivalents?|counterparts?|variants?|similar)\b",
    re.IGNORECASE,
)


_ASKS_API_MEMBER = re.compile(
    r"\b(?:which|what)\s+(?:(?!(?:is|are|was|were|do|does|did|can|could|should|will|would|has|have)\b)[\w'-]+\s+){0,3}?"
    r"(?:(?P<function>functions?|callbacks?|routines?)"
    r"|(?P<constant>macros?|constants?|flags?|enumerators?)|(?P<type>structs?|typedefs?|enums?))\b(?!\s+of\b)",
    re.IGNORECASE,
)
#: a name in code in prose: snake_case, or a capital inside ("base64url_encode_init",
#: "xmlDocGetRootElement", "SDL_AllocRW", "GetValue")
_NAME_IN_CODE = r"\b[A-Za-z]\w*_\w+|\b[a-z]+[A-Z]\w*|\b[A-Z][a-z0-9]+[A-Z]\w*"
#: how a unit names each kind of member: a function called or declared ("free()",
#: "SDL_RWops *SDL_AllocRW(void)"), by a name in code, R's dotted name ("read.xport"; not
#: "e.g."), or an entry's term that calls it ("scale ( EXPRESSION ): ..."; not a word before a
#: parenthesis in prose: "the auricle (or pinna)"); a constant in capitals, a macro's
#: definition, an option ("SDL_RWOPS_JNIFILE", "#define G_MININT", "--save-dev"); a type by
#: any name in code, capitals before a word ("GArray") or scoped ("std::vector")
_NAMES_MEMBER = {
    # a call: a run of name characters ("os.path.join", "std::sort") that a "(" closes, with a
    # name in it; the run is checked for its "(" once, from where it starts (read from each of
    # its words, a long run of "a.a.a..." took seconds)
    "function": re.compile(rf"(?<![\w.:])(?=[\w.:]*\()[\w.:]*?\b[A-Za-z_]|^\s*[A-Za-z_][\w.:]* \(|{_NAME_IN_CODE}"
                           rf"|\b[a-z]{{2,}}\.[a-z]{{2,}}\w*"),
    "constant": re.compile(rf"{_CONSTANT.pattern}|#\s*define\b|(?<![\w-])--?[A-Za-z][\w-]*"),
    "type": re.compile(rf"{_NAME_IN_CODE}|\b[A-Z]{{2,}}[a-z]\w*|\b\w+::\w+"),
}
#: a web or mail address: it names no member ("https://www.counterpane.com/yarrow.html"); read
#: from where a run of non-space starts, the mail address up to its first "@" at once (an atomic
#: group: a later "@" can only do worse), so a long run is scanned once, not once per character
#: and "@" (quadratic, or worse: 20,000 characters of "a@a@..." took minutes)
_ADDRESS = re.compile(r"(?<!\S)\S+://\S+|\bwww\.\S+|(?<!\S)(?>\S+?@)\S+\.\w+")


def asked_member(question: str) -> str | None:
    """The kind of API member the question asks for by what it does ("Which SDL2 function
    ...?": "function"; "which flag ...?": "constant"; "which struct ...?": "type"), or None."""
    m = _ASKS_API_MEMBER.search(question)
    return None if m is None else next(kind for kind, text in m.groupdict().items() if text)


def names_member(kind: str, unit: str) -> bool:
    """Whether a unit names a member of that kind (:data:`_NAMES_MEMBER`): where one does,
    one that does not cannot say which it is ("Use this function to allocate ..." beside
    "SDL_RWops *SDL_AllocRW(void): Use this function to allocate ...")."""
    return _NAMES_MEMBER[kind].search(_ADDRESS.sub(" ", unit)) is not None


def asks_member(question: str) -> bool:
    """Whether the question asks for a member of an API by what it does ("Which SDL2 function
    puts every category back ...?", "what should I call instead of ...?", "which flag ...?"),
    not about a member it names."""
    return _ASKS_MEMBER.search(question) is not None


def asks_return(question: str) -> bool:
    """Whether the question asks what a function returns ("What does xmlParseFile return when
    ...?", "what does SDL_RWseek give back?")."""
    return _ASKS_RETURN.search(question) is not None


def labels_return(unit: str) -> bool:
    """Whether a unit is an API entry's return value under its label ("Returns: the final
    offset ...", "Return value: ...")."""
    return _STATES_RETURN.match(unit) is not None


def asks_default(question: str) -> bool:
    """Whether the question asks what holds when nothing is set: a default."""
    return _ASKS_DEFAULT.search(question) is not None


def states_default(unit: str) -> bool:
    """Whether a unit says what a default is ("The default is ask.", "Defaults to 48K", "(the
    default)")."""
    return _STATES_DEFAULT.search(unit) is not None


def asks_default_value(question: str) -> bool:
    """Whether the question asks which value holds when nothing is set ("What is the default
    FAIL_DELAY in login.defs?", "How often does watch rerun my command if I don't pass an
    interval?", "Where does time write its statistics by default?"): a question for a default
    (:func:`asks_default`) that asks with a question word, not yes or no ("Is MD5 checking on by
    default?"), and neither how to do something, nor which option, variable or command to use
    ("Which environment variable holds default options?": a thing, not a value), nor in which
    version a default changed."""
    if (not asks_default(question) or asks_how(question) or asks_version(question)
            or _ASKS_THING.search(question) is not None):
        return False
    ask = asking_sentence(question)  # "The first cluster gets port 5432. Which port will the next get?"
    return _ASKS_WH.search(ask) is not None and _YES_NO.match(ask) is None


def states_value(unit: str, question: str = "") -> bool:
    """Whether the unit states a value a default could be: a number (:func:`states_quantity`'s
    digits and number words), what a default is ("by default", "defaults to", "(the default)"),
    a boolean or empty value, a path, or a quoted literal the ``question`` does not itself
    name. "The AUTOMOC target property may be pre-set for all following targets by setting the
    CMAKE_AUTOMOC variable." names the setting a question asks the default of and states none
    of its values: it does not answer "What is AUTOMOC's default value?"."""
    plain = _NAMED_WITH_DIGITS.sub("", _PAGE_REFERENCE.sub("", unit))
    if _STATES_NUMBER.search(plain) or _STATES_DEFAULT_VALUE.search(unit) or _STATES_LITERAL.search(unit):
        return True
    asked = question.lower()
    return any(q.strip() and q.strip().lower() not in asked for q in _QUOTED.findall(unit))


def asks_bound(question: str) -> bool:
    """Whether the question asks for a bound: a maximum, a minimum, a limit ("What is the
    maximum number of questions in one exam?", "Is there a limit on ...?"); not which thing sets
    one ("Which option sets the maximum depth?"), nor a minimum version (a version asked)."""
    if asks_version(question) or _ASKS_THING.search(question) is not None:
        return False
    return _ASKS_BOUND.search(asking_sentence(question)) is not None


def states_bound(unit: str) -> bool:
    """Whether the unit states a bound (:data:`_STATES_BOUND`: "is limited to 199", "up to 500",
    "2048 or higher", "between 1024 and 65011712", "MAX_PREC"). "You can tell Gri how many
    lines to read with a command like read columns 10 x y." states an amount and no bound: it
    does not answer "What's the maximum number of rows read columns can hold?"."""
    return _STATES_BOUND.search(unit) is not None


def asked_address(question: str) -> str | None:
    """The kind of address the question asks for: "mail" (an e-mail address, a mailing list)
    or "web" (a URL, a web site or home page), or None."""
    if _ASKS_THING.search(question) is not None or asks_quantity(question) or asks_bound(question):
        return None
    m = _ASKS_ADDRESS.search(asking_sentence(question))
    return None if m is None else ("mail" if m.group("mail") else "web")


def states_address(kind: str, unit: str) -> bool:
    """Whether the unit states an address of that kind: an e-mail address for "mail" (a
    mailing list's web page too), a URL or host name for "web". "Upstream-Contact: Mike Gorse"
    names the contact and gives no address: it does not answer "What is Mike Gorse's e-mail
    address?"."""
    if _STATES_EMAIL.search(unit) is not None:
        return True
    return _STATES_WEB.search(unit) is not None and (kind == "web" or "list" in unit.lower())
