"""reStructuredText, read with docutils: sections as headings, paragraphs, list items, table
rows with their header, literal blocks as code, admonitions and Sphinx's version notes as
prose that says what they are.

Sphinx's own directives (``versionadded``, ``versionchanged``, ``deprecated``, ``seealso``,
``code-block``, ``note``-like boxes, ``tab``) are not docutils', so each is given a reading
here ("Added in version 3.2: ..."); a directive of a project's own extension (CMake's
``genex``) is read as such a box; any other role (``:func:`open```, ``:ref:`setup```)
keeps its text. docutils never reads other files or runs anything for us: ``raw`` and file
insertion are disabled, and its messages are silenced (a document with a markup error is
still read; one that docutils cannot read at all fails with its reason). ``include`` reads a
file only through an :class:`Includer`, which ingest gives a file read from a folder it
walks: from inside that folder only, bounded (an upload includes nothing).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from citadel._errors import IngestError
from citadel.ingest.parsed import ParsedDocument, TextBuilder, row_location
from citadel.models import ChunkKind, Location

RST = "text/x-rst"

_VERSION_NOTES = {
    "versionadded": "Added in version", "versionchanged": "Changed in version",
    "deprecated": "Deprecated since version", "versionremoved": "Removed in version",
}
_BOXES = {"seealso": "See also", "tab": "Tab", "tab-item": "Tab", "dropdown": "", "todo": "To do",
          "hlist": "", "rubric": "", "centered": "", "glossary": "", "only": ""}
#: boxes whose argument is a condition for a builder ("html", "not man"), not text
_CONDITIONS = {"only", "ifconfig"}
_CODE = {"code-block", "sourcecode", "literalinclude", "doctest", "testcode", "productionlist"}
#: a role, whatever its name: its text is kept (``:func:`open``` -> ``open``)
_ROLE = re.compile(r":(?:[a-zA-Z][\w.+-]*:)+`((?:[^`\\]|\\.)+)`")
#: a role's shown text before its target: "Build types <Build Configurations>"; a ``<...>`` that
#: follows no space is part of the name ("CMAKE_<LANG>_FLAGS_<CONFIG>"), as CMake's and most
#: projects' references read it, and a target may hold such a placeholder itself
_TARGET = re.compile(r"^(.*\S)\s+<((?:[^<>]|<[^<>]*>)+)>$", re.DOTALL)
#: a directive's name at the start of its line (``.. genex:: $<BOOL:string>``)
_DIRECTIVE = re.compile(r"^[ \t]*\.\.[ \t]+([A-Za-z][\w:.+-]*)::", re.MULTILINE)
#: directives whose text lives in another file, which is never read: nothing of them is kept
_ELSEWHERE = {"include", "cmake-module"}
#: the source name docutils gives the document itself (an included file's is its path)
_MAIN = "<citadel document>"
#: files one document includes, at most (nested ones counted), and their bytes together at most
MAX_INCLUDES = 32
MAX_INCLUDED_BYTES = 2_000_000


class Includer:
    """Reads the files a reST document includes, from the folder it was ingested from only:
    a path relative to the including file ("../include/OPTIONS.txt"), or to the folder with a
    leading "/" (Sphinx's source root). Nothing outside the folder (after links are followed),
    hidden, not a regular file, not UTF-8 text, or over :data:`MAX_INCLUDES` files or
    :data:`MAX_INCLUDED_BYTES` bytes in all is read: such an include gives nothing."""

    def __init__(self, root: Path, document: Path) -> None:
        self.root = root.resolve()
        self.document = document
        self.count = 0
        self.left = MAX_INCLUDED_BYTES

    def path_of(self, target: str, including: str | None) -> str:
        """The path ``target`` names, from the file ``including`` (None: the document)."""
        if target.startswith("/"):
            return str(self.root / target.lstrip("/"))
        base = Path(including).parent if including and including != _MAIN else self.document.parent
        return str(base / target)

    def __call__(self, including: str | None, target: str) -> str | None:
        from citadel.ingest.loaders import decode_text

        if self.count >= MAX_INCLUDES or not target.strip() or "\x00" in target:
            return None
        try:
            real = Path(self.path_of(target.strip(), including)).resolve(strict=True)
            inside = real.relative_to(self.root)
            if any(part.startswith(".") for part in inside.parts) or not real.is_file() \
                    or real.stat().st_size > self.left:
                return None
            with real.open("rb") as file:  # never more than is left, though it grew since
                data = file.read(self.left + 1)
            if len(data) > self.left:
                return None
            text = decode_text(data)
        except (OSError, ValueError, RuntimeError, IngestError):
            return None
        self.count += 1
        self.left -= len(data)
        return text



def _register() -> None:
    """Teach docutils Sphinx's directives, once: each becomes a container the walk reads."""
    from docutils import nodes
    from docutils.parsers.rst import Directive, directives
    from docutils.statemachine import StringList

    class AnyOption(dict[str, Any]):
        """Sphinx's directives take options docutils has never heard of: accept them all."""

        def __contains__(self, key: object) -> bool:
            return True

        def __getitem__(self, key: str) -> Any:
            return directives.unchanged

        def __bool__(self) -> bool:  # docutils parses a directive's options only when it has some
            return True

    global _ANY_OPTION
    _ANY_OPTION = AnyOption()

    class Box(Directive):
        """A directive read as a container of its content, led by its name and argument."""

        has_content = True
        optional_arguments = 1
        final_argument_whitespace = True
        option_spec = _ANY_OPTION
        named = True  # the lead names the directive ("Note"); a domain object's does not

        def run(self) -> list[Any]:
            node = nodes.container(classes=["citadel-directive"])
            node["citadel_name"] = self.name if self.named else ""
            argument = " ".join(self.arguments)
            if self.name in _VERSION_NOTES and len(argument.split(None, 1)) == 2:
                # ".. versionadded:: 3.2 The timeout option." : the version, then its text
                argument, text = argument.split(None, 1)
                node += nodes.paragraph(text=_plain(text))
            node["citadel_argument"] = "" if self.name in _CONDITIONS else argument
            self.state.nested_parse(self.content, self.content_offset, node)
            return [node]

    global _BOX
    _BOX = Box

    class Options(Box):  # Sphinx's domain directives: ".. function:: open(file)"
        named = False

    class Code(Box):
        def run(self) -> list[Any]:
            return [nodes.literal_block("\n".join(self.content), "\n".join(self.content))]

    class TocTree(Box):
        """Sphinx's table of contents: its entries' titles as a list ("CMP0142: The Xcode
        generator ..." from "CMP0142: ... </policy/CMP0142>"); an entry that is only a
        document's name or a pattern says nothing and is left out."""

        def run(self) -> list[Any]:
            entries = nodes.bullet_list()
            for line in self.content:
                m = _TARGET.match(line.strip())
                if m:
                    entries += nodes.list_item("", nodes.paragraph(text=_plain(m.group(1))))
            return [entries] if entries.children else []

    class Include(Directive):
        """Sphinx's and docutils' ``include``: the file's text read in place as reST (or as a
        listing with ``:literal:`` / ``:code:``), when the document came from a folder and the
        file is inside it (:class:`Includer`); else nothing, as a file not read here. Its
        blocks are located at the include's line: their own lines are another file's."""

        required_arguments = 1
        final_argument_whitespace = True
        option_spec = _ANY_OPTION

        def run(self) -> list[Any]:
            reader: Includer | None = getattr(self.state.document.settings, "citadel_include", None)
            source, _ = self.state_machine.get_source_and_line(self.lineno)
            text = None if reader is None else reader(source if source != _MAIN else None, self.arguments[0])
            if reader is None or text is None:
                getattr(self.state.document.settings, "citadel_elsewhere", []).append(self.arguments[0])
                return []
            after, before = self.options.get("start-after"), self.options.get("end-before")
            if after and after in text:
                text = text.split(after, 1)[1]
            if before and before in text:
                text = text.split(before, 1)[0]
            box = nodes.container(classes=["citadel-included"])
            box["citadel_included"] = self.lineno
            if "literal" in self.options or "code" in self.options:
                box += nodes.literal_block(text, text)
                return [box]
            text = _prepared(text)
            lines = StringList(text.splitlines(), source=reader.path_of(self.arguments[0], source))
            self.state.nested_parse(lines, 0, box, match_titles=True)
            return [box]

    for name in (*_VERSION_NOTES, *_BOXES):
        directives.register_directive(name, Box)
    for name in _CODE:
        directives.register_directive(name, Code)
    for name in ("function", "method", "class", "attribute", "data", "exception", "module",
                 "option", "envvar", "program", "describe", "object", "py:function", "py:method",
                 "py:class", "py:attribute", "py:data", "py:exception", "py:module", "c:function",
                 "c:macro", "c:type", "c:member", "cmdoption", "decorator", "currentmodule",
                 "index", "toctree", "autofunction", "autoclass", "automodule"):
        directives.register_directive(name, Options)
    directives.register_directive("toctree", TocTree)
    directives.register_directive("include", Include)


_REGISTERED: list[bool] = []
_BOX: Any = None  # the directive class unknown names are registered as
#: directive names learned from documents, at most (a registry that only grows)
MAX_DIRECTIVES = 2000
_ANY_OPTION: Any = None


def load_rst(data: bytes, name: str, include: Includer | None = None) -> ParsedDocument:
    """A reStructuredText file (see the module docstring); ``include`` reads the files it
    includes (:class:`Includer`), else none is read."""
    from docutils.core import publish_doctree
    from docutils.utils import SystemMessage

    from citadel.ingest.loaders import _check_source_chars, decode_text

    if not _REGISTERED:
        _register()
        _REGISTERED.append(True)
    source = decode_text(data)
    _check_source_chars(source, "reStructuredText file")
    source = _prepared(source)
    elsewhere: list[str] = []  # the files its text is in that were not read
    settings = {"report_level": 5, "halt_level": 5, "file_insertion_enabled": False,
                "raw_enabled": False, "input_encoding": "unicode", "warning_stream": False,
                "doctitle_xform": False, "sectsubtitle_xform": False, "citadel_include": include,
                "citadel_elsewhere": elsewhere}
    try:
        tree = publish_doctree(source, source_path=_MAIN, settings_overrides=settings)
    except SystemMessage as exc:  # pragma: no cover - halt_level 5 stops nothing
        raise IngestError(f"could not read the reStructuredText ({exc})") from exc
    walker = _Walker(elsewhere)
    walker.walk(tree, 0)
    title = walker.first_heading or name.rsplit(".", 1)[0]
    doc = walker.builder.build(title, RST)
    if not doc.text.strip():
        if elsewhere:  # CMake's module pages: ".. cmake-module:: ../../Modules/FindBoost.cmake"
            shown = ", ".join(elsewhere[:3]) + (", ..." if len(elsewhere) > 3 else "")
            raise IngestError(f"no text found in the reStructuredText file: its text is in {shown}, which was not "
                              "read with it (an include is read only from inside the folder being ingested)")
        raise IngestError("no text found in the reStructuredText file")
    return doc


def _prepared(source: str) -> str:
    """A page's or an included file's reST as docutils is given it: every role's text as code
    (docutils knows few roles), every directive it names known (:func:`_register_unknown`)."""
    _register_unknown(set(_DIRECTIVE.findall(source)) - _ELSEWHERE)
    return _ROLE.sub(lambda m: "``" + _role_text(m.group(1)).replace("`", "'") + "``", source)


def _register_unknown(names: set[str]) -> None:
    """A Sphinx extension's directives (CMake's ``genex``, ``variable``, ``signature``; a
    project's ``confval``) are read as boxes: the directive's name and argument lead its
    content, which is reStructuredText like the rest (lists, code, version notes inside)."""
    from docutils.parsers.rst import directives

    known = {*getattr(directives, "_directive_registry", {}), *getattr(directives, "_directives", {})}
    for name in names - known:
        if len(known) < MAX_DIRECTIVES:  # names come from documents: bounded
            directives.register_directive(name, _BOX)
            known.add(name)


def _plain(text: str) -> str:
    """Inline markup of a directive's argument as its text (``code``, *emphasis*)."""
    return " ".join(re.sub(r"``(.+?)``|\*\*(.+?)\*\*|\*(.+?)\*", lambda m: next(g for g in m.groups() if g),
                           text).split())


def _role_text(text: str) -> str:
    m = _TARGET.match(text)
    shown = m.group(1) if m and m.group(1) else text
    return shown.lstrip("~!")


def _in_message(node: Any) -> bool:
    """The node is part of a docutils message (a markup error's text, never the document's)."""
    from docutils import nodes

    parent = node.parent
    while parent is not None:
        if isinstance(parent, nodes.system_message):
            return True
        parent = parent.parent
    return False


def _text(node: Any) -> str:
    """A list item's or a definition's text on one line, its boxes led by what they are: a
    version note inside an option's description says when the option came ("NATIVE_COMMAND:
    Added in version 3.9. Proceeds as in WINDOWS_COMMAND mode ..."), which its bare text
    (docutils' ``astext``) loses; a markup error's message is no text of it."""
    from docutils import nodes

    if isinstance(node, nodes.system_message | nodes.comment | nodes.target | nodes.substitution_definition):
        return ""
    if isinstance(node, nodes.Text):
        return str(node.astext())
    if isinstance(node, nodes.container) and "citadel_name" in node.attributes:
        lead = _box_lead(node)
        body = " ".join(t for c in node.children if (t := _text(c)))
        if not lead:
            return body
        return f"{lead}: {body}" if body else f"{lead}."
    if isinstance(node, nodes.TextElement) or not any(  # nothing inside to say otherwise: its text
            isinstance(n, nodes.system_message) or "citadel_name" in n.attributes for n in node.findall(nodes.Element)):
        return str(node.astext())
    return " ".join(t for c in node.children if (t := _text(c)))


def _termed(item: Any) -> str | None:
    """A list item that is a term on its own line and its description below ("* ``BATCH``" and
    then "When in this mode CMake determines ..."), as "BATCH: When in this mode ...": docutils
    reads the two lines as one paragraph, and the term would run into its description. None
    for any other item."""
    from docutils import nodes

    para = item.children[0] if item.children else None
    if not isinstance(para, nodes.paragraph) or len(para.children) < 2:
        return None
    term, rest = para.children[0], para.children[1]
    if not isinstance(term, nodes.literal | nodes.strong) or not isinstance(rest, nodes.Text) \
            or not str(rest).startswith("\n") or not str(rest).strip():
        return None
    return f"{term.astext()}: {_text(item)[len(term.astext()):].strip()}"


def _box_lead(box: Any) -> str:
    """What a box is, said before its text: "Added in version 3.9", "Note", "Genex $<BOOL:string>"
    (a directive's name as a lead: ``cmake:genex`` -> "Genex", ``tab-set`` -> "Tab set")."""
    name, argument = box["citadel_name"], box["citadel_argument"]
    named = name.rsplit(":", 1)[-1].replace("-", " ").capitalize()
    return " ".join(p for p in (_VERSION_NOTES.get(name, _BOXES.get(name, named)), argument) if p)


def _lines(node: Any) -> Location | None:
    """The file lines of a docutils node: the first line docutils recorded in it (or in
    its first descendant that has one), through as many lines as its text has."""
    from docutils import nodes

    first = getattr(node, "line", None)
    if first is None and isinstance(node, nodes.Element):
        for child in node.findall(nodes.Element):
            if getattr(child, "line", None) is not None:
                first = child.line
                break
    if not first:
        return None
    return Location.lines(first, first + node.astext().count("\n"))


class _Walker:
    def __init__(self, elsewhere: list[str] | None = None) -> None:
        self.elsewhere = [] if elsewhere is None else elsewhere  # files the text is in, not read
        self.builder = TextBuilder()
        self.first_heading: str | None = None
        self._pending = ""  # a box's lead, waiting for the box's first block
        self._level = 0
        self._included: Location | None = None  # inside an included file: the include's line

    def walk(self, node: Any, level: int) -> None:
        from docutils import nodes

        self._level = level
        for child in node.children:
            if isinstance(child, nodes.section):
                title = child.next_node(nodes.title)
                if title is not None:
                    text = title.astext()
                    self.first_heading = self.first_heading or text
                    line = getattr(title, "line", None)  # docutils: the underline's line
                    at = Location.lines(max(1, line - 1)) if line else None
                    self.builder.heading(level + 1, text, at=self._included or at)
                self.walk(child, level + 1)
            elif isinstance(child, nodes.system_message):
                self._unknown(child)
            elif isinstance(child, nodes.title | nodes.comment | nodes.target
                            | nodes.substitution_definition | nodes.problematic):
                continue
            elif isinstance(child, nodes.paragraph | nodes.line_block | nodes.rubric):
                self._block(child.astext(), at=_lines(child))
            elif isinstance(child, nodes.literal_block | nodes.doctest_block):
                self._block(child.astext(), ChunkKind.CODE, at=_lines(child))
            elif isinstance(child, nodes.bullet_list | nodes.enumerated_list):
                self._items(child, isinstance(child, nodes.enumerated_list))
            elif isinstance(child, nodes.definition_list | nodes.field_list | nodes.option_list):
                self._terms(child)
            elif isinstance(child, nodes.table):
                self._table(child)
            elif isinstance(child, nodes.Admonition):
                lead = child.__class__.__name__.replace("_", " ").capitalize()
                if isinstance(child, nodes.admonition):
                    t = child.next_node(nodes.title)
                    lead = t.astext() if t is not None else "Note"
                self._lead(lead, child)
            elif isinstance(child, nodes.container) and "citadel_included" in child.attributes:
                outer, self._included = self._included, self._included or Location.lines(child["citadel_included"])
                self.walk(child, level)
                self._included, self._level = outer, level
            elif isinstance(child, nodes.container) and "citadel_name" in child.attributes:
                self._lead(_box_lead(child), child)
            elif isinstance(child, nodes.Element):
                self.walk(child, level)

    def _unknown(self, message: Any) -> None:
        """A directive docutils does not know: its body is kept as text (the markup error
        itself is not)."""
        from docutils import nodes

        block = message.next_node(nodes.literal_block)
        said = message.next_node(nodes.paragraph)
        if block is None or said is None or not said.astext().startswith("Unknown directive type"):
            return  # a directive known but refused here ("contents" inside a box, "include")
        lines = block.astext().split("\n")
        if lines and lines[0].lstrip().startswith(".."):
            head = re.match(r"\s*\.\.\s+([\w:.+-]+)::\s*(.*)$", lines[0])
            if head and head.group(1) in _ELSEWHERE:
                self.elsewhere.append(head.group(2).strip())
                return  # its text is in a file not read here
            lines = lines[1:]
            body = " ".join(" ".join(lines).split())
            if head:
                lead = " ".join(p for p in (head.group(1).replace("-", " ").capitalize(), head.group(2)) if p)
                body = f"{lead}: {body}" if body else lead
            if body:
                self._block(_ROLE.sub(lambda m: _role_text(m.group(1)), body), at=_lines(message))

    def _lead(self, lead: str, node: Any) -> None:
        """A box's content read as any other (paragraphs, lists, code, boxes inside), its first
        paragraph led by what the box is ("Note: ...", "Genex $<BOOL:string>: ..."); a lead
        before anything else, or before no paragraph, stands alone."""
        from docutils import nodes

        if not any(not _in_message(p) for p in node.findall(nodes.paragraph)):
            if lead:  # a version note without text ("Added in version 3.8"): before what it is in
                self.builder.block(lead, at=self._included or _lines(node))
            self.walk(node, self._level)
            return
        if self._pending:  # a box opening the box around it: the outer lead stands alone
            self.builder.block(self._pending, at=self._included or _lines(node))
        level, self._pending = self._level, lead
        self.walk(node, level)
        self._level = level
        if self._pending:
            self.builder.block(self._pending, at=self._included or _lines(node))
        self._pending = ""

    def _block(self, text: str, kind: ChunkKind = ChunkKind.PARAGRAPH, *, tight: bool = False,
               at: Location | None = None) -> None:
        """Every block of the walk: the first after a box's lead takes it (a paragraph as
        "lead: text", anything else after the lead on its own); a block of an included file
        is located at the include's line."""
        at = self._included or at
        if self._pending:
            lead, self._pending = self._pending, ""
            if kind is ChunkKind.PARAGRAPH:
                text = f"{lead}: {text}"
            else:
                self.builder.block(lead, at=at)
                tight = False
        self.builder.block(text, kind, tight=tight, at=at)

    def _items(self, node: Any, ordered: bool) -> None:
        for k, item in enumerate(node.children, start=1):
            marker = f"{k}." if ordered else "-"
            self._block(f"{marker} {_termed(item) or _text(item)}", ChunkKind.LIST, tight=k > 1, at=_lines(item))

    def _terms(self, node: Any) -> None:
        for k, item in enumerate(node.children):
            parts = [_text(c) for c in item.children]
            text = f"{parts[0]}: {' '.join(parts[1:])}" if len(parts) > 1 else " ".join(parts)
            self._block(text, ChunkKind.LIST, tight=k > 0, at=_lines(item))

    def _table(self, node: Any) -> None:
        from docutils import nodes

        header: list[str] = []
        head = node.next_node(nodes.thead)
        if head is not None:
            row = head.next_node(nodes.row)
            header = [e.astext() for e in row.children] if row is not None else []
        body = node.next_node(nodes.tbody)
        for k, row in enumerate(body.children if body is not None else []):
            cells = [e.astext() for e in row.children]
            text = "; ".join(f"{h}: {c}" if h else c for h, c in zip(header, cells, strict=False)) \
                if header else " | ".join(cells)
            where = _lines(row) or Location()  # a simple table's row is one line
            where = row_location(k + 1, header, cells, where.replace(line_end=where.line_start))
            self._block(text, ChunkKind.TABLE_ROW, tight=k > 0, at=where)
