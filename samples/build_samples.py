"""Rebuild the binary sample documents (DOCX and PDF) from the text below.

Run: .venv/bin/python samples/build_samples.py  (needs the test extra: fpdf2)
The outputs are committed so `make demo` needs nothing but the runtime install.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent / "docs"

TRAVEL = {
    "title": "Travel and Expenses Policy",
    "sections": [
        ("Booking travel", [
            "All business travel is booked through the company travel portal at least 14 days before departure.",
            "Economy class is the standard for flights under six hours. Business class may be booked for flights "
            "of six hours or longer with approval from a director.",
        ]),
        ("Daily allowances", [
            "Meals are reimbursed up to the daily allowance for the destination. Alcohol is never reimbursed.",
        ]),
        ("Submitting expenses", [
            "Submit expense claims within 30 days of returning, with an itemised receipt for every item above EUR 25.",
            "Claims are reimbursed with the next monthly payroll after approval by your manager.",
        ]),
    ],
    "table": [
        ["City", "Daily meal allowance", "Hotel limit per night"],
        ["Amsterdam", "EUR 60", "EUR 180"],
        ["London", "GBP 55", "GBP 210"],
        ["New York", "USD 85", "USD 320"],
    ],
}

ONBOARDING_PAGES = [
    [
        ("Onboarding Guide", None),
        ("Your first week", None),
        ("Welcome to Northwind Analytics. During your first week your manager and an onboarding buddy will help you "
         "set up your accounts, meet your team and learn how we work.", "p"),
        ("On your first day, collect your laptop and badge from the service desk at 9:00. Your accounts are active "
         "from 8:00 that morning.", "p"),
    ],
    [
        ("Training and probation", None),
        ("Every new employee completes the security awareness course within 10 working days of starting. The "
         "course takes about 45 minutes.", "p"),
        ("The probation period is three months. Your manager holds a check-in at the end of each month and a "
         "final review in the last two weeks of probation.", "p"),
    ],
]


def build_docx(path: Path) -> None:
    import docx

    document = docx.Document()
    document.core_properties.title = TRAVEL["title"]
    document.add_heading(TRAVEL["title"], level=0)
    for heading, paragraphs in TRAVEL["sections"]:
        document.add_heading(heading, level=1)
        for text in paragraphs:
            document.add_paragraph(text)
        if heading == "Daily allowances":
            rows = TRAVEL["table"]
            table = document.add_table(rows=len(rows), cols=len(rows[0]))
            for r, row in enumerate(rows):
                for c, cell in enumerate(row):
                    table.cell(r, c).text = cell
    document.add_heading("Checklist", level=1)
    for item in ["Book through the travel portal", "Keep every receipt", "Submit within 30 days"]:
        document.add_paragraph(item, style="List Bullet")
    document.save(str(path))


def build_pdf(path: Path) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_title("Onboarding Guide")
    for page in ONBOARDING_PAGES:
        pdf.add_page()
        for text, kind in page:
            pdf.set_font("Helvetica", "B" if kind is None else "", 16 if kind is None else 11)
            pdf.multi_cell(0, 7, text)
            pdf.ln(5)
    pdf.output(str(path))


if __name__ == "__main__":
    build_docx(HERE / "travel-expenses.docx")
    build_pdf(HERE / "onboarding-guide.pdf")
    print("wrote", HERE / "travel-expenses.docx", HERE / "onboarding-guide.pdf")
