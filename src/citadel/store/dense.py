"""Exact cosine search over an in-memory float32 matrix, one contiguous slice per partition.

Rows are ordered by access partition, so a search multiplies only the slices of the
partitions the caller may read: a restricted vector is never scored for a caller
outside its groups. Exact search was chosen by measurement (``bench/retrieval.py``):
at 100k chunks x 384 dimensions one matrix-vector product takes a few milliseconds,
well under the cost of embedding the query, with perfect recall.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from citadel._errors import RetrievalError


@dataclass(frozen=True)
class DenseIndex:
    generation: int
    dim: int
    rowids: np.ndarray  # int64, ordered by (partition, rowid)
    matrix: np.ndarray  # float32 (n, dim)
    slices: dict[int, tuple[int, int]]  # partition -> [lo, hi) in rowids/matrix

    @classmethod
    def build(cls, generation: int, dim: int, rows: Sequence[tuple[Any, ...]]) -> DenseIndex:
        """From ``(rowid, part_id, blob)`` rows sorted by partition then rowid."""
        rowids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
        blob = b"".join(r[2] for r in rows)
        matrix = np.frombuffer(blob, dtype="<f4").reshape(len(rows), dim) if rows else np.zeros((0, dim), "<f4")
        slices: dict[int, tuple[int, int]] = {}
        for i, r in enumerate(rows):
            lo, _ = slices.get(int(r[1]), (i, i))
            slices[int(r[1])] = (lo, i + 1)
        return cls(generation, dim, rowids, matrix, slices)

    def search(
        self, vector: np.ndarray, k: int, partitions: Sequence[int], allowed: np.ndarray | None
    ) -> list[tuple[int, float]]:
        """Top ``k`` (rowid, cosine) over the given partitions, restricted to sorted ``allowed``."""
        query = np.asarray(vector, dtype=np.float32).reshape(-1)
        if len(self.rowids) and query.shape[0] != self.dim:
            raise RetrievalError(f"query vector has {query.shape[0]} dimensions, the store's have {self.dim}")
        ids: list[np.ndarray] = []
        scores: list[np.ndarray] = []
        for part in partitions:
            if part not in self.slices:
                continue
            lo, hi = self.slices[part]
            part_ids = self.rowids[lo:hi]
            part_scores = self.matrix[lo:hi] @ query
            if allowed is not None:
                keep = np.isin(part_ids, allowed, assume_unique=True)
                part_ids, part_scores = part_ids[keep], part_scores[keep]
            if len(part_scores) > k:
                best = np.argpartition(-part_scores, k - 1)[:k]
                part_ids, part_scores = part_ids[best], part_scores[best]
            ids.append(part_ids)
            scores.append(part_scores)
        if not ids:
            return []
        all_ids, all_scores = np.concatenate(ids), np.concatenate(scores)
        order = np.lexsort((all_ids, -all_scores))[:k]
        return [(int(all_ids[i]), float(all_scores[i])) for i in order]
