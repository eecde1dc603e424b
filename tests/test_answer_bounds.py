"""A question that asks for a bound ("What is the maximum number of questions in one exam?") is
not answered by a unit that states no bound: documentation gives the limits of neighbouring
things and amounts that are no limit ("You can tell Gri how many lines to read with read columns
10 x y"), on topic for the question and no answer to it."""

from __future__ import annotations

import time
from pathlib import Path

from citadel.ingest import ingest
from citadel.retrieve import HashingEmbedder
from citadel.retrieve.answer_types import asks_bound, states_bound
from citadel.store import Store

from tests.engine_fixtures import engine_over
from tests.retrieve_fixtures import searcher
from tests.test_retrieve_evidence import units_read


def test_a_question_for_a_bound_is_told_from_questions_that_only_mention_one() -> None:
    for question in ("What is the maximum number of questions I can put in one exam?",
                     "What's the largest value Valgrind accepts for --max-threads?",
                     "Is there a limit on how long a line typed at the console can be?",
                     "What's the lowest UID that useradd hands out by default?",
                     "Is there a recommended maximum length for a package name?",
                     "What is the default maximum size of a WARC file?",
                     "I keep running out of room. What is the upper limit on the cache size?"):  # fmt: skip
        assert asks_bound(question), question
    for question in ("Which option sets the maximum depth?",  # a thing that sets one
                     "Which resource specifier do I put in the format to get the maximum resident set size?",
                     "What minimum version of Perl does the tool need?",  # a version
                     "How many bytes will cmp compare at most with -n 4M?",  # an amount ("how many")
                     "What does the --max-age option do?",
                     "How do I raise the limit?"):  # fmt: skip
        assert not asks_bound(question), question


def test_what_states_a_bound_and_what_states_only_an_amount() -> None:
    for unit in ("The maximum number of answers for a given question is limited to 199.",
                 "By default, Valgrind can handle up to 500 threads.",
                 "The name must be less than or equal to 214 characters.",
                 "Today, 2048 or higher is recommended for RSA keys.",
                 "This value may range between 1024 and 65011712 inclusive.",
                 "Levels 1-9 are accepted.",
                 "GNU sed: no limit.",
                 "decimal.MAX_PREC: 64-bit: 999999999999999999",  # a name with its bound in it
                 "UID_MIN (number): the default value is 1000.",
                 "maxTimeout number (optional): milliseconds to wait.",
                 "The line may not exceed 80 columns."):  # fmt: skip
        assert states_bound(unit), unit
    for unit in ("You can tell Gri how many lines to read with a command like read columns 10 x y.",
                 "12 2 .5 d.ps > all.ps produces 4 panels from gri plots.",
                 "Give Valgrind the option --log-socket=127.0.0.1:12345.",
                 "The default package name field length of aptitude is 30.",
                 "Q [EXIT-CODE]: This command accepts only one address."):  # fmt: skip
        assert not states_bound(unit), unit


def test_a_unit_that_states_no_bound_does_not_answer_what_the_limit_is(tmp_path: Path, store: Store) -> None:
    (tmp_path / "gri.md").write_text("# read columns\n\nYou can tell Gri how many rows to read, as in "
                                     "read columns 10 for ten rows.\n\nThe columns hold at most 5000 rows each.\n")  # fmt: skip
    ingest(store, [tmp_path / "gri.md"], embedder=HashingEmbedder())
    hits = searcher(store).search("rows read columns", k=5).hits
    amount = "You can tell Gri how many rows to read, as in read columns 10 for ten rows."
    asked = units_read(store, "What is the maximum number of rows read columns can hold?", hits)
    assert asked[amount] == 0.0  # an amount, no bound
    assert asked["The columns hold at most 5000 rows each."] > 0.0
    plain = units_read(store, "How do I tell read columns how many rows to read?", hits)  # no bound asked for
    assert plain[amount] > 0.0


def test_a_bound_where_the_unit_stands_counts(tmp_path: Path, store: Store) -> None:
    """A table row under a "Limits" heading states a bound by where it stands."""
    (tmp_path / "limits.md").write_text("# sed versions\n\n## Line length limits\n\nHHsed v1.5: 4000 bytes.\n\n"
                                        "## Authors\n\nSSed v3.2: 4000 lines of code.\n")  # fmt: skip
    ingest(store, [tmp_path / "limits.md"], embedder=HashingEmbedder())
    hits = searcher(store).search("HHsed SSed line length bytes lines", k=5).hits
    read = units_read(store, "What is the maximum line length of HHsed and SSed?", hits)
    assert read["HHsed v1.5: 4000 bytes."] > 0.0
    assert read.get("SSed v3.2: 4000 lines of code.", 0.0) == 0.0


def test_an_amount_that_bounds_nothing_is_no_limit_through_the_real_models(tmp_path: Path) -> None:
    """Through the real models: an example's count of panels is on topic for the largest number
    of panels and no answer to it; the bound a unit states answers its own question."""
    manual = ("# psjoin\n\npsjoin lays several PostScript pages out side by side on one sheet.\n\n"
              "For example, psjoin 2 2 a.ps b.ps c.ps d.ps > all.ps produces 4 panels on a single sheet.\n\n"
              "The margin around each panel is at most 2 cm.\n")
    engine = engine_over(tmp_path, {"psjoin.md": manual})
    answer = engine.ask("What's the largest number of panels psjoin can put onto a single sheet?")
    assert answer.abstained, answer.claims
    answer = engine.ask("What is the maximum margin around a panel in psjoin?")
    assert not answer.abstained, answer.abstention_reason
    assert "2 cm" in answer.answer, answer.claims


def test_a_hostile_unit_is_read_for_a_bound_in_bounded_time() -> None:
    for unit in ("1." * 50_000, "between " + "a" * 100_000, "1-" * 50_000, "cannot " * 20_000):
        started = time.monotonic()
        states_bound(unit)
        assert time.monotonic() - started < 2.0, unit[:10]


def test_a_port_an_id_or_a_umask_is_stated_in_digits(tmp_path: Path, store: Store) -> None:
    """"What TCP port ...?" is answered by a number in digits: "one computer" and "all the ways"
    state amounts in words, and no port."""
    from citadel.retrieve.answer_types import states_quantity

    question = "What TCP port does the debug server listen on?"
    assert not states_quantity("Using tcp/ip allows to run the debugger on one computer.", question)
    assert not states_quantity("The scripts must cope with all the ways they can be called.", "What umask do they get?")
    assert states_quantity("The default port is 1500.", question)
    assert states_quantity("There are three files.", "How many files are there?")  # words do for other amounts
    (tmp_path / "debug.md").write_text("# Debug server\n\nThe debug server lets you debug on one computer a "
                                       "program that runs on another.\n\nIts port is set with --port.\n")  # fmt: skip
    ingest(store, [tmp_path / "debug.md"], embedder=HashingEmbedder())
    hits = searcher(store).search("debug server port computer", k=5).hits
    read = units_read(store, "What port does the debug server listen on on the other computer?", hits)
    assert read["The debug server lets you debug on one computer a program that runs on another."] == 0.0
    read = units_read(store, "How many computers does the debug server need?", hits)  # an amount in words
    assert read["The debug server lets you debug on one computer a program that runs on another."] > 0.0
