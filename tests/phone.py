"""What phone tests share: the touch target minimum, a hit-area check, frames to wait for, and typing into the search."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from scripts.harness import LOCATION_DEBOUNCE_MS, SEARCH_SETTLED

TOUCH_MIN = 44


def next_frames(page: Any) -> None:
    """Wait until the page has painted twice: what it placed on the next frame is in place."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


# Chromium makes the click (and the focus a tap gives) out of a touch only after the touch itself has
# been answered, and `touchscreen.tap` returns at that answer: on a busy machine the click comes
# later. So what a tap did is read once it shows, waiting at most TAP_MS.
TAP_MS = 5_000


def once_tapped(page: Any, expression: str, arg: Any = None) -> Any:
    """`expression`'s value once it is truthy after a tap, or None if it is not within TAP_MS."""
    try:
        return page.wait_for_function(expression, arg=arg, timeout=TAP_MS).json_value()
    except PlaywrightTimeout:
        return None


# Where a finger taps an element (the first a selector finds, or an element handle; `dy` px below its
# top, or at its middle if it is shorter or `dy` is None), once a reader could: the spot is on the
# screen as the page is drawn at its own size (the visual viewport, unzoomed), a touch there lands
# on the element (nothing else lies over it), and the element and the spot have held still for two
# frames. On a phone Material's search waits beside the screen before it slides in, and it may draw
# its list again while the page is busy: a spot read off a panel not yet in view (a tap there landed
# on <html>) or off a card drawn before would miss.
STILL_SPOT = """([pick, dy]) => {
  const target = typeof pick === 'string' ? document.querySelector(pick) : pick;
  if (!target) return null;
  const box = target.getBoundingClientRect();
  const spot = [box.left + box.width / 2, box.top + Math.min(dy ?? Infinity, box.height / 2)];
  const before = window.__cxSpot;
  window.__cxSpot = { target, spot };
  const view = window.visualViewport;
  const onScreen = view.scale === 1 && spot[0] >= 0 && spot[1] >= 0 && spot[0] < view.width && spot[1] < view.height;
  const still = before && before.target === target && before.spot[0] === spot[0] && before.spot[1] === spot[1];
  return onScreen && still && target.contains(document.elementFromPoint(...spot)) ? spot : null;
}"""

AT_SPOT = """() => { const last = window.__cxSpot; if (!last) return 'nothing found';
  const hit = document.elementFromPoint(...last.spot);
  return { spot: last.spot, screen: [visualViewport.width, visualViewport.height, visualViewport.scale],
           hit: hit ? hit.tagName + '.' + hit.className : null }; }"""


def tap_still(page: Any, target: Any, dy: float | None = None) -> None:
    """A finger on `target`, where it is on screen and still (STILL_SPOT). A selector is looked up
    afresh each frame, so it follows a list drawn again (the search's results); a Locator is held to
    the element it finds first (a control that stays where it is)."""
    pick = target if isinstance(target, str) else target.element_handle()
    try:
        spot = page.wait_for_function(STILL_SPOT, arg=[pick, dy]).json_value()
    except PlaywrightTimeout as stopped:   # what lay at the spot last read, for the report
        raise AssertionError(f"no still spot on {target}: {page.evaluate(AT_SPOT)}") from stopped
    page.touchscreen.tap(*spot)


# ---------------------------------------------------------------- item 6: touch targets
HIT_AREA = """([selector, min]) => {
  // the area a finger can hit: from the target's centre, how far each way the target (or the
  // label that works it) still answers elementFromPoint
  const el = document.querySelector(selector);
  if (!el) return null;
  el.scrollIntoView({ block: 'center' });
  const r = el.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  const mine = (x, y) => { const hit = document.elementFromPoint(x, y);
    return hit !== null && (el.contains(hit) || hit.contains(el) && hit.tagName === 'LABEL' || (el.labels && [...el.labels].some((l) => l.contains(hit)))); };
  const reach = (dx, dy) => { let d = 0; while (d < min && mine(cx + dx * (d + 1), cy + dy * (d + 1))) d++; return d; };
  return { width: reach(-1, 0) + reach(1, 0) + 1, height: reach(0, -1) + reach(0, 1) + 1, box: [r.width, r.height] };
}"""
RESULTS = """() => [...document.querySelectorAll('.md-search-result__item')].map((li) => ({
  where: (li.querySelector('.cx-search-where') || {}).textContent || '',
  links: [...li.querySelectorAll('a.md-search-result__link')].map((a) => new URL(a.href).pathname + new URL(a.href).hash),
}))"""


def type_in_search(page: Any, text: str) -> None:
    """A reader on a phone taps the search icon (unless the search is open) and types `text` (keys, not a paste), once the search
    and its answers are ready: Material closes a search opened within 125 ms of a navigation, and
    locks the page as it opens (scripts/harness.py)."""
    page.wait_for_timeout(LOCATION_DEBOUNCE_MS)
    if not page.locator(".md-search__input").is_visible():
        page.locator("header label[for=__search]").first.tap()
        page.wait_for_selector('.md-search[data-answers="ready"]', state="attached")
        page.wait_for_function(SEARCH_SETTLED)
    page.locator(".md-search__input").fill("")   # an open search's last query goes first
    page.keyboard.type(text)


def search(page: Any, query: str) -> list[dict]:
    """The results Material's search lists for `query`, once they are the answer to all of it.

    Material reads the box on each key released. The box is emptied first (the list goes away),
    then the query is pasted and one key (End) released, as a reader pasting an ID from a forum
    post does: the first list that comes back answers the whole query, not a keystroke of it. It
    counts once every result carries the section it lives in (search-where.js).

    Material closes the search 125 ms after the location last changed (its bundle debounces
    location$ and hash$ into `at("search", !1)`), so a search opened right after an instant
    navigation was closed under the test, as no reader could be that fast: that is waited out, and
    on a phone the page's lock as the search opens (scripts/harness.py)."""
    page.wait_for_timeout(LOCATION_DEBOUNCE_MS)
    if not page.locator(".md-search__input").is_visible():
        page.locator("label[for=__search]").first.click()
        page.wait_for_function(SEARCH_SETTLED)
    box = page.locator(".md-search__input")
    box.fill("")
    box.press("End")
    page.wait_for_function("() => !document.querySelector('.md-search-result__item')", timeout=15000)
    box.fill(query)
    box.press("End")
    page.wait_for_function(
        """(q) => {
          const items = [...document.querySelectorAll('.md-search-result__item')];
          return document.querySelector('.md-search__input').value === q && items.length > 0
            && items.every((li) => li.querySelector('.cx-search-where'));
        }""",
        arg=query, timeout=15000,
    )
    return page.evaluate(RESULTS)
