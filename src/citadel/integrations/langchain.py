"""LangChain components: a retriever over a citadel store, and a runnable that verifies an answer.

Needs ``langchain-core`` (not installed with citadel). RAG chains show the sources a
retriever ranked by similarity as citations, whether or not the answer used them, and nobody
checks the claims afterwards. :class:`CitadelVerifier` goes after any chain's generation step:
it splits the answer into claims, checks each against the documents the chain retrieved
(:func:`citadel.integrations._documents.check_documents` says how), and returns the kept
claims, the dropped ones with their reasons, and only the documents the kept claims rest on::

    chain = (
        {"documents": CitadelRetriever(searcher=engine.searcher), "question": RunnablePassthrough()}
        | RunnablePassthrough.assign(answer=prompt | model)
        | CitadelVerifier()
    )
    result = chain.invoke("How long do refunds take?")
    result["answer"], result["dropped"][0].reason

:class:`CitadelRetriever` returns ``Document`` objects whose ``page_content`` is the chunk's
text and whose ``metadata`` says where it is (chunk id, doc id, version, offsets, title,
heading path, location) and how it ranked (score, relevance). It searches only what its
``groups`` may read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.messages import BaseMessage
from langchain_core.retrievers import BaseRetriever
from langchain_core.runnables import Runnable, RunnableConfig
from pydantic import Field
from typing_extensions import TypedDict  # pydantic reads TypedDicts from here before 3.12

from citadel._errors import ValidationError
from citadel.integrations._documents import ClaimCheck, check_documents, hit_metadata, search_hits
from citadel.retrieve import Hit, Searcher
from citadel.retrieve.hits import Mode
from citadel.verify import Verifier

if TYPE_CHECKING:
    from citadel.engine import Citadel

__all__ = ["CitadelRetriever", "CitadelVerifier", "VerifiedAnswer", "VerifyInput"]


class CitadelRetriever(BaseRetriever):
    """The ``k`` best chunks for a query that a caller in ``groups`` may read (no groups:
    public documents only), as LangChain documents with citadel's metadata."""

    searcher: Searcher
    k: int = Field(default=4, ge=1)
    groups: Sequence[str] = ()
    mode: Mode | None = None  # None: the searcher's own (hybrid by default)

    @classmethod
    def from_engine(cls, engine: Citadel, **fields: Any) -> CitadelRetriever:
        """A retriever over an engine's store, with its searcher (and reranker)."""
        return cls(searcher=engine.searcher, **fields)

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        hits = search_hits(self.searcher, query, k=self.k, groups=self.groups, mode=self.mode)
        return [to_document(hit) for hit in hits]


def to_document(hit: Hit) -> Document:
    """A hit as a LangChain document (its id the chunk id)."""
    return Document(page_content=hit.text, metadata=hit_metadata(hit), id=hit.chunk_id)


class VerifyInput(TypedDict):
    """What :class:`CitadelVerifier` takes (other keys, such as the question, are ignored).
    It is typed as any mapping, so that a chain's dict output composes with it."""

    answer: str | BaseMessage
    documents: Sequence[Document]


class VerifiedAnswer(TypedDict):
    """What :class:`CitadelVerifier` returns.

    ``answer``: the kept claims' sentences as written; ``kept`` and ``dropped``: each claim
    with its verdict, reason and supporting document (``document``: its index in the input
    list, ``document_id``: its chunk id, else its LangChain id); ``sources``: the given
    documents that some kept claim rests on, in the order the answer first uses them."""

    answer: str
    kept: list[ClaimCheck]
    dropped: list[ClaimCheck]
    sources: list[Document]


class CitadelVerifier(Runnable[Mapping[str, Any], VerifiedAnswer]):
    """Verifies ``{"answer": str | AIMessage, "documents": [Document, ...]}``: keeps the
    claims a given document supports, drops the others with a reason.

    ``verifier``: the citadel verifier to use (default: the bundled one, shared)."""

    def __init__(self, verifier: Verifier | None = None) -> None:
        self.verifier = verifier

    @property
    def InputType(self) -> type[Mapping[str, Any]]:
        """:class:`VerifyInput`, for LangChain's input schema."""
        return VerifyInput

    def invoke(self, input: Mapping[str, Any], config: RunnableConfig | None = None, **kwargs: Any) -> VerifiedAnswer:
        return self._call_with_config(self._verify, input, config)

    def _verify(self, input: Mapping[str, Any]) -> VerifiedAnswer:
        answer, documents = _read_input(input)
        report = check_documents(
            answer, [d.page_content for d in documents], ids=[_document_id(d) for d in documents],
            verifier=self.verifier,
        )  # fmt: skip
        return VerifiedAnswer(
            answer=report.text, kept=report.kept, dropped=report.dropped,
            sources=[documents[i] for i in report.used],
        )  # fmt: skip


def _read_input(input: object) -> tuple[str, list[Document]]:
    expected = "CitadelVerifier takes {'answer': str or AIMessage, 'documents': [Document, ...]}"
    if not isinstance(input, Mapping) or "answer" not in input or "documents" not in input:
        got = sorted(input) if isinstance(input, Mapping) else type(input).__name__
        raise ValidationError(f"{expected}; got {got}")
    answer = input["answer"]
    if isinstance(answer, BaseMessage):
        answer = str(answer.text)
    if not isinstance(answer, str):
        raise ValidationError(f"{expected}; the answer is a {type(answer).__name__}")
    documents = list(input["documents"])
    wrong = [type(d).__name__ for d in documents if not isinstance(d, Document)]
    if wrong:
        raise ValidationError(f"{expected}; got documents of type {', '.join(sorted(set(wrong)))}")
    return answer, documents


def _document_id(document: Document) -> str | None:
    chunk_id = document.metadata.get("chunk_id")
    return str(chunk_id) if chunk_id is not None else document.id
