"""Every passage the Codex quotes from a source is the source's own words (issue 32).

What counts as an attributed quotation, and how it is compared, is set out in tests/quotations.py:
inside a "The Codex's reading" box or a ruling, or in a sentence that names a source before the
quotation; word for word in that game's source texts (only the summary, or only the house rules,
where the sentence names just one), ignoring case, line breaks and emphasis.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import quotations
from tests.support import ROOT

needs_sources = pytest.mark.skipif(not quotations.SEEDS.is_dir(),
                                   reason="the source texts live in ../shared, not beside this checkout")


@needs_sources
def test_every_attributed_quotation_is_in_its_source() -> None:
    found = quotations.project_quotations(ROOT)
    assert len(found) >= 15, "the scanner finds the quotations the pages are known to make"
    wrong = quotations.misquoted(found, quotations.source_texts())
    assert not wrong, "quoted, but not the source's words:\n" + "\n".join(wrong)


PLANTED_PAGE = '''# A page

The house rules give the check "as many dice as his Brawn" and no more.
The summary says "all dice referred to are ten-siders", and the house rules speak of
"the 10-sided dice used for all other game rolls".
Read "X keep Y" aloud; "Compare with..." is a button.

!!! note "The Codex's reading"

    "In the same way" is read as the quarry's roll, and `"code"` is not prose.

!!! note "Not a reading"

    A "made-up phrase" that names no source.

{{ calculator("rk-tn", label="The house rules say nothing") }}
'''


@needs_sources
def test_the_scanner_finds_and_checks_a_planted_page(tmp_path: Path) -> None:
    """Attributed: a sentence naming a source, a reading box. Not: titles, code, macros, plain text."""
    page = tmp_path / "docs" / "rk" / "planted.md"
    page.parent.mkdir(parents=True)
    page.write_text(PLANTED_PAGE, encoding="utf-8")
    found = quotations.markdown_quotations(page, "planted.md", quotations.GAME_SOURCES["rk"])
    assert [(q.where, q.text, q.sources) for q in found] == [
        ("planted.md:3", "as many dice as his Brawn", ("000",)),
        ("planted.md:4", "all dice referred to are ten-siders", ("001",)),
        ("planted.md:5", "the 10-sided dice used for all other game rolls", ("000", "001")),
        ("planted.md:10", "In the same way", ("000", "001")),
    ]
    wrong = quotations.misquoted(found, quotations.source_texts())
    assert [w.split(":")[1] for w in wrong] == ["3", "10"], wrong


@needs_sources
def test_the_scanner_reads_data_and_code(tmp_path: Path) -> None:
    """A ruling's statement is a reading; a data string or a comment needs a source named first."""
    data = tmp_path / "rk_planted.json"
    data.write_text('{"rulings": [{"id": "R-9999", "title": "t", "statement": "Read \\"in the same fashion\\".",'
                    ' "rules": ["rk/mounted.md#rk-chase"]}], "notes": ["The summary calls it \\"Henchmen\\".",'
                    ' "A \\"label\\" of ours."]}', encoding="utf-8")
    code = tmp_path / "rk_planted.py"
    code.write_text('"""The house rules speak of "Heavy" weapons."""\n# the summary: "Henchment"\nX = "a \\"b\\""\n',
                    encoding="utf-8")
    found = (quotations.data_quotations(data, "rk_planted.json", quotations.GAME_SOURCES["rk"])
             + quotations.python_quotations(code, "rk_planted.py", quotations.GAME_SOURCES["rk"]))
    assert [q.text for q in found] == ["in the same fashion", "Henchmen", "Heavy", "Henchment"]
    wrong = quotations.misquoted(found, quotations.source_texts())
    assert wrong == ['rk_planted.json:1: "Henchmen" is not in source 001'], wrong
