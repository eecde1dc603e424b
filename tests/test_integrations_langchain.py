"""The LangChain components with the real langchain-core: the retriever over a real store of the
sample documents, and the verify runnable after a real chain's fake chat model (no network)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from operator import itemgetter
from pathlib import Path

import pytest
from langchain_core.documents import Document
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.messages import AIMessage
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnableLambda, RunnablePassthrough

from citadel import Citadel, ValidationError
from citadel.ingest import ingest
from citadel.integrations.langchain import CitadelRetriever, CitadelVerifier
from citadel.retrieve import HashingEmbedder, Searcher
from citadel.store import Store, open_store
from citadel.verify import Verdict
from tests.retrieve_fixtures import searcher

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
PROCESSING = "refund-policy.md#processing-time/1"  # "Approved refunds are processed within five business days. ..."
SUPPORTED = "Approved refunds are processed within five business days."
UNSUPPORTED = "Refunds can also be paid in cash at the service desk."
METADATA = {"chunk_id", "doc_id", "version", "start", "end", "title", "heading_path", "location", "score", "relevance"}


@pytest.fixture
def samples(tmp_path: Path) -> Iterator[tuple[Store, Searcher]]:
    """Two public sample documents and the HR-only salary bands, in a real store."""
    with open_store(tmp_path / "store") as store:
        public = ingest(store, [SAMPLES / "docs" / "refund-policy.md", SAMPLES / "docs" / "it-support-faq.txt"],
                        embedder=HashingEmbedder())  # fmt: skip
        hr = ingest(store, [SAMPLES / "restricted" / "salary-bands.md"], groups=["hr"], embedder=HashingEmbedder())
        assert (public.added, hr.added, public.failed, hr.failed) == (2, 1, [], [])
        yield store, searcher(store)


def test_the_retriever_returns_chunks_with_their_place_and_rank(samples: tuple[Store, Searcher]) -> None:
    store, search = samples
    docs = CitadelRetriever(searcher=search, k=3).invoke("When are approved refunds processed?")
    assert len(docs) == 3 and docs[0].metadata["chunk_id"] == PROCESSING
    for doc in docs:
        meta = doc.metadata
        assert set(meta) == METADATA and doc.id == meta["chunk_id"]
        assert doc.page_content == store.text(meta["doc_id"], meta["version"])[meta["start"] : meta["end"]]
        assert isinstance(meta["score"], float) and isinstance(meta["relevance"], float)  # reranked
    top = docs[0].metadata
    assert (top["doc_id"], top["version"], top["title"]) == ("refund-policy.md", 1, "Refund and Cancellation Policy")
    assert top["heading_path"] == ["Refund and Cancellation Policy", "Processing time"]
    assert top["location"] == {"line_start": 17, "line_end": 21}
    assert [d.metadata["score"] for d in docs] == sorted((d.metadata["score"] for d in docs), reverse=True)
    keywords = CitadelRetriever(searcher=search, k=3, mode="bm25").invoke("When are approved refunds processed?")
    assert keywords and all(d.metadata["relevance"] is None for d in keywords)  # bm25 mode: not reranked


def test_the_retriever_shows_restricted_documents_only_to_their_groups(samples: tuple[Store, Searcher]) -> None:
    _, search = samples
    query = "salary bands engineering"
    public = CitadelRetriever(searcher=search, k=5).invoke(query)
    hr = CitadelRetriever(searcher=search, k=5, groups=["hr"]).invoke(query)
    assert public and "salary-bands.md" not in {d.metadata["doc_id"] for d in public}
    assert hr[0].metadata["doc_id"] == "salary-bands.md"


def test_the_retriever_can_come_from_an_engine(samples: tuple[Store, Searcher]) -> None:
    store, search = samples
    engine = Citadel(store, searcher=search)
    retriever = CitadelRetriever.from_engine(engine, k=2, groups=["hr"])
    assert (retriever.searcher, retriever.k, list(retriever.groups)) == (search, 2, ["hr"])
    assert [d.metadata["doc_id"] for d in retriever.invoke("Salary Bands 2026 engineering")][0] == "salary-bands.md"


def test_a_chain_keeps_the_supported_claim_and_drops_the_other_with_a_reason(samples: tuple[Store, Searcher]) -> None:
    _, search = samples
    model = FakeListChatModel(responses=[f"{SUPPORTED} {UNSUPPORTED}"])
    prompt = ChatPromptTemplate.from_messages(
        [("system", "Answer only from these sources:\n{context}"), ("human", "{question}")]
    )
    generate = {"context": itemgetter("documents") | RunnableLambda(numbered), "question": itemgetter("question")} | prompt | model
    chain = (
        {"documents": CitadelRetriever(searcher=search, k=3), "question": RunnablePassthrough()}
        | RunnablePassthrough.assign(answer=generate)
        | CitadelVerifier()
    )
    result = chain.invoke("When are approved refunds processed?")
    assert result["answer"] == SUPPORTED
    [kept] = result["kept"]
    assert (kept.text, kept.keep, kept.verdict, kept.document, kept.document_id) == (
        SUPPORTED, True, Verdict.SUPPORTED, 0, PROCESSING)
    assert kept.reason and kept.span is not None
    [dropped] = result["dropped"]
    assert (dropped.text, dropped.keep, dropped.supporting) == (UNSUPPORTED, False, ())
    assert dropped.verdict is not Verdict.SUPPORTED and dropped.reason
    # three documents were retrieved; only the one the kept claim rests on is a source
    assert [d.metadata["chunk_id"] for d in result["sources"]] == [PROCESSING]


def numbered(docs: list[Document]) -> str:
    return "\n\n".join(f"[{i}] {d.page_content}" for i, d in enumerate(docs, 1))


def test_markers_name_documents_by_position_and_a_wrong_citation_drops_the_claim() -> None:
    docs = [Document(page_content="The service desk is open from 8:00 to 18:00 CET on working days.", id="desk"),
            Document(page_content=f"Refund policy. {SUPPORTED}", metadata={"chunk_id": "refunds#1"})]  # fmt: skip
    answer = (f"{SUPPORTED} [S2] The service desk is open from 8:00 to 18:00 CET on working days [2]. "
              "Refunds are always returned to the original payment method [9].")  # fmt: skip
    result = CitadelVerifier().invoke({"answer": AIMessage(content=answer), "documents": docs})
    assert result["answer"] == f"{SUPPORTED} [S2]"
    [kept] = result["kept"]
    assert (kept.citations, kept.document, kept.document_id, kept.supporting) == (("S2",), 1, "refunds#1", (1,))
    assert docs[1].page_content[slice(*kept.span or (0, 0))].startswith("Approved refunds")
    wrong, missing = result["dropped"]
    assert (wrong.citations, wrong.document, wrong.keep) == (("2",), 1, False)  # doc 1 would support it
    assert (missing.document, missing.reason) == (None, "cites 9, not among the sources")
    assert result["sources"] == [docs[1]]


def test_a_claim_without_markers_is_checked_against_every_document() -> None:
    docs = [Document(page_content="Staff parking is behind building B."),
            Document(page_content="Approved refunds are processed within five business days, says finance.", id="b"),
            Document(page_content="Approved refunds are processed within five business days.", id="a")]
    result = CitadelVerifier().invoke({"answer": "Approved refunds are processed within ten business days. "
                                                 "Approved refunds are processed within five business days.",
                                       "documents": docs})  # fmt: skip
    [contradicted] = result["dropped"]
    assert (contradicted.verdict, contradicted.document) == (Verdict.CONTRADICTED, 1)
    assert "ten business days" in contradicted.reason and "five business days" in contradicted.reason
    [kept] = result["kept"]
    # the best-supporting document (its own sentence), and every document that supports it
    assert (kept.document, kept.document_id, kept.supporting) == (2, "a", (1, 2))
    assert result["sources"] == docs[1:]


def test_the_verifier_says_what_input_it_takes() -> None:
    verifier = CitadelVerifier()
    schema = verifier.get_input_jsonschema()
    assert schema["$defs"]["VerifyInput"]["required"] == ["answer", "documents"]
    with pytest.raises(ValidationError, match="got \\['answer'\\]"):
        verifier.invoke({"answer": "x"})
    with pytest.raises(ValidationError, match="the answer is a int"):
        verifier.invoke({"answer": 3, "documents": []})
    with pytest.raises(ValidationError, match="documents of type str"):
        verifier.invoke({"answer": "x", "documents": ["text"]})
    empty = verifier.invoke({"answer": SUPPORTED, "documents": []})
    assert empty["kept"] == [] and empty["dropped"][0].reason == "no documents were given to check it against"


def test_importing_citadel_or_the_langchain_module_does_not_import_other_frameworks() -> None:
    code = (
        "import sys, citadel, citadel.integrations._documents\n"
        "core = sorted(m for m in sys.modules if m.split('.')[0] in {'langchain', 'langchain_core', 'langsmith'})\n"
        "import citadel.integrations.langchain\n"
        "print(core, 'langchain_core' in sys.modules, sorted(m for m in sys.modules if m.startswith('llama_index')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[] True []"


def test_the_documented_example_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """docs/integrations.md's LangChain example, with the default models, in a new store."""
    docs = (ROOT / "docs" / "integrations.md").read_text()
    code = re.findall(r"```python\n(.*?)```", docs.split("## LangChain", 1)[1], re.S)[0]
    monkeypatch.chdir(ROOT)
    exec(compile(code.replace("./.citadel-demo", str(tmp_path / "demo")), "docs/integrations.md", "exec"), {})
    answer, dropped, sources = capsys.readouterr().out.splitlines()
    assert answer == SUPPORTED
    assert dropped.startswith(f"dropped: {UNSUPPORTED} - unsupported - ")
    assert sources == f"[{PROCESSING!r}]"


def test_the_readme_example_runs_as_written() -> None:
    """The README's LangChain + LlamaIndex snippet, executed as it stands."""
    import contextlib
    import io

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Assistants and frameworks", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Refunds are processed within five business days. [('Refunds can be paid in cash.'")
    assert lines[1].startswith("False 0 of 1 claims supported") and "'five business days' in the source" in out.getvalue()
