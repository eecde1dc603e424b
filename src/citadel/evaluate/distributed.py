"""Labelled questions answered on Ray (``citadel eval --ray``): the records and judgements of
:func:`~citadel.evaluate.run_questions`, in the questions' order, with the questions spread
over an actor pool.

Each :class:`AskActor` builds one engine over the same store location (a folder made
absolute, or a store URL) and runs its questions through ``run_questions`` itself, so every
record is made exactly as on one machine; the driver only gathers them. The actors read the
documents and, as every ``ask`` does, write each answer's trace to the store's request log.
On a cluster of several machines the store must be reachable from each (a database URL,
or a folder on a shared filesystem).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Sequence
from contextlib import closing
from typing import Any

from citadel._config import absolute_store
from citadel.engine import DEFAULT_BACKEND, Citadel
from citadel.evaluate.data import QAItem
from citadel.evaluate.metrics import SentenceJudgement
from citadel.evaluate.runner import QuestionRecord, RunResult, run_questions
from citadel.ingest.distributed import cluster_cpus, ordered_results, ray_session, results


class AskActor:
    """Ray Data's callable class for ``map_batches``: one engine per actor, built once."""

    def __init__(self, location: str, backend: str, groups: tuple[str, ...]) -> None:
        self.engine = Citadel(location, backend=backend)
        self.backend, self.groups = backend, groups

    def __call__(self, batch: dict[str, Any]) -> dict[str, list[bytes]]:
        items = [pickle.loads(b) for b in batch["item"]]
        run = run_questions(self.engine, items, groups=self.groups, backend=self.backend)
        return {"result": [pickle.dumps(pair) for pair in zip(run.records, run.judgements, strict=True)]}


def run_questions_on_ray(
    location: str,
    items: Sequence[QAItem],
    *,
    address: str,
    groups: Sequence[str] = (),
    backend: str = DEFAULT_BACKEND,
    num_workers: int | None = None,
    on_step: Callable[[str], None] | None = None,
) -> RunResult:
    """``run_questions`` over an engine on the store at ``location``, on Ray at ``address``
    (``"local"``, or a cluster; see :func:`citadel.ingest.distributed.ray_session`) with
    ``num_workers`` actors (default: one per CPU of the cluster)."""
    records: list[QuestionRecord] = []
    judgements: list[list[SentenceJudgement]] = []
    if not items:
        return RunResult(records, judgements)
    with ray_session(address) as ray, ordered_results(ray):
        workers = max(1, min(len(items), num_workers if num_workers is not None else cluster_cpus(ray)))
        ds = ray.data.from_items([{"item": pickle.dumps(item)} for item in items]).map_batches(
            AskActor, fn_constructor_kwargs={"location": absolute_store(location), "backend": backend,
                                             "groups": tuple(groups)},
            compute=ray.data.ActorPoolStrategy(size=workers), batch_size=1, batch_format="numpy",
        )  # fmt: skip
        with closing(results(ray, ds, "result")) as pairs:
            for record, judged in pairs:
                records.append(record)
                judgements.append(judged)
                if on_step:
                    on_step(record.item.id)
    return RunResult(records, judgements)
