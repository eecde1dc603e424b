"""Source code in the common languages, parsed with tree-sitter: each function, class and
method a section under its qualified name, with the lines it spans.

One walker reads every language. A :class:`Grammar` per language names the node types of its
tree-sitter grammar that matter: which define a symbol (functions, methods, types), which
define one and hold more (classes, namespaces, modules, impl blocks), which only wrap one
(``export``, ``template<...>``, ``const f = () => ...``), which are read through (``#if``
blocks, ``extern "C" {...}``) and what a doc comment looks like. The grammars are the
per-language wheels from PyPI, compiled; nothing is downloaded when a file is read.

A file becomes what :func:`~citadel.ingest.formats.load_python` makes of Python:

* a heading with the file's name, the file's own doc comment (Go's package comment, Rust's
  ``//!`` lines) as prose, then each top-level definition as a section headed by its
  qualified name; a scope's own lines (a class head, its fields) come first, then each
  member definition as a section one level deeper;
* the doc comment right above a definition (``/** ... */`` JSDoc and Javadoc, Rust and C#
  ``///``, the ``//`` lines above a Go, C or C++ function, the ``#`` lines above a Ruby
  method or shell function) is prose led by the qualified name ("Frame.Format: Format
  formats the frame ..."), with its own lines; then the definition as code. A comment in a
  doc syntax (``/**``, ``///``) may stand apart by blank lines, a plain one may not;
* what lies between definitions (imports, constants, preprocessor lines) is code under
  "<file> (module level)", and a scope's own lines between its members are code in its
  section; only lines that merely close a block (``}``, ``end``) are left out;
* ``metadata``: ``language``; ``symbols``, each definition's name with its first and last
  line (attributes, annotations and decorators included, the doc comment not); and, when
  the parser met text it could not read, ``parse_error`` with the first such line; what did
  parse is used all the same.

Names join the enclosing definitions written in the file with the language's separator:
``::`` in C++, Rust and Ruby (``greenlet::ThreadStateCreator::state``,
``AsKebabCase::fmt``, ``Rainbow::Presenter::color``), ``.`` elsewhere
(``Subscription.unsubscribe``, ``Python.Runtime.Codecs.DecoderGroup.Add``). A Go method is
qualified by its receiver's type (``Frame.Format``), the methods of a Rust impl block by the
type implemented, a JavaScript function assigned to a name by that name (``module.exports``,
``getAnimationStyle``), a C++ method defined outside its class by the name it is written
with (``greenlet::ExceptionState::clear``). Namespaces and modules written in the file are
part of a name; a file-level ``package`` line (Go, Java) or C# ``namespace X;`` is not.

Bounds: the source is checked against ``max_document_chars`` before it is parsed, and the
parser gets :data:`PARSE_SECONDS`. A file it gives up on, or whose grammar cannot be loaded,
is kept as code blocks split at blank lines, with their lines, and the reason in
``parse_error``: never lost. The walk is iterative and nests sections at most
:data:`MAX_SCOPE_DEPTH` deep (deeper definitions stay code in their enclosing section), so
no input can exhaust the Python stack.
"""

from __future__ import annotations

import importlib
import re
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from citadel.ingest.formats import _decode, _require
from citadel.ingest.parsed import ParsedDocument, TextBuilder
from citadel.models import ChunkKind, Location

if TYPE_CHECKING:
    from tree_sitter import Language, Node, Tree

JAVASCRIPT = "text/javascript"
TYPESCRIPT = "text/x-typescript"
GO = "text/x-go"
RUST = "text/x-rust"
JAVA = "text/x-java"
C = "text/x-c"
CPP = "text/x-c++"
CSHARP = "text/x-csharp"
RUBY = "text/x-ruby"
SHELL = "text/x-shellscript"

#: wall-clock seconds the parser may take on one file before it is kept as plain code
PARSE_SECONDS = 10.0
#: how deep sections nest (namespace > class > nested class > method ...)
MAX_SCOPE_DEPTH = 8
_MAX_WRAPS = 4  # wrappers around one definition: export > const > arrow function
_MAX_STEPS = 10_000  # bound on descents that follow one chain of nodes


@dataclass(frozen=True)
class Grammar:
    """How one language's syntax tree shows its definitions: node types of its grammar."""

    language: str  # metadata["language"]
    module: str  # the wheel's module
    definitions: frozenset[str]  # define one symbol: functions, methods, types
    scopes: frozenset[str] = frozenset()  # define one and hold more in their ``body``
    wrappers: frozenset[str] = frozenset()  # hold one definition: export, template<...>
    transparent: frozenset[str] = frozenset()  # read through: #if blocks, extern "C" {...}
    attached: frozenset[str] = frozenset()  # attributes, decorators: the next definition's
    comments: frozenset[str] = frozenset({"comment"})
    doc: tuple[str, ...] = ("/**",)  # how a doc comment right above a definition starts
    inner_doc: tuple[str, ...] = ()  # how the file's own doc comment starts (Rust ``//!``)
    package: frozenset[str] = frozenset()  # the comment right above documents the file (Go)
    separator: str = "."
    entry: str = "language"  # the module's function that returns the grammar
    with_body: frozenset[str] = frozenset()  # definitions only with a body (``struct s {}``)
    typed: Mapping[str, str] = field(default_factory=dict)  # named by the type in this field
    owner: Mapping[str, str] = field(default_factory=dict)  # qualified by the type in this field
    values: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # (name, value) fields
    xml_doc: bool = False  # doc comments are XML (C#): tags dropped, referenced names kept


_JS_FUNCTIONS = frozenset({"function_declaration", "generator_function_declaration", "method_definition",
                           "function_expression", "function", "generator_function", "arrow_function"})
_JS_WRAPPERS = frozenset({"export_statement", "lexical_declaration", "variable_declaration", "expression_statement"})
_JS_VALUES = {"variable_declarator": ("name", "value"), "assignment_expression": ("left", "right"),
              "field_definition": ("property", "value"), "public_field_definition": ("name", "value")}
_JAVASCRIPT = Grammar("javascript", "tree_sitter_javascript", _JS_FUNCTIONS, frozenset({"class_declaration", "class"}),
                      _JS_WRAPPERS, attached=frozenset({"decorator"}), values=_JS_VALUES)
_TS_DEFINITIONS = _JS_FUNCTIONS | {"function_signature", "method_signature", "abstract_method_signature",
                                   "type_alias_declaration", "enum_declaration"}
_TS_SCOPES = frozenset({"class_declaration", "class", "abstract_class_declaration", "interface_declaration",
                        "internal_module", "module"})
_TYPESCRIPT = Grammar("typescript", "tree_sitter_typescript", _TS_DEFINITIONS, _TS_SCOPES,
                      _JS_WRAPPERS | {"ambient_declaration"}, attached=frozenset({"decorator"}),
                      entry="language_typescript", values=_JS_VALUES)
_TSX = Grammar("tsx", "tree_sitter_typescript", _TS_DEFINITIONS, _TS_SCOPES, _JS_WRAPPERS | {"ambient_declaration"},
               attached=frozenset({"decorator"}), entry="language_tsx", values=_JS_VALUES)
_GO = Grammar("go", "tree_sitter_go", frozenset({"function_declaration", "method_declaration", "type_spec",
                                                 "type_alias"}),
              wrappers=frozenset({"type_declaration"}), doc=("//", "/*"), package=frozenset({"package_clause"}),
              owner={"method_declaration": "receiver"})
_RUST = Grammar("rust", "tree_sitter_rust",
                frozenset({"function_item", "function_signature_item", "struct_item", "enum_item", "union_item",
                           "type_item", "macro_definition"}),
                frozenset({"impl_item", "trait_item", "mod_item"}), attached=frozenset({"attribute_item"}),
                comments=frozenset({"line_comment", "block_comment"}), doc=("///", "/**"), inner_doc=("//!", "/*!"),
                separator="::", with_body=frozenset({"mod_item"}), typed={"impl_item": "type"})
_JAVA = Grammar("java", "tree_sitter_java",
                frozenset({"method_declaration", "constructor_declaration", "compact_constructor_declaration"}),
                frozenset({"class_declaration", "interface_declaration", "enum_declaration", "record_declaration",
                           "annotation_type_declaration"}),
                transparent=frozenset({"enum_body_declarations"}),
                comments=frozenset({"line_comment", "block_comment"}))
_PREPROCESSOR = frozenset({"preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef"})
_C_TYPES = frozenset({"struct_specifier", "union_specifier", "enum_specifier"})
_C = Grammar("c", "tree_sitter_c", frozenset({"function_definition"}) | _C_TYPES, transparent=_PREPROCESSOR,
             doc=("/*", "//"), with_body=_C_TYPES)
_CPP = Grammar("cpp", "tree_sitter_cpp", frozenset({"function_definition", "union_specifier", "enum_specifier"}),
               frozenset({"class_specifier", "struct_specifier", "namespace_definition"}),
               frozenset({"template_declaration"}), _PREPROCESSOR | {"linkage_specification", "declaration_list"},
               doc=("/*", "//"), separator="::", with_body=_C_TYPES | {"class_specifier"})
_CSHARP = Grammar("csharp", "tree_sitter_c_sharp",
                  frozenset({"method_declaration", "constructor_declaration", "destructor_declaration",
                             "property_declaration", "operator_declaration", "conversion_operator_declaration",
                             "indexer_declaration", "delegate_declaration", "enum_declaration"}),
                  frozenset({"class_declaration", "struct_declaration", "interface_declaration", "record_declaration",
                             "namespace_declaration"}),
                  transparent=frozenset({"file_scoped_namespace_declaration"}), attached=frozenset({"attribute_list"}),
                  doc=("///", "/**"), xml_doc=True)
_RUBY = Grammar("ruby", "tree_sitter_ruby", frozenset({"method", "singleton_method"}),
                frozenset({"class", "module"}), transparent=frozenset({"singleton_class", "body_statement"}),
                doc=("#",), separator="::")
_BASH = Grammar("bash", "tree_sitter_bash", frozenset({"function_definition"}), doc=("#",))

#: a file's suffix: its media type and grammar
SUFFIXES: Mapping[str, tuple[str, Grammar]] = {
    **dict.fromkeys((".js", ".mjs", ".cjs", ".jsx"), (JAVASCRIPT, _JAVASCRIPT)),
    **dict.fromkeys((".ts", ".mts", ".cts"), (TYPESCRIPT, _TYPESCRIPT)),
    ".tsx": (TYPESCRIPT, _TSX),
    ".go": (GO, _GO),
    ".rs": (RUST, _RUST),
    ".java": (JAVA, _JAVA),
    **dict.fromkeys((".c", ".h"), (C, _C)),
    **dict.fromkeys((".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++"), (CPP, _CPP)),
    ".cs": (CSHARP, _CSHARP),
    **dict.fromkeys((".rb", ".rake"), (RUBY, _RUBY)),
    **dict.fromkeys((".sh", ".bash"), (SHELL, _BASH)),
}


def load_code(data: bytes, name: str) -> ParsedDocument:
    """A source file in one of the languages of :data:`SUFFIXES`, parsed with tree-sitter:
    each definition a section under its qualified name with the lines it spans (see the
    module's description). A file that cannot be parsed is kept as code without symbols,
    with the reason in ``metadata["parse_error"]``."""
    suffix = PurePath(name).suffix.lower()
    media_type, grammar = SUFFIXES.get(suffix, ("text/plain", None))
    what = f"{grammar.language} file" if grammar else "source file"
    text = _decode(data, what).replace("\r\n", "\n")
    module = name[: -len(suffix)] if suffix else name
    lines = text.split("\n")
    if grammar is None:
        return _unparsed(lines, module, media_type, {"parse_error": f"no grammar for '{suffix}' files"}, what)
    source = text.encode("utf-8")
    tree, problem = _parse(grammar, source)
    if tree is None:
        return _unparsed(lines, module, media_type, {"language": grammar.language, "parse_error": problem}, what)
    builder = TextBuilder()
    builder.heading(1, module)
    symbols = _Walk(grammar, source, lines, builder).file(tree.root_node, module)
    meta: dict[str, Any] = {"language": grammar.language, "symbols": symbols}
    if tree.root_node.has_error:
        meta["parse_error"] = _first_error(tree.root_node, grammar.language)
    return _require(builder.build(module, media_type, meta), what)


# --- parsing --------------------------------------------------------------------------------


@cache
def _language(module: str, entry: str) -> Language:
    from tree_sitter import Language

    return Language(getattr(importlib.import_module(module), entry)())


def _parse(grammar: Grammar, source: bytes) -> tuple[Tree | None, str]:
    """The syntax tree, or None and why not (no grammar installed, or out of time)."""
    try:
        from tree_sitter import Parser

        parser = Parser(_language(grammar.module, grammar.entry))
    except (ImportError, AttributeError, TypeError, ValueError) as exc:  # not installed, or an ABI it cannot load
        return None, f"no {grammar.language} parser could be loaded ({exc.__class__.__name__}: {exc})"[:200]
    give_up = time.monotonic() + PARSE_SECONDS
    try:
        tree = parser.parse(lambda byte, _point: source[byte:byte + 65536],
                            progress_callback=lambda _offset, _errors: time.monotonic() > give_up)
    except ValueError:  # cancelled by the progress callback
        return None, f"the {grammar.language} parser gave up after {PARSE_SECONDS:g} seconds"
    return tree, ""


def _first_error(root: Node, language: str) -> str:
    """Where the first text the parser could not read is, in words."""
    node, where = root, ""
    for _ in range(_MAX_STEPS):
        if node.is_error or node.is_missing:
            where = f" (first at line {node.start_point.row + 1})"
            break
        child = next((c for c in node.children if c.has_error), None)
        if child is None:
            break
        node = child
    return f"tree-sitter could not parse all of the {language} file{where}; what parsed is kept, the rest as code"


def _unparsed(lines: list[str], module: str, media_type: str, meta: dict[str, Any], what: str) -> ParsedDocument:
    """A file without a syntax tree: its code split at blank lines, each part with its lines."""
    builder = TextBuilder()
    for first, last in _runs(lines, 1, len(lines)):
        builder.block("\n".join(lines[first - 1:last]), ChunkKind.CODE, at=Location.lines(first, last))
    return _require(builder.build(module, media_type, meta), what)


def _runs(lines: list[str], first: int, last: int) -> Iterator[tuple[int, int]]:
    """The runs of non-blank lines among file lines ``first..last``."""
    start = None
    for number in range(first, last + 1):
        if lines[number - 1].strip():
            start = number if start is None else start
        elif start is not None:
            yield start, number - 1
            start = None
    if start is not None:
        yield start, last


# --- the walk -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Def:
    """One definition found in the tree: its qualified name, lines and doc lines."""

    name: str
    body: Node | None  # where a scope's members are
    first: int  # 1-based, attributes included
    last: int
    doc: tuple[int, int] | None

    @property
    def top(self) -> int:
        """The first line it takes, its doc comment included."""
        return self.doc[0] if self.doc else self.first


def _first_line(node: Node) -> int:
    return node.start_point.row + 1


def _last_line(node: Node) -> int:
    """The last line holding some of the node (one ending at a line's start ends before it)."""
    end = node.end_point
    return end.row if end.column == 0 and end.row > node.start_point.row else end.row + 1


_MARKED_DOC = ("/**", "///")  # doc comments by their own syntax, not by where they are
_TRIVIAL = re.compile(r"[\s{}()\[\];,]*|\s*end\s*")  # closing lines not worth a block


class _Walk:
    """Builds one file's sections from its syntax tree, iteratively."""

    def __init__(self, grammar: Grammar, source: bytes, lines: list[str], builder: TextBuilder) -> None:
        self.g, self.source, self.lines, self.builder = grammar, source, lines, builder
        self.symbols: list[dict[str, Any]] = []

    def _text(self, node: Node) -> str:
        return self.source[node.start_byte:node.end_byte].decode("utf-8", errors="replace")

    def file(self, root: Node, module: str) -> list[dict[str, Any]]:
        """Emit the file's doc, its definitions and the code between them; the symbols."""
        heading = f"{module} (module level)"
        start = 1
        file_doc = self._file_doc(root)
        if file_doc:
            self._doc("", *file_doc)
            self._gap(1, file_doc[0] - 1, None, heading)  # a licence above it
            start = file_doc[1] + 1
        for top in self._scan(root, "", start - 1):
            self._gap(start, top.top - 1, None, heading)
            work = [(top, 2)]  # depth first, members in order
            while work:
                d, level = work.pop()
                work.extend(reversed(self._section(d, level)))
            start = top.last + 1
        self._gap(start, len(self.lines), None, heading)
        return self.symbols

    def _section(self, d: _Def, level: int) -> list[tuple[_Def, int]]:
        """Emit one definition's heading, doc and own code; its members, to emit next."""
        self.builder.heading(level, d.name, at=Location(symbol=d.name, line_start=d.first, line_end=d.first))
        self.symbols.append({"symbol": d.name, "line_start": d.first, "line_end": d.last})
        if d.doc:
            self._doc(d.name, *d.doc)
        members = self._scan(d.body, d.name, d.first) if d.body is not None and level - 2 < MAX_SCOPE_DEPTH else []
        if not members:
            self._code(d.first, d.last, d.name)
            return []
        self._code(d.first, members[0].top - 1, d.name)
        for before, after in zip(members, [*members[1:], None]):
            self._gap(before.last + 1, (after.top if after else d.last + 1) - 1, d.name, None)
        return [(m, level + 1) for m in members]

    def _scan(self, parent: Node, prefix: str, taken: int) -> list[_Def]:
        """The definitions among ``parent``'s children (and through transparent ones), in
        order, each with the doc comment and attributes right above it; none that starts on
        a line already ``taken`` by what came before."""
        found: list[_Def] = []
        pending: list[Node] = []  # comments and attributes since the last statement
        stack = [iter(parent.named_children)]
        while stack:
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
                continue
            if child.type in self.g.comments or child.type in self.g.attached:
                pending.append(child)
                continue
            inner = self._unnamed_scope(child)
            if child.type in self.g.transparent or inner is not None:
                pending = []
                stack.append(iter((inner or child).named_children))
                continue
            d = self._definition(child, prefix, pending, taken)
            pending = []
            if d is not None:
                found.append(d)
                taken = d.last
        return found

    def _unnamed_scope(self, node: Node) -> Node | None:
        """The body of a scope without a name (``namespace { ... }``): read through."""
        if node.type in self.g.scopes and self._name(node) is None:
            return node.child_by_field_name("body")
        return None

    def _definition(self, node: Node, prefix: str, pending: list[Node], taken: int) -> _Def | None:
        """``node`` as a definition, its doc and attributes taken from ``pending``; None if it
        defines nothing or starts on a line already ``taken``."""
        target = self._resolve(node, 0)
        name = self._name(target) if target is not None else None
        if target is None or name is None:
            return None
        first, last = _first_line(node), _last_line(node)
        if first <= taken:
            return None
        doc: tuple[int, int] | None = None
        for p in reversed(pending):
            above = (doc[0] if doc else first) - 1
            if not self._right_above(p, above) or _first_line(p) <= taken or not self._starts_line(p):
                break
            if p.type in self.g.attached and doc is None:
                first = _first_line(p)
            elif p.type in self.g.comments and self._is_doc(p):
                doc = (_first_line(p), doc[1] if doc else _last_line(p))
            else:
                break
        owner = self.g.owner.get(target.type)
        owner_node = target.child_by_field_name(owner) if owner else None
        if owner_node is not None:
            name = f"{self._type_name(owner_node)}{self.g.separator}{name}"
        qualified = f"{prefix}{self.g.separator}{name}" if prefix else name
        return _Def(qualified, self._body(target), first, last, doc)

    def _resolve(self, node: Node, depth: int) -> Node | None:
        """The definition ``node`` is or wraps (one level of wrapper at a time), or None."""
        g = self.g
        if node.type in g.values:
            value = node.child_by_field_name(g.values[node.type][1])
            return node if value is not None and (value.type in g.definitions or value.type in g.scopes) else None
        if node.type in g.definitions or node.type in g.scopes:
            has_body = node.type not in g.with_body or node.child_by_field_name("body") is not None
            return node if has_body else None
        if node.type not in g.wrappers or depth >= _MAX_WRAPS:
            return None
        inner = [d for d in (self._resolve(c, depth + 1) for c in node.named_children) if d is not None]
        return inner[0] if len(inner) == 1 else None

    def _body(self, target: Node) -> Node | None:
        """Where a scope's members are (of a class assigned to a name: the class's); None
        for a function, whose body is its code."""
        scope: Node | None = target
        if target.type in self.g.values:
            scope = target.child_by_field_name(self.g.values[target.type][1])
        return scope.child_by_field_name("body") if scope is not None and scope.type in self.g.scopes else None

    def _name(self, node: Node) -> str | None:
        """A definition's own name: its ``name`` field, else the innermost declarator (C)."""
        g = self.g
        if node.type in g.values:
            named = node.child_by_field_name(g.values[node.type][0])
        elif node.type in g.typed:
            typed = node.child_by_field_name(g.typed[node.type])
            return self._type_name(typed) if typed is not None else None
        else:
            named = node.child_by_field_name("name") or _declared(node)
        if named is None:
            return None
        name = " ".join(self._text(named).split())[:200]
        if name.endswith("()") and not name.endswith("operator()"):
            name = name[:-2].rstrip()  # a C++ conversion operator: "operator int()"
        return name or None

    def _right_above(self, node: Node, line: int) -> bool:
        """``node`` ends on ``line``, or, for a doc comment in its own syntax (``/**``,
        ``///``), above it with only blank lines between (as JSDoc, Javadoc and rustdoc read)."""
        last = _last_line(node)
        if last == line:
            return True
        marked = self._text(node).startswith(_MARKED_DOC) and node.type in self.g.comments and self._is_doc(node)
        return marked and last < line and not any(s.strip() for s in self.lines[last:line])

    def _type_name(self, node: Node) -> str:
        """The type a node names: its first type identifier (``*Frame`` -> ``Frame``,
        ``AsKebabCase<T>`` -> ``AsKebabCase``), else its text."""
        queue = [node]
        for _ in range(64):
            if not queue:
                break
            current = queue.pop(0)
            if current.type in ("type_identifier", "primitive_type"):
                return self._text(current)
            queue.extend(current.named_children)
        return " ".join(self._text(node).split())[:200]

    def _starts_line(self, node: Node) -> bool:
        """Nothing but spaces before ``node`` on its first line."""
        line = self.lines[node.start_point.row].encode("utf-8")
        return not line[: node.start_point.column].strip()

    def _is_doc(self, comment: Node) -> bool:
        text = self._text(comment).lstrip()
        return text.startswith(self.g.doc) and not text.startswith(("#!", *self.g.inner_doc))

    def _file_doc(self, root: Node) -> tuple[int, int] | None:
        """The lines of the file's own doc comment: inner doc comments (Rust ``//!``) before
        the first statement, or the doc comment right above a package clause (Go)."""
        g = self.g
        run: list[Node] = []
        for child in root.named_children:
            if child.type not in g.comments:
                if child.type in g.package and run and _last_line(run[-1]) == _first_line(child) - 1:
                    block = [c for c in run if self._is_doc(c)]
                    block = block if block and block[-1] is run[-1] else []
                    return (_first_line(block[0]), _last_line(block[-1])) if block else None
                break
            if run and _first_line(child) != _last_line(run[-1]) + 1:
                run = []  # a blank line ends a comment block
            run.append(child)
        inner = [c for c in run if g.inner_doc and self._text(c).lstrip().startswith(g.inner_doc)]
        return (_first_line(inner[0]), _last_line(inner[-1])) if inner else None

    def _doc(self, symbol: str, first: int, last: int) -> None:
        """A doc comment as prose, its first paragraph led by the symbol ("Store.put: ...");
        a comment with no words (``/** */``) as code."""
        text = _doc_text(self.lines[first - 1:last], self.g.xml_doc)
        at = Location(symbol=symbol or None, line_start=first, line_end=last)
        paragraphs = [p for p in re.split(r"\n\s*\n", text) if p.strip()]
        if not paragraphs:
            self._code(first, last, symbol or None)
        for k, para in enumerate(paragraphs):
            self.builder.block(f"{symbol}: {para}" if k == 0 and symbol else para, at=at)

    def _code(self, first: int, last: int, symbol: str | None) -> None:
        """File lines ``first..last`` as one code block (blank lines at its ends left out)."""
        while first <= last and not self.lines[first - 1].strip():
            first += 1
        while last >= first and not self.lines[last - 1].strip():
            last -= 1
        if first <= last:
            self.builder.block("\n".join(self.lines[first - 1:last]), ChunkKind.CODE,
                               at=Location(symbol=symbol, line_start=first, line_end=last))

    def _gap(self, first: int, last: int, symbol: str | None, heading: str | None) -> None:
        """Lines between definitions as one code block, unless they only close what is
        open (``}``, ``end``); under ``heading`` (at level 2) when given."""
        lines = self.lines[max(first, 1) - 1:last]
        if all(_TRIVIAL.fullmatch(line) for line in lines):
            return
        if heading:
            self.builder.heading(2, heading)
        self._code(first, last, symbol)


def _declared(node: Node) -> Node | None:
    """What a C or C++ definition declares: the name inside its declarators (``*``, ``&``,
    the parameter list), or an operator."""
    current = node.child_by_field_name("declarator")
    for _ in range(_MAX_STEPS):
        if current is None or not current.type.endswith("declarator"):
            break
        inner = current.child_by_field_name("declarator")
        current = inner if inner is not None else next(iter(current.named_children), None)
    return current


_DOC_LEAD = re.compile(r"^\s*(?:/\*+!?|//[/!]?|#+|\*+(?!/))\s?")
_DOC_TRAIL = re.compile(r"\s*\*+/\s*$")


def _doc_text(lines: list[str], xml: bool) -> str:
    """A doc comment's words: comment marks taken off each line, blank lines kept (they
    part paragraphs); XML doc tags dropped, the names they refer to kept."""
    text = "\n".join(_DOC_LEAD.sub("", _DOC_TRAIL.sub("", line)).rstrip() for line in lines)
    if xml:
        text = re.sub(r"<(?:see|seealso|paramref|typeparamref)\s+\w+\s*=\s*\"([^\"]*)\"\s*/>", r"\1", text)
        text = re.sub(r"<(?:param|typeparam)\s+name\s*=\s*\"([^\"]*)\"\s*>", r"\1: ", text)
        text = re.sub(r"</?[A-Za-z][^>]*>", " ", text)
    return text.strip()
