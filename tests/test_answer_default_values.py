"""A question that asks which value holds by default ("What is the default FAIL_DELAY?") is not
answered by a unit that names the setting and states none of its values ("FAIL_DELAY (number):
Delay in seconds before another attempt"): documentation describes far more settings than it
gives defaults for, and such a unit is on topic for the question and no answer to it."""

from __future__ import annotations

import time
from pathlib import Path

from citadel.ingest import ingest
from citadel.retrieve import HashingEmbedder
from citadel.retrieve.answer_types import asks_default_value, states_value
from citadel.retrieve.evidence import ScoredSentence, _with_what_follows
from citadel.retrieve.sentences import premise_echo
from citadel.store import Store

from tests.engine_fixtures import engine_over
from tests.retrieve_fixtures import searcher
from tests.test_retrieve_evidence import units_read


def test_a_question_for_a_default_value_is_told_from_other_questions_about_defaults() -> None:
    for question in ("What is the default FAIL_DELAY in login.defs?",
                     "How often does watch rerun my command if I don't pass any interval?",
                     "Where does time write its statistics by default?",
                     "If I don't pass TIMEOUT to execute_process, after how many seconds are the children killed?",
                     "The first cluster gets port 5432. Which port does the second one get by default?",
                     "What merge strategy does git revert use by default?"):  # fmt: skip
        assert asks_default_value(question), question
    for question in ("Is MD5 checking on or off by default?",  # yes or no
                     "Out of the box, does git clean insist on -f?",
                     "Which environment variable holds default options for zip?",  # a thing, not a value
                     "How do I change the default editor?",  # how to
                     "In which Python version did ftplib switch its default encoding?",  # a version
                     "What does the frobnicate command do?"):  # fmt: skip  # no default asked for
        assert not asks_default_value(question), question


def test_what_states_a_value_and_what_only_names_a_setting() -> None:
    question = "What is the default value of the AUTOMOC property?"
    for unit in ("The default fuzz factor is 2.",
                 "If you do not specify LINES, it defaults to three.",
                 "By default, time writes the statistics to the standard error stream.",
                 "--stacks=<yes|no> [default: no] Specifies whether stack profiling should be done.",
                 "columns are filled before rows (the default mode).",
                 "The atexit property is true unless it is changed.",
                 "The library gets installed in /usr/local/lib.",
                 "The prompt is 'Password: '.",
                 "When not specified, start-stop-daemon changes directory to the root directory."):  # fmt: skip
        assert states_value(unit, question), unit
    for unit in ("The AUTOMOC target property may be pre-set for all following targets by setting CMAKE_AUTOMOC.",
                 "FAIL_DELAY (number): Delay in seconds before being allowed another attempt.",
                 "The <rescan> element indicates the default interval between automatic checks.",
                 "If not specified, a default will be selected as described in the variable documentation.",
                 "See the 'AUTOMOC' property for a way to control the default behavior.",  # quoting what is asked
                 "See ssh-add(1) and sha512sum for the details."):  # fmt: skip  # a page's section, a name
        assert not states_value(unit, question), unit


def test_a_unit_that_states_no_value_does_not_answer_what_the_default_is(tmp_path: Path, store: Store) -> None:
    (tmp_path / "login.md").write_text("# login.defs\n\nFAIL_DELAY sets the delay in seconds before another login "
                                       "attempt after a failure. LOGIN_RETRIES defaults to 5 attempts.\n")  # fmt: skip
    ingest(store, [tmp_path / "login.md"], embedder=HashingEmbedder())
    hits = searcher(store).search("FAIL_DELAY delay login attempt", k=5).hits
    delay = "FAIL_DELAY sets the delay in seconds before another login attempt after a failure."
    asked = units_read(store, "What is the default FAIL_DELAY in login.defs?", hits)
    assert asked[delay] == 0.0  # names the setting, states no value
    assert asked["LOGIN_RETRIES defaults to 5 attempts."] > 0.0
    plain = units_read(store, "What does FAIL_DELAY set in login.defs?", hits)  # no default asked for: it answers
    assert plain[delay] > 0.0


def test_a_unit_that_asks_or_leads_in_is_judged_with_what_follows_it(tmp_path: Path, store: Store) -> None:
    """A property table's row that asks ("direction: Which direction do slices progress in?") and
    a lead-in ("For example, searching for the latest compiler:") state their value in the unit
    after them, which the answer quotes with them: they are read together; so is a unit that
    restates the question's premise, with the next unit of its paragraph."""
    (tmp_path / "pie.md").write_text("# Pie properties\n\nWhich direction do slices progress in? The default is "
                                     "'clockwise'.\n\nThe slices are drawn from the data.\n")  # fmt: skip
    ingest(store, [tmp_path / "pie.md"], embedder=HashingEmbedder())
    hits = searcher(store).search("direction slices progress", k=5).hits
    read = units_read(store, "In which direction do the pie slices progress by default?", hits)
    assert read["Which direction do slices progress in?"] > 0.0  # completed by "The default is 'clockwise'."
    assert read.get("The slices are drawn from the data.", 0.0) == 0.0  # states no value
    # a lead-in is read with the line it introduces, a unit that asks or states alone
    text = "Searching for the latest compiler:\n\n/usr/ghs is searched. It is fast. Is it? Yes."
    parts = ["Searching for the latest compiler:", "/usr/ghs is searched.", "It is fast.", "Is it?", "Yes."]
    units = [ScoredSentence(text.index(u), text.index(u) + len(u), 0.5) for u in parts]
    assert _with_what_follows(text, units, 0) == text[: text.index("searched.") + 9]
    assert _with_what_follows(text, units, 1) == "/usr/ghs is searched."
    assert _with_what_follows(text, units, 3) == "Is it? Yes."
    assert _with_what_follows(text, units, 4) == "Yes."
    # a unit that restates the question's premise is read with the next unit of its paragraph
    text = "The operator user is no longer created by default. It had uid 37.\nOther users are made."
    parts = ["The operator user is no longer created by default.", "It had uid 37.", "Other users are made."]
    units = [ScoredSentence(text.index(u), text.index(u) + len(u), 0.5) for u in parts]
    echoes = premise_echo("Debian no longer creates the operator user by default. Which UID did it have?")
    assert _with_what_follows(text, units, 0, echoes) == text[: text.index("\n")]
    assert _with_what_follows(text, units, 1, echoes) == "It had uid 37."
    assert _with_what_follows(text, units, 0) == parts[0]


def test_a_default_the_documents_do_not_state_is_not_answered_through_the_real_models(tmp_path: Path) -> None:
    """Through the real models: the setting's description is on topic for the question about its
    default, and no answer; the default another setting's description states is one."""
    conf = ("frob.conf(5)\n============\n\nSETTINGS\n--------\n\n"
            "RESCAN_INTERVAL\n    The interval, in seconds, between automatic checks of the font directories for "
            "changes. Frob rebuilds its cache when the interval passes.\n\n"
            "CACHE_MAX\n    The largest number of fonts kept in the cache. The default is 4096.\n\n"
            "LOG_LEVEL\n    How much frob writes to its log file.\n")
    engine = engine_over(tmp_path, {"frob.conf.5.txt": conf})
    answer = engine.ask("What is the default RESCAN_INTERVAL in frob.conf?")
    assert answer.abstained, answer.claims
    answer = engine.ask("What is the default CACHE_MAX in frob.conf?")
    assert not answer.abstained, answer.abstention_reason
    assert "4096" in answer.answer, answer.claims


def test_a_hostile_unit_is_read_for_a_value_in_bounded_time() -> None:
    """A unit is as long as its passage: one long run of dotted or dashed words (no slash, no
    "@") is read for a value and an amount in time linear in its length, not quadratic."""
    from citadel.retrieve.answer_types import states_quantity

    for unit in ("a." * 50_000, "a-" * 50_000, "x/" * 50_000):
        started = time.monotonic()
        states_value(unit, "What is the default path?")
        states_quantity(unit, "How many paths are there?")
        assert time.monotonic() - started < 2.0, unit[:10]  # quadratic: over 30 s on this machine
