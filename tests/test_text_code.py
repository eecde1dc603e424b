"""``normalize_code``: the canonical form of code keeps what the code means (indentation,
alignment, tabs, every inner line) and folds only what :func:`normalize_text` folds in prose."""

from __future__ import annotations

from citadel.ingest.parsed import TextBuilder
from citadel.models import ChunkKind
from citadel.text import normalize_code, normalize_text

FUNCTION = "def f(x):\n    if x:\n        return 1\n    return 0"


def test_indentation_and_inner_spaces_are_kept() -> None:
    assert normalize_code(FUNCTION) == FUNCTION
    aligned = "WIDTH  = 10   # columns\nHEIGHT = 2    # rows"
    assert normalize_code(aligned) == aligned
    assert normalize_text(FUNCTION) == "def f(x):\n if x:\n return 1\n return 0"  # prose squeezes it


def test_the_first_lines_indentation_is_kept_too() -> None:
    method = "    def put(self):\n        return 1"
    assert normalize_code("\n\n" + method + "\n") == method


def test_tabs_stay_tabs() -> None:
    makefile = "build:\n\tcc -o app main.c\n\t\t# two tabs"
    assert normalize_code(makefile) == makefile
    assert normalize_code("func f() {\n\treturn\t1 \t\n}") == "func f() {\n\treturn\t1\n}"


def test_trailing_spaces_are_stripped() -> None:
    assert normalize_code("x = 1   \ny = 2\t\n  \n z") == "x = 1\ny = 2\n\n z"


def test_ligatures_and_compatibility_characters_are_folded() -> None:
    assert normalize_code('name = "\ufb01le"\nwide = "\uff21\uff22"') == 'name = "file"\nwide = "AB"'
    assert normalize_code("a\u00a0=\u00a01") == "a = 1"  # a no-break space is a space
    assert normalize_code("area = 10  # m\u00b2") == "area = 10  # m\u00b2"  # meaning kept
    assert normalize_code("caf\u0065\u0301 = 1") == "caf\u00e9 = 1"  # NFC


def test_line_ends_nul_and_page_breaks() -> None:
    assert normalize_code("a = 1\r\nb = 2\rc = 3") == "a = 1\nb = 2\nc = 3"
    assert normalize_code("a = '\x00'\n\f\nb = 2") == "a = ''\n\nb = 2"  # a form feed line stays a line


def test_inner_blank_lines_are_all_kept_so_lines_map_one_for_one() -> None:
    source = "\n\nimport os\n\n\n\ndef f():\n\n\n    return 1\n\n\n"
    code = normalize_code(source)
    assert code == "import os\n\n\n\ndef f():\n\n\n    return 1"
    assert code.split("\n") == source.split("\n")[2:10]  # from its first line to its last, one for one
    assert normalize_code(" \n\t\n") == ""


def test_the_builder_keeps_code_as_code_and_squeezes_prose() -> None:
    builder = TextBuilder()
    builder.block("Some   prose\n  over two lines.")
    builder.block("    x = 1\n\n\n    y  = 2\n", ChunkKind.CODE)
    doc = builder.build("t", "text/plain")
    assert [doc.text[b.start:b.end] for b in doc.blocks] == ["Some prose over two lines.", "    x = 1\n\n\n    y  = 2"]
