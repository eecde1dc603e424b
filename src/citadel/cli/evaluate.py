"""Evaluation commands: calibrate, eval and eval-verifier."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from citadel.cli._output import echo_json, progress, table
from citadel.cli._state import CliState
from citadel.cli.documents import pass_state, split_groups
from citadel.engine import DEFAULT_BACKEND, EXTRACTIVE_KEY, Citadel
from citadel.evaluate import calibrate as choose_thresholds
from citadel.evaluate import evaluate_verifier, load_pairs, load_questions, run_questions, summarize
from citadel.evaluate.report import write_report
from citadel.evaluate.scoring import OBJECTIVES, Calibration, run_curve
from citadel.generate.backends import backend_names
from citadel.pipeline import ANSWERABILITY_SCALE, THRESHOLD_KEY, AskSettings
from citadel.verify import default_verifier

CURVE_KEY = "calibration_curve"
QUESTIONS = click.Path(exists=True, dir_okay=False, path_type=Path)


def _backend_option(f: Any) -> Any:
    return click.option("--backend", type=click.Choice(backend_names()), default=DEFAULT_BACKEND, show_default=True)(f)


@click.command()
@click.argument("questions", type=QUESTIONS)
@click.option("--groups", metavar="G1,G2", help="Access groups to ask with.")
@_backend_option
@click.option("--min-evidence-recall", type=float, default=0.0, show_default=True,
              help="Also require answered questions to cite gold evidence at least this often.")
@click.option("--objective", type=click.Choice(sorted(OBJECTIVES)), default="abstention", show_default=True,
              help="abstention: balanced abstention accuracy; answers: the mean of answer correctness "
                   "(answers holding the gold answer, citing gold evidence) and the abstain rate on unanswerable.")
@click.option("--json", "as_json", is_flag=True, help="Print the chosen thresholds, metrics and curve as JSON.")
@pass_state
def calibrate(state: CliState, questions: Path, groups: str | None, backend: str, min_evidence_recall: float,
              objective: str, as_json: bool) -> int:  # fmt: skip
    """Choose the abstention thresholds from labelled QUESTIONS.jsonl and store them.

    Every question is asked once with all thresholds at zero; the thresholds that
    maximize the objective are then chosen by replaying those runs. The default
    objective is balanced abstention accuracy (the mean of the answer rate on
    answerable and the abstain rate on unanswerable questions); `--objective answers`
    counts an answer only when it is correct (it holds a gold answer, cites a gold
    document and every quote is the stored text at its offsets). Only verified claims
    are ever shown, so groundedness is kept. The thresholds are saved in the store's
    configuration and used by ask from then on.
    """
    items = load_questions(questions)
    options = {"min_score": 0.0} if backend == "extractive" else {}
    engine = Citadel(state.store, backend=backend, backend_options=options, settings=AskSettings(abstain_threshold=0.0))
    with progress("Calibrating") as (on_start, on_step):
        on_start(len(items))
        run = run_questions(engine, items, groups=split_groups(groups), backend=backend, on_step=on_step)
    result = choose_thresholds(run.records, min_evidence_recall=min_evidence_recall, objective=objective)
    goal = "balanced_abstention_accuracy" if objective == "abstention" else OBJECTIVES[objective]
    stamp = {"dataset": str(questions), "objective": goal, "date": datetime.now(UTC).isoformat()}
    scale = engine.pipeline().scale  # answerability, or relevance when the model is missing
    state.store.set_config(THRESHOLD_KEY, {"value": result.threshold, "scale": scale, **stamp, "metrics": result.metrics})
    if result.sentence_threshold is not None:
        state.store.set_config(EXTRACTIVE_KEY, {"value": result.sentence_threshold, **stamp})
    state.store.set_config(CURVE_KEY, result.curve)
    out = {
        "threshold": result.threshold,
        "sentence_threshold": result.sentence_threshold,
        "metrics": result.metrics,
        "curve": result.curve,
        "objective": goal,
    }
    if as_json:
        echo_json(out)
    else:
        gate = "answerability" if scale == ANSWERABILITY_SCALE else "evidence relevance"
        click.echo(f"abstain below {gate} {result.threshold:.3f}"
                   + (f", extractive sentence threshold {result.sentence_threshold:.2f}" if result.sentence_threshold is not None else ""))  # fmt: skip
        click.echo(table(["metric", "value"], [(k, f"{v:.3f}") for k, v in result.metrics.items()]))
        click.echo(f"saved to the store at {state.store_dir}")
    return 0


@click.command(name="eval")
@click.argument("questions", type=QUESTIONS)
@click.option("--corpus", type=QUESTIONS, help="Ingest this JSONL corpus first (unchanged documents are skipped).")
@click.option("--groups", metavar="G1,G2", help="Access groups to ask with.")
@_backend_option
@click.option("--report", "report_dir", type=click.Path(file_okay=False, path_type=Path), help="Write an HTML report here.")
@click.option("--json", "as_json", is_flag=True, help="Print the metrics as one JSON object.")
@click.option("--ray", "ray_address", metavar="ADDRESS",
              help="Ask the questions on Ray: a cluster's address, or `local` for a Ray on this machine.")
@pass_state
def eval_(state: CliState, questions: Path, corpus: Path | None, groups: str | None, backend: str,
          report_dir: Path | None, as_json: bool, ray_address: str | None) -> int:  # fmt: skip
    """Run labelled QUESTIONS.jsonl through ask and score the answers.

    Metrics: abstention (answer rate on answerable, abstain rate on unanswerable,
    precision, recall, balanced accuracy: the primary metric), answer correctness (the
    share of answerable questions whose answer holds a gold answer, cites a gold
    document, and quotes only the stored text at its offsets; short gold strings must
    all occur, normalized; long free-text golds need token F1 >= 0.5), answers given
    without the answer, ALCE citation precision and recall, groundedness, evidence
    recall (answered questions citing gold evidence), retrieval recall@5 and MRR,
    ROUGE-L and token F1 against the gold answers, and the outcome, failure stage and
    trace id of every question (`per_question`).

    With --ray the questions are spread over Ray workers (`make install-ray`), each with its
    own engine on this store (on a cluster: a database URL, or a folder every machine sees);
    the results are gathered in order and scored as above.
    """
    engine = Citadel(state.store, backend=backend)
    if corpus is not None:
        report = engine.ingest([corpus])
        if report.failed:
            click.echo(f"{len(report.failed)} corpus lines failed; first: {report.failed[0].error}", err=True)
    items = load_questions(questions)
    with progress("Evaluating") as (on_start, on_step):
        on_start(len(items))
        if ray_address is not None:
            from citadel.evaluate.distributed import run_questions_on_ray

            run = run_questions_on_ray(state.location, items, address=ray_address, groups=split_groups(groups),
                                       backend=backend, on_step=on_step)  # fmt: skip
        else:
            run = run_questions(engine, items, groups=split_groups(groups), backend=backend, on_step=on_step)
    metrics = summarize(run.records, run.judgements)
    if report_dir is not None:
        threshold = engine.pipeline().threshold()
        curve = state.store.get_config(CURVE_KEY)
        if isinstance(curve, list) and curve:
            calibration, source = Calibration(0.0, None, {}, curve), "from the store's calibration"
        else:
            calibration, source = Calibration(threshold, None, {}, run_curve(run.records, threshold)), "replayed from this run"
        path = write_report(report_dir, f"citadel eval: {questions.name}", metrics, run.records, calibration,
                            threshold, curve_source=source)  # fmt: skip
        click.echo(f"report: {path}", err=True)
    if as_json:
        echo_json(metrics)
    else:
        rows = [(k, f"{v:.3f}" if isinstance(v, float) else v) for k, v in metrics.items()
                if isinstance(v, int | float) and k != "primary"]  # fmt: skip
        click.echo(table(["metric", "value"], rows))
        click.echo("stages: " + ", ".join(f"{k} {v}" for k, v in metrics["stages"].items()))
        click.echo("outcomes: " + ", ".join(f"{k} {v}" for k, v in metrics["answer_outcomes"].items()))
    return 0


@click.command(name="eval-verifier")
@click.argument("pairs", type=QUESTIONS)
@click.option("--report", "report_dir", type=click.Path(file_okay=False, path_type=Path), help="Write an HTML report here.")
@click.option("--json", "as_json", is_flag=True, help="Print the scores as one JSON object.")
def eval_verifier(pairs: Path, report_dir: Path | None, as_json: bool) -> int:
    """Score the verifier on labelled (claim, source, label) PAIRS.jsonl.

    Balanced accuracy of "supported" against everything else, precision, recall,
    Cohen's kappa, the expected calibration error and a reliability diagram, with
    the naive word-overlap baseline for comparison.
    """
    data = load_pairs(pairs)
    with progress("Verifying") as (on_start, on_step):
        on_start(len(data))
        scores = evaluate_verifier(data, default_verifier(), on_step=on_step)
    if report_dir is not None:
        from citadel.evaluate import svg

        report_dir.mkdir(parents=True, exist_ok=True)
        plot = svg.reliability_plot(f"Reliability of the verifier on {pairs.name}", scores["reliability"])
        (report_dir / "index.html").write_text(
            f'<!doctype html><html lang="en"><meta charset="utf-8"><title>verifier: {pairs.name}</title>'
            f"<body><h1>Verifier on {pairs.name}</h1>{plot}<pre>{_plain(scores)}</pre></body></html>",
            encoding="utf-8",
        )
    if as_json:
        echo_json(scores)
    else:
        click.echo(_plain(scores))
    return 0


def _plain(scores: dict[str, Any]) -> str:
    return table(["metric", "value"], [(k, f"{v:.3f}" if isinstance(v, float) else v) for k, v in scores.items()
                                       if k not in ("reliability", "primary")])  # fmt: skip


commands = [calibrate, eval_, eval_verifier]
