"""Man pages in mdoc, the BSD macro set (OpenSSH's ``ssh.1``, ``scp.1``, ``file.1``, Node's
``node.1``): sections as headings, each list item (an option) with its description as one unit.

mdoc marks up meaning on every line (``.Fl 4`` is the flag ``-4``, ``.Ar file`` an argument,
``.Xr ssh 1`` a reference), so a reader that drops unknown requests, as the ``man`` reader
does with layout, would drop the very names a question asks about. Here each line's macros are
rendered as text: flags get their dash, ``.Op``/``.Oo .. .Oc`` brackets, ``.Dq``/``.Qq``/``.Sq``
quotes, ``.Xr`` its section in parentheses, ``.Nm`` the page's name, ``.Ns`` joins, closing
punctuation attaches; ``.Sh``/``.Ss`` become headings, ``.Bl``/``.It``/``.El`` list items
("-4: Forces scp to use IPv4 addresses only."), ``.Bd -literal``/``.Dl`` code, ``.Ex -std``
its standard sentence. The title is ``name(section)`` from ``.Dt``.
"""

from __future__ import annotations

import re

from citadel._errors import IngestError
from citadel.ingest.man import MAN, _args, _Page, section_heading, unescape
from citadel.ingest.parsed import ParsedDocument
from citadel.models import Location

#: a page is mdoc when one of these comes before any ``.TH``
_MDOC_MARK = re.compile(r"^\.(?:Dd|Dt|Sh)\b", re.MULTILINE)
_TH = re.compile(r"^\.TH\b", re.MULTILINE)


def is_mdoc(text: str) -> bool:
    mark, th = _MDOC_MARK.search(text), _TH.search(text)
    return mark is not None and (th is None or mark.start() < th.start())


#: macros that read as their arguments (meaning markup without a glyph of its own)
_PLAIN = {"Ar", "Cm", "Ic", "Li", "Pa", "Va", "Ev", "Em", "Sy", "No", "Dv", "Er", "Ms", "Tn", "Fa", "Ft",
          "Fd", "Vt", "Ad", "Mt", "An", "Lb", "Bf", "Ef", "Ap", "Cd", "Ot", "Sx", "Tg"}
#: enclosures: opening and closing text, over the rest of the line
_ENCLOSE = {"Op": ("[", "]"), "Dq": ("\u201c", "\u201d"), "Qq": ('"', '"'), "Sq": ("\u2018", "\u2019"),
            "Pq": ("(", ")"), "Bq": ("[", "]"), "Brq": ("{", "}"), "Aq": ("\u27e8", "\u27e9"), "Ql": ("'", "'"),
            "Eo": ("", ""), "Do": ("\u201c", ""), "Qo": ('"', ""), "So": ("\u2018", ""), "Po": ("(", ""),
            "Bo": ("[", ""), "Oo": ("[", ""), "Ao": ("\u27e8", ""), "Bro": ("{", "")}
_CLOSE = {"Dc": "\u201d", "Qc": '"', "Sc": "\u2019", "Pc": ")", "Bc": "]", "Oc": "]", "Ac": "\u27e9",
          "Brc": "}", "Ec": ""}
_SYSTEMS = {"Bx": "BSD", "Ox": "OpenBSD", "Nx": "NetBSD", "Fx": "FreeBSD", "Dx": "DragonFly", "Ux": "UNIX",
            "At": "AT&T UNIX", "Bsx": "BSD/OS"}
_PUNCT = {".", ",", ":", ";", ")", "]", "?", "!"}
_MACRO = re.compile(r"^[A-Z][a-z][a-z]?$")
_EX_STD = "The {} utility exits 0 on success, and >0 if an error occurs."


class _Inline:
    """Renders one line's macro arguments as the text mdoc shows."""

    def __init__(self, name: str) -> None:
        self.name = name

    def render(self, tokens: list[str]) -> str:
        out: list[str] = []
        self._words(tokens, out)
        return self._join(out)

    def _words(self, tokens: list[str], out: list[str]) -> None:
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            i += 1
            if not _MACRO.match(tok) or not self._is_macro(tok):
                out.append(unescape(tok))
                continue
            if tok == "Fl":  # flags: each argument up to the next macro gets its dash
                taken = False
                while i < len(tokens) and not self._is_macro(tokens[i]):
                    if tokens[i] in _PUNCT:
                        break
                    out.append("-" + unescape(tokens[i]))
                    i, taken = i + 1, True
                if not taken:
                    out.append("-")
            elif tok == "Nm":
                if i < len(tokens) and not self._is_macro(tokens[i]) and tokens[i] not in _PUNCT:
                    out.append(unescape(tokens[i]))
                    i += 1
                else:
                    out.append(self.name)
            elif tok == "Xr":
                args: list[str] = []
                while i < len(tokens) and len(args) < 2 and not self._is_macro(tokens[i]) and tokens[i] not in _PUNCT:
                    args.append(unescape(tokens[i]))
                    i += 1
                out.append(f"{args[0]}({args[1]})" if len(args) == 2 else " ".join(args))
            elif tok in _ENCLOSE:
                left, right = _ENCLOSE[tok]
                if right:  # the rest of the line, trailing punctuation outside
                    end = len(tokens)
                    while end > i and tokens[end - 1] in _PUNCT:
                        end -= 1
                    inner: list[str] = []
                    self._words(tokens[i:end], inner)
                    out.append(left + self._join(inner) + right)
                    i = end
                elif left:
                    out.append(left)
                    out.append("\x00")
            elif tok in _CLOSE:
                if _CLOSE[tok]:
                    out.append(_CLOSE[tok])
            elif tok == "Ns":
                out.append("\x00")
            elif tok in _SYSTEMS:
                out.append(_SYSTEMS[tok])
            elif tok == "Lk":  # .Lk url [text]
                rest = tokens[i:]
                i = len(tokens)
                out.append(" ".join(unescape(t) for t in rest[1:]) + f" ({unescape(rest[0])})" if len(rest) > 1
                           else " ".join(unescape(t) for t in rest))
            elif tok in ("Fn", "Fo"):
                args = [unescape(t) for t in tokens[i:] if t not in _PUNCT]
                i = len(tokens)
                out.append(f"{args[0]}({', '.join(args[1:])})" if args else "")
            elif tok in ("Sm", "Bk", "Ek", "Pf", "Db", "Ud", "Es", "Ta"):
                if tok == "Pf" and i < len(tokens):  # .Pf prefix Macro ...: prefix glued to what follows
                    out.append(unescape(tokens[i]))
                    out.append("\x00")
                    i += 1
                elif tok in ("Sm", "Db") and i < len(tokens) and tokens[i] in ("on", "off"):
                    i += 1
            elif tok == "An" and i < len(tokens) and tokens[i] in ("-split", "-nosplit"):
                i += 1  # how author names break in the SYNOPSIS, not text
            # any other macro (one this reader does not know) is left out, its arguments kept

    def _join(self, pieces: list[str]) -> str:
        text, glue = "", False
        for piece in pieces:
            if piece == "\x00":
                glue = True
                continue
            if (not text or glue or piece in _PUNCT or text.endswith(("[", "(", "\u201c", "\u2018", "{", "\u27e8"))
                    or piece.startswith(("]", ")", "\u201d", "\u2019", "}", "\u27e9"))):
                text += piece
            else:
                text += " " + piece
            glue = False
        return text

    def _is_macro(self, tok: str) -> bool:
        return tok in _PLAIN or tok in _ENCLOSE or tok in _CLOSE or tok in _SYSTEMS or tok in {
            "Fl", "Nm", "Xr", "Ns", "Lk", "Fn", "Fo", "Sm", "Bk", "Ek", "Pf", "Db", "Ud", "Es", "Ta", "Ar"}


_BLOCKS_SKIPPED = {"Dd", "Os", "Bk", "Ek", "Sm", "Rs", "Re", "Bf", "Ef", "Db", "Ud", "In", "Tg"}


def load_mdoc(text: str, name: str) -> ParsedDocument:
    """An mdoc man page (see the module docstring); ``text`` is the decoded page."""
    lines = text.replace("\r\n", "\n").split("\n")
    page = _Page()
    title = re.sub(r"\.(?:gz)$", "", name)
    page_name = re.sub(r"\.[^.]*$", "", title)
    inline = _Inline(page_name)
    lists = 0  # open .Bl lists
    literal = False
    for number, line in enumerate(lines, start=1):
        page.line = number
        if literal:
            if line.startswith(".Ed"):
                literal = False
                page.end_code()
            else:
                page.text(line)  # inside code: kept as it is
            continue
        if not line.startswith((".", "'")):
            if line.strip():
                page.text(line)
            elif page.code is None:
                page.flush()
            continue
        request = line[1:].strip()
        if not request or request.startswith('\\"'):
            continue
        macro, _, rest = request.partition(" ")
        tokens = _args(rest)
        if macro == "Dt":
            args = [unescape(a) for a in tokens]
            if args:
                page_name = args[0].lower()
                inline.name = page_name
                title = f"{page_name}({args[1]})" if len(args) > 1 else page_name
        elif macro in ("Sh", "Ss"):
            page.end_code()
            page.flush()
            heading = inline.render(tokens).strip()
            page.builder.heading(1 if macro == "Sh" else 2, section_heading(heading), at=Location.lines(number))
        elif macro in ("Pp", "Lp", "sp", "br"):
            page.flush()
        elif macro == "Nd":
            page.words.append("\u2014 " + inline.render(tokens))
            page._seen()
        elif macro == "Bl":
            page.flush()
            lists += 1
        elif macro == "El":
            page.flush()
            lists = max(0, lists - 1)
        elif macro == "It":
            page.flush()
            term = inline.render(tokens).strip()
            if term:
                page.term = [term]
                page._seen()
        elif macro == "Bd":
            page.flush()
            if "-literal" in tokens or "-unfilled" in tokens:
                literal = True
                page.code = []
        elif macro == "Ed":
            page.end_code()
            page.flush()
        elif macro == "Dl":
            page.flush()
            page.code = [inline.render(tokens)]
            page._seen()
            page.end_code()
        elif macro == "Ex" and "-std" in tokens:
            named = [t for t in tokens if t != "-std"]
            page.words.append(_EX_STD.format(named[0] if named else page_name))
            page._seen()
        elif macro in _BLOCKS_SKIPPED or macro.startswith(("de", "ds", "nr", "if", "ie", "el", "ig")):
            continue
        else:  # an inline macro line: its text, rendered
            shown = inline.render([macro, *tokens])
            if shown.strip():
                if page.words and shown[:1] in _PUNCT:
                    page.words[-1] += shown
                    page._seen()
                else:
                    page.text(shown)
    page.end_code()
    page.flush()
    doc = page.builder.build(title, MAN, {"format": "mdoc"})
    if not doc.text.strip():
        raise IngestError("no text found in the man page")
    return doc
