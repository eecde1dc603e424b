"""Answers that answer the question: docsqa dev and ClapNQ, scored honestly, design against design.

Run: .venv/bin/python bench/answers.py [--store-cache /tmp/docsqa-store] [--variant baseline ...] [--no-test]

Each variant (a way to build the engine: backend, AskSettings; ``baseline`` is the current
default: extractive backend, no calibration, the default threshold) is run on
  docsqa dev    45 questions over the 160-file Python/man-page corpus (targets: answerable
                answered correctly >= 0.85, unanswerable abstained >= 0.85)
  ClapNQ dev    294 questions over its 593 passages
  ClapNQ test   306 questions, REPORT ONLY (skipped with --no-test; never decide anything on it)
  fresh man pages  22 questions (16 answerable) written on 23 man pages of this machine that
                are in no corpus citadel's models were trained or calibrated on
                (bench/data/fresh-man-pages.jsonl; the pages are rendered here with
                ``man``, as docsqa renders its own): how the defaults do on documentation
                they have never seen. A held-out check: never train on it
  fresh debian docs  30 questions (22 answerable) written, by someone who never ran citadel, on
                24 files of this machine's /usr/share/doc (bench/data/fresh-debian-docs.files:
                NEWS and README files, changelogs, DEP-5 copyright files, HTML manuals,
                Markdown, PDFs; most gzip-compressed, read as shipped): the "other real
                documentation" of issue 15. Its first run (nineteenth session, RESULTS.md) was
                held out; its failures were then read for patterns of whole kinds of files, so
                later figures are dev figures: fix kinds of files, never its questions
  hand-written man pages  200 questions (150 answerable, 60 of them paraphrases that avoid the
                page's words; 50 near-misses) over the 40 man pages of
                train/answerability/manqa_pages.txt (train/answerability/manqa.jsonl)
  hand-written python pages  250 questions (190 answerable; 60 unanswerable: near-misses and
                features added after 3.11) over 40 pages of Python 3.11's library reference
                outside docsqa's corpus (train/answerability/pyqa.jsonl; needs the Debian
                package python3.11-doc). These two were written for training, and the shipped
                answerability model was not trained on them: for the shipped model they are the
                largest held-out documentation sets (450 questions against the fresh sets' 52).
                A candidate trained with ``build_data.py --extra`` on them must not be judged here
  new-user debian docs  106 questions (89 answerable, 17 unanswerable) on 35 files of this
                machine's /usr/share/doc that no other set uses (bench/data/new-user-debian-
                docs.files: NEWS files and changelogs, READMEs in text, Markdown and reST, DEP-5
                copyright files, dpkg's specifications, a --help saved as text, HTML manual pages,
                man-db's terminal-formatted manual), asked by the forty-third session as a new
                user would. Several of that session's changes were made for kinds of files these
                questions showed failing, so its figures are dev figures, never held out
  new-user manuals  122 questions (106 answerable, 16 unanswerable) on 12 manuals of this
                machine's /usr/share/doc that no other set uses (bench/data/new-user-manuals.files:
                PDF manuals and a PDF paper, Texinfo and DocBook HTML, Node.js's API pages with
                their navigation, a numbered FAQ and a design note in plain text), asked by the
                forty-fourth session as a new user would before changing anything; later
                changes made for the kinds of files it showed failing make it a dev set
  held-out manuals  16 questions (13 answerable) on 3 more manuals (Valgrind's Cachegrind chapter,
                Node.js's readline and dns pages: bench/data/held-out-manuals.files), written
                by the forty-fourth session after its last code change and first run then, on
                both sides: a held-out check of that session's changes (now used, a dev set)
  man pages as shipped  110 questions (93 answerable, 17 unanswerable) on 15 man pages of sections
                5 and 8 read as this machine ships them (gzip-compressed roff, man and mdoc
                macros, DocBook's output, tbl tables: bench/data/man-sources.files under
                /usr/share/man), written by three helpers who never ran citadel; its first run
                (forty-fifth session) was held out, later figures are dev figures
  man pages as shipped, second writer  150 questions (127 answerable, 23 unanswerable) on the same
                15 pages, written by a fourth helper on its own (bench/data/man-sources-2.jsonl):
                read by no one and first run after the forty-fifth session's last change to the
                code, on both sides; a held-out check of that session's changes (now used: dev)
  markdown docs as shipped  120 questions (96 answerable, 24 unanswerable) on 20 Markdown files of
                npm as this machine ships it (its command, config, scripts and package.json pages;
                undici's API reference; node-gyp's README: bench/data/markdown-docs.files under
                /usr/lib/node_modules/npm), written by three helpers who never ran citadel; its
                first run (forty-sixth session) was held out, later figures are dev figures
  markdown docs as shipped, fourth writer  50 questions (40 answerable) on the same 20 files by a
                fourth helper (bench/data/markdown-docs-2.jsonl), first run after that session's
                changes on both sides: a held-out check (now used: dev)
  licences as shipped  108 questions (84 answerable, 24 unanswerable) on the copyright files of 30
                packages of this machine's /usr/share/doc (bench/data/licences.files: 22 in Debian's
                machine-readable format, DEP-5, 8 free-form): which licence a package, a folder or a
                file is under, who holds a part's copyright, what a licence text permits, who
                packaged it; written by three helpers who never ran citadel; its first run
                (forty-seventh session) was held out, later figures are dev figures
  licences as shipped, fourth writer  45 questions (35 answerable) on the same 30 files by a fourth
                helper (bench/data/licences-2.jsonl), first run after that session's changes, on
                both sides: a held-out check (18 of its question texts had been seen in listings;
                RESULTS.md gives both figures); its failures were read afterwards: now a dev set
  licences, other packages  40 questions (32 answerable) by a fifth helper on the copyright files
                of 18 other packages (bench/data/licences-3.files: 15 DEP-5, 3 free-form), read
                by no one before its first run after that session's last change, on both sides:
                a held-out check of whether the licence reading carries over to other files
  info manuals  140 questions (112 answerable) by three helpers on 17 GNU Info files of this
                machine's /usr/share/info (bench/data/info-manuals.files: grep, sed, gzip, time, bc,
                diffutils, wget, ed, bzip2, find in three files, libffi, readline's user manual,
                libtasn1, libgpg-error, autosprintf), written before citadel read Info files as
                such; a dev set
  info manuals, held out  45 questions (36 answerable) by a fourth helper on 7 other Info files
                (bench/data/info-manuals-3.files: coreutils, gettext, GnuPG in three files, nettle,
                findutils' maintenance manual), read by no one before its runs at the base and
                after the change (the held-out check of the Info reading); its failures were
                read afterwards: a dev set now
  pdf manuals  140 questions (112 answerable) by three helpers on 9 PDF manuals that Debian
                packages install under /usr/share/doc (bench/data/pdf-manuals.files: R's FAQ,
                installation and data manuals; the New Maintainers' Guide, the Debian FAQ, the FHS,
                camlidl's manual; ReportLab's user guide and Debian Policy; apt-get install
                r-doc-pdf maint-guide debian-faq debian-policy camlidl-doc python-reportlab-doc),
                written by helpers who never ran citadel before citadel read PDF outlines; a dev set
  pdf manuals, held out  45 questions (37 answerable) by a fourth helper on 3 other PDF manuals
                (bench/data/pdf-manuals-2.files: R's introduction, Auto Multiple Choice's manual,
                Valgrind's manual; apt-get install r-doc-pdf auto-multiple-choice-doc-pdf
                valgrind), read by no one before its runs at the base and after the change (the
                held-out check of the PDF reading); its failures were read afterwards: a dev set
                now
  pdf manuals, second held out  40 questions by a fifth helper on 3 more PDFs
                (bench/data/pdf-manuals-3.files: gri's manual, Nettle's manual, fontconfig's user
                guide; apt-get install gri-pdf-doc nettle-dev fontconfig), written after the PDF
                reading was done and read by no one before its runs at c67c664 and at c75bf44
                (forty-ninth session); read afterwards: a dev set now
  api reference html  85 questions by two helpers on C libraries' API reference pages as
                Debian installs them (bench/data/api-html.files: ten of SDL2's Doxygen header
                pages, four of libxml2's own API pages; apt-get install libsdl2-doc
                libxml2-doc), written at the end of the forty-ninth session and measured there
                once at b1a92d4, before any change for them: a dev set, and the next kind to
                work on
  api reference html, held out  55 questions (44 answerable) by two other helpers on other API
                pages (bench/data/api-html-2.files: SDL2's mutex, thread and version headers,
                Opus's decoder, encoder and repacketizer groups, GLib's gtk-doc pages on hash
                tables, strings and timers, libFLAC's stream decoder; apt-get install
                libsdl2-doc libopus-doc libglib2.0-doc libflac-doc), written at the start of the
                fiftieth session and read by no one before its runs at 7395d47 and at 4251788
                (the held-out check of the API reference reading); its failures were read
                afterwards: a dev set now
  cmake help  45 questions (36 answerable) by a helper who never ran citadel on CMake's
                reStructuredText documentation as Debian installs it (bench/data/cmake-help.files
                under /usr/share/cmake-3.25/Help, package cmake-data: ten command pages, four
                manuals), written at the start of the fifty-first session and measured at 2abeed9
                before any change for them: a dev set
  cmake help, held out  47 questions (38 answerable) by another helper on 18 other pages of
                the same Help (variables, target, directory, source and test properties, policies,
                environment variables, generators: bench/data/cmake-help-2.files), read by no one
                before its runs at 2abeed9 and at cbff1c4 (the held-out check of the
                reStructuredText reading); its failures were read afterwards: a dev set now
  faqs  52 questions (41 answerable) by a helper who never ran citadel on 9 FAQs as this machine
                ships them, each a layout of its own (bench/data/faqs.files, paths under /:
                procps's questions over indented answers, base-files's "Q."/"A.", lsof's and
                sed's numbered questions with a table of contents, man-db's underlined ones,
                ncurses's entries between rules, libxml2's HTML list, gitfaq(7), a Perl POD
                FAQ; apt-get install lsof libxml2-doc git-man), written at the start of the
                fifty-second session and run at 7c55146
                before any change: a dev set
  faqs, held out  44 questions (35 answerable) by another helper on 6 other FAQs (xz's "Q:"/"A:",
                Valgrind's numbered text, libxslt's HTML, ctags's man page, two Perl POD FAQs:
                bench/data/faqs-2.files; apt-get install valgrind libxslt1-dev universal-ctags), read by no one before its runs at 7c55146 and after
                that session's changes (the held-out check of the FAQ reading)
  mixed docs  51 questions (41 answerable) by a helper who never ran citadel on 19 of the 70
                documentation files of bench/data/mixed-docs.files (paths under /: Markdown,
                Org-mode and plain-text guides, release notes, HTML manual pages, roff man pages,
                an Info manual, a licence; the other 51 files are in the store too, as a new
                user's pile is; their packages: adduser apt bash coreutils dbus doc-base findutils
                fonts-dejavu-core grep gzip iso-codes libjpeg62-turbo-dev liblzma-dev libmpfr6
                libpng16-16 libslang2 make manpages openssl packagekit systemd unzip util-linux
                xtrans-dev zip zutty), written at the start of the fifty-third session and run at
                d52ab8b before any change: a dev set
  mixed docs, held out  53 questions (41 answerable) by another helper on 17 other files of the
                same pile, read by no one before its runs at d52ab8b and after that session's
                changes (the held-out check of what the first set showed)
and reported side by side: answer correctness (share of answerable questions whose answer
holds the gold answer, cites a gold document and quotes only the stored text at its offsets:
citadel.evaluate.correctness), answered without the answer, abstain rate on unanswerable,
balanced abstention accuracy, what the old eval counted as correct (answered citing a gold
document), and warm ask p50/p95. Stores are built once into the caches (``--store-cache``,
``--clapnq-store-cache``, ``--man-store-cache``, ``--docs-store-cache``, ``--manqa-store-cache``,
``--pyqa-store-cache``, ``--new-user-store-cache``, ``--manuals-store-cache``, ``--held-out-store-cache``,
``--man-sources-store-cache``, ``--markdown-store-cache``, ``--licences-store-cache``,
``--licences-3-store-cache``, ``--info-store-cache``, ``--info-3-store-cache``, ``--pdf-store-cache``, ``--pdf-2-store-cache``, ``--pdf-3-store-cache``, ``--api-store-cache``, ``--api-2-store-cache``, ``--cmake-store-cache``,
``--cmake-2-store-cache``, ``--faq-store-cache``, ``--faq-2-store-cache``, ``--mixed-store-cache``; a cache is complete when it holds READY) and never written: every
run asks against a private copy (asks write traces), with any stored calibration removed.
To compare a change, add a Variant to VARIANTS and pass ``--variant baseline --variant NAME``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from citadel.engine import EXTRACTIVE_KEY, Citadel  # noqa: E402
from citadel.evaluate import load_questions, run_questions, summarize  # noqa: E402
from citadel.evaluate.data import QAItem  # noqa: E402
from citadel.pipeline import THRESHOLD_KEY, AskSettings  # noqa: E402
from citadel.retrieve import RetrieverSettings  # noqa: E402
from citadel.retrieve.evidence import EvidenceSettings, forget_units  # noqa: E402
from citadel.retrieve.answerability import AnswerabilityModel  # noqa: E402
from citadel.store import Store, open_store  # noqa: E402

DATA = Path("/work/shared/datasets")
DOCSQA, CLAPNQ = DATA / "docsqa", DATA / "clapnq"
DOC_ROOT = Path("/usr/share/doc")
#: the man pages as this machine ships them (gzip-compressed roff)
MAN_ROOT = Path("/usr/share/man")
INFO_ROOT = Path("/usr/share/info")
#: npm as this machine ships it (its Markdown documentation and that of two bundled packages)
NPM_ROOT = Path("/usr/lib/node_modules/npm")
#: CMake's reStructuredText documentation as Debian's cmake-data installs it
CMAKE_HELP = Path("/usr/share/cmake-3.25/Help")


@dataclass(frozen=True)
class Variant:
    """One design under test: how to build the engine over a store."""

    description: str
    backend: str = "extractive"
    backend_options: dict[str, Any] = field(default_factory=dict)
    settings: AskSettings = field(default_factory=AskSettings)
    retriever: RetrieverSettings | None = None
    answerability_dir: Path | None = None  # another answerability model folder (a candidate)

    def engine(self, store: Store) -> Citadel:
        model = AnswerabilityModel(self.answerability_dir) if self.answerability_dir else None
        return Citadel(store, backend=self.backend, backend_options=dict(self.backend_options), settings=self.settings,
                       retriever=self.retriever, answerability=model)


VARIANTS: dict[str, Variant] = {
    "baseline": Variant("the design before answerability: relevance gate (0.621), units ranked by the reranker",
                        settings=AskSettings(use_answerability=False)),
    "default": Variant("current default: answerability gate and ranking, extractive backend, no calibration"),
    "raw-units": Variant("the default with the reranker reading each unit alone, without its title and heading",
                         retriever=RetrieverSettings(evidence=EvidenceSettings(unit_context=False))),
    "no-next-units": Variant("the default without reading the sentence after the reranker's best units",
                             retriever=RetrieverSettings(evidence=EvidenceSettings(next_units=False))),
    "llamacpp": Variant("the default with the bundled local model (llama.cpp, Qwen2.5-Coder 0.5B q4) as backend",
                        backend="llamacpp"),
}
if os.environ.get("CITADEL_BENCH_CANDIDATE"):  # a model folder to compare with the shipped one
    VARIANTS["candidate"] = Variant(f"the default with the answerability model in {os.environ['CITADEL_BENCH_CANDIDATE']}",
                                    answerability_dir=Path(os.environ["CITADEL_BENCH_CANDIDATE"]))


@dataclass(frozen=True)
class Dataset:
    name: str
    questions: Path
    corpus: Path
    cache: str  # the argparse attribute naming its store cache
    report_only: bool = False
    targets: dict[str, float] = field(default_factory=dict)
    #: man pages ("name" or "name(section)") rendered into the corpus folder before the build
    pages: tuple[str, ...] = ()
    #: a list of files under ``file_root`` copied into the corpus folder before the build
    files: Path | None = None
    #: the folder ``files`` are listed under; a copied file's doc id is its path below it
    file_root: Path = DOC_ROOT
    #: listing lines are these names, each made a path with ``file_pattern`` ("{}" the name)
    file_pattern: str = "{}"


#: pages of this machine in no corpus the shipped models saw (not docsqa's, not
#: train/answerability/man_pages.txt's)
FRESH_PAGES = ("timeout", "split", "shuf", "seq", "truncate", "mktemp", "dd", "sha256sum", "realpath", "tac",
               "nl", "paste", "join", "comm", "fold", "nohup", "nice", "sleep", "base64", "install", "fstab(5)",
               "gpg", "less")  # fmt: skip


TRAIN = ROOT / "train" / "answerability"
#: Python 3.11's HTML library reference, as Debian's python3.11-doc installs it (docsqa's source)
PY_DOC_ROOT = DOC_ROOT / "python3.11" / "html"


def page_list(listing: Path) -> tuple[str, ...]:
    return tuple(line.strip() for line in listing.read_text().splitlines() if line.strip())


DATASETS = [
    Dataset("docsqa dev", DOCSQA / "questions.dev.jsonl", DOCSQA / "corpus", "store_cache",
            targets={"answer_correctness": 0.85, "abstain_rate_unanswerable": 0.85}),
    Dataset("clapnq dev", CLAPNQ / "questions.dev.jsonl", CLAPNQ / "corpus.jsonl", "clapnq_store_cache"),
    Dataset("clapnq test", CLAPNQ / "questions.test.jsonl", CLAPNQ / "corpus.jsonl", "clapnq_store_cache",
            report_only=True),
    Dataset("fresh man pages", ROOT / "bench" / "data" / "fresh-man-pages.jsonl", Path("rendered"),
            "man_store_cache", pages=FRESH_PAGES),
    Dataset("fresh debian docs", ROOT / "bench" / "data" / "fresh-debian-docs.jsonl", Path("copied"),
            "docs_store_cache", files=ROOT / "bench" / "data" / "fresh-debian-docs.files"),
    Dataset("hand-written man pages", TRAIN / "manqa.jsonl", Path("rendered"), "manqa_store_cache",
            pages=page_list(TRAIN / "manqa_pages.txt")),
    Dataset("hand-written python pages", TRAIN / "pyqa.jsonl", Path("copied"), "pyqa_store_cache",
            files=TRAIN / "pyqa_pages.txt", file_root=PY_DOC_ROOT, file_pattern="library/{}.html"),
    Dataset("new-user debian docs", ROOT / "bench" / "data" / "new-user-debian-docs.jsonl", Path("copied"),
            "new_user_store_cache", files=ROOT / "bench" / "data" / "new-user-debian-docs.files"),
    Dataset("new-user manuals", ROOT / "bench" / "data" / "new-user-manuals.jsonl", Path("copied"),
            "manuals_store_cache", files=ROOT / "bench" / "data" / "new-user-manuals.files"),
    Dataset("held-out manuals", ROOT / "bench" / "data" / "held-out-manuals.jsonl", Path("copied"),
            "held_out_store_cache", files=ROOT / "bench" / "data" / "held-out-manuals.files"),
    Dataset("man pages as shipped", ROOT / "bench" / "data" / "man-sources.jsonl", Path("copied"),
            "man_sources_store_cache", files=ROOT / "bench" / "data" / "man-sources.files", file_root=MAN_ROOT),
    Dataset("man pages as shipped, second writer", ROOT / "bench" / "data" / "man-sources-2.jsonl", Path("copied"),
            "man_sources_store_cache", files=ROOT / "bench" / "data" / "man-sources.files", file_root=MAN_ROOT),
    Dataset("markdown docs as shipped", ROOT / "bench" / "data" / "markdown-docs.jsonl", Path("copied"),
            "markdown_store_cache", files=ROOT / "bench" / "data" / "markdown-docs.files", file_root=NPM_ROOT),
    Dataset("markdown docs as shipped, fourth writer", ROOT / "bench" / "data" / "markdown-docs-2.jsonl",
            Path("copied"), "markdown_store_cache", files=ROOT / "bench" / "data" / "markdown-docs.files",
            file_root=NPM_ROOT),
    Dataset("licences as shipped", ROOT / "bench" / "data" / "licences.jsonl", Path("copied"),
            "licences_store_cache", files=ROOT / "bench" / "data" / "licences.files"),
    Dataset("licences as shipped, fourth writer", ROOT / "bench" / "data" / "licences-2.jsonl", Path("copied"),
            "licences_store_cache", files=ROOT / "bench" / "data" / "licences.files"),
    Dataset("licences, other packages", ROOT / "bench" / "data" / "licences-3.jsonl", Path("copied"),
            "licences_3_store_cache", files=ROOT / "bench" / "data" / "licences-3.files"),
    Dataset("info manuals", ROOT / "bench" / "data" / "info-manuals.jsonl", Path("copied"),
            "info_store_cache", files=ROOT / "bench" / "data" / "info-manuals.files", file_root=INFO_ROOT),
    Dataset("info manuals, held out", ROOT / "bench" / "data" / "info-manuals-3.jsonl", Path("copied"),
            "info_3_store_cache", files=ROOT / "bench" / "data" / "info-manuals-3.files", file_root=INFO_ROOT),
    Dataset("pdf manuals", ROOT / "bench" / "data" / "pdf-manuals.jsonl", Path("copied"), "pdf_store_cache",
            files=ROOT / "bench" / "data" / "pdf-manuals.files"),
    Dataset("pdf manuals, held out", ROOT / "bench" / "data" / "pdf-manuals-2.jsonl", Path("copied"),
            "pdf_2_store_cache", files=ROOT / "bench" / "data" / "pdf-manuals-2.files"),
    Dataset("pdf manuals, second held out", ROOT / "bench" / "data" / "pdf-manuals-3.jsonl", Path("copied"),
            "pdf_3_store_cache", files=ROOT / "bench" / "data" / "pdf-manuals-3.files"),
    Dataset("api reference html", ROOT / "bench" / "data" / "api-html.jsonl", Path("copied"), "api_store_cache",
            files=ROOT / "bench" / "data" / "api-html.files"),
    Dataset("api reference html, held out", ROOT / "bench" / "data" / "api-html-2.jsonl", Path("copied"),
            "api_2_store_cache", files=ROOT / "bench" / "data" / "api-html-2.files"),
    Dataset("cmake help", ROOT / "bench" / "data" / "cmake-help.jsonl", Path("copied"), "cmake_store_cache",
            files=ROOT / "bench" / "data" / "cmake-help.files", file_root=CMAKE_HELP),
    Dataset("cmake help, held out", ROOT / "bench" / "data" / "cmake-help-2.jsonl", Path("copied"),
            "cmake_2_store_cache", files=ROOT / "bench" / "data" / "cmake-help-2.files", file_root=CMAKE_HELP),
    Dataset("faqs", ROOT / "bench" / "data" / "faqs.jsonl", Path("copied"), "faq_store_cache",
            files=ROOT / "bench" / "data" / "faqs.files", file_root=Path("/")),
    Dataset("faqs, held out", ROOT / "bench" / "data" / "faqs-2.jsonl", Path("copied"), "faq_2_store_cache",
            files=ROOT / "bench" / "data" / "faqs-2.files", file_root=Path("/")),
    Dataset("mixed docs", ROOT / "bench" / "data" / "mixed-docs.jsonl", Path("copied"), "mixed_store_cache",
            files=ROOT / "bench" / "data" / "mixed-docs.files", file_root=Path("/")),
    Dataset("mixed docs, held out", ROOT / "bench" / "data" / "mixed-docs-2.jsonl", Path("copied"),
            "mixed_store_cache", files=ROOT / "bench" / "data" / "mixed-docs.files", file_root=Path("/")),
]  # fmt: skip

FIGURES = [
    ("answer_correctness", "answerable answered correctly"),
    ("answered_without_answer", "answered without the answer (share of answerable)"),
    ("abstain_rate_unanswerable", "unanswerable abstained"),
    ("balanced_abstention_accuracy", "balanced abstention accuracy"),
    ("answer_balanced_accuracy", "mean of correctness and abstention"),
    ("answered_citing_gold", "old eval's 'correct' (answered, cites a gold doc)"),
    ("answer_rate_answerable", "answerable answered (any answer)"),
    ("ask_p50_ms", "warm ask p50 ms"),
    ("ask_p95_ms", "warm ask p95 ms"),
]


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def ensure_store(cache: Path, corpus: Path) -> Path:
    """The cached store for this corpus, built (via citadel's ingest) if it is not there yet."""
    db = cache / "citadel.db"
    if (cache / "READY").exists():
        return db
    if db.exists():
        sys.exit(f"{cache} holds a store without READY: still being built, or a build that stopped. "
                 "Wait for it, or remove the folder to rebuild.")  # fmt: skip
    log(f"building {cache} from {corpus} (minutes: every chunk is embedded)")
    t0 = time.perf_counter()
    with open_store(cache) as store:
        report = Citadel(store).ingest([corpus])
    log(f"built {cache}: {len(report.failed)} failed inputs, {time.perf_counter() - t0:.0f} s")
    (cache / "READY").write_text(datetime.now(UTC).isoformat() + "\n")
    return db


def render_man_pages(folder: Path, pages: tuple[str, ...]) -> Path:
    """Each page rendered as docsqa renders its own (``LC_ALL=C MANWIDTH=80 man --nh --nj -P
    cat``) into ``folder/NAME.txt``, once; a page this machine lacks is left out and said."""
    folder.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "LC_ALL": "C", "MANWIDTH": "80"}
    for page in pages:
        name, _, section = page.rstrip(")").partition("(")
        out = folder / f"{name}.txt"
        if out.exists():
            continue
        try:
            done = subprocess.run(["man", "--nh", "--nj", "-P", "cat", *([section] if section else []), name],
                                  env=env, capture_output=True, timeout=60, check=False)  # fmt: skip
        except (OSError, subprocess.TimeoutExpired) as exc:
            log(f"cannot render {page}: {exc}")
            continue
        if done.returncode != 0 or not done.stdout.strip():
            log(f"this machine has no man page {page}: its questions are left out")
            continue
        out.write_bytes(done.stdout)
    return folder


def copy_docs(folder: Path, listing: Path, root: Path = DOC_ROOT, pattern: str = "{}") -> Path:
    """Each file of ``listing`` (paths under ``root``, or names made paths by ``pattern``)
    copied to the same path under ``folder``, once, so its doc id is that path; a file this
    machine lacks is left out and said."""
    for name in page_list(listing):
        rel = pattern.format(name)
        source, out = root / rel, folder / rel
        if out.exists():
            continue
        if not source.is_file():
            log(f"this machine has no {source}: its questions are left out")
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(source.read_bytes())
    return folder


def private_copy(db: Path, folder: Path) -> Store:
    """A consistent copy of a store that is opened read-only (the cache is never written)."""
    folder.mkdir(parents=True)
    source = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    target = sqlite3.connect(folder / "citadel.db")
    with target:
        source.backup(target)
    source.close()
    target.close()
    store = open_store(folder)
    for key in (THRESHOLD_KEY, EXTRACTIVE_KEY):  # no calibration: the code defaults apply
        if store.get_config(key) is not None:
            store.set_config(key, None)
    return store


def progress(name: str, total: int) -> Callable[[str], None]:
    state = {"n": 0, "t0": time.perf_counter()}

    def step(_qid: str) -> None:
        state["n"] += 1
        n = state["n"]
        if n % 10 == 0 or n == total:
            elapsed = time.perf_counter() - state["t0"]
            log(f"{name}: {n}/{total} questions, {elapsed:.0f} s, ~{elapsed / n * (total - n):.0f} s left")

    return step


def run_one(variant_name: str, dataset: Dataset, db: Path, work: Path, limit: int | None) -> dict[str, Any]:
    items: list[QAItem] = load_questions(dataset.questions)[:limit]
    if dataset.pages or dataset.files:  # only questions about files this machine has
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            have = {row[0] for row in conn.execute("SELECT DISTINCT doc_id FROM documents")}
        items = [i for i in items if i.gold_docs <= have]
    store = private_copy(db, work / f"{variant_name}-{dataset.name.replace(' ', '-')}")
    forget_units()  # every variant starts cold: the one before asked the same questions
    with VARIANTS[variant_name].engine(store) as engine:
        threshold = engine.pipeline().threshold()
        log(f"{variant_name} / {dataset.name}: {len(items)} questions, evidence threshold in force {threshold:.3f}")
        engine.ask("A warm-up question that loads every model once?")
        run = run_questions(engine, items, on_step=progress(f"{variant_name} / {dataset.name}", len(items)))
    metrics = summarize(run.records, run.judgements)
    ms = [r.elapsed_ms for r in run.records]
    metrics["ask_p50_ms"] = statistics.median(ms)
    metrics["ask_p95_ms"] = statistics.quantiles(ms, n=20)[18] if len(ms) > 1 else ms[0]
    metrics["threshold_in_force"] = threshold
    metrics["answerable"] = sum(i.answerable for i in items)
    return metrics


#: each store cache's option, its folder under /tmp/citadel-bench and what it holds (a cache is
#: built there if missing, and read only)
STORE_CACHES = {
    "--store-cache": ("docsqa-store", "docsqa store (built here if missing; read only)"),
    "--clapnq-store-cache": ("clapnq-store", "ClapNQ store (built here if missing; read only)"),
    "--man-store-cache": ("fresh-man-store",
                          "store of the fresh man pages (rendered and built here if missing; read only)"),
    "--docs-store-cache": ("fresh-docs-store", "store of the fresh Debian documentation files (copied and built "
                                               "here if missing; read only)"),
    "--manqa-store-cache": ("manqa-store", "store of the hand-written man-page questions' pages (rendered and "
                                           "built here if missing)"),
    "--pyqa-store-cache": ("pyqa-store", "store of the hand-written Python questions' pages (copied from "
                                         "python3.11-doc and built here if missing)"),
    "--new-user-store-cache": ("new-user-docs-store", "store of the new-user Debian documentation files (copied "
                                                      "and built here if missing; read only)"),
    "--manuals-store-cache": ("new-user-manuals-store",
                              "store of the new-user manuals (copied and built here if missing; read only)"),
    "--held-out-store-cache": ("held-out-manuals-store",
                               "store of the held-out manuals (copied and built here if missing; read only)"),
    "--man-sources-store-cache": ("man-sources-store", "store of the man pages as shipped (copied and built here "
                                                       "if missing; read only)"),
    "--markdown-store-cache": ("markdown-docs-store", "store of the Markdown documentation as shipped (copied and "
                                                      "built here if missing; read only)"),
    "--licences-store-cache": ("licences-store", "store of the Debian copyright files (copied and built here if "
                                                 "missing; read only)"),
    "--licences-3-store-cache": ("licences-3-store", "store of the other packages' copyright files (copied and "
                                                     "built here if missing; read only)"),
    "--info-store-cache": ("info-store", "store of the GNU Info manuals (copied and built here if missing; read only)"),
    "--info-3-store-cache": ("info-3-store", "store of the held-out GNU Info manuals (copied and built here if "
                                             "missing; read only)"),
    "--pdf-store-cache": ("pdf-store", "store of the PDF manuals (copied and built here if missing; read only)"),
    "--pdf-2-store-cache": ("pdf-2-store", "store of the held-out PDF manuals (copied and built here if missing; "
                                           "read only)"),
    "--pdf-3-store-cache": ("pdf-3-store", "store of the second held-out PDF manuals (copied and built here if "
                                           "missing; read only)"),
    "--api-store-cache": ("api-store", "store of the API reference pages (copied and built here if missing; read only)"),
    "--api-2-store-cache": ("api-2-store", "store of the held-out API reference pages (copied and built here if "
                                           "missing; read only)"),
    "--cmake-store-cache": ("cmake-store", "store of CMake's reST pages (copied and built here if missing; read only)"),
    "--cmake-2-store-cache": ("cmake-2-store", "store of the held-out CMake reST pages (copied and built here if "
                                               "missing; read only)"),
    "--faq-store-cache": ("faq-store", "store of the FAQ files (copied and built here if missing; read only)"),
    "--faq-2-store-cache": ("faq-2-store", "store of the held-out FAQ files (copied and built here if missing; "
                                           "read only)"),
    "--mixed-store-cache": ("mixed-store", "store of the mixed pile of 70 documentation files (copied and built "
                                           "here if missing; read only)"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for flag, (folder, what) in STORE_CACHES.items():
        parser.add_argument(flag, type=Path, default=Path("/tmp/citadel-bench") / folder, help=what)
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS), help="repeat to compare (default: baseline and default)")
    parser.add_argument("--only", action="append", choices=[d.name for d in DATASETS], help="run only these data sets")
    parser.add_argument("--no-test", action="store_true", help="skip the report-only ClapNQ test run")
    parser.add_argument("--limit", type=int, help="first N questions of each set (quick checks only)")
    parser.add_argument("--json", type=Path, help="write every figure and per-question row here")
    parser.add_argument("--keep", type=Path, help="keep the private store copies (and their traces) in this new folder")
    args = parser.parse_args()  # fmt: skip
    variants = args.variant or ["baseline", "default"]
    datasets = [d for d in DATASETS if (not args.only or d.name in args.only) and not (args.no_test and d.report_only)]
    results: dict[str, dict[str, dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory(prefix="citadel-answers-") as tmp:
        work = args.keep or Path(tmp)
        for dataset in datasets:
            cache = getattr(args, dataset.cache)
            corpus = dataset.corpus
            if dataset.pages:
                corpus = render_man_pages(cache.with_name(cache.name + "-pages"), dataset.pages)
            elif dataset.files:
                corpus = copy_docs(cache.with_name(cache.name + "-files"), dataset.files, dataset.file_root,
                                   dataset.file_pattern)
            db = ensure_store(cache, corpus)
            for name in variants:
                results.setdefault(dataset.name, {})[name] = run_one(name, dataset, db, work, args.limit)
    load = os.getloadavg()
    print(f"# answers benchmark, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {load[0]:.1f}/{load[1]:.1f}/{load[2]:.1f}")  # fmt: skip
    for name in variants:
        print(f"# {name}: {VARIANTS[name].description}")
    for dataset in datasets:
        by_variant = results[dataset.name]
        first = next(iter(by_variant.values()))
        note = " (REPORT ONLY)" if dataset.report_only else ""
        print(f"\n## {dataset.name}{note}: {first['questions']} questions, {first['answerable']} answerable")
        print(f"{'figure':<52}" + "".join(f"{n:>12}" for n in by_variant) + f"{'target':>9}")
        for key, label in FIGURES:
            target = dataset.targets.get(key)
            cells = "".join(f"{m[key]:>12.0f}" if key.endswith("_ms") else f"{m[key]:>12.3f}" for m in by_variant.values())
            print(f"{label:<52}{cells}{'' if target is None else f'>= {target:.2f}':>9}")
        for name, m in by_variant.items():
            judged = m["answerable"]
            old, honest = round(m["answered_citing_gold"] * judged), m["answered_correctly"]
            print(f"{name}: old eval counts {old}/{judged} correct, honest eval {honest}/{judged}; "
                  f"outcomes {json.dumps(m['answer_outcomes'])}")  # fmt: skip
            if not dataset.report_only and not dataset.name.startswith("clapnq"):
                wrong = [f"{r['id']}:{r['outcome']}" for r in m["per_question"] if r["outcome"] not in ("correct", "correct_abstention")]
                print(f"{name}: not right: {' '.join(wrong) or 'none'}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
        print(f"\nfigures and per-question rows (with trace ids): {args.json}")


if __name__ == "__main__":
    main()
