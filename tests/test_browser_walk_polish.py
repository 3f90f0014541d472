"""Issue 50 item 5, the phone walk's polish, at 360 px with touch.

- A calculator reached by a link inside the site (a roll popover's calculator link: Material swaps
  the page in, and linked.js ran only on the first page) says what was asked on its first screen,
  its answer above its form, as a link's first load does (docs/assets/js/codex.js `markLinked`).
  So a comparison opened from the search shows its verdict and both figures on its first screen, not
  its form with the phone's strip of figures ("A 0 / B none" in large type) and the verdict below.
- "Work it out here" says first what it downloads, from the build's runtime.json (the worker's own list
  of files, docs/assets/js/boot-files.js): on the slower path and on the fast one, with the snapshot.
- A calculator's Roll names the roll it draws (codex_view/draws.py `draw_label`); a total drawn
  twice in a row is marked as a new draw, not left looking like a dead tap; a draw's label, which
  may hold brackets of its own (a pool's settings), follows a dash rather than nesting in brackets
  (docs/assets/js/roll.js).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import calc
from codex_view.draws import draw_label
from tests.browser import READY_TIMEOUT_MS, root, wait_state
from tests.phone import tap_still, type_in_search
from tests.support import PHONE

pytestmark = pytest.mark.browser

ON_FIRST_SCREEN = """(el) => { const r = el.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"""
# every draw the same: the page's random words, fixed (the draw itself is the page's own code)
SAME_WORDS = "crypto.getRandomValues = (array) => array.fill(12345);"
# the search has answered the whole query: the box holds it and each of Material's results is drawn
# whole (search-where.js names its section), so nothing is drawn again under a finger
SEARCH_DONE = """(q) => document.querySelector('.md-search__input').value === q
  && [...document.querySelectorAll('.md-search-result__list > .md-search-result__item')].every((li) => li.querySelector('.cx-search-where'))"""
WHERE = """() => ({ url: location.href, searchOpen: document.getElementById('__search').checked,
  answers: [...document.querySelectorAll('.cx-search-answer a')].map((a) => a.getAttribute('href')) })"""


def test_a_calculator_reached_inside_the_site_says_what_was_asked(phone: Any, served: str) -> None:
    phone.goto(served + "rk/weapons/")
    phone.wait_for_load_state("networkidle")
    roll = phone.locator('button.cx-roll[data-roll="rk-weapon/summary/bow"]').first
    roll.evaluate("(b) => b.scrollIntoView({block: 'center'})")
    roll.tap()
    phone.locator(".cx-roll-pop__calc").tap()
    phone.wait_for_url("**/rk/damage/?calc=rk-wounds*")
    wait_state(phone, "rk-wounds", "ready")
    calc_root = root(phone, "rk-wounds")
    question = calc_root.locator(".cx-question")
    assert question.is_visible() and "Bow" in question.inner_text(), question.inner_text()
    first_figure = calc_root.locator(".cx-result [data-result]").first
    for shown in (question, first_figure):
        assert phone.evaluate(ON_FIRST_SCREEN, shown.element_handle()), shown.bounding_box()
    assert phone.watch.errors == []


def test_a_comparison_from_the_search_shows_its_verdict_and_figures_first(phone: Any, served: str) -> None:
    phone.goto(served)
    phone.wait_for_load_state("networkidle")
    type_in_search(phone, "6k3 TN 25 vs 7k3 TN 30")
    # the answer to the whole query, not to one typed before its last key (TN 3): a card
    # redrawn under the finger would send the tap elsewhere
    compared = '.cx-search-answer a[href*="tn=30"]'
    phone.locator(compared).first.locator("output").nth(1).wait_for()
    phone.wait_for_function(SEARCH_DONE, arg="6k3 TN 25 vs 7k3 TN 30")   # and Material's list below it, drawn last
    tap_still(phone, compared, dy=30)   # on its first figure
    try:
        phone.wait_for_function("() => location.pathname.endsWith('/rk/basics/') && location.search.includes('b.tn=30')")
    except Exception as stopped:   # what the page was left with, for the report
        raise AssertionError(f"the tap opened nothing: {phone.evaluate(WHERE)}") from stopped
    phone.wait_for_selector('[data-calculator="rk-check"][data-compare="on"][data-state="ready"]', timeout=READY_TIMEOUT_MS)
    calc_root = root(phone, "rk-check")
    chance = calc_root.locator('.cx-figure:has([data-result="chance"])')
    for shown in (calc_root.locator(".cx-question"), calc_root.locator(".cx-compare__verdict"), chance):
        assert phone.evaluate(ON_FIRST_SCREEN, shown.element_handle()), (shown.inner_text(), shown.bounding_box())
    a = calc.evaluate("rk-check", {"rolled": 6, "kept": 3, "tn": 25})["chance"]
    b = calc.evaluate("rk-check", {"rolled": 7, "kept": 3, "tn": 30})["chance"]
    assert float(chance.locator('[data-result="chance"]').get_attribute("data-value")) == pytest.approx(a, abs=1e-12)
    assert float(chance.locator('[data-result-b="chance"]').get_attribute("data-value")) == pytest.approx(b, abs=1e-12)
    assert not calc_root.locator(".cx-peek").is_visible()   # the figures are in view: no strip repeats them
    assert phone.watch.errors == []


def boot_megabytes(runtime: dict[str, Any], path: str) -> str:
    """The bytes on the wire of a boot on `path` (trimmed or snapshot), in MB: boot-files.js's list."""
    core = runtime["core"]
    files = [runtime["wasm_gz"], core + "pyodide.mjs", core + "pyodide.asm.mjs", runtime["stdlib"],
             runtime["modules"] if path == "trimmed" else runtime["wheel"]]
    files += [] if runtime.get("lock") else [core + "pyodide-lock.json"]
    files += [runtime["snapshot"]] if path == "snapshot" else []
    return f"{sum(runtime['gzip'].get(f) or runtime['sizes'][f] for f in files) / 1e6:.1f}"


def test_work_it_out_here_says_its_download_first(phone: Any, served: str, site_dir: Path) -> None:
    runtime = json.loads((site_dir / "assets" / "pyodide" / "runtime.json").read_text(encoding="utf-8"))
    phone.goto(served)
    phone.wait_for_load_state("networkidle")

    def offered(typed: str, rolled: int) -> str:
        type_in_search(phone, typed)
        work = phone.locator(f'.cx-search-answer:has(a[href*="rolled={rolled}&"]) .cx-search-answer__work')
        work.wait_for()
        return work.inner_text()

    least, most = boot_megabytes(runtime, "trimmed"), boot_megabytes(runtime, "snapshot")
    assert offered("14k5 40", 14) == f"Download the calculator ({least} to {most} MB) and work it out here"
    # not typed: a build whose snapshot were 2 MB larger would say so
    bigger = dict(runtime, gzip=dict(runtime["gzip"], **{runtime["snapshot"]: runtime["gzip"][runtime["snapshot"]] + 2_000_000}))
    # on the context: the service worker's fetch of it too
    phone.context.route("**/assets/pyodide/runtime.json", lambda route: route.fulfill(json=bigger))
    try:
        assert offered("15k5 40", 15) == (f"Download the calculator ({least} to {boot_megabytes(bigger, 'snapshot')} MB) "
                                      "and work it out here")
    finally:
        phone.context.unroute("**/assets/pyodide/runtime.json")
    assert phone.watch.errors == []


def test_a_charts_roll_names_its_roll_and_marks_a_repeat(phone: Any, served: str) -> None:
    params = {"dice": 7, "black": 1, "need": 2}
    phone.add_init_script(SAME_WORDS)
    phone.goto(served + "pool/melee/?calc=pool-check&dice=7&black=1&need=2#calc-pool-check")
    wait_state(phone, "pool-check", "ready")
    pool = calc.CALCULATORS["pool-check"]
    label = draw_label(pool, dict(pool.defaults(), **params), calc.evaluate("pool-check", params))
    assert "(" in label   # the settings in brackets: the case that nested them
    button = root(phone, "pool-check").get_by_role("button", name=f"Roll {label}", exact=True)
    button.evaluate("(b) => b.scrollIntoView({block: 'center'})")
    button.tap()
    items = root(phone, "pool-check").locator(".cx-draws li")
    items.first.wait_for(timeout=READY_TIMEOUT_MS)
    first = items.first.inner_text()
    assert f"\u2014 {label}" in first and "((" not in first and "))" not in first, first
    assert "again" not in first
    button.tap()
    phone.wait_for_function("(list) => list.children.length === 2",
                            arg=root(phone, "pool-check").locator(".cx-draws__list").element_handle())
    again = items.first.inner_text()
    assert again != first and "a new draw, the same total again" in again, again
    assert phone.viewport_size == PHONE and phone.watch.errors == []
