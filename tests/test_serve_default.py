"""The real default engine (extractive backend, bundled models) through the real server:
the same answer from /v1/ask as from the CLI, and the audit log commands, replay included."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from citadel.cli import main
from citadel.engine import Citadel
from citadel.serve import create_app
from citadel.store import open_store

from .serve_support import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, Client, running

REFUNDS = """# Refund policy

## Processing time

Approved refunds are processed within five business days. Refunds always go back to the original card.

## Cancellation

Monthly plans can be cancelled at any time from the billing page.
"""
CHANGED = REFUNDS.replace("five business days", "ten business days")
LOCKOUT = """# Account security

After five failed sign-in attempts the account is locked for 30 minutes.
"""
QUESTION = "How long does it take to process a refund?"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Client, Path, Path]]:
    root = tmp_path_factory.mktemp("serve-default")
    docs = root / "docs"
    docs.mkdir()
    (docs / "refunds.md").write_text(REFUNDS)
    (docs / "lockout.md").write_text(LOCKOUT)
    engine = Citadel(open_store(root / "store"))
    assert not engine.ingest([docs]).failed
    with running(create_app(engine)) as client:
        yield client, root / "store", docs
    engine.close()


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    capsys.readouterr()
    assert main(list(args)) == 0
    return json.loads(capsys.readouterr().out)


def test_api_and_cli_give_the_same_answer(served: tuple[Client, Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    client, store, _ = served
    over_http = client.post("/v1/ask", {"question": QUESTION}).json()
    from_cli = cli_json(capsys, "--store", str(store), "ask", QUESTION, "--json")
    assert isinstance(from_cli, dict)
    assert not over_http["abstained"] and "five business days" in over_http["answer"]
    assert over_http["trace_id"] != from_cli["trace_id"]
    assert {**over_http, "trace_id": ""} == {**from_cli, "trace_id": ""}


def test_the_page_highlights_a_real_citation(served: tuple[Client, Path, Path]) -> None:
    from playwright.sync_api import expect, sync_playwright

    client, _, _ = served
    expected = client.post("/v1/ask", {"question": QUESTION}).json()
    citation = expected["claims"][0]["citations"][0]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(client.base + "/")
        page.get_by_test_id("question").fill(QUESTION)
        page.get_by_test_id("question").press("Enter")  # the keyboard submits
        expect(page.get_by_test_id("quote").first).to_have_text(citation["quote"], timeout=60_000)
        page.get_by_test_id("citation-chip").first.focus()
        page.keyboard.press("Enter")
        mark = page.get_by_test_id("source-view").locator("mark")
        expect(mark).to_have_text(citation["quote"])
        expect(mark).to_be_in_viewport()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "serve-page-default-engine.png"), full_page=True)
        browser.close()


def test_traces_trace_and_replay_flag_a_replaced_version_as_stale(
    served: tuple[Client, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    client, store, docs = served
    answer = client.post("/v1/ask", {"question": QUESTION}).json()
    trace_id = answer["trace_id"]
    listed = cli_json(capsys, "--store", str(store), "traces", "--json", "--caller", "local")
    assert isinstance(listed, list) and listed[0]["trace_id"] == trace_id
    full = cli_json(capsys, "--store", str(store), "trace", trace_id, "--json")
    assert isinstance(full, dict) and full["prompt"] and full["raw_output"] and full["answer"] == answer
    assert main(["--store", str(store), "trace", trace_id]) == 0
    shown = capsys.readouterr().out
    assert QUESTION in shown and "[keep] supported" in shown

    unchanged = cli_json(capsys, "--store", str(store), "replay", trace_id, "--json")
    assert isinstance(unchanged, dict) and unchanged["unchanged"] and unchanged["citations"] == []

    (docs / "refunds.md").write_text(CHANGED)
    assert main(["--store", str(store), "ingest", str(docs / "refunds.md")]) == 0
    report = cli_json(capsys, "--store", str(store), "replay", trace_id, "--json")
    assert isinstance(report, dict) and not report["unchanged"]
    [stale] = [c for c in report["citations"] if c["doc_id"] == "refunds.md"]
    assert stale["status"] == "stale" and (stale["version"], stale["current_version"]) == (1, 2)
    assert "five business days" in stale["quote"] and not stale["quote_still_present"]
    assert report["answer_changed"] and "ten business days" in report["after"]["answer"]
    assert any("ten business days" in c for c in report["claims_added"])
    assert any("five business days" in c for c in report["claims_removed"])
    assert main(["--store", str(store), "replay", trace_id]) == 0
    assert "STALE [" in capsys.readouterr().out
    # The server's own engine sees the new version and shows the old one on request.
    old = client.get("/v1/documents/refunds.md?version=1").json()
    assert old["version"] == 1 and old["current_version"] == 2 and "five business days" in old["text"]
    assert old["chunks"] == [] and client.get("/v1/documents/refunds.md").json()["chunks"]
