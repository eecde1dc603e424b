"""LlamaIndex components: a retriever over a citadel store, a faithfulness evaluator and a
node postprocessor built on citadel's verifier.

Needs ``llama-index-core`` (not installed with citadel). Every claim of a response is checked
against the given contexts or nodes (:func:`citadel.integrations._documents.check_documents`
says how), so an answer is judged claim by claim, with reasons, and sources that no claim
uses stop being shown as citations::

    retriever = CitadelRetriever(engine.searcher, k=4, groups=["staff"])
    nodes = retriever.retrieve("How long do refunds take?")
    result = CitadelFaithfulnessEvaluator().evaluate(
        response=answer, contexts=[n.node.get_content() for n in nodes])
    result.passing, result.score, result.feedback
    cited = SupportingNodesPostprocessor(answer=answer).postprocess_nodes(nodes)

The retriever's nodes are :class:`TextNode` objects: the node id is the chunk id, the text the
chunk's, ``ref_doc_id`` the document id, and ``metadata`` holds the chunk id, doc id, version,
offsets, title, heading path, location, score and relevance; only the title and heading path
are shown to an LLM or an embedding model.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.bridge.pydantic import Field
from llama_index.core.callbacks import CallbackManager
from llama_index.core.evaluation import BaseEvaluator, EvaluationResult
from llama_index.core.postprocessor.types import BaseNodePostprocessor
from llama_index.core.prompts.mixin import PromptDictType
from llama_index.core.schema import NodeRelationship, NodeWithScore, QueryBundle, RelatedNodeInfo, TextNode

from citadel._errors import ValidationError
from citadel.integrations._documents import DocumentsReport, check_documents, hit_metadata, search_hits
from citadel.retrieve import Hit, Searcher
from citadel.retrieve.hits import Mode
from citadel.verify import Verifier

if TYPE_CHECKING:
    from citadel.engine import Citadel

__all__ = ["CitadelFaithfulnessEvaluator", "CitadelRetriever", "SupportingNodesPostprocessor", "to_node"]

#: the metadata an LLM or embedding model reads with a node's text
_SHOWN = ("title", "heading_path")


class CitadelRetriever(BaseRetriever):
    """The ``k`` best chunks for a query that a caller in ``groups`` may read (no groups:
    public documents only), as scored nodes (the score is the hit's ranking score)."""

    def __init__(
        self,
        searcher: Searcher,
        *,
        k: int = 4,
        groups: Sequence[str] = (),
        mode: Mode | None = None,
        callback_manager: CallbackManager | None = None,
    ) -> None:
        if k < 1:
            raise ValidationError("k must be at least 1")
        super().__init__(callback_manager=callback_manager)
        self.searcher, self.k, self.groups, self.mode = searcher, k, tuple(groups), mode

    @classmethod
    def from_engine(cls, engine: Citadel, **options: Any) -> CitadelRetriever:
        """A retriever over an engine's store, with its searcher (and reranker)."""
        return cls(engine.searcher, **options)

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        hits = search_hits(self.searcher, query_bundle.query_str, k=self.k, groups=self.groups, mode=self.mode)
        return [NodeWithScore(node=to_node(hit), score=hit.score) for hit in hits]


def to_node(hit: Hit) -> TextNode:
    """A hit as a LlamaIndex text node (its id the chunk id, its source the document)."""
    metadata = hit_metadata(hit)
    hidden = [key for key in metadata if key not in _SHOWN]
    return TextNode(
        id_=hit.chunk_id, text=hit.text, metadata=metadata, start_char_idx=hit.start, end_char_idx=hit.end,
        relationships={NodeRelationship.SOURCE: RelatedNodeInfo(node_id=hit.doc_id)},
        excluded_llm_metadata_keys=hidden, excluded_embed_metadata_keys=hidden,
    )  # fmt: skip


class CitadelFaithfulnessEvaluator(BaseEvaluator):
    """Is every claim of the response supported by one of the contexts?

    ``passing``: every claim is; ``score``: the share of claims that are; ``feedback``: each
    claim with its verdict, the context it rests on (counted from 1) and, for the others,
    the reason. A response without any claim is an invalid result. The check runs on the
    calling thread (the verifier is CPU-bound and fast)."""

    def __init__(self, verifier: Verifier | None = None) -> None:
        self.verifier = verifier

    def _get_prompts(self) -> PromptDictType:
        return {}

    def _update_prompts(self, prompts: PromptDictType) -> None:
        """No prompts: the verifier is not an LLM."""

    def evaluate(
        self,
        query: str | None = None,
        response: str | None = None,
        contexts: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> EvaluationResult:
        """Checked right here, with no event loop: llama-index's default ``evaluate`` runs
        ``aevaluate`` on the thread's default loop and never closes it."""
        return self._check(query, response, contexts)

    async def aevaluate(
        self,
        query: str | None = None,
        response: str | None = None,
        contexts: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> EvaluationResult:
        return self._check(query, response, contexts)

    def _check(self, query: str | None, response: str | None, contexts: Sequence[str] | None) -> EvaluationResult:
        if response is None or contexts is None:
            raise ValidationError("the faithfulness evaluator needs both the response and its contexts")
        report = check_documents(response, list(contexts), verifier=self.verifier)
        if not report.claims:
            return EvaluationResult(query=query, contexts=contexts, response=response, invalid_result=True,
                                    invalid_reason="the response states no claim to check")  # fmt: skip
        return EvaluationResult(
            query=query, contexts=contexts, response=response, passing=not report.dropped,
            score=report.supported_share, feedback=feedback(report),
        )  # fmt: skip


def feedback(report: DocumentsReport) -> str:
    """The evaluator's feedback: a summary line, then one line per claim."""
    kept, total = len(report.kept), len(report.claims)
    lines = [f"{kept} of {total} claims supported by the contexts."]
    for c in report.claims:
        where = f"context {c.document + 1}" if c.document is not None else "no context"
        if c.keep:
            lines.append(f'- supported ({where}): "{c.text}"')
        else:
            lines.append(f'- {c.verdict.value} ({where}): "{c.text}": {c.reason}')
    return "\n".join(lines)


class SupportingNodesPostprocessor(BaseNodePostprocessor):
    """Keeps only the nodes that support some claim of ``answer`` (in their order), so the
    sources shown with an answer are the ones it rests on. Use it once the answer exists::

        SupportingNodesPostprocessor(answer=str(response)).postprocess_nodes(response.source_nodes)
    """

    answer: str | None = Field(default=None, description="The answer whose claims the nodes must support.")
    verifier: Verifier | None = Field(default=None, exclude=True, description="default: the bundled verifier")

    @classmethod
    def class_name(cls) -> str:
        return "SupportingNodesPostprocessor"

    def _postprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None
    ) -> list[NodeWithScore]:
        if self.answer is None:
            raise ValidationError("SupportingNodesPostprocessor needs the answer: pass answer=... when it exists")
        report = check_documents(
            self.answer, [n.node.get_content() for n in nodes], ids=[n.node.node_id for n in nodes],
            verifier=self.verifier,
        )  # fmt: skip
        used = set(report.used)
        return [n for i, n in enumerate(nodes) if i in used]
