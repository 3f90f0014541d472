"""Issue 21 item 5: the print pages are a GM's copy, measured as Chromium prints them (A4).

Each calculator prints as one line (its question, its answer at the defaults, its address),
never its form, charts or long tables; the rules and their tables print whole.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from macros import printing, widgets

# A4 sheets at most; before issue 21: rk 60, sun 21, pool 26
MOST_SHEETS = {"rk": 30, "sun": 12, "pool": 18}


@pytest.mark.browser
def test_print_pages_fit_a_gms_copy(page: Any, served: str) -> None:
    for game, most in MOST_SHEETS.items():
        page.goto(served + f"print/{game}/")
        lines = page.locator(".cx-print-calc")
        assert page.locator("[data-calculator]").count() == 0, "a whole calculator on a print page"
        assert lines.count() >= 1
        pdf = page.pdf(format="A4")
        sheets = len(re.findall(rb"/Type\s*/Page\b", pdf))
        assert 2 <= sheets <= most, (game, sheets)


@pytest.mark.browser
def test_a_printed_calculator_is_its_question_answer_and_address(page: Any, served: str) -> None:
    page.goto(served + "print/rk/")
    line = page.locator(".cx-print-calc").first
    text = line.inner_text()
    assert "Roll & Keep odds" in text and "against TN" in text and "%" in text
    href = line.locator("a").get_attribute("href")
    assert href.endswith("#calc-rk-check") and line.locator("a").inner_text().startswith("http")


def test_a_calculator_prints_as_one_line_with_its_address() -> None:
    out = printing.game_markdown("rk", [("rk/basics.md", '# Basics { #rk-basics }\n\n{{ calculator("rk-check") }}\n')])
    assert '{{ calculator_line("rk-check") }}' in out and '{{ calculator("rk-check") }}' not in out
    line = widgets.calculator_line_html("rk-check", "print/rk.md", "https://codex.example/")
    assert line.startswith('<p class="cx-print-calc"><strong>Roll &amp; Keep odds</strong>: 5k3 against TN 20')
    assert 'href="../../rk/basics/#calc-rk-check">https://codex.example/rk/basics/#calc-rk-check</a>' in line
    assert "<form" not in line and "<svg" not in line and "<table" not in line
    # a calculator without a sentence of its own names the fields its declaration names even at their defaults
    assert "A&#x27;s Initiative: 3; B&#x27;s Initiative: 2." in widgets.calculator_line_html("sun-initiative", "print/sun.md")
