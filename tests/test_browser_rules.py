"""Reading the rules on a phone: glossary tooltips by tap, copy-link headings, search (every page
at 360 px: tests/test_every_page.py).

Rules pages: docs/sun/, docs/rk/, docs/pool/; glossary data: calc/data/glossary_<game>.json.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from macros.glossary import terms
from macros.contracts.site_index import content_pages

pytestmark = pytest.mark.browser


def _shared_term() -> tuple[str, dict[str, str]]:
    """A term two games define differently, with each game's definition."""
    by_game = {g: {t["term"]: t["definition"] for t in terms(g)} for g in ("sun", "rk", "pool")}
    for term in sorted(by_game["sun"]):
        defs = {g: d[term] for g, d in by_game.items() if term in d}
        if len(set(defs.values())) > 1:
            return term, defs
    pytest.fail("no term is defined by two games; add one (e.g. Brawn) to test per-game tooltips")


def _page_with_term(site_dir: Any, game: str, term: str) -> str:
    for key in content_pages(site_dir):
        if key.startswith(game + "/"):
            html = (site_dir / key / "index.html").read_text()
            if f">{term}</abbr>" in html:
                return key
    pytest.fail(f"no {game} page shows the glossary term {term!r}")


def test_tapping_a_term_shows_its_own_games_definition(phone: Any, served: str, site_dir: Any) -> None:
    term, definitions = _shared_term()
    for game, definition in definitions.items():
        phone.goto(served + _page_with_term(site_dir, game, term))
        abbr = phone.locator(".md-content abbr:visible", has_text=term).first
        abbr.scroll_into_view_if_needed()
        abbr.tap()
        tip = phone.locator(".md-tooltip2--active")
        tip.wait_for(state="visible", timeout=5000)
        assert definition[:40] in tip.inner_text(), f"{game}: wrong definition for {term}"


def test_heading_link_copies_the_rules_share_address(phone: Any, served: str) -> None:
    phone.goto(served + "sun/rules/")
    link = phone.locator('#sun-basic-roll .headerlink, #sun-basic-roll ~ .headerlink, a.headerlink[href="#sun-basic-roll"]').first
    link.tap()
    # the note follows the clipboard write, which is asynchronous: wait for it
    phone.locator(".cx-flash", has_text="Link copied").wait_for(state="visible", timeout=5000)
    assert phone.evaluate("navigator.clipboard.readText()") == served + "s/sun-basic-roll/"


SUBSECTIONS = {"bonus and penalty dice": "sun-bonus-penalty-dice", "wound checks": "rk-wound-checks",
               "massive damage": "pool-massive-damage"}   # one of each game


def test_search_finds_subsection_headings(page: Any, served: str) -> None:
    """Each query typed in turn into one open search, as a reader tries one word after another."""
    page.goto(served)
    page.locator("label.md-search__icon, .md-search__input").first.click()
    box = page.locator(".md-search__input")
    prompt = ".md-search-result__meta:has-text('Type to start searching')"
    missed = []
    for query, anchor in SUBSECTIONS.items():
        box.fill("")
        # Material ignores typing until its search index is loaded, and shows this prompt again
        # once the box is empty: the results below are then the new query's alone
        page.wait_for_selector(prompt, timeout=15_000)
        box.press_sequentially(query, delay=40)
        try:
            page.wait_for_selector(f'.md-search-result a[href*="#{anchor}"]', state="attached", timeout=15_000)
        except PlaywrightTimeout:
            missed.append(f"{query!r} does not find #{anchor}")
    assert missed == []
