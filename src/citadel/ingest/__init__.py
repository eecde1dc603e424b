"""Ingestion: loaders per format, structure-aware chunking, and the batch pipeline."""

from __future__ import annotations

from citadel.ingest.chunking import ChunkSettings, chunk_document
from citadel.ingest.parsed import Block, ParsedDocument
from citadel.ingest.pipeline import Failure, IngestReport, ingest

__all__ = ["Block", "ChunkSettings", "Failure", "IngestReport", "ParsedDocument", "chunk_document", "ingest"]
