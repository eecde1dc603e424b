"""Markdown documentation as packages ship it (npm's and its bundled packages' pages: API
references whose parameters are typed list items, configuration pages with one heading per
key, READMEs with examples): the text a reader sees is what is stored, a parameter's item is an
entry, a lead-in keeps its short example, and the sentence that completes the best one is read
and quoted with it."""

from __future__ import annotations


import json

import pytest

from citadel.generate import Source, answer_json_schema, build_prompt
from citadel.generate.backends import GenerationRequest
from citadel.generate.backends.extractive import ExtractiveGenerator, _with_next_eligible
from citadel.ingest.loaders import load_markdown
from citadel.retrieve.answer_types import asks_code, states_code, states_quantity
from citadel.retrieve.coverage import missing_terms
from citadel.retrieve.evidence import Passage, _is_entry, _next_units, off_subject
from citadel.retrieve.sentences import candidate_spans, entry_name, opening_term

from tests.engine_fixtures import engine_over

# An API reference in the style many JavaScript packages write theirs: each parameter a list
# item with its name in bold, its type in code, "(optional)" and then " - " and what it does.
API = """# Class: Fetcher

Extends: `quill.Dispatcher`

A client for one origin over one connection. Retries are off by default.

## `new Fetcher(url[, options])`

### Parameter: `FetcherOptions`

* **idleTimeout** `number | null` (optional) - Default: `45e3` - How long a connection may sit \
unused before it is closed, in milliseconds. Monitors the time between two requests. Set to `0` \
to keep idle connections open forever.
* **queueDepth** `number` (optional) - Default: `4` - How many requests may wait for the \
connection at once. Requests beyond the queue are rejected. Set to `1` to send requests strictly \
one after the other.
* **agentName** `string | null` (optional) - Default: `null` - The name sent in the User-Agent header.

* the connection is opened lazily. Nothing is sent before the first request.
"""

# A configuration page: one heading per key, its default and type as a list, then prose.
CONFIG = """---
title: Settings
description: Every setting of the quill command
---

### Settings

#### `flat-layout`

* Default: false
* Type: Boolean
* DEPRECATED: This setting has been deprecated in favor of `--layout=flat`

Put every dependency in the top folder.

#### `store-dir`

* Default: `{prefix}/store` on Windows, `~/.quill/store` elsewhere
* Type: Path

Where fetched packages are kept. Run `quill store prune <folder>` to clean one folder of it.

#### `licence`

If your package uses a licence without a standard identifier, write it like this:

```json
{
  "licence" : "SEE FILE <filename>"
}
```

Then put that file at the top of the package.
"""

# A README: the sentence after the one most like the question says where the files end up; a
# note whose next sentence says how to do what it asks for.
README = """# quill-build

## Building

Run `quill-build configure` and then `quill-build make` in the folder of your package.

Now you have your compiled `.qx` module! The compiled modules end up in `out/Debug/` or \
`out/Release/`, depending on the build mode. You can load them with `require()` right away.

NOTE: If you build with flags that change the layout of the output, such as `--flat` or \
`--split-debug`, you must pass the same flags to `quill-build install` or the install fails. \
An easy way to do this is to run `quill config set flat=true --location=project` and commit the \
`.quillrc` file.
"""


def test_markdown_keeps_braces_and_angle_brackets_and_drops_only_myst_roles() -> None:
    """"`{prefix}/store`" lost its "{prefix}" and "`quill store prune <folder>`" its "<folder>":
    both were read as MyST's role and link-target syntax, which only applies to a role right
    before inline code ("{kbd}`Ctrl+C`", "{doc}`Setup <setup>`")."""
    text = load_markdown(CONFIG.encode(), "settings.md").text
    assert "{prefix}/store on Windows" in text and "quill store prune <folder> to clean" in text
    myst = load_markdown(b"Press {kbd}`Ctrl+C` or read {doc}`Setup <setup>` and `{x}/y`.", "m.md").text
    assert myst == "Press Ctrl+C or read Setup and {x}/y."


def _passage(doc_id: str, title: str, text: str) -> Passage:
    return Passage(chunk_ids=(f"{doc_id}#0",), doc_id=doc_id, version=1, title=title, heading_path=(), page=None,
                   start=0, end=len(text), text=text, score=1.0, relevance=1.0)


def test_a_command_page_the_question_names_is_its_page() -> None:
    """npm's pages are titled with the command's name ("npm-install"), which a question says with
    a space: another command's page answers nothing about it, while a page about a file that
    never names the command may ("this file is not read in global mode")."""
    docs = {"quill-install.md": ("quill-install", "quill install adds packages. --save-peer: into peers."),
            "quill-ci.md": ("quill-ci", "quill ci installs from the lock file. --save-peer is ignored."),
            "quillrc.md": (".quillrc", "This file is not read in global mode.")}
    passages = [_passage(d, title, text) for d, (title, text) in docs.items()]
    texts = {(p.doc_id, 1): p.text for p in passages}
    assert off_subject("Which quill install flag saves into peers?", passages, texts) == {1}
    assert off_subject("Is .quillrc read by quill install -g?", passages, texts) == {1}
    assert off_subject("Which flag saves into peers?", passages, texts) == set()


def test_a_bold_term_over_its_list_is_the_items_heading() -> None:
    """"**prepare** (since `quill@4`)" and its list: each item is the term's ("Runs AFTER
    prepack, but BEFORE postpack" says nothing of which script it is about alone); a bold
    sentence, or a bold term with no list after it, stays a paragraph."""
    text = (b"# Scripts\n\n## Life Cycle\n\n**prepare** (since `quill@4`)\n\n* Runs BEFORE the package is packed\n"
            b"* Runs AFTER prepack, but BEFORE postpack\n\n**Warning: this runs every time.**\n\n* one item\n\n"
            b"**postpack**\n\nRuns AFTER the tarball is made.\n")
    doc = load_markdown(text, "scripts.md")
    headings = [doc.text[b.start : b.end] for b in doc.blocks if b.kind.value == "heading"]
    assert headings == ["Scripts", "Life Cycle", "prepare (since quill@4)"]
    item = next(b for b in doc.blocks if doc.text[b.start : b.end].startswith("- Runs AFTER prepack"))
    assert item.heading_path == ("Scripts", "Life Cycle", "prepare (since quill@4)")


def test_a_long_option_is_named_by_its_configuration_key() -> None:
    """A configuration page documents "--flat-layout" under the heading "flat-layout": the
    question's flag is named; a one-word flag is not named by the English word."""
    texts = ["Settings\n\nflat-layout\n\n- Default: false"]
    assert missing_terms("Is --flat-layout deprecated?", texts) == []
    assert missing_terms("What does --layout-mode do?", texts) == ["--layout-mode"]
    assert missing_terms("What does --force do?", ["Settings\n\nforce\n\n- Default: false"]) == ["--force"]


def test_a_typed_parameter_item_is_an_entry_and_its_sibling_prose_item_is_not() -> None:
    text = load_markdown(API.encode(), "fetcher.md").text
    spans = candidate_spans(text)
    by_text = {text[s:e]: s for s, e in spans}
    later = next(s for u, s in by_text.items() if u.startswith("Set to 0 to keep idle"))
    assert entry_name(text, later) == "idleTimeout number | null (optional)"
    first = next(s for u, s in by_text.items() if u.startswith("- idleTimeout"))
    assert opening_term(text, first) is not None and _is_entry(text[first : text.index("\n", first)])
    prose = next(s for u, s in by_text.items() if u.startswith("Nothing is sent"))
    assert entry_name(text, prose) == ""  # the next item is no part of agentName's entry
    items = "Shorthands:\n\n- -a: --all\n- --tilt-by: --before\n- plain words here. More words."
    found = [(items[s:e], opening_term(items, s)) for s, e in candidate_spans(items)]
    assert [u for u, t in found if t is not None] == ["- -a: --all", "- --tilt-by: --before"]


def test_a_key_heading_its_section_is_the_entry_of_the_section() -> None:
    """npm's configuration pages give each key a heading, its default and type as a list, then
    what it does: "Where fetched packages are kept." is store-dir's, and so is its "Type:
    Path"; a heading in words ("Examples", "force") names no entry."""
    text = load_markdown(CONFIG.encode(), "settings.md").text
    units = {text[s:e]: s for s, e in candidate_spans(text)}
    assert entry_name(text, units["Where fetched packages are kept."]) == "store-dir"
    assert entry_name(text, units["- Type: Boolean"]) == "flat-layout"
    assert entry_name(text, units["- Type: Path"]) == "store-dir"
    prose = "Intro.\n\nExamples\n\n- a short item\n\nText after it."
    assert [entry_name(prose, s) for s, _ in candidate_spans(prose)] == ["", "", "", ""]


def test_a_lead_in_keeps_its_short_code_block_and_the_way_to_do_it_keeps_what_it_is() -> None:
    text = load_markdown(CONFIG.encode(), "settings.md").text
    units = [text[s:e] for s, e in candidate_spans(text)]
    licence = next(u for u in units if u.startswith("If your package uses a licence"))
    assert licence.endswith('"SEE FILE <filename>"\n}')
    long_block = "Like this:\n\n{\n" + "\n".join(f'  "k{i}": {i},' for i in range(9)) + "\n}"
    assert [long_block[s:e] for s, e in candidate_spans(long_block)][0] == "Like this:\n\n{"
    readme = load_markdown(README.encode(), "README.md").text
    note = next(readme[s:e] for s, e in candidate_spans(readme) if readme[s:e].startswith("NOTE:"))
    assert note.endswith("commit the .quillrc file.")


def test_questions_that_ask_for_a_code_and_units_that_state_an_amount() -> None:
    assert asks_code("What exit code does quill return when the lock file is stale?")
    assert asks_code("Which HTTP status code does the registry send back?")
    assert not asks_code("What does quill return code 5 mean?")
    assert states_code("It exits with status 2.") and states_code("rejects with EQUEUEFULL")
    assert states_code("exits non-zero") and not states_code("It exits with an error.")
    assert not states_quantity("a sha512sum of the tarball is sent since quill@5")
    assert states_quantity("at most 214 characters")


def test_the_sentence_after_a_best_unit_is_read() -> None:
    text = "Now you have your module! It ends up in out/Release/. Load it.\nNext paragraph."
    pool = [(0, s, e, text[s:e]) for s, e in candidate_spans(text)]
    assert [u for *_, u in pool] == ["Now you have your module!", "It ends up in out/Release/.", "Load it.",
                                     "Next paragraph."]
    passage = [type("P", (), {"doc_id": "d", "version": 1})()]
    assert _next_units(pool, [0, 2], {0, 2}, {("d", 1): text}, passage) == [1]  # not the next paragraph's
    assert _next_units(pool, [0], {0, 1}, {("d", 1): text}, passage) == []  # read already
    prose = ("The module is built for the platform it is compiled on, with the compiler found on the PATH. "
             "It ends up in out/Release/.")
    pool = [(0, s, e, prose[s:e]) for s, e in candidate_spans(prose)]
    assert _next_units(pool, [0], {0}, {("d", 1): prose}, passage) == []  # a whole statement says enough alone


def test_an_answer_the_claim_limit_would_cut_joins_the_claim_it_follows() -> None:
    """"Now you have your compiled module!" and, right after it, "The modules end up in
    out/Release/." both answer; three other sentences score between them: the second is said
    with the first, not left out by the limit of three claims."""
    text = ("Now you have your compiled module! The modules end up in out/Release/.\n"
            "Run the build step first.\nThe build reads build.cfg.\nModules are platform specific.")
    units = candidate_spans(text)
    scores = [0.9, 0.5, 0.8, 0.7, 0.6]
    scored = tuple((s, e, score) for (s, e), score in zip(units, scores, strict=True))
    sources = (Source("S1", "d#x/1", "d", 1, "README", (), None, 0, len(text), text, 0.9, scored),)
    req = GenerationRequest("Where do I find the compiled module?", sources, build_prompt("q", sources),
                            answer_json_schema())
    out = json.loads(ExtractiveGenerator(min_score=0.3, relative=0.5, max_claims=3).run(req).text)
    assert [c["citations"][0]["quote"] for c in out["claims"]] == [
        "Now you have your compiled module! The modules end up in out/Release/.",
        "Run the build step first.", "The build reads build.cfg."]
    assert _with_next_eligible(text, 0, units[0][1], {units[1][0]: units[1][1]}, 40) == units[0][1]  # too long


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    root = tmp_path_factory.mktemp("markdown-docs")
    return engine_over(root, {"fetcher.md": API, "settings.md": CONFIG, "README.md": README})


def test_a_parameters_later_sentence_answers_with_its_term_through_the_real_models(engine) -> None:  # type: ignore[no-untyped-def]
    zero = engine.ask("What happens if I set idleTimeout to 0 on a quill Fetcher?")
    assert not zero.abstained and "keep idle connections open forever" in zero.claims[0].text
    assert zero.claims[0].text.startswith("idleTimeout")


def test_a_setting_asked_about_as_a_flag_is_found_through_the_real_models(engine) -> None:  # type: ignore[no-untyped-def]
    flat = engine.ask("quill says --flat-layout is deprecated; what should I use instead?")
    assert not flat.abstained and "--layout=flat" in " ".join(c.text for c in flat.claims)


def test_a_code_question_answered_with_no_code_abstains_through_the_real_models(engine) -> None:  # type: ignore[no-untyped-def]
    code = engine.ask("What numeric exit code does quill-build install return when the flags differ?")
    assert code.abstained
