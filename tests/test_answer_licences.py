"""Licences as Debian ships them: a package's machine-readable copyright file (DEP-5) says which
licence each file is under in its ``Files`` stanzas, ``Files: *`` being the package's own, and
holds the texts of those licences in stand-alone ``License`` stanzas. A question that asks which
licence applies, or who holds a copyright, is answered by the stanza for what it names, never
by a licence's text; a field the file leaves empty answers nothing."""

from __future__ import annotations

import pytest

from citadel.engine import Citadel
from citadel.generate import Source
from citadel.ingest.debian_copyright import load_dep5
from citadel.pipeline import _known_answerability
from citadel.retrieve.answer_types import asks_copyright_holder, asks_licence, asks_licence_name, asks_year, states_year
from citadel.retrieve.copyright import MAX_STANZAS, asked_stanzas, names_subject, subject_names, upstream_names
from citadel.retrieve.coverage import missing_terms
from citadel.retrieve.versions import unnamed_versions
from citadel.store import open_store
from citadel.verify import Citation, Claim

QUILLPAD = """Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: quillpad
Upstream-Contact: Mira Okafor <mira@quillpad.example>
Source: https://quillpad.example/releases

Files: *
Copyright: 2015-2024 Mira Okafor <mira@quillpad.example>
           2019 Tomas Lindqvist <tomas@lindqvist.example>
License: Expat

Files: src/vendor/minizip/*
Copyright: 1998-2010 Gilles Vollant
License: Zlib

Files: data/fonts/*
Copyright:
License: OFL-1.1

Files: debian/*
Copyright: 2020-2023 Priya Raman <priya@debian.example>
License: GPL-2+

License: Expat
 Permission is hereby granted, free of charge, to any person obtaining a copy
 of this software and associated documentation files, to deal in the Software
 without restriction, subject to the following conditions.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND.

License: Zlib
 This software is provided 'as-is', without any express or implied warranty.
 Permission is granted to anyone to use this software for any purpose.

License: OFL-1.1
 The fonts may be bundled, embedded and redistributed with any software,
 provided that they are not sold by themselves.

License: GPL-2+
 This program is free software; you can redistribute it and/or modify it
 under the terms of the GNU General Public License as published by the Free
 Software Foundation; either version 2 of the License, or (at your option)
 any later version.
 .
 On Debian systems, the complete text of the GNU General Public License
 version 2 can be found in "/usr/share/common-licenses/GPL-2".
"""

INKWELL = """Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: inkwell
Source: https://inkwell.example/download

Files: *
Copyright: 2011-2023 The Inkwell Authors
License: BSD-3-clause

Files: debian/*
Copyright: 2021 Priya Raman <priya@debian.example>
License: GPL-2+

License: BSD-3-clause
 Redistribution and use in source and binary forms, with or without
 modification, are permitted provided that the conditions are met.

License: GPL-2+
 This program is free software; you can redistribute it and/or modify it
 under the terms of the GNU General Public License, version 2 or later.
"""

# a stanza of many holders, as large packages write theirs, and a comment of two paragraphs
LONG = """Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: bigpkg

Files: *
Copyright: """ + "\n           ".join(f"{2000 + n} Contributor Number {n} <c{n}@bigpkg.example>" for n in range(20)) + """
License: LGPL-2.1+
Comment:
 The project kept no complete record of its contributors
 in its early years.
 .
 Later contributions are listed in the AUTHORS file.
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Citadel:
    root = tmp_path_factory.mktemp("licences")
    for package, text in (("quillpad", QUILLPAD), ("inkwell", INKWELL)):
        (root / "docs" / package).mkdir(parents=True)
        (root / "docs" / package / "copyright").write_text(text, encoding="utf-8")
    engine = Citadel(open_store(root / "store"))
    assert not engine.ingest([root / "docs"]).failed
    return engine


def _said(answer) -> str:  # type: ignore[no-untyped-def]
    return " ".join(c.text for c in answer.claims)


def test_the_package_licence_is_its_files_star_stanza_never_a_licence_text_through_the_real_models(engine) -> None:  # type: ignore[no-untyped-def]
    answer = engine.ask("What licence is quillpad released under?")
    assert not answer.abstained
    assert answer.claims[0].text.startswith("Files: *; License: Expat")
    assert answer.sources[answer.claims[0].citations[0].source_id].doc_id == "quillpad/copyright"
    assert "free software" not in _said(answer) and "as-is" not in _said(answer)


def test_the_files_a_question_names_are_answered_by_their_stanza_through_the_real_models(engine) -> None:  # type: ignore[no-untyped-def]
    vendored = engine.ask("Which licence covers the code in quillpad's src/vendor/minizip folder?")
    assert not vendored.abstained and "License: Zlib" in vendored.claims[0].text
    packaging = engine.ask("Who holds the copyright on the debian/ packaging files of quillpad?")
    assert not packaging.abstained and "Priya Raman" in packaging.claims[0].text


def test_each_package_is_answered_from_its_own_copyright_file_through_the_real_models(engine) -> None:  # type: ignore[no-untyped-def]
    answer = engine.ask("Under which licence is inkwell distributed?")
    assert not answer.abstained and "License: BSD-3-clause" in answer.claims[0].text
    assert answer.sources[answer.claims[0].citations[0].source_id].doc_id == "inkwell/copyright"


def test_a_holder_the_file_leaves_empty_is_no_answer_through_the_real_models(engine) -> None:  # type: ignore[no-untyped-def]
    answer = engine.ask("Who holds the copyright on quillpad's data/fonts?")
    assert answer.abstained


@pytest.mark.parametrize(("question", "licence", "holder"), [
    ("What license is httplib2 under?", True, False),
    ("Under which licence is libsodium distributed?", True, False),
    ("How is libpng licensed?", True, False),
    ("What is the license of yq?", True, False),
    ("Who holds the copyright on lib/lz4file.c, and under which licence is it?", True, True),
    ("Which company holds the copyright on the Sun RPC code?", False, True),
    ("Who is the copyright holder of gitk?", False, True),
    ("What does the MIT license require of me?", False, False),
    ("What royalty-free patent licence terms does the file grant?", False, False),
    ("Who wrote the original version of fakeroot?", False, False),
    ("What is that project's main licence?", True, False),
    ("Who wrote src/apptype.c, and what is its licensing status?", True, False),
])  # fmt: skip
def test_a_question_that_asks_which_licence_or_whose_copyright(question: str, licence: bool, holder: bool) -> None:
    assert (asks_licence_name(question), asks_copyright_holder(question)) == (licence, holder)
    assert asks_licence(question) == (licence or holder)


HEADINGS = ["Files: *", "Files: src/vendor/minizip/*", "Files: man/ja/man1/chage.1", "Files: src/quillpad/*.c",
            "Files: src/quillpad/net/*", "Files: src/quillpad/ui/*", "Files: tests/certs/scripts/*", "Files: gitk-git/*",
            "Files: tools/quillpad-apply", "Files: libraries/libquillpad/*", "Files: debian/*"]  # fmt: skip


@pytest.mark.parametrize(("question", "stanzas", "sure"), [
    ("What licence is quillpad under?", ["Files: *"], True),  # nothing named: the package's own
    ("Which licence covers src/vendor/minizip?", ["Files: src/vendor/minizip/*"], True),  # a path
    ("Which licence covers the minizip code in quillpad?", ["Files: src/vendor/minizip/*"], True),  # a folder
    ("Who holds the copyright on the Debian packaging?", ["Files: debian/*"], True),
    ("What licence covers chage in quillpad?", ["Files: man/ja/man1/chage.1", "Files: *"], False),  # a file, by a word
    ("Can I link quillpad into my program? Which licence?", ["Files: *"], True),  # no name
    ("Who holds the copyright on quillpad's packaging scripts?", ["Files: tests/certs/scripts/*", "Files: *"], False),
    ("Who holds the copyright on quillpad's tests/certs/scripts?", ["Files: tests/certs/scripts/*"], True),
    ("Who is the copyright holder of gitk?", ["Files: gitk-git/*", "Files: *"], False),  # a word of a folder's name
    ("Which licence covers Debian's quillpad package?", ["Files: debian/*", "Files: *"], False),  # the distribution
    ("Which licence covers the C# bindings of quillpad?", ["Files: src/quillpad/*.c", "Files: *"], False),
    ("What licence do quillpad's .c files carry?", ["Files: src/quillpad/*.c", "Files: *"], False),  # an extension
    ("Under what licence is the quillpad-apply script?", ["Files: tools/quillpad-apply"], True),  # a program's name
    ("Which licence is the libquillpad library code under?", ["Files: *"], True),  # the upstream's library
])  # fmt: skip
def test_the_stanzas_a_question_names(question: str, stanzas: list[str], sure: bool) -> None:
    asked = asked_stanzas(question, HEADINGS, upstream_names("quillpad copyright"))
    assert [HEADINGS[n] for n in asked.stanzas] == stanzas and asked.sure is sure


def test_the_software_a_copyright_file_is_about_goes_by_its_upstream_and_package_names() -> None:
    assert names_subject("What is the licence of D-Bus?", subject_names("D-Bus copyright", "dbus-daemon/copyright"))
    assert names_subject("Who wrote libuuid?", subject_names("util-linux copyright", "libuuid1/copyright"))
    assert names_subject("How is libcurl licensed?", subject_names("curl copyright", "libcurl3-gnutls/copyright"))
    assert not names_subject("What license is httplib2 under?", subject_names("e2fsprogs copyright", "e2fsprogs/copyright"))
    assert names_subject("Which licence covers Berkeley DB 5.3?", subject_names("libdb5.3 copyright", "libdb5.3/copyright"))
    assert names_subject("Who wrote src/apptype.c in the file/libmagic sources?",
                         subject_names("file copyright", "libmagic-dev/copyright"))


def test_a_long_stanza_names_its_licence_first_and_parts_its_holders() -> None:
    doc = load_dep5(LONG, "copyright")
    assert "Files: *; License: LGPL-2.1+\n\nCopyright: 2000 Contributor Number 0 <c0@bigpkg.example>, 2001 " in doc.text
    assert "Comment: The project kept no complete record of its contributors in its early years.\n\n" \
           "Later contributions are listed in the AUTHORS file." in doc.text
    assert " . " not in doc.text and ", ., " not in doc.text
    short = load_dep5(QUILLPAD, "copyright")
    assert "Files: src/vendor/minizip/*; License: Zlib; Copyright: 1998-2010 Gilles Vollant" in short.text


def test_a_claim_ending_in_a_symbol_keeps_the_answerability_its_unit_was_read_with() -> None:
    text = "Files: *\n\nFiles: *; License: GPL-2+"
    source = Source("S1", "c1", "apt/copyright", 1, "apt copyright", ("Files: *",), None, 0, len(text), text, 0.5,
                    answers=((10, len(text), 0.9),))  # fmt: skip
    claim = Claim(text="Files: *; License: GPL-2+", citations=(Citation(source_id="S1", quote="Files: *; License: GPL-2+"),))
    assert _known_answerability([claim], [source]) == {"Files: *; License: GPL-2+": 0.9}


def test_a_name_with_a_dotted_number_is_named_by_a_file_name_that_writes_it_with_an_underscore() -> None:
    assert missing_terms("Who holds the copyright on the SSE4.1 code?", ["celt/x86/pitch_sse4_1.c"]) == []
    assert missing_terms("Who holds the copyright on the SSE4.2 code?", ["celt/x86/pitch_sse4_1.c"]) == ["SSE4.2"]
    assert missing_terms("Does it speak HTTP/2?", ["HTTP 1.1 only"]) == ["HTTP/2"]
    # a package's name carries its version: libxext6 is libXext's
    assert missing_terms("Who holds the copyright on libXext?", ["libxext6 copyright\nCopyright 1986 X Consortium"]) == []
    assert missing_terms("Who holds the copyright on libXext?", ["libxi6 copyright\nCopyright 1986 X Consortium"]) == ["libXext"]


def test_the_bundled_files_are_read_as_their_format() -> None:
    """The fixture files are DEP-5 as the loader reads it (a guard on the tests above)."""
    doc = load_dep5(QUILLPAD, "copyright")
    assert doc.title == "quillpad copyright" and doc.metadata["format"] == "debian-copyright"


def test_a_question_that_asks_for_a_year_is_answered_by_a_unit_that_states_one() -> None:
    assert asks_year("In what year did Eric Pruitt write Vim's tmux syntax file?")
    assert asks_year("Which years does the copyright on Avahi cover?")
    assert not asks_year("How many years of updates does it get?") and not asks_year("When was it released?")
    assert states_year("Files: runtime/syntax/tmux.vim; License: BSD-2-clause; Copyright: 2006, Eric Pruitt")
    assert not states_year("Files: runtime/syntax/tmux.vim; License: BSD-2-clause; Copyright: Eric Pruitt")
    assert not states_year("Set the timeout to 3.2000 seconds or 20000 ms.")


def test_a_version_written_onto_a_package_name_is_named() -> None:
    question = "Which licence covers the docs/csharp folder of Berkeley DB 5.3?"
    assert unnamed_versions(question, ["libdb5.3 copyright\nFiles: docs/csharp/*"], [()], ["libdb5.3/copyright"]) == []
    assert unnamed_versions(question, ["libdb5.4 copyright\nFiles: docs/csharp/*"], [()], ["libdb5.4/copyright"]) == ["5.3"]


def test_a_copyright_file_of_thousands_of_stanzas_is_read_up_to_a_bound() -> None:
    """A hostile file of many thousands of stanzas is read up to MAX_STANZAS (Debian's largest
    have a few hundred): a question never waits on the rest."""
    headings = ["Files: *", *(f"Files: src/mod{n}/*.c src/mod{n}/include/x{n}.h" for n in range(3 * MAX_STANZAS))]
    assert asked_stanzas("Which licence covers src/mod12?", headings, set()).stanzas == [13]
    far = MAX_STANZAS + 500
    assert asked_stanzas(f"Which licence covers src/mod{far}?", headings, set()).stanzas == [0]
