"""The LlamaIndex components with the real llama-index-core: the retriever over a real store of
the sample documents, the faithfulness evaluator and the node postprocessor (no network)."""

from __future__ import annotations

import asyncio
import gc
import re
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from llama_index.core.base.response.schema import Response
from llama_index.core.schema import MetadataMode, NodeWithScore, TextNode

from citadel import ValidationError
from citadel.ingest import ingest
from citadel.integrations.llama_index import (
    CitadelFaithfulnessEvaluator,
    CitadelRetriever,
    SupportingNodesPostprocessor,
)
from citadel.retrieve import HashingEmbedder, Searcher
from citadel.store import Store, open_store
from tests.retrieve_fixtures import searcher

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
QUESTION = "When are approved refunds processed?"
PROCESSING = "refund-policy.md#processing-time/1"  # "Approved refunds are processed within five business days. ..."
SUPPORTED = "Approved refunds are processed within five business days."
CONTRADICTED = "Approved refunds are processed within ten business days."


@pytest.fixture
def samples(tmp_path: Path) -> Iterator[tuple[Store, Searcher]]:
    """Two public sample documents and the HR-only salary bands, in a real store."""
    with open_store(tmp_path / "store") as store:
        public = ingest(store, [SAMPLES / "docs" / "refund-policy.md", SAMPLES / "docs" / "it-support-faq.txt"],
                        embedder=HashingEmbedder())  # fmt: skip
        hr = ingest(store, [SAMPLES / "restricted" / "salary-bands.md"], groups=["hr"], embedder=HashingEmbedder())
        assert (public.added, hr.added, public.failed, hr.failed) == (2, 1, [], [])
        yield store, searcher(store)


def test_the_retriever_returns_text_nodes_with_their_place_and_rank(samples: tuple[Store, Searcher]) -> None:
    store, search = samples
    results = CitadelRetriever(search, k=3).retrieve(QUESTION)
    assert len(results) == 3 and all(isinstance(r, NodeWithScore) and isinstance(r.node, TextNode) for r in results)
    top = results[0]
    assert (top.node.node_id, top.node.ref_doc_id) == (PROCESSING, "refund-policy.md")
    assert top.score == top.node.metadata["score"]
    for r in results:
        node, meta = r.node, r.node.metadata
        assert isinstance(node, TextNode)
        assert node.text == store.text(meta["doc_id"], meta["version"])[meta["start"] : meta["end"]]
        assert (node.start_char_idx, node.end_char_idx, node.node_id) == (meta["start"], meta["end"], meta["chunk_id"])
    meta = top.node.metadata
    assert meta["heading_path"] == ["Refund and Cancellation Policy", "Processing time"]
    assert meta["location"] == {"line_start": 17, "line_end": 21} and isinstance(meta["relevance"], float)
    shown = top.node.get_content(metadata_mode=MetadataMode.LLM)  # what an LLM reads: title and headings, no ids
    assert "Refund and Cancellation Policy" in shown and PROCESSING not in shown and SUPPORTED in shown


def test_the_retriever_shows_restricted_documents_only_to_their_groups(samples: tuple[Store, Searcher]) -> None:
    _, search = samples
    query = "salary bands engineering"
    public = CitadelRetriever(search, k=5).retrieve(query)
    hr = CitadelRetriever(search, k=5, groups=["hr"]).retrieve(query)
    assert public and "salary-bands.md" not in {r.node.ref_doc_id for r in public}
    assert hr[0].node.ref_doc_id == "salary-bands.md"
    assert all(r.node.metadata["relevance"] is None for r in CitadelRetriever(search, k=2, mode="bm25").retrieve(query))
    with pytest.raises(ValidationError, match="k must be at least 1"):
        CitadelRetriever(search, k=0)


def test_the_evaluator_fails_a_response_with_a_contradicted_number(samples: tuple[Store, Searcher]) -> None:
    _, search = samples
    nodes = CitadelRetriever(search, k=3).retrieve(QUESTION)
    response = Response(response=f"{CONTRADICTED} Refunds are always returned to the original payment method.",
                        source_nodes=nodes)  # fmt: skip
    result = CitadelFaithfulnessEvaluator().evaluate_response(query=QUESTION, response=response)
    assert (result.passing, result.score, result.invalid_result) == (False, 0.5, False)
    assert result.contexts == [n.node.get_content() for n in nodes]
    feedback = (result.feedback or "").splitlines()
    assert feedback[0] == "1 of 2 claims supported by the contexts."
    assert feedback[1].startswith(f'- contradicted (context 1): "{CONTRADICTED}": number mismatch')
    assert "'ten business days' in the claim but 'five business days' in the statement it restates" in feedback[1]
    assert feedback[2] == '- supported (context 1): "Refunds are always returned to the original payment method."'


def test_the_evaluator_passes_a_supported_response_and_rejects_an_empty_one() -> None:
    evaluator = CitadelFaithfulnessEvaluator()
    contexts = ["The service desk is open from 8:00 to 18:00 CET on working days.", f"Refund policy. {SUPPORTED}"]
    passed = evaluator.evaluate(query="q", response=f"{SUPPORTED} The service desk is open on working days.",
                                contexts=contexts)  # fmt: skip
    assert (passed.passing, passed.score) == (True, 1.0), passed.feedback
    assert (passed.feedback or "").splitlines()[1:] == [
        f'- supported (context 2): "{SUPPORTED}"', '- supported (context 1): "The service desk is open on working days."']
    empty = evaluator.evaluate(response="  ", contexts=contexts)
    assert (empty.invalid_result, empty.passing, empty.invalid_reason) == (True, None, "the response states no claim to check")
    with pytest.raises(ValidationError, match="needs both the response and its contexts"):
        evaluator.evaluate(response=SUPPORTED)


def test_evaluating_leaves_no_event_loop_open() -> None:
    """llama-index's default ``evaluate`` runs ``aevaluate`` on the thread's default event loop
    and never closes it; dropped later, that loop warned in whatever test ran then. citadel's
    evaluator checks on the calling thread with no loop at all."""
    asyncio.set_event_loop_policy(asyncio.DefaultEventLoopPolicy())  # fresh: no loop made or set yet
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = CitadelFaithfulnessEvaluator().evaluate(response=SUPPORTED, contexts=[SUPPORTED])
            asyncio.set_event_loop_policy(None)  # drops the policy with any loop the call left in it
            gc.collect()
    finally:
        asyncio.set_event_loop_policy(None)
    assert result.passing
    assert not [w for w in caught if "unclosed event loop" in str(w.message)]


def test_the_postprocessor_drops_the_nodes_no_claim_uses(samples: tuple[Store, Searcher]) -> None:
    _, search = samples
    nodes = CitadelRetriever(search, k=3).retrieve(QUESTION)
    assert len({n.node.node_id for n in nodes}) == 3
    answer = f"{SUPPORTED} Refunds can also be paid in cash at the service desk."
    kept = SupportingNodesPostprocessor(answer=answer).postprocess_nodes(nodes)
    assert [n.node.node_id for n in kept] == [PROCESSING] and kept[0] is nodes[0]
    assert SupportingNodesPostprocessor(answer=CONTRADICTED).postprocess_nodes(nodes) == []
    with pytest.raises(ValidationError, match="needs the answer"):
        SupportingNodesPostprocessor().postprocess_nodes(nodes)


def test_importing_citadel_or_the_llama_index_module_does_not_import_other_frameworks() -> None:
    code = (
        "import sys, citadel, citadel.integrations._documents\n"
        "core = sorted(m for m in sys.modules if m.split('.')[0] == 'llama_index')\n"
        "import citadel.integrations.llama_index\n"
        "print(core, 'llama_index.core' in sys.modules, sorted(m for m in sys.modules if m.startswith('langchain')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[] True []"


def test_the_documented_example_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """docs/integrations.md's LlamaIndex example, with the default models, in a new store."""
    docs = (ROOT / "docs" / "integrations.md").read_text()
    code = re.findall(r"```python\n(.*?)```", docs.split("## LlamaIndex", 1)[1], re.S)[0]
    monkeypatch.chdir(ROOT)
    exec(compile(code.replace("./.citadel-demo", str(tmp_path / "demo")), "docs/integrations.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["False 0.5", "1 of 2 claims supported by the contexts."]
    assert out[2].startswith(f'- contradicted (context 1): "{CONTRADICTED}": number mismatch')
    assert out[4] == f"[{PROCESSING!r}]"
