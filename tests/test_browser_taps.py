"""Issue 35 (and issue 30's touch item): at the table on a 360 px phone, every tap does what it shows.

Each test taps as a finger does (`page.touchscreen.tap` at the middle of what the reader sees):
a rule-preview control opens its own link's preview, a heading's # answers over its whole 44 px
box, a field low on the screen takes the tap that lands on the answer strip over it, closing a
definition leaves no theme tooltip open, a shared link's calculator title is not under "Back to
top", and the search reaches the Roll & Keep calculator for "6k3". Code: forum.css and
previews.js (preview controls), codex.css (heading #, strip, scroll margins), form-layout.js
(the strip), glossary-tap.js, search-where.js and mkdocs.yml's search separator.
"""

from __future__ import annotations

from typing import Any

import pytest

import calc
from calc.wording import percent
from tests.browser import READY_TIMEOUT_MS, wait_state
from tests.site_pages import visit
from tests.links import shared_link
from tests.phone import HIT_AREA, TOUCH_MIN, next_frames, once_tapped, tap_still
from tests.phone import search

pytestmark = pytest.mark.browser


def _tap_centre(page: Any, locator: Any) -> None:
    """Scroll `locator` to the middle of the screen and tap it there, once a finger could
    (tests/phone.py tap_still)."""
    locator.evaluate("(el) => el.scrollIntoView({ block: 'center' })")
    tap_still(page, locator)


def every(locator: Any, at_least: int) -> list[Any]:
    """Playwright's one locator per element found (`Locator.all`), which must be at least `at_least`."""
    found = locator.all()
    assert len(found) >= at_least, f"{len(found)} found, {at_least} expected at least"
    return found


# ---------------------------------------------------------------- preview controls
# the link a control previews: the element before it (or before the span that keeps it on its line)
LINK_OF = "(b) => (b.closest('.cx-preview-keep') || b).previousElementSibling.textContent"
# the link a tapped control opened, once the control shows as open (tests/phone.py once_tapped)
OPENED = """(b) => b.getAttribute('aria-expanded') === 'true'
  && (document.activeElement.closest('a') ? document.activeElement.textContent : null)"""

@pytest.mark.parametrize("path", ["rk/attacking/", "rk/damage/"])
def test_a_tap_on_each_preview_control_opens_its_own_links_preview(phone: Any, served: str, path: str) -> None:
    """Every control of the page's "Rulings:" lines, where neighbours sit side by side and on
    the lines above and below one another."""
    visit(phone, served, path)
    controls = phone.locator(".cx-rulings .cx-preview-tap")
    wrong = {}
    for i, control in enumerate(every(controls, 4)):
        link = control.evaluate(LINK_OF)
        _tap_centre(phone, control)   # once the preview before it has faded off it
        opened = once_tapped(phone, OPENED, control.element_handle())
        if opened != link or control.get_attribute("aria-expanded") != "true":
            wrong[f"{i}: {link}"] = opened
        else:
            _tap_centre(phone, control)   # the second tap closes it
            phone.wait_for_function("(b) => b.getAttribute('aria-expanded') === 'false'", arg=control.element_handle())
    assert wrong == {}
    # and the preview that opens is its link's: the ruling it names
    control = controls.first
    ruling = control.evaluate(LINK_OF)
    _tap_centre(phone, control)
    # (the previews opened above may still be fading out: the open one is Material's active one)
    phone.wait_for_function("""(ruling) => [...document.querySelectorAll('.md-tooltip2--active h3')]
        .some((h) => h.textContent.startsWith(ruling + ':'))""", arg=ruling, timeout=15_000)
    assert phone.url == served + path
    assert phone.watch.errors == [] and phone.watch.outside == []


def test_punctuation_after_a_preview_control_stays_on_its_line(phone: Any, served: str) -> None:
    visit(phone, served, "rk/damage/")
    lonely = phone.evaluate("""() => [...document.querySelectorAll('.cx-preview-tap')].filter((b) => {
        const next = b.parentElement.nextSibling;
        return next && next.nodeType === Node.TEXT_NODE && /^[).,;:]/.test(next.data); }).length""")
    kept = phone.locator(".cx-preview-keep", has_text=")").count()
    assert lonely == 0 and kept > 0


# ---------------------------------------------------------------- heading # links (issue 30)
def test_every_heading_link_answers_over_its_whole_44_px_target(phone: Any, served: str) -> None:
    """rk/damage/ has glossary terms and preview controls on the line under its headings."""
    visit(phone, served, "rk/damage/")
    small = {}
    for heading in every(phone.locator(".md-content :is(h2, h3) .headerlink"), 7):
        anchor = heading.get_attribute("href")
        area = phone.evaluate(HIT_AREA, [f'.md-content a.headerlink[href="{anchor}"]', TOUCH_MIN])
        if area["width"] < TOUCH_MIN or area["height"] < TOUCH_MIN:
            small[anchor] = area
    assert small == {}


# ---------------------------------------------------------------- the answer strip
FIELD_AT_FOOT = """(el) => { const r = el.getBoundingClientRect(); window.scrollBy(0, r.bottom - innerHeight + 4); }"""


@pytest.mark.parametrize("cid,path", [("rk-check", "rk/basics/"), ("rk-fight", "rk/damage/")])
def test_a_tap_on_each_field_at_the_foot_of_the_screen_focuses_it(phone: Any, served: str, cid: str, path: str) -> None:
    visit(phone, served, path)
    root = phone.locator(f'[data-calculator="{cid}"]')
    more = root.locator("details.cx-more > summary")
    if more.count():
        _tap_centre(phone, more.first)
        root.locator("details.cx-more[open]").wait_for(state="attached")
    missed = {}
    for field in every(root.locator(".cx-form .cx-field:visible :is(input, select)"), 3):
        name = field.get_attribute("name")
        field.evaluate("(el) => el.blur()")
        field.evaluate(FIELD_AT_FOOT)
        next_frames(phone)   # the strip is placed on the next frame
        box = field.bounding_box()
        phone.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        focused = once_tapped(phone, "(name) => document.activeElement.name === name && name", name) \
            or phone.evaluate("() => document.activeElement.name || document.activeElement.className")
        if focused != name:
            missed[name] = focused
    assert missed == {}
    # the field that took the focus is in view above the strip
    next_frames(phone)
    clear = phone.evaluate("""(cid) => { const peek = document.querySelector(`[data-calculator="${cid}"] .cx-peek`);
        const f = document.activeElement.getBoundingClientRect();
        return peek.hidden || f.bottom <= peek.getBoundingClientRect().top + 1; }""", cid)
    assert clear


# ---------------------------------------------------------------- glossary definitions
def test_closing_a_definition_leaves_no_tooltip_open(phone: Any, served: str) -> None:
    visit(phone, served, "rk/basics/")
    term = phone.locator(".md-content p abbr").first
    for close in ("the Close button", "the term again"):
        _tap_centre(phone, term)
        definition = phone.locator(".cx-define")
        definition.wait_for()
        if close == "the Close button":
            _tap_centre(phone, definition.locator("button"))
        else:
            _tap_centre(phone, term)
        definition.wait_for(state="detached")
        # the theme opens its tooltip for the focused term: it must not show
        phone.wait_for_selector(".md-tooltip2--active", state="attached")
        shown = phone.evaluate("""() => [...document.querySelectorAll('.md-tooltip2, .md-tooltip')]
            .filter((t) => t.getClientRects().length && getComputedStyle(t).visibility !== 'hidden').length""")
        assert shown == 0, f"a tooltip opened after closing with {close}"
        phone.evaluate("() => document.activeElement.blur()")


# ---------------------------------------------------------------- "Back to top"
@pytest.mark.parametrize("cid", ["rk-fight", "rk-opposed"])
def test_a_shared_links_title_is_not_under_back_to_top(phone: Any, served: str, cid: str) -> None:
    link, _ = shared_link(cid)
    phone.goto(served + link)
    wait_state(phone, cid, "ready", timeout=READY_TIMEOUT_MS)
    next_frames(phone)
    # Material's pill keeps its place while hidden (it fades), so where it would show is known
    title, pill = phone.evaluate("""(cid) => [document.querySelector(`#calc-${cid} .cx-calc__title`),
        document.querySelector('.md-top')].map((el) => el.getBoundingClientRect().toJSON())""", cid)
    assert title["top"] >= pill["bottom"], (title, pill)
    assert title["bottom"] <= 740


# ---------------------------------------------------------------- search
def test_6k3_in_the_search_reaches_the_roll_and_keep_calculator(phone: Any, served: str) -> None:
    visit(phone, served, "")
    results = search(phone, "6k3")
    # the search's own answer (issue 50: a lone XkY shows its chances at a few TNs) opens the calculator
    assert results[0]["links"][0].endswith("/rk/basics/#calc-rk-check"), results[0]
    # the finger lands on the first result's head, as read from the list on screen
    tap_still(phone, "a.md-search-result__link")
    phone.wait_for_function("() => location.hash === '#calc-rk-check' && location.search.includes('rolled=6')")


def test_a_ruling_id_matches_only_what_names_it(phone: Any, served: str) -> None:
    visit(phone, served, "")
    results = search(phone, "R-0045")
    assert results[0]["links"][0].endswith("/rulings/#r-0045"), results[0]
    meta = phone.locator(".md-search-result__meta").inner_text()
    matched = int(meta.split()[0]) if meta.split()[0].isdigit() else 1
    assert matched <= 3, meta


# ---------------------------------------------------------------- compare's verdict
@pytest.mark.parametrize("link,a,b", [
    ("sun/rules/?calc=sun-check&bonus=5&target=15&die=bonus&b.die=none#calc-sun-check",
     {"bonus": 5, "target": 15, "die": "bonus"}, {"bonus": 5, "target": 15, "die": "none"}),
    ("rk/basics/?calc=rk-check&rolled=6&kept=3&tn=25&b.rolled=7#calc-rk-check",
     {"rolled": 6, "kept": 3, "tn": 25}, {"rolled": 7, "kept": 3, "tn": 25}),
])
def test_a_compare_links_first_sentence_names_the_better_side(phone: Any, served: str, link: str,
                                                              a: dict[str, Any], b: dict[str, Any]) -> None:
    cid = link.split("calc=")[1].split("&")[0]
    ra, rb = calc.evaluate(cid, a), calc.evaluate(cid, b)
    key = "chance"
    better, worse = ("B", "A") if rb[key] > ra[key] else ("A", "B")
    high, low = max(ra[key], rb[key]), min(ra[key], rb[key])
    phone.goto(served + link)
    phone.wait_for_selector(f'[data-calculator="{cid}"][data-compare="on"][data-state="ready"] [data-result-b]',
                            timeout=READY_TIMEOUT_MS)
    result = phone.locator(f'[data-calculator="{cid}"] .cx-result')
    first = result.locator("p").first.inner_text()
    # the figures are printed right under it (issue 42): the sentence gives the better side and the gap
    assert first == f"{better} is better by {abs(ra[key] - rb[key]) * 100:.1f} percentage points.", (first, worse)
    shown = result.locator(".cx-figure--compare").first.locator("output").all_inner_texts()
    assert sorted(shown) == sorted([percent(high), percent(low)])
    # the sentence comes before the figures it weighs
    assert result.evaluate("(r) => r.firstElementChild.matches('p.cx-compare__verdict')")
