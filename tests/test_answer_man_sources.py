"""Man pages as they are shipped (gzip-compressed roff: the man macros, DocBook's output, tbl
tables, mdoc): what a reader of the rendered page sees is what is stored, and a sentence of an
option's, a setting's or a definition's entry is read, quoted and verified with the term that
says what it is about ("This option forces the use of TCP ..." is about use-vc)."""

from __future__ import annotations

import gzip
from pathlib import Path

from citadel.ingest.loaders import load_gzip
from citadel.ingest.man import load_man, unescape
from citadel.ingest.mdoc import load_mdoc
from citadel.models import ChunkKind
from citadel.retrieve.answer_types import asks_quantity
from citadel.retrieve.answerability import span_text
from citadel.retrieve.evidence import Passage, _chunk_names, _entry_units, _named_entries, off_subject
from citadel.retrieve.sentences import candidate_spans, entry_name, entry_term, opening_term
from citadel.verify.verifier import Verdict, Verifier, VerifierSettings, entry_span

from tests.engine_fixtures import engine_over

# A page as DocBook's stylesheets write one (systemd's, apt's, git's): each setting a .PP term
# with its description in .RS/.RE, links as coloured text with a raised note number, a tbl table.
DOCBOOK = r""".TH "NETCFG\&.CONF" "5" "" "netcfg 3.1" "netcfg.conf"
.ie \n(.g .ds Aq \(aq
.el       .ds Aq '
.SH "NAME"
netcfg.conf \- configuration file of the netcfg daemon
.SH "OPTIONS"
.PP
All options are read from the [Daemon] section:
.PP
\fISyncIntervalSec=\fR
.RS 4
The timeout before the daemon writes its state to disk\&. After writing, the state file is marked clean\&. Writing happens at once after an error has been logged\&. The default timeout is 3 minutes\&.
.RE
.PP
\fIQueueMode=\fR
.RS 4
Controls where queued requests are kept\&. See
\m[blue]\fBDesign notes\fR\m[]\&\s-2\u[1]\d\s+2
for why\&. Defaults to
"disk"\&.
.PP
Note that queued requests kept in memory are dropped at shutdown\&.
.RE
.PP
\fIBurst=\fR
.RS 4
How many requests a client may send at once\&. The limit grows with free memory:
.sp
.it 1 an-trap
.nr an-no-space-flag 1
.nr an-break-flag 1
.br
.B Table\ \&1.\ \&Burst by free memory
.TS
allbox tab(:);
lB lB.
T{
Free memory
T}:T{
Multiplier
T}
.T&
l l
l l.
T{
<= 1GB
T}:T{
1
T}
T{
<= 16GB
T}:T{
2
T}
.TE
.sp 1
.RE
.PP
\fBreload\fR
.RS 4
Reads the configuration again without a restart\&.
.RE
.SH "NOTES"
.IP " 1." 4
Design notes
.RS 4
\%https://example.org/netcfg/design
.RE
"""

# A page in the classic man macros: .TP items, one term written as a sentence.
RESOLVER = r""".TH RESOLVER.CONF 5 2026-11-01 "netcfg 3.1" "File Formats"
.SH NAME
resolver.conf \- lookup settings of netcfg
.SH DESCRIPTION
.TP
\fBserver\fP Name server address.
At most three servers are used.
.TP
\fBuse-stream\fP (since netcfg 2.1)
Sets STREAM in the request flags.
This option forces the use of TCP for every lookup.
.TP
\fBspread\fP
Sets SPREAD in the request flags, which picks the servers in turn.
.SH FILES
/etc/netcfg/resolver.conf
"""


def test_docbook_pages_lose_their_colour_and_link_marks_and_keep_their_tables() -> None:
    doc = load_man(DOCBOOK.encode(), "netcfg.conf.5")
    assert "m[blue]" not in doc.text and "u[1]" not in doc.text and "\\" not in doc.text
    assert "See Design notes[1] for why." in doc.text
    assert "SyncIntervalSec= The timeout before the daemon writes its state to disk." in doc.text
    rows = [b for b in doc.blocks if b.kind == ChunkKind.TABLE_ROW]
    assert [doc.text[b.start:b.end] for b in rows] == ["Free memory: <= 1GB; Multiplier: 1",
                                                      "Free memory: <= 16GB; Multiplier: 2"]
    assert rows[0].location is not None and rows[0].location.row == 1
    assert rows[0].location.columns == ("Free memory", "Multiplier")
    assert "allbox" not in doc.text and "T{" not in doc.text and "lB" not in doc.text
    assert "Note that queued requests kept in memory are dropped at shutdown." in doc.text
    # a term alone on its line above its indented description is a term, as .TP's is
    assert "reload: Reads the configuration again without a restart." in doc.text
    # escapes a DocBook page uses, each resolved to what a reader sees
    assert unescape(r"\m[blue]\fBx\fR\m[]\&\s-2\u[1]\d\s+2") == "x[1]"
    assert unescape(r"\C'em'\E\z_") == "\u2014\\_"


def test_a_tbl_table_without_a_bold_first_row_has_no_header() -> None:
    page = ".TH T 1\n.SH TABLE\n.TS\ntab(@);\nl l.\nalpha@first letter\nbeta@second letter\n.TE\n"
    doc = load_man(page.encode(), "t.1")
    rows = [doc.text[b.start:b.end] for b in doc.blocks if b.kind == ChunkKind.TABLE_ROW]
    assert rows == ["alpha | first letter", "beta | second letter"]
    unclosed = ".TH T 1\n.SH TABLE\n.TS\nl l.\na\tb\n"  # no .TE: the rows read, nothing lost or stalled
    assert "a | b" in load_man(unclosed.encode(), "t.1").text


def test_a_classic_term_written_as_a_sentence_is_not_followed_by_a_colon() -> None:
    doc = load_man(RESOLVER.encode(), "resolver.conf.5")
    assert "server Name server address. At most three servers are used." in doc.text
    assert "use-stream (since netcfg 2.1): Sets STREAM in the request flags." in doc.text


def test_mdoc_author_splitting_is_no_text() -> None:
    page = ".Dd May 1, 2026\n.Dt FROB 1\n.Os\n.Sh NAME\n.Nm frob\n.Nd fix files\n.Sh AUTHORS\n.An -nosplit\n.An Ann Lee\nwrote it.\n"
    text = load_mdoc(page, "frob.1").text
    assert "nosplit" not in text and "Ann Lee wrote it." in text
    assert "nosplit" not in load_gzip(gzip.compress(page.encode()), "frob.1.gz").text


def test_the_entry_a_sentence_is_in_is_found_in_every_form() -> None:
    cases = {
        # the man loader's "term: description", the sentence after the first
        "use-vc (since glibc 2.14): Sets RES_USEVC. This option forces TCP.\nrotate: Sets RES_ROTATE.": "use-vc (since glibc 2.14)",
        # DocBook's settings, rendered or read from roff
        "SyncIntervalSec= The timeout before syncing. The default timeout is 5 minutes.": "SyncIntervalSec=",
        "SystemMaxUse=, RuntimeMaxUse= Enforce limits. Defaults to 10%.": "SystemMaxUse=, RuntimeMaxUse=",
        # a rendered man page's options, with an argument
        "-b SIZE Write files of SIZE bytes. The default is 1024.": "-b SIZE",
        "-i, --ignore-case Ignore case. This is useful in scripts.": "-i, --ignore-case",
        # a Sphinx term on a line of its own, the description's later paragraph
        "--sort-keys\u00b6\n\nSort the output.\n\nNew in version 3.5.\n\n--indent\u00b6\n\nIndent.": "--sort-keys",
        # mdoc's keyword and a later paragraph of its entry, the next entry after it
        "StrictHostKeyChecking: If set to yes, never add keys.\n\nIf set to accept-new, add new keys.\n\nSyslogFacility: Gives the code.": "StrictHostKeyChecking",
    }
    for text, term in cases.items():
        last_of_entry = [s for s, _ in candidate_spans(text) if entry_term(text, s) is not None]
        assert last_of_entry, text
        found = entry_term(text, last_of_entry[0])
        assert found is not None and text[found[0]:found[1]] == term, (text, found)
        assert entry_name(text, last_of_entry[0]) == " ".join(term.split())
    # the unit that names the term, labels in prose, and a section's closing paragraph: no entry
    named = "rotate: Sets RES_ROTATE. It spreads the load."
    assert entry_term(named, 0) is None and opening_term(named, 0) == (0, len("rotate"))
    for text in ("Note: this is a note. It has two sentences.",
                 "Changed in version 3.7: Added the text parameter. Added capture_output.",
                 "Defaults: the values below. They apply to all.",
                 "note: this is a note in lower case. It goes on.",
                 "usage: yq [options] <jq filter> [input file...]\nIt reads YAML.",
                 "Options\n\nAll options are read from the section. They are case-sensitive."):
        assert all(entry_term(text, s) is None for s, _ in candidate_spans(text)), text
    # the one paragraph after the term's before a heading is the entry's ("LineMax= ..." and
    # "Also note ... Defaults to 48K."); of two, neither: the second may be the section's own
    last = "LineMax= The longest line. Takes bytes.\n\nAlso note this. Defaults to 48K.\n\nForwarding\n\nEvents go."
    assert entry_term(last, last.index("Defaults")) == (0, len("LineMax="))
    assert entry_term(last, last.index("Events")) is None
    closing = "Storage= Controls where. Defaults to auto.\n\nIt is volatile first.\n\nThe journal is flushed.\n\nFiles\n\nx."
    assert entry_term(closing, closing.index("The journal")) is None and entry_term(closing, closing.index("It is")) is None
    assert entry_term(closing, closing.index("Defaults")) == (0, len("Storage="))
    between = closing.replace("\n\nFiles\n\nx.", "\n\nCompress= Takes a boolean.")
    assert entry_term(between, between.index("It is")) == entry_term(between, between.index("The journal")) == (0, 8)


def test_a_unit_of_an_entry_is_read_with_its_term() -> None:
    assert span_text("netcfg.conf(5)", ("Options",), "The default timeout is 3 minutes.", entry="SyncIntervalSec=") == (
        "netcfg.conf(5) > Options: SyncIntervalSec= The default timeout is 3 minutes.")
    assert span_text("t", ("Options",), "This option forces TCP.", entry="use-vc").endswith(": use-vc: This option forces TCP.")
    assert span_text("t", (), "x", context=False, entry="use-vc") == "x"  # read alone, the unit alone


def test_the_rest_of_the_best_units_entry_is_read() -> None:
    """"The default timeout is 3 minutes." shares no word with "how long does it wait before
    writing its state?"; it is read because the best unit opens its entry."""
    text = ("SyncIntervalSec= The timeout before writing state. After writing, the file is clean. "
            "The default timeout is 3 minutes.\n\nQueueMode= Where requests are kept. Defaults to disk.")
    spans = candidate_spans(text)
    pool = [(0, s, e, text[s:e]) for s, e in spans]
    passage = Passage(chunk_ids=("c",), doc_id="d", version=1, title="t", heading_path=(), page=None, start=0,
                      end=len(text), text=text, score=1.0, relevance=1.0)
    more = _entry_units(pool, [0], {0}, {("d", 1): text}, [passage], limit=3)
    assert [pool[i][3] for i in more] == ["After writing, the file is clean.", "The default timeout is 3 minutes."]
    assert [pool[i][3] for i in _entry_units(pool, [0], {0}, {("d", 1): text}, [passage], limit=1)] == [
        "After writing, the file is clean."]
    other = _entry_units(pool, [len(pool) - 2], set(), {("d", 1): text}, [passage], limit=3)
    assert [pool[i][3] for i in other] == ["Defaults to disk."]  # never the other entry's units


def test_an_entrys_term_and_one_of_its_sentences_are_supported_by_structure() -> None:
    source = ("use-vc (since glibc 2.14): Sets RES_USEVC in _res.options. This option forces the use of TCP for DNS "
              "resolutions.\nrotate: Sets RES_ROTATE in _res.options, which causes round-robin selection.")
    claim = "use-vc (since glibc 2.14): This option forces the use of TCP for DNS resolutions."
    span = entry_span(claim, source)
    assert span is not None and source[span[0]:span[1]].startswith("use-vc") and source[:span[1]].endswith("DNS resolutions")
    assert entry_span("rotate: This option forces the use of TCP for DNS resolutions.", source) is None  # another entry
    assert entry_span("use-vc (since glibc 2.14): This option forces the use of UDP.", source) is None  # not its words
    verifier = Verifier(VerifierSettings(use_model=False))
    result = verifier.verify(claim, source)
    assert result.verdict == Verdict.SUPPORTED and "entry's term" in result.reason
    assert "entry's term" not in verifier.verify("rotate: This option forces the use of TCP for DNS resolutions.", source).reason


def test_a_claim_that_says_the_negative_form_itself_is_no_denial() -> None:
    """"returns a non-zero exit status" holds "zero", and the source's "non-zero" is not the
    opposite of a claim that says "non-zero" too."""
    source = ("KnownHostsCommand: Specifies a command to obtain host keys. This command is executed after the files "
              "have been read. If the command exits abnormally or returns a non-zero exit status then the connection "
              "is terminated.")
    verifier = Verifier(VerifierSettings(use_model=False))
    result = verifier.verify("The connection is terminated if the command returns a non-zero exit status.", source)
    assert "opposite" not in result.reason
    flipped = verifier.verify("The connection is terminated if the command returns a zero exit status.", source)
    assert flipped.verdict != Verdict.SUPPORTED


def test_a_sentence_of_an_entry_answers_with_its_term_through_the_real_models(tmp_path: Path) -> None:
    """Before, "How do I make netcfg look names up over TCP?" was answered "This option forces
    the use of TCP for every lookup.", which does not say which option; and a default stated two
    sentences into a setting's entry was never read."""
    engine = engine_over(tmp_path, {"resolver.conf.5": RESOLVER, "netcfg.conf.5": DOCBOOK})
    tcp = engine.ask("Which option makes netcfg use TCP for every lookup?")
    assert not tcp.abstained
    first = tcp.claims[0]
    assert first.text.startswith("use-stream (since netcfg 2.1): ") and "forces the use of TCP" in first.text
    quoted = " ".join(c.quote for c in first.citations)  # the term's quote and the sentence's, the stored text
    assert quoted.startswith("use-stream (since netcfg 2.1)") and "forces the use of TCP" in quoted
    assert {tcp.sources[c.source_id].doc_id for c in first.citations} == {"resolver.conf.5"}
    wait = engine.ask("How long does the netcfg daemon wait by default before writing its state to disk?")
    assert not wait.abstained and "3 minutes" in wait.claims[0].text and "SyncIntervalSec=" in wait.claims[0].text


def _passage(doc_id: str, title: str, text: str, start: int = 0, end: int | None = None) -> Passage:
    end = len(text) if end is None else end
    return Passage(chunk_ids=(f"{doc_id}#0",), doc_id=doc_id, version=1, title=title, heading_path=(), page=None,
                   start=start, end=end, text=text[start:end], score=1.0, relevance=1.0)


def test_a_question_that_asks_which_thing_caps_an_amount_asks_for_the_thing() -> None:
    assert not asks_quantity("Which limits.conf item caps how many files a user can have open at once?")
    assert not asks_quantity("Which /etc/login.defs parameter sets how many seconds a user must wait?")
    assert asks_quantity("How many files can a user have open at once?")
    assert asks_quantity("What is the maximum number of name servers resolv.conf takes?")
    assert asks_quantity("Which value of the buffer gives its default size?")  # a value is an amount


def test_a_man_page_that_never_names_the_program_asked_about_answers_nothing() -> None:
    """"What exit status does apt-get return on an error?" was answered with findmnt's exit
    status: both pages are retrieved, and only one is apt-get's."""
    apt = "apt-get returns zero on normal operation, decimal 100 on error."
    findmnt = "The exit value is 0 if there is something to display, or 1 on any error."
    texts = {("apt-get.8.gz", 1): apt, ("findmnt.8.gz", 1): findmnt}
    passages = [_passage("findmnt.8.gz", "findmnt(8)", findmnt), _passage("apt-get.8.gz", "apt-get(8)", apt)]
    assert off_subject("What exit status does apt-get return on an error?", passages, texts) == {0}
    assert off_subject("What exit status is returned on an error?", passages, texts) == set()
    # another program's page that names it among its references is another program's all the
    # same; a document that is no man page and names it stays
    mention = "The exit value is 0, as apt-get's is, or 1 on any error. See also apt-get(8)."
    named = {("apt-get.8.gz", 1): apt, ("findmnt.8.gz", 1): mention, ("notes.md", 1): mention}
    others = [_passage("findmnt.8.gz", "findmnt(8)", mention), passages[1], _passage("notes.md", "Exit codes", mention)]
    assert off_subject("What exit status does apt-get return?", others, named) == {0}


ROTLOG = ".TH ROTLOG 8 2026-11-01 rotlog\n.SH NAME\nrotlog \\- rotate log files\n.SH OPTIONS\n" + "".join(
    f".TP\n.B \\-{c}\nDoes thing number {n} to the rotated copies of the file.\n"
    for n, c in enumerate("abdefghijkmopqrstuvwxyz")) + (
    ".TP\n.BI \\-c \" cycle\"\nSave cycle versions of the logfile (default: 7).\n"
    ".TP\n.B \\-C\nForce the cleanup of cycled files.\n.SH SEE ALSO\nlogrotate(8)\n")


def test_the_entry_a_question_names_is_read(tmp_path: Path) -> None:
    """"How many old copies does rotlog keep if I don't pass -c?" is answered by "-c cycle:
    Save cycle versions of the logfile (default: 7)." wherever search put it; "-C" is another
    option, and a name of two letters without a dash names no entry."""
    engine = engine_over(tmp_path, {"rotlog.8": ROTLOG})
    store = engine.store
    doc = store.current("rotlog.8")
    assert doc is not None
    text = store.text("rotlog.8", doc.version)
    chunks = {"rotlog.8": store.chunks("rotlog.8")}
    first = chunks["rotlog.8"][0]
    passages = [_passage("rotlog.8", "rotlog(8)", text, first.start, first.end)]
    inside, outside = _named_entries("How many copies does rotlog keep if I don't pass -c?", passages,
                                     {("rotlog.8", 1): text}, chunks, limit=2)
    found = [text[s:e] for _, _, s, e in inside] + [p.text for p in outside]
    assert found == ["-c cycle: Save cycle versions of the logfile (default: 7)."]
    assert [n for _, _, n in _chunk_names("-w, --timeout milliseconds: Wait this long.")] == ["-w", "--timeout"]
    none = _named_entries("How many copies does it keep by default?", passages, {("rotlog.8", 1): text}, chunks, 2)
    assert none == (set(), [])
    answer = engine.ask("How many versions of the logfile does rotlog save if I don't pass -c?")
    assert not answer.abstained and "(default: 7)" in answer.claims[0].text


def test_a_line_that_opens_an_entry_is_no_wrapped_continuation() -> None:
    """limits.conf's items are list lines without a stop ("core: limits the core file size
    (KB)"): each is a unit of its own, not one run-on line with the heading-like "<item>"."""
    text = ("-: for enforcing both soft and hard limits.\n\n<item>\ncore: limits the core file size (KB)\n"
            "nofile: maximum number of open file descriptors")
    units = [text[s:e] for s, e in candidate_spans(text)]
    assert units == ["-: for enforcing both soft and hard limits.", "<item>", "core: limits the core file size (KB)",
                     "nofile: maximum number of open file descriptors"]
    wrapped = "The journal is written\nto disk at once. It stays."
    assert [wrapped[s:e] for s, e in candidate_spans(wrapped)] == ["The journal is written\nto disk at once.", "It stays."]
