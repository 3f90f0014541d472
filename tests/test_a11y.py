"""Accessibility: axe-core (npm devDependency, run locally) finds nothing serious or critical
on any kind of page, in the light and the dark theme (the dark theme changes only colours, so
there axe checks the rules about colour: contrast, and links told apart from text). Each page
is opened once and audited in one theme, then in the other, switched by the header's toggle.

Page kinds: home, the first page of each game and of every other section, a page with content
tabs, a page with a data table, the calculators page, the glossary, the 404 page, and a
calculator in its error state. Fixes live in docs/assets/css/codex.css (contrast, underlined
links, the stale result) and overrides/partials (names for Material's search dialog and
progress bar).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
import time
from typing import Any, Iterator

import pytest

import calc
from macros.contracts.site_index import content_pages
from macros.games import GAMES
from tests.axe import AXE, THEMES, audit
from tests.browser import READY_TIMEOUT_MS
from tests.param_values import kind
from tests.site_pages import SETTLED, calculator_pages, visit
from tests.support import ROOT

pytestmark = pytest.mark.browser

# rules whose answer depends on the colour scheme; a theme other than the light one is audited on these
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def error_state_url(site: Path) -> tuple[str, str]:
    """A page with one calculator, linked with a whole number one past its maximum."""
    for key, ids in sorted(calculator_pages(site).items(), key=lambda kv: len(kv[1])):
        for cid in ids:
            for p in calc.CALCULATORS[cid].params:
                if kind(p) == "int":
                    return f"{key}?calc={cid}&{p.name}={p.maximum + 1}", cid
    raise AssertionError("no calculator with a whole-number input")


def page_kinds(site: Path) -> dict[str, str]:
    """Kind of page -> its URL path (with a query for the error state).

    Home, the first page of every top-level section (calculators, glossary, a printable
    book, rulings...), a rules page of each game, a page with content tabs, one with a data
    table, the 404 page and a calculator showing an error.
    """
    pages = sorted(content_pages(site))
    kinds = {"home": ""}
    for key in pages:
        section = key.split("/")[0]
        if section in GAMES and key != f"{section}/":
            kinds.setdefault(f"{GAMES[section]} rules page", key)
        elif section and section not in GAMES:
            kinds.setdefault(f"section {section}", key)
    texts = {key: (site / key / "index.html").read_text(encoding="utf-8") for key in pages if key.endswith("/")}
    reading = {k: t for k, t in texts.items() if not k.startswith("print/")}
    kinds["content tabs"] = next(k for k, t in reading.items() if 'class="tabbed-set' in t)
    kinds["data table"] = next(k for k, t in reading.items() if "<table" in t.split("<article")[1] and "data-calculator" not in t)
    kinds["404"] = "404.html"
    kinds["calculator error"] = error_state_url(site)[0]
    return kinds


@pytest.fixture()
def axe_page(browser: Any, served: str) -> Iterator[Any]:
    """A desktop tab that prefers the light theme (Material's first choice follows
    prefers-color-scheme; a page opened after the toggle keeps what the reader picked).
    bypass_csp lets axe be added as a <script> (the site's policy allows no inline script);
    service workers are off so no offline caching competes with the audit."""
    assert AXE.is_file(), "axe-core missing: run `npm ci` (make setup)"
    ctx = browser.new_context(bypass_csp=True, service_workers="block", color_scheme="light",
                              viewport={"width": 1280, "height": 900})
    yield ctx.new_page()
    ctx.close()


def test_no_serious_or_critical_violations(axe_page: Any, served: str, site_dir: Path) -> None:
    """Every rule in the light scheme; in the dark one, the rules about colour (COLOUR_RULES)."""
    kinds = page_kinds(site_dir)
    with_calculators = calculator_pages(site_dir)
    error_url, error_cid = error_state_url(site_dir)
    found: list[str] = []
    impacts: Counter[str] = Counter()
    timings: list[str] = []
    audits: dict[str, str] = {}   # one audit per URL: a page can be of several kinds
    for kind, url in kinds.items():
        audits[url] = f"{audits[url]}, {kind}" if url in audits else kind
    for url, kind in audits.items():
        visit(axe_page, served, url)
        if url.split("?")[0] in with_calculators:
            axe_page.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
        if url == error_url:
            state = axe_page.get_attribute(f'[data-calculator="{error_cid}"]', "data-state")
            assert state == "error"
        began = time.perf_counter()
        axe_page.add_script_tag(path=str(AXE))
        for theme in THEMES:
            for violation in audit(axe_page, theme, None if theme == "light" else COLOUR_RULES):
                impacts[violation["impact"]] += violation["count"]
                if violation["impact"] in ("serious", "critical"):
                    found.append(f"{kind} ({url}), {theme} theme: {violation['id']} {violation['impact']} "
                                 f"x{violation['count']} {violation['nodes']}")
        timings.append(f"{url or '/'} {time.perf_counter() - began:.1f}s")
    print(f"\naxe, {len(kinds)} page kinds, both themes: violations by impact {dict(impacts) or 0}; {timings}")
    assert found == [], "\n".join(found)
