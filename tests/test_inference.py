"""citadel.inference: a call's model runs go side by side on every core, with the results of
one run after another."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

import numpy as np
import pytest

from citadel.inference import cores, run_all
from citadel.retrieve import CrossEncoderReranker, OnnxEmbedder
from citadel.retrieve.answerability import AnswerabilityModel
from citadel.retrieve._onnx import OnnxSettings
from citadel.verify.model import SupportModel


def test_run_all_keeps_the_input_order_and_uses_at_most_the_workers_asked() -> None:
    active, peak, lock = [0], [0], threading.Lock()

    def square(x: int) -> int:
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        time.sleep(0.01)
        with lock:
            active[0] -= 1
        return x * x

    items = list(range(23))
    assert run_all(square, items, workers=3) == [x * x for x in items]
    assert peak[0] == min(3, cores())  # side by side where the machine has the cores
    peak[0] = 0
    assert run_all(square, items, workers=1) == [x * x for x in items]
    assert peak[0] == 1
    assert run_all(square, [], workers=2) == []


def test_run_all_runs_a_nested_call_in_its_own_thread_and_raises_the_first_error() -> None:
    def inner(x: int) -> list[str]:
        return run_all(lambda y: threading.current_thread().name, [x, x + 1], workers=2)

    names = run_all(inner, [0, 1, 2, 3], workers=2)
    for outer in names:  # a run inside a run does not wait for a worker the pool may not have free
        assert len(set(outer)) == 1

    def fail(x: int) -> int:
        if x == 5:
            raise ValueError("five")
        return x

    with pytest.raises(ValueError, match="five"):
        run_all(fail, list(range(8)), workers=2)


def test_the_bundled_models_give_the_same_scores_whatever_the_workers() -> None:
    texts = ["The museum is closed on Mondays.", "Refunds are processed within five business days.",
             "Interns receive 10 days of holiday.", "-f, --failfast  Stop the test run on the first error."]
    question = "When is the museum closed?"
    one = OnnxEmbedder(settings=OnnxSettings(batch_size=1, workers=1)).embed_batch(texts)
    two = OnnxEmbedder(settings=OnnxSettings(batch_size=1, workers=2)).embed_batch(texts)
    assert np.array_equal(one, two)

    serial = CrossEncoderReranker(settings=replace(CrossEncoderReranker.DEFAULT_SETTINGS, workers=1))
    side_by_side = CrossEncoderReranker(settings=replace(CrossEncoderReranker.DEFAULT_SETTINGS, workers=2))
    scores = serial.score(question, texts)
    assert np.array_equal(scores, side_by_side.score(question, texts))
    assert int(np.argmax(scores)) == 0  # and each score is still its own text's

    model = AnswerabilityModel()
    alone = AnswerabilityModel(settings=replace(model.settings, workers=1))
    assert np.array_equal(model.logits(question, texts), alone.logits(question, texts))

    pairs = [(t, "Refunds take five business days.") for t in texts]
    a, b = SupportModel(threads=1).score(pairs), SupportModel(threads=2).score(pairs)
    assert np.array_equal(a.entail, b.entail) and np.array_equal(a.contradict, b.contradict)
    assert a.entail[1] == max(a.entail)
