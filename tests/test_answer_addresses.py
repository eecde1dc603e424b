"""A question that asks for an e-mail or web address ("What is Mike Gorse's e-mail address?") is
not answered by a unit that names the person or project and gives no address: copyright files,
READMEs and manuals name far more people than they give addresses for."""

from __future__ import annotations

import time
from pathlib import Path

from citadel.ingest import ingest
from citadel.retrieve import HashingEmbedder
from citadel.retrieve.answer_types import asked_address, names_member, states_address
from citadel.store import Store

from tests.engine_fixtures import engine_over
from tests.retrieve_fixtures import searcher
from tests.test_retrieve_evidence import units_read


def test_a_question_for_an_address_is_told_from_questions_that_mention_one() -> None:
    for question, kind in (("What is the email address of Mike Gorse, the upstream contact?", "mail"),
                           ("What mailing list does the copyright file give for contacting upstream?", "mail"),
                           ("The licence says to contact the author. What is Craig Metz's e-mail address?", "mail"),
                           ("From which URL can I download the upstream source tarball?", "web"),
                           ("Where is the upstream home page of libxkbcommon?", "web")):  # fmt: skip
        assert asked_address(question) == kind, question
    for question in ("Which git blame option shows e-mail addresses instead of names?",  # a thing
                     "Which maintainer did the Debian maintainer e-mail to ask about the licence?",  # a verb
                     "How do I make timeout send me an email when it kills the command?",
                     "What registry URL path does npm audit use?",  # a path on a server
                     "What's the maximum URL length that urlsplit() accepts?",  # an amount
                     "How do I split off the '#section' part of a URL?"):  # fmt: skip
        assert asked_address(question) is None, question


def test_what_states_an_address() -> None:
    assert states_address("mail", "Upstream-Contact: Mike Gorse <mgorse@suse.com>")
    assert states_address("mail", "Write to jo at example dot org.")  # against harvesters
    assert states_address("mail", "The dbus mailing list: https://lists.freedesktop.org/mailman/listinfo/dbus")
    assert not states_address("mail", "Upstream-Contact: Mike Gorse")
    assert not states_address("mail", "Look at the file. It says who wrote it.")
    assert not states_address("mail", "Source: https://download.gnome.org/sources/at-spi2-core/")  # no list
    assert states_address("web", "Source: https://download.gnome.org/sources/at-spi2-core/")
    assert states_address("web", "See zlib.net for the details.")
    assert not states_address("web", "Files: *; License: GPL-2+; Copyright: 2004 Mike Gorse")


def test_a_unit_that_gives_no_address_does_not_answer_for_one(tmp_path: Path, store: Store) -> None:
    (tmp_path / "contacts.md").write_text("# Contacts\n\nThe upstream contact is Mike Gorse.\n\n"
                                          "The e-mail address of the bug contact is ann@example.org.\n")  # fmt: skip
    ingest(store, [tmp_path / "contacts.md"], embedder=HashingEmbedder())
    hits = searcher(store).search("upstream contact Mike Gorse Ann Lee", k=5).hits
    read = units_read(store, "What is the e-mail address of the upstream contact?", hits)
    assert read["The upstream contact is Mike Gorse."] == 0.0
    assert read["The e-mail address of the bug contact is ann@example.org."] > 0.0
    plain = units_read(store, "Who is the upstream contact?", hits)  # no address asked for
    assert plain["The upstream contact is Mike Gorse."] > 0.0


def test_an_address_the_documents_do_not_give_is_not_answered_through_the_real_models(tmp_path: Path) -> None:
    """Through the real models: the maintainer is named without an address, and the question for
    the address is abstained on; the home page the README gives is answered with it."""
    readme = ("# frobnik\n\nfrobnik turns tables into charts. It was written by Ada Quill, who still maintains it "
              "and answers its bug reports.\n\nThe project's home page is https://frobnik.example.org/, where "
              "every release is published.\n")  # fmt: skip
    engine = engine_over(tmp_path, {"README.md": readme})
    answer = engine.ask("What is the e-mail address of Ada Quill, the maintainer of frobnik?")
    assert answer.abstained, answer.claims
    answer = engine.ask("Who maintains frobnik?")  # no address asked for: the same sentence answers
    assert not answer.abstained and "Ada Quill" in answer.answer, answer.abstention_reason
    answer = engine.ask("What is the home page of frobnik?")
    assert not answer.abstained, answer.abstention_reason
    assert "https://frobnik.example.org/" in answer.answer, answer.claims


def test_a_hostile_unit_is_read_for_an_address_in_bounded_time() -> None:
    """A long run of dotted or dashed words is scanned once for an address, not once from each
    of its words (quadratic: minutes for 40,000 characters)."""
    for unit in ("a." * 20_000, "a-" * 20_000, "a." * 20_000 + "@", "jo at " * 8_000, "a@" * 20_000, "a" * 40_000):
        started = time.monotonic()
        states_address("mail", unit)
        states_address("web", unit)
        names_member("function", unit)  # addresses are blanked out before names are looked for
        assert time.monotonic() - started < 2.0, unit[:10]
    # and blanked out as before: an address names no member, a call beside it still does
    assert not names_member("function", "See https://www.counterpane.com/yarrow.html or mail jo@example.org.")
    assert names_member("function", "Mail jo@example.org, then call yarrow_init().")
