"""Questions about an Info manual's settings, through the real bundled models: the entry's
default is the answer to a question that asks for a default, however little the models make
of "The default value is 300." alone; an entry that states no default answers no such
question (issue 15: the completing line, and near-topic questions)."""

from __future__ import annotations


import pytest

from citadel.engine import Citadel
from citadel.retrieve.answer_types import asks_default, states_default

from tests.engine_fixtures import engine_over

MANUAL = """This is tidewatch.info, produced by makeinfo version 6.8 from tidewatch.texi.

\x1f
File: tidewatch.info,  Node: Settings,  Up: (dir)

1 Settings
**********

The tidewatch daemon reads these settings from its configuration file.

'poll-interval'
     How often the daemon asks each gauge for a new reading.  A shorter
     interval gives fresher levels but wakes the radio more often, which
     drains the battery of a remote gauge.  Gauges that miss a poll are
     asked again at the next one.  The value is given in seconds, so 60
     means one poll a minute.  The default value is 300.

'alarm-margin'
     How far above the charted high tide a reading must be before an alarm
     is raised.  The margin is given in centimetres.  Readings are smoothed
     over three polls first, so a single wave does not raise an alarm.  The
     default margin is 25.

'archive-days'
     How long old readings are kept before they are deleted from the
     archive.  Readings of a storm are kept for good.

"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Citadel:
    return engine_over(tmp_path_factory.mktemp("info"), {"tidewatch.info": MANUAL})


@pytest.mark.parametrize(("question", "claim"), [
    ("By default, how often does tidewatch poll a gauge?", "poll-interval: The default value is 300."),
    ("How far above high tide must a reading be for an alarm, unless configured otherwise?",
     "alarm-margin: The default margin is 25."),
])  # fmt: skip
def test_the_default_an_entry_states_answers_a_question_for_the_default(
    engine: Citadel, question: str, claim: str
) -> None:
    answer = engine.ask(question)
    assert not answer.abstained and answer.claims[0].text == claim
    location = answer.claims[0].citations[-1].location  # the node a reader opens, and the lines
    line = next(n for n, text in enumerate(MANUAL.split("\n"), 1) if claim.split()[-2] + " " + claim.split()[-1] in text)
    assert location["symbol"] == "Settings" and location["line_start"] <= line <= location["line_end"]


def test_an_entry_that_states_no_default_answers_no_question_for_one(engine: Citadel) -> None:
    assert engine.ask("What is the default number of days old readings are kept?").abstained


def test_a_question_for_a_default_is_known_by_its_words() -> None:
    for question in ("What's the default setting for StrictHostKeyChecking?", "How long does it wait by default?",
                     "Where does time print its report unless told otherwise?",
                     "If I don't pass -l, what line-wrap length does sed use?", "What does it do out of the box?"):
        assert asks_default(question), question
    for question in ("How long does it wait?", "Which option sets the line-wrap length?", "Unless I'm wrong, is it 3?"):
        assert not asks_default(question), question
    assert states_default("Defaults to 48K.") and states_default("The argument must be yes or no (the default).")
    assert not states_default("The value is given in seconds.")
