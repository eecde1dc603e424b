"""``citadel verify``: the --pairs and --answer contracts, errors and exit codes."""

from __future__ import annotations

import json
import time
from pathlib import Path

from click.testing import CliRunner

from citadel.cli import main
from citadel.cli.verify import verify

SOURCE = "The refund window is 30 days for all purchases. The office is closed on holidays."


def _write_pairs(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n")
    return path


def test_pairs_json_contract(tmp_path: Path) -> None:
    f = _write_pairs(tmp_path / "p.jsonl", [
        json.dumps({"id": "a", "claim": "The refund window is 30 days.", "source": SOURCE}),
        json.dumps({"id": "b", "claim": "The refund window is 45 days.", "evidence": SOURCE}),
    ])
    res = CliRunner().invoke(verify, ["--pairs", str(f), "--json"], standalone_mode=False)
    assert res.exception is None, res.output
    assert res.return_value == 0
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    assert [r["id"] for r in rows] == ["a", "b"]
    assert all(set(r) == {"id", "verdict", "score", "reason", "span"} for r in rows)
    assert rows[1]["verdict"] == "contradicted" and "45 days" in rows[1]["reason"]
    start, end = rows[0]["span"]
    assert 0 <= start < end <= len(SOURCE)


def test_bad_line_is_named_and_exit_code_is_2(tmp_path: Path) -> None:
    f = _write_pairs(tmp_path / "p.jsonl", [
        json.dumps({"id": "a", "claim": "The refund window is 30 days.", "source": SOURCE}),
        "{not json",
        json.dumps({"id": "c", "claim": 3}),
    ])
    res = CliRunner().invoke(verify, ["--pairs", str(f), "--json", "--no-model"],
                             standalone_mode=False)
    assert res.return_value == 2
    assert f"{f}:2: invalid JSON" in res.stderr
    assert f"{f}:3: needs string fields" in res.stderr
    assert len(res.stdout.splitlines()) == 1


def test_pairs_stream_in_batches_with_progress(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A long file prints each batch when it is done and shows progress on stderr; when the
    run fails part way, the lines of the finished batches are already out."""
    import citadel.cli._output as output
    import citadel.cli.verify as cli_verify
    from citadel.verify import Verifier

    monkeypatch.setattr(cli_verify, "BATCH", 2)
    monkeypatch.setattr(output, "PROGRESS_LINE_EVERY_S", 0.01)
    claims = [f"The refund window is {d} days." for d in (30, 45, 30, 60, 30)]
    f = _write_pairs(tmp_path / "p.jsonl", [json.dumps({"id": f"p{i}", "claim": c, "source": SOURCE})
                                           for i, c in enumerate(claims)])
    calls: list[int] = []
    real = Verifier.verify_batch

    def counted(self, pairs):  # type: ignore[no-untyped-def]
        calls.append(len(pairs))
        time.sleep(0.02)  # the run outlasts the progress interval on any machine, so its last count is printed
        return real(self, pairs)

    monkeypatch.setattr(Verifier, "verify_batch", counted)
    res = CliRunner().invoke(verify, ["--pairs", str(f), "--json", "--no-model"], standalone_mode=False)
    assert res.return_value == 0, res.output
    assert calls == [2, 2, 1]
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    assert [r["id"] for r in rows] == ["p0", "p1", "p2", "p3", "p4"]
    assert [r["verdict"] == "contradicted" for r in rows] == [False, True, False, True, False]
    assert "Verifying: 5/5 done" in res.stderr

    def failing(self, pairs):  # type: ignore[no-untyped-def]
        if len(calls) >= 4:
            raise RuntimeError("the model fell over")
        return counted(self, pairs)

    monkeypatch.setattr(Verifier, "verify_batch", failing)
    res = CliRunner().invoke(verify, ["--pairs", str(f), "--json", "--no-model"], standalone_mode=False)
    assert isinstance(res.exception, RuntimeError)
    assert [json.loads(line)["id"] for line in res.stdout.splitlines()] == ["p0", "p1"]


def test_usage_errors_exit_1(tmp_path: Path) -> None:
    assert main(["verify", "--json"]) == 1
    f = _write_pairs(tmp_path / "p.jsonl", ["[]"])
    assert main(["verify", "--pairs", str(f), "--json", "--no-model"]) == 1


def test_answer_with_markers(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "a.json"
    f.write_text(json.dumps({
        "sources": {"S1": SOURCE, "S2": "Parking is free for visitors."},
        "answer": "The refund window is 30 days [S1]. The refund window is 45 days [S1][S2]. "
                  "Parking costs nothing [S7].",
    }))
    assert main(["verify", "--answer", str(f), "--json", "--no-model"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [c["verdict"] for c in data["claims"]][1:] == ["contradicted", "unsupported"]
    assert "S7" in data["claims"][2]["reason"]
    assert data["kept"] == [i for i, c in enumerate(data["claims"]) if c["keep"]]
    assert 2 not in data["kept"]
    assert 0.0 <= data["citation_precision"] <= 1.0
    assert 0.0 <= data["citation_recall"] <= 1.0


def test_answer_with_explicit_claims_and_quotes(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "a.json"
    f.write_text(json.dumps({
        "sources": {"S1": SOURCE},
        "claims": [{"text": "Refunds are possible for 30 days.",
                    "citations": [{"source_id": "S1", "quote": "refund window is 90 days"}]}],
    }))
    assert main(["verify", "--answer", str(f), "--json", "--no-model"]) == 0
    data = json.loads(capsys.readouterr().out)
    (claim,) = data["claims"]
    assert claim["verdict"] == "unsupported" and "quote" in claim["reason"]
    assert claim["citations"][0]["quote_found"] is False
    assert data["kept"] == []


def test_answer_file_errors_exit_1(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "a.json"
    f.write_text(json.dumps({"sources": {"S1": SOURCE}}))
    assert main(["verify", "--answer", str(f), "--json"]) == 1
    assert "exactly one of 'answer' or 'claims'" in capsys.readouterr().err
