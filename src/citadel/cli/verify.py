"""``citadel verify``: check claims against their cited sources.

Two inputs, one of them required:

- ``--pairs FILE.jsonl``: one ``{"id", "claim", "source"}`` per line (``evidence`` is accepted
  for ``source``); prints one ``{"id", "verdict", "score", "reason", "span"}`` per pair.
- ``--answer FILE.json``: ``{"sources": {"S1": "text", ...}, "answer": "text with [S1]
  markers"}`` or ``{"sources": ..., "claims": [{"text", "citations": [{"source_id",
  "quote"}]}]}``; prints per-claim verdicts, which claims would be kept, and the answer's
  citation precision and recall (ALCE rules).

Pairs are verified in batches of :data:`BATCH` and each batch's lines are printed as soon as it is
done, so a long file shows its results (and, on stderr, its progress) as it goes, and an
interrupted run keeps what it printed.

Exit status: 0 all processed, 2 some lines could not be read (the rest were processed),
1 usage error or nothing could be processed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from citadel._errors import ValidationError
from citadel.cli._output import echo_json, progress
from citadel.jsonl import iter_jsonl


#: pairs verified per model call; each batch's lines are printed when it is done
BATCH = 32


def _read_pairs(path: Path) -> tuple[list[tuple[str, str, str]], list[str]]:
    pairs: list[tuple[str, str, str]] = []
    errors: list[str] = []
    for n, row, error in iter_jsonl(path):
        if row is None:
            errors.append(str(error))
            continue
        source = row.get("source", row.get("evidence"))
        claim = row.get("claim")
        if not isinstance(claim, str) or not isinstance(source, str):
            errors.append(f"{path}:{n}: needs string fields 'claim' and 'source' (or 'evidence')")
            continue
        pairs.append((str(row.get("id", n)), claim, source))
    return pairs, errors


def _read_answer(path: Path) -> tuple[dict[str, str], str | None, list[Any] | None]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ValidationError(f"{path}: not valid JSON ({exc.msg} at line {exc.lineno})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("sources"), dict):
        raise ValidationError(f"{path}: expected an object with 'sources' (id -> text)")
    sources = data["sources"]
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in sources.items()):
        raise ValidationError(f"{path}: 'sources' must map ids to texts")
    answer, claims = data.get("answer"), data.get("claims")
    if (answer is None) == (claims is None):
        raise ValidationError(f"{path}: give exactly one of 'answer' or 'claims'")
    if answer is not None and not isinstance(answer, str):
        raise ValidationError(f"{path}: 'answer' must be a string")
    if claims is not None and not isinstance(claims, list):
        raise ValidationError(f"{path}: 'claims' must be a list")
    return sources, answer, claims


def _claims(raw: list[Any], path: Path) -> list[Any]:
    from citadel.verify import Citation, Claim

    out = []
    for i, c in enumerate(raw):
        if not isinstance(c, dict) or not isinstance(c.get("text"), str):
            raise ValidationError(f"{path}: claims[{i}] needs a 'text' string")
        cites = []
        for j, ct in enumerate(c.get("citations") or []):
            if not isinstance(ct, dict) or not isinstance(ct.get("source_id"), str):
                raise ValidationError(f"{path}: claims[{i}].citations[{j}] needs 'source_id'")
            q = ct.get("quote")
            cites.append(Citation(source_id=ct["source_id"], quote=q if isinstance(q, str) else None))
        out.append(Claim(text=c["text"], citations=tuple(cites)))
    return out


@click.command("verify")
@click.option("--pairs", "pairs_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="JSONL of {id, claim, source} pairs.")
@click.option("--answer", "answer_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="JSON answer with sources and [S1] markers, or with explicit claims.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (one line per pair or answer).")
@click.option("--no-model", is_flag=True, help="Rules and word overlap only (no ONNX model).")
def verify(pairs_file: Path | None, answer_file: Path | None, as_json: bool, no_model: bool) -> int:
    """Check that each claim is supported by the source it cites."""
    if (pairs_file is None) == (answer_file is None):
        raise click.UsageError("give exactly one of --pairs FILE.jsonl or --answer FILE.json")
    from citadel.verify import Verifier, VerifierSettings

    verifier = Verifier(VerifierSettings(use_model=not no_model))
    if answer_file is not None:
        sources, answer, raw_claims = _read_answer(answer_file)
        claims = _claims(raw_claims, answer_file) if raw_claims is not None else None
        report = verifier.check_answer(sources, answer=answer, claims=claims)
        data = report.to_json()
        if as_json:
            echo_json(data)
        else:
            claims_out: list[dict[str, Any]] = data["claims"]  # type: ignore[assignment]
            for c in claims_out:
                mark = "keep" if c["keep"] else "drop"
                click.echo(f"[{mark}] {c['verdict']:<12} {c['score']:.2f}  {c['text']}\n"
                           f"       {c['reason']}")
            click.echo(f"citation precision {data['citation_precision']:.2f}, "
                       f"recall {data['citation_recall']:.2f}")
        return 0
    assert pairs_file is not None
    pairs, errors = _read_pairs(pairs_file)
    for e in errors:
        click.echo(f"error: {e}", err=True)
    if not pairs:
        if errors:
            click.echo("error: no pair could be read", err=True)
            return 1
        return 0
    with progress("Verifying") as (on_start, on_step):
        on_start(len(pairs))
        for at in range(0, len(pairs), BATCH):
            batch = pairs[at : at + BATCH]
            results = verifier.verify_batch([(c, s) for _, c, s in batch])
            for (pid, _claim, _), res in zip(batch, results):
                if as_json:
                    echo_json({"id": pid, **res.to_json()})
                else:
                    click.echo(f"{pid}\t{res.verdict.value}\t{res.score:.2f}\t{res.reason}")
                on_step(pid)
            sys.stdout.flush()
    return 2 if errors else 0


commands = [verify]
