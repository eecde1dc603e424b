"""A command's options as a reference lists them, one item a line ("TIMEOUT: After the specified
number of seconds ...", "ESCAPE_QUOTES: Escape any substituted quotes ..."): each item is an
entry of its own, named by its term in capitals too, and its version note is its own, never a
neighbour's; a question that asks since which version gets no answer from an item that states
none. A name the question says ("Unix") is said by a page that writes it inside a name in code
("UNIX_COMMAND")."""

from __future__ import annotations

from pathlib import Path

from citadel.retrieve.answer_types import asks_version_number
from citadel.retrieve.evidence import Passage, off_subject
from citadel.retrieve.sentences import candidate_spans, entry_name, line_term

from tests.engine_fixtures import engine_over

#: a made-up command's options, as CMake's reference writes them (reST definitions)
FROB_CONFIGURE = """frob_configure
--------------

Copy a file to another location and modify its contents.

.. code-block:: cmake

  frob_configure(<input> <output> [NO_SOURCE_PERMISSIONS] [ESCAPE_QUOTES] [@ONLY])

The options are:

``<input>``
  Path to the input file.

``NO_SOURCE_PERMISSIONS``
  .. versionadded:: 3.19

  Do not transfer the permissions of the input file to the output file.

``FILE_PERMISSIONS <permissions>...``
  .. versionadded:: 3.20

  Use the user provided permissions for the generated file.

``ESCAPE_QUOTES``
  Escape any substituted quotes with backslashes (C-style).

``@ONLY``
  Restrict variable replacement to references of the form ``@VAR@``.
  This is useful for configuring scripts that use ``${VAR}`` syntax.
"""


def test_an_item_named_in_capitals_is_an_entry_of_its_own() -> None:
    """"TIMEOUT: After ..." opens its entry, as "WORKING_DIRECTORY: ..." does: the second
    sentence of TIMEOUT's item is TIMEOUT's, not the item above's (its claim read
    "WORKING_DIRECTORY: TIMEOUT: After ..."); three names before one colon are one term; a
    label prose writes in capitals ("NOTE: ...") opens none."""
    text = ("Options:\n\nCOMMAND: A child process command line.\n"
            "WORKING_DIRECTORY: The named directory will be set.\n"
            "TIMEOUT: After the specified number of seconds (fractions allowed), all unfinished child processes "
            "will be terminated, and the result variable will be set to a string mentioning the timeout, so that "
            "the caller can tell a timeout from an error of its own or from one of the processes it ran. "
            "RESULT_VARIABLE is then set.\n"
            "INPUT_FILE, OUTPUT_FILE, ERROR_FILE: The file named is attached. It is used for both.\n"
            "NOTE: this is prose. It says more.")
    spans = {text[s:e]: s for s, e in candidate_spans(text)}
    assert entry_name(text, spans["RESULT_VARIABLE is then set."]) == "TIMEOUT"
    assert entry_name(text, spans["It is used for both."]) == "INPUT_FILE, OUTPUT_FILE, ERROR_FILE"
    assert line_term(text, text.index("TIMEOUT")) == "TIMEOUT" and line_term(text, text.index("NOTE")) == ""
    # a status in capitals opens no entry: the item is the setting's above it
    npm = ("cache-min\n\n- Default: 0\n- Type: Number\n"
           "- DEPRECATED: This option has been deprecated in favor of --prefer-offline.")
    assert entry_name(npm, npm.index("- DEPRECATED")) == "cache-min"


def test_a_version_question_wants_a_number_or_asks_which_one() -> None:
    """A question that asks since when, or which version something is of, wants a version
    number; one that asks which of the versions an operation takes may be answered without one
    ("which version's changelog do I get?": the installed one), unless it asks since when."""
    assert asks_version_number("Since which version does frob_configure support ESCAPE_QUOTES?")
    assert asks_version_number("In which release was the VERBATIM option introduced?")
    assert asks_version_number("Which version of the Unicode database is the data compiled from?")
    assert asks_version_number("Since which version does frob use the new parser?")
    assert not asks_version_number("If I run apt-get changelog without a version, which version's changelog do I get?")
    assert not asks_version_number("Which version of the package does apt install by default?")


def test_an_option_is_answered_with_its_own_version_note_or_not_at_all(tmp_path: Path) -> None:
    """"Since which version does frob_configure support ESCAPE_QUOTES?": the item says none, and
    its neighbours' notes ("FILE_PERMISSIONS <permissions>...: Added in version 3.20.") are
    theirs; the item says what the option does, not since when, so there is no answer. The
    neighbour that has a note is answered with it (through the real models)."""
    engine = engine_over(tmp_path, {"frob_configure.rst": FROB_CONFIGURE})
    escape = engine.ask("Since which version does frob_configure support the ESCAPE_QUOTES option?")
    assert escape.abstained, escape.answer
    permissions = engine.ask("Since which version can frob_configure skip copying the input file's permissions?")
    assert not permissions.abstained
    first = permissions.claims[0].text
    assert first.startswith("NO_SOURCE_PERMISSIONS: Added in version 3.19") and "3.20" not in first


def _passage(doc_id: str, title: str, text: str) -> Passage:
    return Passage(chunk_ids=(f"{doc_id}#0",), doc_id=doc_id, version=1, title=title, heading_path=(), page=None,
                   start=0, end=len(text), text=text, score=1.0, relevance=1.0)


def test_a_name_inside_a_name_in_code_is_said() -> None:
    """"Which frob_split mode picks Windows or Unix rules?" over frob_split's page, which says
    "UNIX_COMMAND", and a toolchain page that says "Unix" in prose: frob_split's page names
    Unix too, and is not a page about another thing."""
    split = "NATIVE_COMMAND: Proceeds as in WINDOWS_COMMAND mode on Windows, else as in UNIX_COMMAND mode."
    toolchain = "Cross compiling from Unix to Windows needs a toolchain file."
    texts = {("frob_split.rst", 1): split, ("toolchains.rst", 1): toolchain}
    passages = [_passage("frob_split.rst", "frob_split", split), _passage("toolchains.rst", "toolchains", toolchain)]
    assert off_subject("Which frob_split mode picks Windows or Unix parsing rules?", passages, texts) == set()
    unix_less = "NATIVE_COMMAND: Proceeds as in WINDOWS_COMMAND mode on Windows, else as in POSIX mode."
    texts[("frob_split.rst", 1)] = unix_less
    passages[0] = _passage("frob_split.rst", "frob_split", unix_less)
    assert off_subject("Which frob_split mode picks Windows or Unix parsing rules?", passages, texts) == {0}
    # a name in an aside illustrates: the page is still about what the question asks
    assert off_subject("Which frob_split mode splits by the host's rules (as on Unix or Windows)?", passages, texts) \
        == set()
