"""Running the bundled models on every core, one input per run.

The bundled ONNX models read one text (or pair) per session run: an INT8 graph quantizes its
activations with one scale per tensor, so in a batch a row's score depended on its batch mates
(:mod:`citadel.retrieve.rerankers`). One short sequence cannot keep two cores busy inside one
run (between its small matrix products the intra-op threads wait on each other): on 2 cores,
20 (question, sentence) pairs of ~80 tokens took 11-20 ms a pair run one after another with
two intra-op threads, and 9-10 ms a pair with one intra-op thread and two runs side by side,
every score identical (``bench/ask.py``, bench/RESULTS.md). So sessions get one intra-op
thread, and :func:`run_all` hands a call's runs to one pool per process with a worker per
core: a call's runs go side by side, and the callers of a server share the cores instead of
each taking all of them. A run's result depends only on its input, so results are the same
whatever the number of workers.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: the number of workers; unset: the cores this process may run on
WORKERS_ENV = "CITADEL_INFERENCE_WORKERS"

_lock = threading.Lock()
_pool: ThreadPoolExecutor | None = None
_inside = threading.local()


def cores() -> int:
    """Workers of the pool: ``CITADEL_INFERENCE_WORKERS`` if set, else the cores this process
    may run on (its CPU affinity, which container limits narrow)."""
    configured = os.environ.get(WORKERS_ENV, "").strip()
    if configured.isdigit() and int(configured) > 0:
        return int(configured)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=cores(), thread_name_prefix="citadel-inference")
        return _pool


def _forget_pool() -> None:  # a forked child has the parent's pool object but not its threads
    global _pool, _lock
    _pool, _lock = None, threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool)


def run_all(run: Callable[[T], R], items: Sequence[T], workers: int = 0) -> list[R]:
    """``[run(x) for x in items]``, at most ``workers`` (0: :func:`cores`) at a time.

    The items are dealt to the workers in turn (``items[i::n]``), so a list sorted by length
    gives each a similar share. Called from inside a run, or with one worker or one item, it
    runs in the calling thread; the first exception raised is raised here."""
    n = min(len(items), workers if workers > 0 else cores())
    if n <= 1 or getattr(_inside, "active", False):
        return [run(x) for x in items]

    def shard(part: Sequence[T]) -> list[R]:
        _inside.active = True
        try:
            return [run(x) for x in part]
        finally:
            _inside.active = False

    futures = [_executor().submit(shard, items[i::n]) for i in range(n)]
    shards = [f.result() for f in futures]
    out: list[R] = [None] * len(items)  # type: ignore[list-item]
    for i, results in enumerate(shards):
        out[i::n] = results
    return out
