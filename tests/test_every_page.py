"""Every page, visited once in one tab on a 360 px touch screen, as a reader goes: the home
page, the 404 page and the first page with a calculator by full loads (the theme, Pyodide and
the wheel), every other page by a followed link (instant navigation: what a page adds, its HTML,
images, calculators; the calculators' worker is not restarted each time). All the pages share
one theme, so the full loads fetch everything any page's <head> can ask for. Each address
carries markup in its `#hash`, as a crafted link would (tests/test_hostile_links.py sends the
`?query` kind to every calculator).

The tour is taken once and its record read by each test below:
- no page requests anything outside the site's origin, and none breaks its content policy
  (README, "Self-contained"; tests/test_offline.py covers working offline);
- the hash runs nowhere and becomes no markup, on any page, and no page logs an error;
- no page is wider than the phone's screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from macros.contracts.site_index import content_pages
from tests.browser import READY_TIMEOUT_MS
from tests.support import PHONE
from tests.site_pages import SETTLED, calculator_pages, navigate
from tests.links import HASH, INSPECT
from tests.offline_files import CSP_LISTEN

pytestmark = pytest.mark.browser


@dataclass
class Tour:
    visited: list[str] = field(default_factory=list)       # page keys, in the order opened
    with_calculators: int = 0
    seen: set[str] = field(default_factory=set)            # every URL requested, without its query
    outside: list[str] = field(default_factory=list)       # requests that left the origin
    violations: dict[str, list[str]] = field(default_factory=dict)   # page -> its policy violations
    injected: list[str] = field(default_factory=list)      # what INSPECT found, per page
    errors: list[str] = field(default_factory=list)        # console errors and uncaught exceptions
    widths: dict[str, int] = field(default_factory=dict)   # page -> its document's scroll width, px


@pytest.fixture(scope="module")
def tour(phone: Any, served: str, site_dir: Path) -> Tour:
    """The tour, in conftest's 360 px touch tab (whose PageWatch collects console errors)."""
    origin = served.rstrip("/")
    record = Tour()

    def requested(request: Any) -> None:
        record.seen.add(request.url.split("?")[0])
        if not request.url.startswith((origin + "/", "data:", "blob:")):
            record.outside.append(request.url)

    pages = sorted(content_pages(site_dir))
    with_calculators = calculator_pages(site_dir)
    record.with_calculators = len(with_calculators)
    # the 404 page is opened at its own address, which the server answers with 200
    full_loads = {"", "404.html", next(iter(with_calculators), "")}
    page = phone
    page.add_init_script(CSP_LISTEN)
    page.context.on("request", requested)   # the workers' requests too
    try:
        for key in sorted(full_loads) + [k for k in pages if k not in full_loads]:
            if key in full_loads:   # Material's inline scripts read the hash on a full load
                page.goto(served + key + HASH, wait_until="load")
            else:
                navigate(page, served, key + HASH)   # returns once the page is swapped in
            if key in with_calculators:
                page.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
            record.violations[key] = page.evaluate("() => window.__violations.splice(0)")   # this page's
            record.injected += [f"{key or '/'}: {bad}" for bad in page.evaluate(INSPECT)]
            record.widths[key] = page.evaluate("document.documentElement.scrollWidth")
            assert page.evaluate("() => location.pathname") == urlsplit(served + key).path, key
            record.visited.append(key)
    finally:
        page.context.remove_listener("request", requested)
    record.errors = list(page.watch.errors)
    print(f"\nvisited {len(record.visited)} pages ({record.with_calculators} with calculators), "
          f"{len(record.seen)} distinct URLs requested, {len(record.outside)} outside the origin")
    return record


def test_every_page_was_visited(tour: Tour, site_dir: Path) -> None:
    assert set(tour.visited) >= set(content_pages(site_dir)) | {"404.html"}


def test_no_page_requests_anything_outside_the_origin(tour: Tour) -> None:
    assert any(u.endswith("pyodide.asm.wasm.gz") for u in tour.seen) or not tour.with_calculators
    assert tour.outside == []
    assert {key: found for key, found in tour.violations.items() if found} == {}


def test_html_in_the_hash_runs_on_no_page(tour: Tour) -> None:
    assert tour.injected == []
    assert tour.errors == [], f"console errors: {tour.errors}"


def test_every_page_fits_a_360px_phone(tour: Tour) -> None:
    assert {key or "/": width for key, width in tour.widths.items() if width > PHONE["width"]} == {}
