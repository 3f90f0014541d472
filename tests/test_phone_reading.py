"""Issue 21: the Codex read on a 360 px phone with touch.

Tables that break no word or number, a jump link to a calculator far down the page, the
result's tools beside the result, search that lands on a ruling without marking single letters,
no text under 12 px, 44 px targets. One touch context for the module (Pyodide boots once).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from codex_view import planner
from codex_view.answer import Answer
from codex_view.render import result_html
from calc import evaluate
from calc.registry import get
from macros import jumps
from tests.browser import type_into, wait_for_result, wait_state
from tests.support import PHONE
from tests.site_pages import visit
from tests.phone import HIT_AREA, TOUCH_MIN
from tests.phone import search

on_phone = pytest.mark.browser


# ---------------------------------------------------------------- without a browser
def test_the_best_row_is_named_in_words() -> None:
    plan = evaluate("rk-attack", get("rk-attack").defaults())
    html = planner.rows_table_html(Answer.of(get("rk-attack"), plan))
    assert html.count("cx-mark-word") == 1
    assert f'<tr class="cx-row--mark"><td>{plan["best"]} <span class="cx-mark-word">best</span></td>' in html
    shown = result_html(get("rk-attack"), plan)
    assert '<span class="cx-mark-word">best</span>' in shown
    check = result_html(get("rk-check"), evaluate("rk-check", {"rolled": 5, "kept": 3, "tn": 20}))
    assert check.count("cx-mark-word") == 1 and "most raises" in check


def test_the_table_of_every_total_never_reads_at_least_zero_below_a_chance() -> None:
    import re

    html = result_html(get("rk-check"), evaluate("rk-check", {"rolled": 5, "kept": 3, "tn": 20}))
    table = html[html.index("Table of every total"):]
    rows = re.findall(r"<tr><td>(\d+)</td><td>(.*?)</td><td>(.*?)</td></tr>", table)
    assert len(rows) > 100
    assert all(not (exactly != "0%" and at_least == "0%") for _, exactly, at_least in rows), rows[-3:]
    # a table is where the reader asks for figures: a tiny chance in words and with its value (issue 49 item 3)
    assert rows[0][2] == "100%" and re.fullmatch(r"less than 0\.01% \(\d\.\de-\d+%\)", rows[-1][1]), rows[-1]


def test_a_jump_link_only_where_a_calculator_is_far_down() -> None:
    near = '# Title { #t }\n\nIntro.\n\n{{ calculator("rk-check") }}\n'
    far = "# Title { #t }\n\nIntro line.\n\n" + "Rules text. " * 100 + '\n\n{{ calculator("rk-check") }}\n'
    both = near + '\n{{ calculator("rk-tn") }}\n'
    assert jumps.wanted(jumps.calculators_in(near)) == []
    assert jumps.wanted(jumps.calculators_in(far)) == ["rk-check"]
    assert jumps.wanted(jumps.calculators_in(both)) == ["rk-check", "rk-tn"]
    block = jumps.jump_html(["rk-check"])
    assert 'href="#calc-rk-check"' in block and "Roll &amp; Keep odds" in block
    placed = jumps.insert_after_intro(far, block).split("\n")
    assert placed[0].startswith("# Title") and placed[2] == "Intro line." and placed[4] == block
    # a page that opens on tabs, not a paragraph: the links go right under the title
    tabs = '# T { #t }\n\n=== "Summary rules"\n\n    text\n'
    assert jumps.insert_after_intro(tabs, block).split("\n")[2] == block
    assert jumps.insert_after_intro("no title\n", block) == "no title\n"


# every word of every cell (split at spaces) on one line: a break inside "99.90%" or "Raises"
# puts the word's characters on two lines
BROKEN_CELLS = """(selector) => {
  const broken = [];
  for (const cell of document.querySelectorAll(selector)) {
    if (!cell.offsetParent) continue;
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const node = walk.currentNode, text = node.textContent;
      for (const m of text.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""

BOXES = """(selector) => [...document.querySelectorAll(selector)].filter((b) => b.offsetParent).map((b) => ({
  right: b.getBoundingClientRect().right, scroll: b.scrollWidth, client: b.clientWidth,
  label: b.getAttribute('aria-label'), sticky: getComputedStyle(b.querySelector('td')).position }))"""


@on_phone
def test_planner_tables_break_no_word_or_number_and_name_the_best_row(phone: Any, served: str) -> None:
    visit(phone, served, "rk/choosing-raises/")
    wait_state(phone, "rk-attack", "ready")
    cells = ".cx-plan :is(th, td), .cx-calc .cx-result-table :is(th, td)"
    assert phone.locator(".cx-plan").count() >= 4
    assert phone.evaluate(BROKEN_CELLS, cells) == []
    for box in phone.evaluate(BOXES, ".cx-plan, .cx-calc .cx-result-table"):
        assert box["right"] <= PHONE["width"], box                       # nothing runs off the screen
        if box["scroll"] > box["client"] + 1:                           # a wide table scrolls in its box
            assert box["label"] and box["sticky"] == "sticky", box
    marked = phone.locator(".cx-plan .cx-row--mark td:first-child").all()
    assert marked and all("best" in td.inner_text().lower() for td in marked)
    best = phone.locator('[data-calculator="rk-attack"] .cx-row--mark td:first-child').first.inner_text()
    assert "best" in best.lower()
    # the table of every total, opened
    phone.locator('[data-calculator="rk-attack"] .cx-table summary').click()
    assert phone.evaluate(BROKEN_CELLS, ".cx-table :is(th, td)") == []


@on_phone
def test_a_jump_link_reaches_a_calculator_far_down(phone: Any, served: str) -> None:
    visit(phone, served, "rk/attacking/")
    jumps = phone.locator(".cx-jumps a")
    assert jumps.count() == 2
    assert jumps.first.bounding_box()["y"] < PHONE["height"], "the jump link is not on the first screen"
    link = phone.locator('.cx-jumps a[href$="#calc-rk-attack"]')
    assert link.bounding_box()["height"] >= TOUCH_MIN
    link.tap()
    phone.wait_for_function("() => location.hash === '#calc-rk-attack'")
    phone.wait_for_function("() => Math.abs(document.getElementById('calc-rk-attack').getBoundingClientRect().top) < 120")


@on_phone
def test_the_results_tools_sit_between_form_and_figures(phone: Any, served: str) -> None:
    visit(phone, served, "rk/attacking/")
    wait_state(phone, "rk-attack", "ready")
    where = phone.evaluate("""() => { const root = document.querySelector('[data-calculator="rk-attack"]');
      const y = (sel) => root.querySelector(sel).getBoundingClientRect();
      return { form: y('.cx-form').bottom, compare: y('.cx-compare').top, text: y('.cx-copy-text').top,
               link: y('.cx-copy').top, figures: y('.cx-headlines').top }; }""")
    for tool in ("compare", "text", "link"):
        assert where["form"] < where[tool] < where["figures"], where
        assert where[tool] - where["form"] < 200, where


@on_phone
def test_the_calculators_page_opens_with_its_list(phone: Any, served: str) -> None:
    visit(phone, served, "calculators/")
    links = phone.locator(".cx-jumps a")
    ids = phone.evaluate("() => [...document.querySelectorAll('[data-calculator]')].map((c) => '#' + c.id)")
    assert ["#" + a.get_attribute("href").split("#")[-1] for a in links.all()] == ids and len(ids) >= 9
    assert links.first.bounding_box()["y"] < PHONE["height"]


@on_phone
def test_overridden_dice_are_disabled_and_the_threshold_is_named(phone: Any, served: str) -> None:
    visit(phone, served, "rk/basics/")
    wait_state(phone, "rk-check", "ready")
    root = phone.locator('[data-calculator="rk-check"]')
    assert "50%" in root.locator('[data-result="max_raises"]').locator("xpath=..").inner_text()
    type_into(phone, "rk-check", "stat", "3")
    type_into(phone, "rk-check", "skill", "2")
    for name in ("rolled", "kept"):
        assert root.locator(f'[name="{name}"]').is_disabled()
        why = root.locator(f'[data-field="{name}"] .cx-overridden')
        assert why.is_visible() and "Stat" in why.inner_text()
    root.locator('[name="skill"]').fill("")
    assert not root.locator('[name="rolled"]').is_disabled()


SOCIAL_LINK = {"rules": "house", "kind": "social", "stat": "3", "skill": "4", "rolled": "12", "kept": "6"}


@on_phone
def test_a_field_replaced_only_where_its_replacements_apply(phone: Any, served: str) -> None:
    """Issue 30: a Social Attack has no Finesse or Attack Knack, so a link's stat and skill (hidden)
    leave its dice as typed: enabled, and the answer rolls 12k6. A blow or a shot then lets them
    replace the dice: disabled with the declaration's reason, and the address drops them."""
    visit(phone, served, "rk/social/?calc=rk-attack&" + "&".join(f"{k}={v}" for k, v in SOCIAL_LINK.items()))
    asked = {**get("rk-attack").defaults(), **SOCIAL_LINK}   # the form's defaults fill what the link leaves out
    wait_for_result(phone, "rk-attack", "expected_wounds", asked)
    root = phone.locator('[data-calculator="rk-attack"]')
    assert "12k6 against the Social Defense (SD)" in root.locator(".cx-result").inner_text()
    for name in ("rolled", "kept"):
        assert not root.locator(f'[name="{name}"]').is_disabled()
        assert not root.locator(f'[data-field="{name}"] .cx-overridden').is_visible()
    root.locator('[name="kind"]').select_option("physical")
    blow = {**asked, "kind": "physical"}
    wait_for_result(phone, "rk-attack", "expected_wounds", blow)
    assert "6k4 against TN" in root.locator(".cx-result").inner_text()
    for name in ("rolled", "kept"):
        assert root.locator(f'[name="{name}"]').is_disabled()
        why = root.locator(f'[data-field="{name}"] .cx-overridden')
        assert why.is_visible() and why.inner_text() == get("rk-attack").replaced_note(get("rk-attack").param(name))
    query = parse_qs(urlparse(phone.url).query)
    assert query["stat"] == ["3"] and "rolled" not in query and "kept" not in query, phone.url


@on_phone
def test_a_ruling_chosen_from_search_marks_only_the_id(phone: Any, served: str) -> None:
    phone.goto(served)   # a full load: the search starts closed and empty (no calculator here to boot)
    search(phone, "R-0045")
    phone.locator(".md-search__input").press("Enter")
    phone.wait_for_function("() => location.hash === '#r-0045'")
    words = parse_qs(urlparse(phone.url).query).get("h", [""])[0].split()
    assert "r" not in [w.lower() for w in words], phone.url
    # Material marks the searched words once the page is shown: the ID's digits, at least
    phone.wait_for_function("() => document.querySelector('.md-content mark')")
    marks = phone.evaluate("() => [...document.querySelectorAll('.md-content mark')].map((m) => m.textContent)")
    assert all(len(m) > 1 for m in marks), marks


@on_phone
@pytest.mark.parametrize("query", ["6k3", "roll and keep calculator"])
def test_dice_and_calculator_words_find_the_roll_and_keep_calculator(phone: Any, served: str, query: str) -> None:
    phone.goto(served)   # a full load: the search starts closed and empty (no calculator here to boot)
    results = search(phone, query)
    # the calculators page's entry, or (a roll the search answers, "6k3") the answer that opens the calculator
    assert any(link.endswith(("#calculators-rk-check", "#calc-rk-check")) for link in results[0]["links"]), results[:2]
    # each result stays a few lines tall on a phone
    # (the search's own answer to a roll, its figures at a few TNs, is no result of the index)
    tallest = phone.evaluate("() => Math.max(...[...document.querySelectorAll('.md-search-result__item:not(.cx-search-answer) .md-search-result__article')].map((a) => a.getBoundingClientRect().height))")
    assert tallest <= 160, tallest


SMALL_TEXT = """() => { const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) { const el = walk.currentNode.parentElement;
    if (!walk.currentNode.textContent.trim() || !el || !el.getClientRects().length) continue;
    if (el.closest('[hidden], .md-search, .md-sidebar, svg, .md-tooltip2, .md-tooltip')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const size = parseFloat(style.fontSize);
    if (size < 12) out.push([el.className || el.tagName, walk.currentNode.textContent.trim().slice(0, 30), size]); }
  return out; }"""


@on_phone
@pytest.mark.parametrize("path,cid", [("rk/attacking/", "rk-attack"), ("sun/rules/", "sun-check"), ("calculators/", "dice")])
def test_no_text_under_12_px(phone: Any, served: str, path: str, cid: str) -> None:
    visit(phone, served, path)
    wait_state(phone, cid, "ready")
    more = phone.locator(f'[data-calculator="{cid}"] details.cx-more > summary')
    if more.count():
        more.first.click()
    totals = phone.locator(f'[data-calculator="{cid}"] .cx-table summary')
    if totals.count():
        totals.first.click()
    assert phone.evaluate(SMALL_TEXT) == []


@on_phone
def test_heading_links_and_breadcrumbs_are_44_px_on_touch(phone: Any, served: str) -> None:
    visit(phone, served, "rk/basics/")
    small = {}
    for what, selector in {"heading #": ".md-content h2 .headerlink", "breadcrumb": ".md-path__link"}.items():
        area = phone.evaluate(HIT_AREA, [selector, TOUCH_MIN])
        if area["width"] < TOUCH_MIN or area["height"] < TOUCH_MIN:
            small[what] = area
    assert small == {}


@on_phone
def test_back_to_top_never_covers_a_focused_field(phone: Any, served: str) -> None:
    visit(phone, served, "rk/damage/")
    wait_state(phone, "rk-wounds", "ready")
    field = phone.locator('[data-calculator="rk-wounds"] [name="brawn"]')
    field.scroll_into_view_if_needed()
    phone.mouse.wheel(0, 600)
    phone.mouse.wheel(0, -300)            # scrolling up is what shows Material's pill
    field.focus()
    top = phone.locator(".md-top")
    covers = phone.evaluate("""() => { const t = document.querySelector('.md-top');
      const f = document.activeElement.getBoundingClientRect(), r = t.getBoundingClientRect();
      const shown = getComputedStyle(t).visibility !== 'hidden' && !t.hidden && r.width > 0;
      return shown && r.left < f.right && f.left < r.right && r.top < f.bottom && f.top < r.bottom; }""")
    assert not covers and (not top.is_visible() or top.evaluate("(t) => getComputedStyle(t).visibility") == "hidden")


@on_phone
def test_a_tapped_definition_leaves_its_sentence_in_view(phone: Any, served: str) -> None:
    visit(phone, served, "rk/basics/")
    term = phone.locator(".md-content p abbr").first
    term.scroll_into_view_if_needed()
    meaning = term.get_attribute("title")
    paragraph = term.locator("xpath=ancestor::p[1]")
    before = paragraph.bounding_box()
    term.tap()
    definition = phone.locator(".cx-define")
    definition.wait_for(timeout=5000)
    assert meaning and meaning in definition.inner_text()
    box, para = definition.bounding_box(), paragraph.bounding_box()
    assert para == before, "the paragraph moved or changed"
    assert box["y"] >= para["y"] + para["height"], "the definition lies over the sentence it explains"
    covering = phone.evaluate("""() => [...document.querySelectorAll('.md-tooltip2, .md-tooltip')]
      .filter((t) => t.getClientRects().length && getComputedStyle(t).display !== 'none' && getComputedStyle(t).visibility !== 'hidden').length""")
    assert covering == 0
    definition.locator("button").tap()
    assert phone.locator(".cx-define").count() == 0
