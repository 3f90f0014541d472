"""Compare mode read on a 360 px touch screen (issue 42 item 5), from a link as a forum reader opens it.

6k3 against 4k2 at TN 25: B can call no raise at a 50% chance, which the headline says in words
("none at 50% (with no raises: 14.72%)"), once set as a figure two lines tall. Code:
codex_view/compare.py (the sentence), codex_view/markup.py (a figure and words in its place),
codex_view/overlay.py (a phone's copy of the chart), docs/assets/css/codex.css.
"""

from __future__ import annotations

from typing import Any

import pytest

import calc
from tests.browser import READY_TIMEOUT_MS, root, wait_for_result
from tests.links import share_link, wait_compare

pytestmark = pytest.mark.browser

CID, PAGE = "rk-check", "rk/basics/"
A = {"rolled": "6", "kept": "3", "tn": "25"}
B = {"rolled": "4", "kept": "2", "tn": "25"}

SIZES = """(cid) => Object.fromEntries([...document.querySelectorAll(`[data-calculator="${cid}"] .cx-headlines output`)]
    .map((out) => [(out.dataset.resultB ? "b:" + out.dataset.resultB : out.dataset.result),
                   {size: parseFloat(getComputedStyle(out).fontSize), words: out.classList.contains("cx-figure__words"),
                    height: out.getBoundingClientRect().height}]))"""


def test_compare_reads_on_a_phone(phone: Any, served: str) -> None:
    defaults = {k: str(v) for k, v in calc.CALCULATORS[CID].defaults().items() if v is not None}
    a, b = dict(defaults, **A), dict(defaults, **B)
    assert calc.evaluate(CID, b)["max_raises"] is None and calc.evaluate(CID, a)["max_raises"] is not None

    # A and B on their own, as single answers: the size of each figure there
    single = {}
    for side, params in (("", a), ("b:", b)):
        phone.goto(share_link(served, PAGE, CID, params), timeout=READY_TIMEOUT_MS)
        wait_for_result(phone, CID, "chance", params)
        single.update({side + key: shown for key, shown in phone.evaluate(SIZES, CID).items()})
    text = phone.evaluate(f"parseFloat(getComputedStyle(document.querySelector('[data-calculator=\"{CID}\"] .cx-result')).fontSize)")

    phone.goto(share_link(served, PAGE, CID, a, b), timeout=READY_TIMEOUT_MS)
    wait_compare(phone, CID, "chance", a, b)
    calc_root = root(phone, CID)
    paired = phone.evaluate(SIZES, CID)

    # figures no larger than in a single answer; words in a figure's place set as text, on one line or two
    for key, shown in paired.items():
        assert shown["size"] <= single[key]["size"], (key, shown, single)
    words = paired["b:max_raises"]
    assert words["words"] and words["size"] == text and words["height"] <= 2.6 * text, words

    # the sentence over the figures says which side is better and by how much, not what is printed under it
    said = calc_root.locator(".cx-compare__verdict").inner_text()
    first = calc_root.locator(".cx-figure--compare").first
    printed = [first.locator(".cx-figure__label").inner_text(), *first.locator("output").all_inner_texts()]
    assert said.startswith("A is better by ") and [t for t in printed if t.removeprefix("A: ") in said] == []
    for line in first.locator(".cx-figure__side").all_inner_texts():
        assert line.split(": ", 1)[1] not in said

    # bars a person can see: each of A's and B's bars in the chart shown is 3 px wide or more
    chart = calc_root.locator(".cx-chart--compare")
    chart.scroll_into_view_if_needed()
    widths = phone.evaluate("""(chart) => [...chart.querySelectorAll('rect[data-series]')]
        .filter((r) => r.getClientRects().length && r.getBoundingClientRect().width > 0)
        .map((r) => r.getBoundingClientRect().width)""", chart.element_handle())
    assert len(widths) >= 20 and min(widths) >= 3, (len(widths), min(widths))
    assert phone.watch.errors == []
