"""The compare overlay (codex_view/compare.py): A's and B's bars over the totals either side can reach.

A compare link whose A and B lie far apart (`?calc=dice&expr=1d6&b.expr=1d6%2B10000`) once drew
40,000 bars for the empty totals between them; now the gap is skipped and marked, and past
`MAX_BARS` totals the pairs of bars stand for runs of totals, as a single chart's bars do.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

import calc
from codex_view.browser import compare_reply
from codex_view.chart import MAX_BARS, SHOWN_MASS
from codex_view.overlay import NARROW_PAIRS


class _Bars(HTMLParser):
    """Each overlay panel's bars as (series, total, probability), and the texts of its axis labels;
    a phone's copy of a panel (`cx-chart__narrow`) in `narrow`, its dashed lines not counted."""

    def __init__(self) -> None:
        super().__init__()
        self.panels: list[list[tuple[str, int, float]]] = []
        self.labels: list[list[str]] = []
        self.narrow: list[list[tuple[str, int, float]]] = []
        self.lines = 0
        self._label = False
        self._copy = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "div" and found.get("class") in ("cx-chart__wide", "cx-chart__narrow"):
            self._copy = str(found["class"])
        if tag == "svg":
            if self._copy == "cx-chart__narrow":
                self.narrow.append([])
            else:
                self.panels.append([])
                self.labels.append([])
        elif tag == "rect" and "data-series" in found:
            bar = (str(found["data-series"]), int(str(found["data-x"])), float(str(found["data-p"])))
            (self.narrow if self._copy == "cx-chart__narrow" else self.panels)[-1].append(bar)
        elif tag == "line" and self._copy != "cx-chart__narrow":
            self.lines += 1
        self._label = tag == "span" and found.get("class") == "cx-chart__axis" and self._copy != "cx-chart__narrow"

    def handle_data(self, data: str) -> None:
        if self._label:
            self.labels[-1].append(data)
            self._label = False


def _overlay(a: str, b: str) -> tuple[str, _Bars]:
    reply = compare_reply("dice", {"a": {"expr": a}, "b": {"expr": b}})
    bars = _Bars()
    bars.feed(reply["html"])
    return reply["html"], bars


def _at_least(expr: str, total: int) -> float:
    return sum(p for x, p in calc.evaluate("dice", {"expr": expr})["distribution"] if x >= total)


def _exactly(expr: str, total: int) -> float:
    return dict((x, p) for x, p in calc.evaluate("dice", {"expr": expr})["distribution"]).get(total, 0.0)


@pytest.mark.parametrize("a, b, whole", [("1d6", "1d6+10000", True), ("1d6+7", "1d6", True), ("2d6", "-2d6", True),
                                         ("3d6", "3d6+2", True), ("20d6", "20d6+1000", False), ("30d10", "1d4", False)])
def test_the_overlay_draws_the_totals_either_side_reaches_and_their_chances(a: str, b: str, whole: bool) -> None:
    """Every bar against the chances worked out directly (the brute-force twin of the running sums); a
    side with many totals is drawn over its likely range, so its thin tails may fall in the gap."""
    _, bars = _overlay(a, b)
    reach = {x for expr in (a, b) for x, _ in calc.evaluate("dice", {"expr": expr})["distribution"]}
    at_least, exactly = bars.panels
    for panel, chance in ((at_least, _at_least), (exactly, _exactly)):
        drawn = {x for _, x, _ in panel}
        assert drawn == reach if whole else drawn < reach
        for series, x, p in panel:
            assert p == pytest.approx(chance(a if series == "a" else b, x), abs=1e-12), (series, x)


def test_far_apart_sides_skip_the_empty_totals_and_mark_the_break() -> None:
    html, bars = _overlay("1d6", "1d6+10000")
    for panel in bars.panels:
        assert sorted({x for _, x, _ in panel}) == [1, 2, 3, 4, 5, 6, 10001, 10002, 10003, 10004, 10005, 10006]
        assert len(panel) == 24
    assert bars.lines == 2 and "No total between 6 and 10001" in html
    assert bars.labels == [["1", "6 \u2016 10001", "10006"]] * 2


def test_sides_that_meet_draw_one_range_without_a_break() -> None:
    _, bars = _overlay("3d6", "3d6+2")
    assert sorted({x for _, x, _ in bars.panels[0]}) == list(range(3, 21))
    assert bars.lines == 0 and bars.labels == [["3", "20"]] * 2


def test_past_the_bar_limit_the_pairs_of_bars_stand_for_runs_of_totals() -> None:
    """57,407 likely totals side by side: at most MAX_BARS pairs, a caption that says so, and the
    exactly panel's bars still add up to A's and B's whole chance within the drawn totals."""
    html, bars = _overlay("(60d100*100)/3", "1d6")
    for panel in bars.panels:
        assert 0 < len(panel) <= 2 * MAX_BARS
    assert re.search(r"Each pair of bars stands for up to [\d,]+ totals in a row \([\d,]+ totals in \d+ pairs\)", html)
    assert "A or B on its own lists every total." in html
    exactly = bars.panels[1]
    assert sum(p for side, _, p in exactly if side == "b") == pytest.approx(1.0)
    # A's likely range leaves out tails under (1 - SHOWN_MASS) / 2 a side, and no more
    assert 1.0 - (1 - SHOWN_MASS) <= sum(p for side, _, p in exactly if side == "a") <= 1.0 + 1e-9


@pytest.mark.parametrize("a, b", [("6k3", "4k2"), ("20d6", "20d6+1000"), ("(60d100*100)/3", "1d6"), ("3d6", "3d6+2")])
def test_a_phone_gets_fewer_wider_pairs_over_the_same_totals(a: str, b: str) -> None:
    """At 360 px, 80 pairs drew bars of 1.5 px: a phone's copy of each panel has at most NARROW_PAIRS
    pairs over the same totals, each side's chances adding up as in the wide copy; a chart with
    few enough pairs has one copy only."""
    html, bars = _overlay(a, b)
    if len(bars.panels[0]) <= 2 * NARROW_PAIRS:
        assert bars.narrow == [] and "cx-chart__narrow" not in html
        return
    assert len(bars.narrow) == 2 and '<div class="cx-chart__narrow"><p class="cx-chart__grouped">Each pair' in html
    for wide, narrow in zip(bars.panels, bars.narrow):
        assert len(narrow) <= 2 * NARROW_PAIRS and min(x for _, x, _ in narrow) == min(x for _, x, _ in wide)
    exactly_wide, exactly_narrow = bars.panels[1], bars.narrow[1]
    for side in "ab":
        assert sum(p for s, _, p in exactly_narrow if s == side) == pytest.approx(
            sum(p for s, _, p in exactly_wide if s == side), abs=1e-12)
    at_least_wide, at_least_narrow = bars.panels[0], bars.narrow[0]
    first = {s: p for s, x, p in at_least_wide if x == min(x for _, x, _ in at_least_wide)}
    assert {s: p for s, x, p in at_least_narrow[:2]} == first


def test_a_scaled_constant_beyond_the_largest_number_is_refused_for_b() -> None:
    """The link from the issue: B is refused at once, by field and limit, instead of running for 22 s."""
    reply = compare_reply("dice", {"a": {"expr": "1d6"}, "b": {"expr": "1d6+10000*100*100"}})
    assert reply["error"]["field"] == "expr" and "from \u221210000 to 10000" in reply["error"]["message"]
