"""Evaluation metrics: small pure functions returning plain numbers.

Citation metrics follow ALCE (Gao et al., 2023): a sentence counts for citation
recall when its citations *jointly* support it; a citation is precise unless it
alone does not support the sentence while the remaining citations do (it is then
irrelevant); a sentence that is not supported at all makes all its citations
imprecise. At most three citations per sentence are considered.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

MAX_CITATIONS = 3


@dataclass(frozen=True)
class CitationJudgement:
    """For one citation of a sentence: does it alone support it, do the others without it?"""

    alone: bool
    others: bool


@dataclass(frozen=True)
class SentenceJudgement:
    supported: bool  # the sentence's citations jointly support it
    citations: tuple[CitationJudgement, ...]


def citation_recall(sentences: Sequence[SentenceJudgement]) -> float:
    """Share of sentences whose citations jointly support them (0 for no sentences)."""
    if not sentences:
        return 0.0
    return sum(s.supported and bool(s.citations) for s in sentences) / len(sentences)


def citation_precision(sentences: Sequence[SentenceJudgement]) -> float:
    """Share of citations that are relevant by the ALCE rule (0 for no citations)."""
    total = relevant = 0
    for s in sentences:
        for c in s.citations[:MAX_CITATIONS]:
            total += 1
            relevant += s.supported and (c.alone or not c.others)
    return relevant / total if total else 0.0


def groundedness(verdicts: Sequence[str]) -> float:
    """Supported claims / claims (1.0 when there are no claims: nothing ungrounded was said)."""
    return sum(v == "supported" for v in verdicts) / len(verdicts) if verdicts else 1.0


@dataclass(frozen=True)
class AbstentionScores:
    questions: int
    answered: int
    abstained: int
    answer_rate_answerable: float
    abstain_rate_unanswerable: float
    abstention_precision: float  # abstentions that were right (the question was unanswerable)
    abstention_recall: float  # unanswerable questions that were abstained on
    balanced_accuracy: float  # mean of the two rates above the precision


def abstention_scores(answerable: Sequence[bool], abstained: Sequence[bool]) -> AbstentionScores:
    pairs = list(zip(answerable, abstained, strict=True))
    ans = [a for a in pairs if a[0]]
    unans = [a for a in pairs if not a[0]]
    n_abstained = sum(ab for _, ab in pairs)
    right_abstentions = sum(ab for _, ab in unans)
    answer_rate = sum(not ab for _, ab in ans) / len(ans) if ans else 0.0
    abstain_rate = right_abstentions / len(unans) if unans else 0.0
    return AbstentionScores(
        questions=len(pairs),
        answered=len(pairs) - n_abstained,
        abstained=n_abstained,
        answer_rate_answerable=answer_rate,
        abstain_rate_unanswerable=abstain_rate,
        abstention_precision=right_abstentions / n_abstained if n_abstained else 0.0,
        abstention_recall=abstain_rate,
        balanced_accuracy=(answer_rate + abstain_rate) / 2,
    )


def recall_at_k(ranked: Sequence[str], gold: set[str], k: int) -> float:
    """Share of gold ids found in the first k distinct ranked ids."""
    if not gold:
        return 0.0
    top = list(dict.fromkeys(ranked))[:k]
    return len(gold & set(top)) / len(gold)


def reciprocal_rank(ranked: Sequence[str], gold: set[str]) -> float:
    for rank, item in enumerate(dict.fromkeys(ranked), start=1):
        if item in gold:
            return 1.0 / rank
    return 0.0


_TOKEN = re.compile(r"\w+")


def tokens(text: str) -> list[str]:
    return [t.lower() for t in _TOKEN.findall(text)]


def token_f1(prediction: str, references: Sequence[str]) -> float:
    """SQuAD-style token F1, best over the references."""
    pred = tokens(prediction)
    best = 0.0
    for ref in references:
        gold = tokens(ref)
        common = sum(min(pred.count(t), gold.count(t)) for t in set(pred))
        if common:
            p, r = common / len(pred), common / len(gold)
            best = max(best, 2 * p * r / (p + r))
    return best


def rouge_l(prediction: str, references: Sequence[str]) -> float:
    """ROUGE-L F-measure on lower-cased word tokens, best over the references."""
    pred = tokens(prediction)
    best = 0.0
    for ref in references:
        gold = tokens(ref)
        lcs = _lcs(pred, gold)
        if lcs:
            p, r = lcs / len(pred), lcs / len(gold)
            best = max(best, 2 * p * r / (p + r))
    return best


def _lcs(a: Sequence[str], b: Sequence[str]) -> int:
    if not a or not b:
        return 0
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b, start=1):
            cur.append(prev[j - 1] + 1 if x == y else max(prev[j], cur[j - 1]))
        prev = cur
    return prev[-1]


def cohen_kappa(gold: Sequence[bool], predicted: Sequence[bool]) -> float:
    n = len(gold)
    if n == 0:
        return 0.0
    observed = sum(g == p for g, p in zip(gold, predicted, strict=True)) / n
    pg, pp = sum(gold) / n, sum(predicted) / n
    expected = pg * pp + (1 - pg) * (1 - pp)
    return (observed - expected) / (1 - expected) if expected < 1 else 1.0


@dataclass(frozen=True)
class BinaryScores:
    balanced_accuracy: float
    precision: float
    recall: float
    kappa: float
    n: int


def binary_scores(gold: Sequence[bool], predicted: Sequence[bool]) -> BinaryScores:
    tp = sum(g and p for g, p in zip(gold, predicted, strict=True))
    fp = sum(p and not g for g, p in zip(gold, predicted, strict=True))
    pos, neg = sum(gold), len(gold) - sum(gold)
    tn = neg - fp
    tpr = tp / pos if pos else 0.0
    tnr = tn / neg if neg else 0.0
    return BinaryScores(
        balanced_accuracy=(tpr + tnr) / 2,
        precision=tp / (tp + fp) if tp + fp else 0.0,
        recall=tpr,
        kappa=cohen_kappa(gold, predicted),
        n=len(gold),
    )


def reliability(scores: Sequence[float], gold: Sequence[bool], bins: int = 10) -> tuple[list[dict[str, float]], float]:
    """Reliability diagram rows (mean score vs observed rate per bin) and the expected calibration error."""
    rows, ece, n = [], 0.0, len(scores)
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        idx = [i for i, s in enumerate(scores) if lo <= s < hi or (b == bins - 1 and s == 1.0)]
        if not idx:
            continue
        mean_score = sum(scores[i] for i in idx) / len(idx)
        rate = sum(gold[i] for i in idx) / len(idx)
        rows.append({"lo": lo, "hi": hi, "count": len(idx), "mean_score": mean_score, "observed": rate})
        ece += len(idx) / n * abs(mean_score - rate)
    return rows, ece


def spearman(x: Sequence[float], y: Sequence[float]) -> float:
    """Spearman rank correlation with average ranks for ties."""
    if len(x) < 2:
        return 0.0
    rx, ry = _ranks(x), _ranks(y)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy) if vx and vy else 0.0


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks
