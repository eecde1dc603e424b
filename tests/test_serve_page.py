"""The web page in real headless Chromium (the system's /usr/bin/chromium, driven by
Playwright): ask, see quotes first, click a citation chip, see the cited span marked in the
source; an abstention; keys from the URL fragment (#key=); phone width. Screenshots go to artifacts/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from citadel.engine import Citadel
from citadel.serve import create_app

from .serve_support import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    HR,
    KEYS,
    Client,
    fast_engine,
    running,
)

QUOTE = "Approved refunds are processed within five business days."
expect.set_options(timeout=30_000)  # asks run real verifier models on a shared, busy machine


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Client, Citadel]]:
    engine = fast_engine(tmp_path)
    with running(create_app(engine, KEYS)) as client:
        yield client, engine
    engine.close()


def _ask(page: Page, question: str) -> None:
    page.get_by_test_id("question").fill(question)
    page.get_by_test_id("ask").click()


def test_ask_click_a_chip_and_see_the_cited_span_highlighted(browser: Browser, server: tuple[Client, Citadel]) -> None:
    client, engine = server
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{client.base}/#key={HR}")
    assert "key=" not in page.url  # the key moves to sessionStorage, out of the address bar
    assert page.evaluate("sessionStorage.getItem('citadel-api-key')") == HR
    expect(page.get_by_label("Your question")).to_be_visible()
    expect(page.locator("#doc-list li")).to_have_count(2)

    _ask(page, "How long are approved refunds processed?")
    quote = page.get_by_test_id("quote").first
    expect(quote).to_have_text(QUOTE)
    chip = page.get_by_test_id("citation-chip").first
    expect(chip).to_contain_text("Refund policy")
    # the chip says where the quote is in its file: the Markdown lines of its chunk
    cited = next(c for c in engine.store.chunks("refunds.md") if QUOTE in c.text)
    assert cited.location.label().startswith("line")
    expect(chip.get_by_test_id("chip-place")).to_have_text(f" \u00b7 {cited.location.label()}, v1")
    chip.click()
    view = page.get_by_test_id("source-view")
    expect(view).to_be_visible()
    mark = view.locator("mark")
    expect(mark).to_have_count(1)
    expect(mark).to_have_text(QUOTE)
    expect(mark).to_be_in_viewport()
    expect(view.locator("#source-title")).to_have_text("Refund policy")
    expect(view.locator("#source-meta")).to_contain_text("Processing time")
    expect(view.locator("#source-meta")).to_contain_text("version 1")
    expect(view.locator("#source-meta")).to_contain_text(cited.location.label())
    text = engine.store.text("refunds.md")
    assert view.locator("#source-text").inner_text().strip() == text.strip()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "serve-page.png"), full_page=True)

    page.keyboard.press("Escape")  # keyboard: closes the source and returns focus to the chip
    expect(view).to_be_hidden()
    expect(chip).to_be_focused()
    page.close()


def test_a_citation_of_a_replaced_version_is_found_again_in_the_current_one(
    browser: Browser, server: tuple[Client, Citadel], tmp_path: Path
) -> None:
    client, _ = server
    page = browser.new_page()
    page.goto(f"{client.base}/#key={HR}")
    _ask(page, "How long are approved refunds processed?")
    expect(page.get_by_test_id("quote").first).to_have_text(QUOTE)
    changed = tmp_path / "refunds.md"  # the quoted sentence stays, the rest changes
    changed.write_text(f"# Refund policy\n\n## Processing time\n\nNew: refunds are tracked online. {QUOTE}\n")
    assert client.with_key(HR).upload([changed], public="true").json()["updated"] == 1
    page.get_by_test_id("citation-chip").first.click()
    view = page.get_by_test_id("source-view")
    expect(view.locator("mark")).to_have_text(QUOTE)
    expect(view.locator("#source-note")).to_have_text(
        "This quote is from version 1, which is not available here; showing version 2, where the same words are marked."
    )
    expect(view.locator("#source-meta")).to_contain_text("version 2")
    page.close()


def test_an_abstention_is_shown_as_such(browser: Browser, server: tuple[Client, Citadel]) -> None:
    client, _ = server
    page = browser.new_page(viewport={"width": 390, "height": 844})  # phone width
    page.goto(f"{client.base}/#key={HR}")
    _ask(page, "zebra migration patterns")
    box = page.get_by_test_id("abstained")
    expect(box).to_be_visible()
    expect(box).to_contain_text("No verified answer")
    expect(page.get_by_test_id("quote")).to_have_count(0)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the page must not scroll sideways at phone width"
    page.screenshot(path=str(ARTIFACTS / "serve-page-phone-abstained.png"), full_page=True)
    _ask(page, "Are approved refunds processed within ninety days?")  # evidence, but nothing survives
    expect(box).to_contain_text("no sentence drawn from them survived verification")
    expect(box.locator("li")).to_have_text(["Refund policy", "Salary bands"])  # the titles looked at
    page.close()


def test_document_text_is_shown_as_text_never_as_markup(browser: Browser, server: tuple[Client, Citadel], tmp_path: Path) -> None:
    client, _ = server
    evil = tmp_path / "evil.txt"  # plain text keeps markup characters verbatim
    evil.write_text('Vending <img src=x onerror="window.pwned=1">\n\nThe vending machine <b>accepts</b> <script>window.pwned=1</script> coins only.')
    assert client.with_key(HR).upload([evil], public="true").json()["added"] == 1
    page = browser.new_page()
    page.goto(f"{client.base}/#key={HR}")
    _ask(page, "Does the vending machine accept coins?")
    page.get_by_test_id("citation-chip").first.click()
    expect(page.get_by_test_id("source-view").locator("mark")).to_be_visible()
    expect(page.locator("#source-text")).to_contain_text("<script>window.pwned=1</script>")
    assert page.locator("#source-text script, #source-text b, #doc-list img").count() == 0
    assert page.evaluate("window.pwned === undefined")
    page.close()


def test_a_page_without_a_key_prompts_for_one(browser: Browser, server: tuple[Client, Citadel]) -> None:
    client, _ = server
    page = browser.new_page()
    page.once("dialog", lambda dialog: dialog.accept(HR))
    page.goto(client.base + "/")
    expect(page.locator("#doc-list li")).to_have_count(2)
    assert page.evaluate("sessionStorage.getItem('citadel-api-key')") == HR
    page.close()


def test_upload_from_the_page_then_ask_about_it(browser: Browser, server: tuple[Client, Citadel], tmp_path: Path) -> None:
    client, _ = server
    doc = tmp_path / "parking.md"
    doc.write_text("# Parking\n\nVisitors park in the north garage on level two.")
    page = browser.new_page()
    page.goto(f"{client.base}/#key={HR}")
    page.get_by_label("Add files").set_input_files(str(doc))
    page.get_by_label("Public: readable by everyone").check()
    page.get_by_role("button", name="Upload").click()
    expect(page.locator("#upload-status")).to_have_text("1 added, 0 updated, 0 unchanged.")
    expect(page.locator("#doc-list")).to_contain_text("parking.md · v1 · 1 passages · public")
    _ask(page, "Where do visitors park?")
    expect(page.get_by_test_id("quote").first).to_have_text("Visitors park in the north garage on level two.")
    page.close()
