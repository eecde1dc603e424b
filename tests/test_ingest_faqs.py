"""FAQs as they are shipped, and Perl's POD: an FAQ's question heads its answer in every
format (a question alone over its indented answer, "Q."/"A." paragraphs, numbered questions
that wrap, a DocBook man page's questions, an HTML list item that leads with its question), a
table of contents that repeats the questions is no text, and a POD file or module reads as
perldoc shows it."""

from __future__ import annotations

import gzip
import time
from pathlib import Path

import pytest

from citadel._errors import IngestError
from citadel.ingest.loaders import load_html, load_text, loader_for
from citadel.ingest.man import load_man
from citadel.ingest.pod import load_perl, load_pod
from citadel.models import ChunkKind
from citadel.retrieve.sentences import candidate_spans, points_back

from tests.engine_fixtures import engine_over


def _sections(text: str, name: str = "FAQ") -> dict[str, tuple[str, ...]]:
    """Each block's text, to its heading path, as the text loader reads ``text``."""
    doc = load_text(text.encode(), name)
    return {doc.text[b.start : b.end]: b.heading_path for b in doc.blocks}


# procps's layout: each question alone in the first column, its answer indented below.
PLAIN_FAQ = """Why does "frob -x" complain about a bogus '-'?

\tThe standard reads the command as asking for user "x". Use "frob x"
\tinstead.

Why don't I see per-CPU stats in frobtop?

\tYou didn't enable it. Press '1' in frobtop. Per-CPU stats are
\tdisabled by default because they take up too much space.

Why are long user names printed as numbers?

\tThe standard requires it when the column is too narrow. Widen the
\tcolumn instead:

\t\tfrob -o pid,user:19,comm

Is this a question in passing? It is prose, and the paragraph goes on.
"""


def test_an_faqs_questions_head_their_answers() -> None:
    """Each question alone in its paragraph, with its answer after a blank line, is a heading
    over that answer (read alone, "You didn't enable it." says not what); a question that runs
    on into prose is text; the file's title is not its first question but its name."""
    sections = _sections(PLAIN_FAQ)
    assert sections["You didn't enable it. Press '1' in frobtop. Per-CPU stats are disabled by default because "
                    "they take up too much space."] == ("Why don't I see per-CPU stats in frobtop?",)
    assert sections["frob -o pid,user:19,comm"] == ("Why are long user names printed as numbers?",)
    assert "Is this a question in passing? It is prose, and the paragraph goes on." in sections
    assert load_text(PLAIN_FAQ.encode(), "FAQ").title == "FAQ"
    two = PLAIN_FAQ.split("Why are long")[0]  # two questions are no FAQ: they stay text
    assert all(path == () for path in _sections(two).values())


MARKED_FAQ = """Frequently Asked Questions about frob-files
===========================================

Q. I upgraded to testing and /etc/frob says "sid". Should it not say
"testing"?

Q. I upgraded to unstable and /etc/frob says "sid". Is that right?

A. Yes. Packages reach testing from unstable after ten days, so one
file serves both.

Q. How do I know which distribution I run?

A. Look at the contents of your sources.list file.
"""


def test_questions_marked_q_head_answers_marked_a() -> None:
    """"Q." paragraphs (one may wrap) are headings one level below the file's own, the answer's
    "A." mark is no text of it; two questions over one answer: the answer stands under the
    last."""
    sections = _sections(MARKED_FAQ)
    assert sections["Look at the contents of your sources.list file."] == (
        "Frequently Asked Questions about frob-files", "How do I know which distribution I run?")
    assert sections["Yes. Packages reach testing from unstable after ten days, so one file serves both."] == (
        "Frequently Asked Questions about frob-files",
        'I upgraded to unstable and /etc/frob says "sid". Is that right?')
    assert not any(text.startswith(("A.", "Q.")) for text in sections)


# lsof's layout: chapters numbered "1.0", questions that wrap, and a table of contents first.
NUMBERED_FAQ = """Frequently Asked Questions about frob

Table of Contents:

1.0\tGeneral Concepts
1.1\tWhat is frob?
1.2\tWhy can't I get the sum(1) result reported in
\tREADME.frob_<revision>?
2.0\tFrob Problems
2.1\tWhy is `frob | wc` bigger than my open file limit?

1.0\tGeneral Concepts

1.1\tWhat is frob?

\tFrob lists open files.

1.2\tWhy can't I get the sum(1) result reported in
\tREADME.frob_<revision>?

\tThe sum(1) result is for the compressed archive, not for the
\tfiles inside it.

2.0\tFrob Problems

2.1\tWhy is `frob | wc` bigger than my open file limit?

\tThere is a strong temptation to count open files with wc. Resist
\tit: use the +ff option to count the files that use table slots.
"""


def test_numbered_questions_are_sections_and_their_table_of_contents_is_no_text() -> None:
    """A numbered question is a section even though it ends with "?", also over two lines; a
    chapter numbered "2.0" holds "2.1"; the table of contents that repeats them all is no text
    (read, it restates every question and answers none)."""
    sections = _sections(NUMBERED_FAQ, "00FAQ")
    assert sections["There is a strong temptation to count open files with wc. Resist it: use the +ff option to "
                    "count the files that use table slots."] == (
        "2.0 Frob Problems", "2.1 Why is `frob | wc` bigger than my open file limit?")
    assert sections["The sum(1) result is for the compressed archive, not for the files inside it."] == (
        "1.0 General Concepts", "1.2 Why can't I get the sum(1) result reported in README.frob_<revision>?")
    doc = load_text(NUMBERED_FAQ.encode(), "00FAQ")
    assert doc.text.count("What is frob?") == 1  # the heading's, not the table's
    assert "Table of Contents:" in doc.text


def test_a_numbered_entry_that_states_its_case_is_a_section_when_the_one_before_is() -> None:
    """zlib's FAQ numbers its entries, most of them questions and some statements ("4.
    compress() returns Z_BUF_ERROR."): the entry numbered after a section is one too."""
    faq = ("Frequently Asked Questions about frobz\n\n 1. Is frobz Y2K-compliant?\n\n    Yes.\n\n"
           " 2. compress() returns Z_BUF_ERROR.\n\n    Make sure the buffer is not empty.\n\n"
           " 3. Why can't I match a newline with the \\n escape?\n    Why can't I match two lines?\n\n"
           "    The newline is stripped before the line is read.\n\n"
           " 4. My script aborts with \"event not found\".\n\n    The shell says so, not frobz.\n")
    sections = _sections(faq)
    assert sections["Make sure the buffer is not empty."] == ("2. compress() returns Z_BUF_ERROR.",)
    assert sections["The newline is stripped before the line is read."] == (
        "3. Why can't I match a newline with the \\n escape? Why can't I match two lines?",)  # it asks twice
    assert sections["The shell says so, not frobz."] == ('4. My script aborts with "event not found".',)


def test_header_fields_at_the_top_are_no_title() -> None:
    """A Usenet FAQ opens with its posting's fields ("Archive-Name: editor-faq/sed"): the title
    is the first line after them."""
    faq = ("Archive-Name: editor-faq/frob\nPosting-Frequency: irregular\nVersion: 015\n\n"
           "                THE FROB FAQ\n\nFrob edits streams.\n")
    assert load_text(faq.encode(), "frobfaq.txt").title == "THE FROB FAQ"
    assert load_text(b"Frob: the stream editor\n\nMore text.\n", "a.txt").title == "Frob: the stream editor"  # one field



# Valgrind's layout: chapters between rules, numbered questions over their answers' first lines.
RULED_FAQ = """Frob FAQ
~~~~~~~~

------------------------------------------------------------------------
1. Background
------------------------------------------------------------------------

1.1. How do you pronounce "Frob"? 
As in "frobnicate". Almost everyone gets it wrong at first.
------------------------------------------------------------------------

1.2. Where does the name come from? 
From an old hacker's dictionary.
------------------------------------------------------------------------

1.3. Why is it written in C? 
Speed.

------------------------------------------------------------------------
2. Problems
------------------------------------------------------------------------

2.1. Programs run OK under frob, but at exit produce a bunch of errors and
then die with a segmentation fault.

Use the --no-cleanup option.
"""


def test_numbered_questions_under_underlined_chapters_head_their_answers() -> None:
    """A numbered question heads the answer on the very next line, under its underlined
    chapter; an entry numbered as deep that states its case in a short paragraph heads its
    answer too; a rule between entries is no text."""
    sections = _sections(RULED_FAQ, "FAQ.txt")
    assert sections['As in "frobnicate". Almost everyone gets it wrong at first.'] == (
        "Frob FAQ", "1. Background", '1.1. How do you pronounce "Frob"?')
    assert sections["Use the --no-cleanup option."] == (
        "Frob FAQ", "2. Problems", "2.1. Programs run OK under frob, but at exit produce a bunch of errors and then die with a "
                       "segmentation fault.")
    assert not any("-----" in text for text in sections)

GITFAQ = r""".TH "FROBFAQ" "7" "2026-11-01" "Frob 2\&.4" "Frob Manual"
.SH "NAME"
frobfaq \- Frequently asked questions about using Frob
.SH "CONFIGURATION"
.PP
How do I configure a different editor?
.RS 4
If you haven\(cqt set one, Frob uses
\fBVISUAL\fR\&.
.sp
To set one for Frob only, set the
\fBcore\&.editor\fR
configuration value\&.
.RE
.PP
\-\-color
.RS 4
Colour the output\&.
.RE
"""


def test_a_man_pages_table_of_contents_is_no_text() -> None:
    """ctags-faq(7) lists its questions in a CONTENTS section before it answers them under
    the same questions: the list restates every question and answers none."""
    page = (".TH FROBFAQ 7\n.SH CONTENTS\n.PP\nWhy is frob slow?\n.PP\nHow do I make it fast?\n"
            ".SH DESCRIPTION\n.SS \"Why is frob slow?\"\n.PP\nIt reads every file twice.\n")
    doc = load_man(page.encode(), "frobfaq.7")
    assert doc.text.count("Why is frob slow?") == 1 and "How do I make it fast?" not in doc.text
    assert "It reads every file twice." in doc.text


def test_a_docbook_man_pages_questions_head_their_answers() -> None:
    """gitfaq(7) as DocBook writes it: ".PP", the question, its answer indented (".RS 4"): the
    question heads every paragraph of its answer, one level below its section; a term over
    its description stays one unit ("--color Colour the output.")."""
    doc = load_man(GITFAQ.encode(), "frobfaq.7")
    paths = {doc.text[b.start : b.end]: b.heading_path for b in doc.blocks}
    assert paths["To set one for Frob only, set the core.editor configuration value."] == (
        "Configuration", "How do I configure a different editor?")
    assert any(text.startswith("--color") and "Colour the output." in text for text in paths)


def test_an_html_list_item_that_leads_with_its_question_opens_its_answer() -> None:
    """libxml2's FAQ: "<li><em>question</em><p>answer</p><p>more</p></li>": the question leads
    the answer's first paragraph, the other paragraphs follow as their own; run together, the
    question became the answer's first sentence's subject."""
    page = ("<html><body><h2>Compilation</h2><ol>"
            "<li><em>I use the SVN version and there is no configure script</em>"
            "<p>The configure script is generated. Use the autogen.sh script.</p>"
            "<p><code>./autogen.sh --prefix=/usr</code></p></li>"
            "<li>Plain item</li></ol></body></html>")
    doc = load_html(page.encode(), "FAQ.html")
    blocks = {doc.text[b.start : b.end]: b.kind for b in doc.blocks}
    assert blocks["1. I use the SVN version and there is no configure script: The configure script is generated. "
                  "Use the autogen.sh script."] is ChunkKind.LIST
    assert "./autogen.sh --prefix=/usr" in blocks
    assert "2. Plain item" in blocks
    # libxslt's pages set their menu and their text side by side, each in tables of their own: a frame
    framed = ("<html><body><table><tr><td><table><tr><td><b>Main Menu</b></td></tr><tr><td><ul><li>Home</li>"
              "</ul></td></tr></table></td><td><table><tr><td><ol><li><em>Troubles linking</em>"
              "<p>Use the xslt-config script.</p></li></ol></td></tr></table></td></tr></table></body></html>")
    assert "1. Troubles linking: Use the xslt-config script." in load_html(framed.encode(), "FAQ.html").text


POD = """=encoding utf8

=head1 NAME

Frob::FAQ -- Frequently Asked Questions about Frob

=head1 DESCRIPTION

Common questions answered. See L<perlfunc/open> and L<the manual|Frob::Manual>.

=head2 Which compression types does C<Frob::Zip> support?

The following methods are supported:

=over 5

=item * Store (method 0)

No compression at all.

=item * Deflate (method 8)

This is the default compression used by C<Frob::Zip>.

=back

=head2 Options

=over 4

=item B<-v>

=item B<--verbose>

Say more. Use C<< $a <=> $b >> to sort, and E<lt>tabE<gt> to separate.

=item Minimal

Write no extra header fields.

=back

    my $frob = Frob->new(
        Minimal => 1);

    $frob->close;

=begin html

<p>Only for HTML.</p>

=end html

=for comment Nobody reads this.

=cut

sub frob { 1 }

=head2 After the code

X<index entry>Read again.

=cut
"""


def test_a_pod_items_question_heads_its_answer() -> None:
    """ExtUtils::MakeMaker's FAQ lists its entries as items: "=item How do I ...?" heads every
    paragraph of its answer, one level below its section."""
    pod = ("=head1 NAME\n\nFrob::FAQ - questions\n\n=head2 Module Installation\n\n=over 4\n\n"
           "=item How do I install a module into my home directory?\n\nIf you are not root, you may not.\n\n"
           "Run C<perl Makefile.PL INSTALL_BASE=~> instead.\n\n=back\n")
    doc = load_pod(pod.encode(), "FAQ.pod")
    paths = {doc.text[b.start : b.end]: b.heading_path for b in doc.blocks}
    assert paths["Run perl Makefile.PL INSTALL_BASE=~ instead."] == (
        "Name", "Module Installation", "How do I install a module into my home directory?")


def test_a_pod_file_reads_as_perldoc_shows_it() -> None:
    """Headings, items with their paragraphs (a bullet's text and its description, several
    "=item" lines over one description as one term), verbatim paragraphs as one code block,
    formatting codes as their text, other formatters' blocks and the code between "=cut" and
    the next command left out; the title is the NAME line."""
    doc = load_pod(POD.encode(), "FAQ.pod")
    assert doc.title == "Frob::FAQ -- Frequently Asked Questions about Frob"
    blocks = {doc.text[b.start : b.end]: (b.kind, b.heading_path, b.location) for b in doc.blocks}
    assert blocks["- Deflate (method 8): This is the default compression used by Frob::Zip."][:2] == (
        ChunkKind.LIST, ("Description", "Which compression types does Frob::Zip support?"))
    assert 'Common questions answered. See "open" in perlfunc and the manual.' in blocks
    assert "-v, --verbose: Say more. Use $a <=> $b to sort, and <tab> to separate." in blocks
    assert "Minimal: Write no extra header fields." in blocks
    code = blocks["my $frob = Frob->new(\n    Minimal => 1);\n\n$frob->close;"]
    assert code[0] is ChunkKind.CODE and code[2] is not None and (code[2].line_start, code[2].line_end) == (43, 46)
    assert "Only for HTML." not in doc.text and "Nobody reads this" not in doc.text
    assert "sub frob" not in doc.text and "index entry" not in doc.text
    assert blocks["Read again."][1] == ("Description", "After the code")


def test_a_perl_module_is_read_by_its_pod_and_one_without_any_as_text() -> None:
    """A module's documentation is its POD, wherever in the file it starts; a script without
    POD is its text, as before."""
    module = "package Frob;\nuse strict;\n" + "# code\n" * 2000 + "1;\n__END__\n\n=head1 NAME\n\nFrob - frobs\n"
    assert loader_for("Frob.pm", module.encode()[:8192]) is load_perl
    doc = load_perl(module.encode(), "Frob.pm")
    assert doc.title == "Frob - frobs" and "use strict" not in doc.text
    script = load_perl(b"#!/usr/bin/perl\nprint 'hello';\n", "hello.pl")
    assert "print 'hello';" in script.text
    compressed = gzip.compress(POD.encode())
    loader = loader_for("FAQ.pod.gz", compressed[:8192])
    assert loader is not None and loader(compressed, "FAQ.pod.gz").title.startswith("Frob::FAQ")


def test_an_faq_answer_is_found_under_its_question_not_in_the_table_of_contents(tmp_path: Path) -> None:
    """Through the real models: a numbered FAQ with its table of contents first; asked its
    question, the answer is the entry (its question, kept as a unit: it is what finds the entry,
    and the answer below completes it), never the table's run of restated questions."""
    engine = engine_over(tmp_path, {"00FAQ": NUMBERED_FAQ})
    answer = engine.ask("Why is frob | wc bigger than my open file limit?")
    assert not answer.abstained, answer.abstention_reason
    quotes = [c.quote for claim in answer.claims for c in claim.citations]
    assert "There is a strong temptation to count open files with wc." in quotes[0]
    assert not any("2.0 Frob Problems" in q or "1.1\tWhat is frob?" in q for q in quotes), quotes


def test_a_sentence_that_says_this_option_goes_with_the_one_that_names_it() -> None:
    """"... you should always use this option." says not which: it is one unit with the sentence
    before it that names the option; "that" (a conjunction as often), a sentence that names its
    own thing, and one that opens with "This ..." (it joins a short title only) or frames itself
    with it ("With this flag, ...") do not join."""
    text = ("Note the use of the Minimal option in the code above. When using gzip for Content-Encoding you should "
            "always use this option. The header is then short.")
    units = [text[s:e] for s, e in candidate_spans(text)]
    assert units[0].endswith("always use this option.") and units[0].startswith("Note the use")
    assert units[1] == "The header is then short."
    assert not points_back("Files are copied.", "These files are then checked, unlike other files.")
    assert not points_back("Set the option.", "Make sure that option names are short.")
    assert points_back("Pass the --color flag to frob.", "Frob prints plain text without this flag.")
    assert not points_back("Pass the --color flag to frob.", "This flag is new.")  # opens it: a title's only
    assert not points_back("Pass the --color flag to frob.", "With this flag, frob paints.")  # the sentence's frame
    entry = ("-B, --build-dir <dir>: Specifies the directory where the packages are written, which is by default "
             "the current working directory of the process that runs the packaging step for every generator and "
             "every component it builds. If this directory does not exist it is created when the first package is "
             "written.")  # an entry's "this directory" is its term's, which evidence reads with it: no join
    assert [entry[s:e] for s, e in candidate_spans(entry)][1] == (
        "If this directory does not exist it is created when the first package is written.")



def test_a_hostile_pod_is_read_in_bounded_time() -> None:
    """Formatting codes nested thousands deep, or opened with thousands of brackets, are read
    as text past a bound: no recursion error, no regular expression thousands long."""
    nested = "=head1 NAME\n\n" + "C<" * 50_000 + "x" + ">" * 50_000 + "\n"
    wide = "=head1 NAME\n\n" + ("C" + "<" * 20_000 + " x " + ">" * 20_000 + " ") * 20 + "\n"
    for source in (nested, wide):
        started = time.perf_counter()
        doc = load_pod(source.encode(), "hostile.pod")
        assert doc.text and time.perf_counter() - started < 5


def test_a_pods_encoding_is_a_character_set_or_a_clear_error() -> None:
    """"=encoding latin1" is read as Latin-1; a codec that is no character set (punycode, whose
    decoding of a megabyte takes minutes; rot13) and an unknown name fail with the reason, as
    does text that is not in the character set named."""
    pod = "=encoding latin1\n\n=head1 NAME\n\nFrob - caf\xe9\n"
    assert load_pod(pod.encode("latin-1"), "a.pod").title == "Frob - caf\xe9"
    for name, said in (("punycode", "no character set"), ("rot13", "no character set"), ("nosuch", "does not know")):
        with pytest.raises(IngestError, match=said):
            load_pod(pod.replace("latin1", name).encode("latin-1"), "a.pod")
    with pytest.raises(IngestError, match="not valid utf-16"):
        load_pod(pod.replace("latin1", "utf-16").encode("latin-1"), "a.pod")
