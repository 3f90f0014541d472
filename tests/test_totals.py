"""Bounded results: a long distribution's chart and table stay small, and every total stays one request away.

`calc.dice.totals` groups consecutive totals; its runs are checked against a brute-force twin (exact
fractions, totals summed one by one). The views built on it (codex_view.distribution, chart) are
checked on the links that froze a phone (issue 30): 3d100*100+1d100 and 6d100*50+3d100.
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
from fractions import Fraction

import pytest

import calc
from calc.dice.totals import ends_and_ranges, grouped, run_size
from codex_view.browser import run
from codex_view.chart import MAX_BARS
from codex_view.distribution import TABLE_ENDS, TABLE_RANGES
from codex_view.overlay import NARROW_PAIRS

HUGE = ["3d100*100+1d100", "6d100*50+3d100"]


def _pmf(rng: random.Random, n: int) -> list[list[float]]:
    """n totals (with gaps) and chances that are exact binary fractions, so sums of them are exact."""
    weights = [rng.randint(1, 9) for _ in range(n)]
    scale = 2 ** 20
    total = sum(weights)
    weights[-1] += scale - total if scale >= total else 0
    xs = sorted(rng.sample(range(-3 * n, 3 * n), n))
    return [[x, w / sum(weights)] for x, w in zip(xs, weights)]


def _brute(pmf: list[list[float]], low: int, high: int) -> tuple[Fraction, Fraction]:
    inside = sum((Fraction(p) for x, p in pmf if low <= x <= high), Fraction(0))
    up = sum((Fraction(p) for x, p in pmf if x >= low), Fraction(0))
    return inside, min(up, Fraction(1))


@pytest.mark.parametrize("seed", range(40))
def test_runs_agree_with_summing_each_total(seed: int) -> None:
    rng = random.Random(seed)
    pmf = _pmf(rng, rng.randint(1, 120))
    most = rng.randint(1, 30)
    for runs in (grouped(pmf, most=most), ends_and_ranges(pmf, ends=rng.randint(0, 10), middle=most)):
        # the runs cover every total once, in order
        assert runs[0].low == pmf[0][0] and runs[-1].high == pmf[-1][0]
        assert all(a.high < b.low for a, b in zip(runs, runs[1:]))
        covered = [x for x, _ in pmf if any(r.low <= x <= r.high for r in runs)]
        assert covered == [x for x, _ in pmf]
        for r in runs:
            inside, up = _brute(pmf, r.low, r.high)
            assert r.chance == pytest.approx(float(inside), rel=1e-12, abs=1e-15)
            assert r.at_least == pytest.approx(float(up), rel=1e-12, abs=1e-15)
    assert len(grouped(pmf, most=most)) <= most


def test_a_window_keeps_the_chance_above_it() -> None:
    pmf = [[x, 0.1] for x in range(10)]
    runs = grouped(pmf[:5], most=2, above=0.5)   # the five totals past the window hold 0.5
    assert [(r.low, r.high) for r in runs] == [(0, 2), (3, 4)]
    assert runs[0].at_least == pytest.approx(1.0) and runs[1].at_least == pytest.approx(0.7)
    assert run_size(480, most=240) == 2 and run_size(481, most=240) == 3 and run_size(5, most=240) == 1


@pytest.mark.parametrize("expr", HUGE)
def test_a_huge_result_is_bounded(expr: str) -> None:
    """The reply that was 10.6 MB (57,316 bars with a <title> each, 29,801 table rows) stays small."""
    reply = json.loads(run("dice", json.dumps({"expr": expr})))
    html = reply["html"]
    assert len(json.dumps(reply)) < 150_000
    assert html.count("<rect") <= 2 * MAX_BARS
    assert "<title" not in html
    assert html.count("<tr") <= 1 + 2 * TABLE_ENDS + TABLE_RANGES
    assert "distribution" not in reply["result"] and reply["result"]["distribution_totals"] > 20_000
    # one caption says what the chart and the table group, and the CSV is offered
    assert re.search(r'<p class="cx-chart__grouped">[\d,]+ possible totals, .* in \d+ bars of up to \d+ totals each', html)
    assert "Table of the totals, the middle ones in ranges" in html and 'class="cx-totals' in html
    # every bar reads its totals and chance
    reads = [r.replace("&gt;", ">").replace("&lt;", "<") for r in re.findall(r'data-read="([^"]*)"', html)]
    assert len(reads) == html.count("<rect")
    assert all(re.fullmatch(r"(at least \d+|\d+ to \d+|exactly \d+): (less than |more than )?[\d.]+%", r) for r in reads), reads[:3]


@pytest.mark.parametrize("expr", HUGE)
def test_the_csv_lists_every_total(expr: str) -> None:
    pmf = calc.evaluate("dice", {"expr": expr})["distribution"]
    reply = json.loads(run("dice", json.dumps({"expr": expr}), "totals"))
    rows = list(csv.reader(io.StringIO(reply["csv"])))
    assert rows[0] == ["total", "exactly", "at_least"]
    assert [int(x) for x, _, _ in rows[1:]] == [int(x) for x, _ in pmf]
    assert [float(p) for _, p, _ in rows[1:]] == pytest.approx([p for _, p in pmf], rel=1e-11, abs=0)   # 12 digits
    assert float(rows[1][2]) == pytest.approx(1.0) and float(rows[-1][2]) == float(rows[-1][1])


def test_an_ordinary_result_is_whole() -> None:
    """A result of 300 totals or fewer keeps one bar per total in its window and its whole table."""
    result = calc.evaluate("rk-check", {"rolled": 10, "kept": 10, "tn": 20})
    reply = json.loads(run("rk-check", json.dumps({"rolled": 10, "kept": 10, "tn": 20})))
    html = reply["html"]
    assert "Table of every total" in html and "cx-totals" not in html and "cx-chart__grouped" not in html
    assert html.count("<tr") - html.count("<thead") >= len(result["distribution"])
    assert reply["result"]["distribution"] == result["distribution"]


def test_csv_of_a_bad_or_totalless_request_is_an_error() -> None:
    bad = json.loads(run("dice", json.dumps({"expr": "3d"}), "totals"))
    assert bad["error"]["field"] == "expr"
    without = next(cid for cid, c in sorted(calc.CALCULATORS.items()) if not calc.evaluate(cid, c.defaults()).get("distribution"))
    none = json.loads(run(without, json.dumps(calc.CALCULATORS[without].defaults()), "totals"))
    assert none["error"]["field"] is None and "no totals" in none["error"]["message"]


def test_a_compare_overlay_is_bounded_too() -> None:
    """Two sides of about 1,900 totals each drew 3,812 bars with a <title> each (860 kB); now runs of
    totals share a bar, each side's runs add up to its whole chance, and the reply stays small."""
    reply = json.loads(run("dice", json.dumps({"a": {"expr": "19d100"}, "b": {"expr": "19d100+5"}}), "compare"))
    html = reply["html"]
    assert html.count("<rect") <= 4 * (MAX_BARS + NARROW_PAIRS) and "</title></rect>" not in html
    assert len(json.dumps(reply)) < 250_000
    exactly = html[html.index("cx-chart__panel--exactly"):]
    for copy in exactly.split('<div class="cx-chart__narrow">'):   # the wide copy, then a phone's
        for side in "ab":
            chances = [float(p) for p in re.findall(rf'data-p="([^"]+)" data-series="{side}"', copy)]
            assert sum(chances) == pytest.approx(1.0, abs=1e-3)   # the window leaves out under 1e-4
            reads = re.findall(rf'data-series="{side}" data-read="{side.upper()}: (\d+) to (\d+): ', copy)
            assert reads and all(int(lo) < int(hi) for lo, hi in reads)


# -- one story: the caption, the table and the CSV count the same totals (issue 42) ----------------

def _shown(html: str) -> tuple[str, list[tuple[int, int]]]:
    """The caption over the chart, and the totals each table row covers (low, high)."""
    caption = re.search(r'<p class="cx-chart__grouped">([^<]*)</p>', html)
    rows = re.findall(r"<tr(?: class=\"cx-row--range\")?><td>(\d+)(?: to (\d+))?</td>", html)
    return (caption.group(1) if caption else ""), [(int(a), int(b or a)) for a, b in rows]


@pytest.mark.parametrize("expr", [*HUGE, "19d100", "60d100", "1d100*3+1d100"])
def test_the_caption_counts_the_totals_the_table_lists(expr: str) -> None:
    """`3d100*100+1d100`: the caption counted 28,658 totals (the chart's window) and the table 29,800.
    Now the caption counts every total, as the table does, and says how many the chart leaves out."""
    pmf = calc.evaluate("dice", {"expr": expr})["distribution"]
    html = json.loads(run("dice", json.dumps({"expr": expr})))["html"]
    caption, rows = _shown(html)
    possible = {int(x) for x, _ in pmf}
    listed = {x for low, high in rows for x in range(low, high + 1)} & possible
    assert listed == possible and rows[0][0] == min(possible) and rows[-1][1] == max(possible)
    count = re.match(r"([\d,]+) possible totals, from (\d+) to (\d+)\.", caption)
    assert count and int(count.group(1).replace(",", "")) == len(pmf) == len(listed), caption
    assert (int(count.group(2)), int(count.group(3))) == (min(possible), max(possible))
    drawn = re.search(r"The chart draws the middle ([\d,]+), in (\d+) bars .*; the ([\d,]+) at the two ends", caption)
    if drawn:
        middle, left_out = (int(drawn.group(i).replace(",", "")) for i in (1, 3))
        assert middle + left_out == len(pmf) and int(drawn.group(2)) == html.count("<rect") // 2


@pytest.mark.parametrize("expr", [*HUGE, "19d100", "2d100", "3d6"])
def test_the_download_states_the_size_of_the_file_it_gives(expr: str) -> None:
    """The button beside the chart names the CSV's size, worked out from the very bytes it downloads."""
    from codex_view.distribution import csv_bytes, totals_csv
    from codex_view.format import size_words

    pmf = calc.evaluate("dice", {"expr": expr})["distribution"]
    csv_text = json.loads(run("dice", json.dumps({"expr": expr}), "totals"))["csv"]
    assert csv_bytes(pmf) == len(totals_csv(pmf)) == len(csv_text.encode("utf-8"))
    html = json.loads(run("dice", json.dumps({"expr": expr})))["html"]
    button = re.search(r'<button type="button" class="cx-totals md-button">([^<]*)</button>', html)
    if len(pmf) <= 2 * TABLE_ENDS + TABLE_RANGES:
        assert button is None   # the table lists every total: nothing to download
        return
    assert button.group(1) == f"Download every total (CSV, {size_words(len(csv_text))})"
    # beside the chart, before it: not at the foot of the folded table
    assert html.index("cx-totals") < html.index("cx-chart__toggle") < html.index('<details class="cx-table"')


def test_sizes_in_words() -> None:
    from codex_view.format import size_words

    assert [size_words(n) for n in (653, 4_712, 89_146, 999_499, 999_500, 1_058_121)] == [
        "653 bytes", "4.7 kB", "89 kB", "999 kB", "1.0 MB", "1.1 MB"]


@pytest.mark.parametrize("expr", [HUGE[0], "4d10!+3"])
def test_the_csv_writes_each_chance_to_12_significant_digits(expr: str) -> None:
    """Issue 50 item 5: no float noise such as 0.9999999900000284 (the 29,800 totals of
    3d100*100+1d100 had it in 29,712 rows): each chance to 12 significant digits (within 1e-11 of
    calc's, relative), and the file's stated size is still its own."""
    from codex_view.distribution import csv_bytes

    pmf = calc.evaluate("dice", {"expr": expr})["distribution"]
    text = json.loads(run("dice", json.dumps({"expr": expr}), "totals"))["csv"]
    rows = list(csv.reader(io.StringIO(text)))[1:]
    running = 1.0
    for (total, p), (x, exactly, at_least) in zip(pmf, rows):
        for written in (exactly, at_least):
            digits = re.sub(r"e.*$", "", written).replace(".", "").lstrip("0")
            assert len(digits) <= 12, written
        assert int(x) == int(total) and abs(float(exactly) - p) <= 1e-11 * p
        assert abs(float(at_least) - running) <= 1e-11
        running -= p
    assert "0.9999999900000284" not in text and csv_bytes(pmf) == len(text)
