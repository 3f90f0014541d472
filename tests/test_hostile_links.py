"""Hostile links: a crafted `?query` or `#hash` never runs script and never breaks a page.

The URL query fills a calculator's form (README, "The testing contract"), so a link is input
from a stranger. Each markup payload below goes into every field (and an unknown key) of every
calculator, on the calculator's own page; each payload about the link's shape (its length,
broken escapes, odd keys, a wrong calculator id) goes to a page with many calculators and to one
with a single one. The page must run none of it, show it only as text or reject it with the
field's message, settle on `ready` or `error` (never stuck `busy`) and log no console error.
Every page gets markup through the `#hash` in tests/test_every_page.py's tour.

Navigation is Material's instant navigation (a clicked link), as a reader following links
gets it, so Pyodide boots once for the whole module.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator
from urllib.parse import quote

import pytest

import calc
from tests.browser import REPLY_CLOCK, reply_to_paint_ms, wait_state
from tests.support import PageWatch
from tests.site_pages import SETTLED, calculator_pages, headline_key, navigate, set_form, wait_for_close_result
from tests.links import INSPECT, VALUES

pytestmark = pytest.mark.browser

LONG = "<b>" + "9" * 10_240 + "</b>"  # 10 KB: in the first field only (servers cap a URL's length)


def hostile_queries(calculator_id: str, explicit: bool) -> dict[str, str]:
    """Payload name -> query string (already percent-encoded, or deliberately broken)."""
    fields = [p.name for p in calc.CALCULATORS[calculator_id].params]
    lead = f"calc={quote(calculator_id)}&" if explicit else ""

    def everywhere(value: str) -> str:
        return "&".join(f"{f}={quote(value, safe='')}" for f in [*fields, "evil"])

    queries = {name: lead + everywhere(value) for name, value in VALUES.items()}
    queries["ten-kilobytes"] = lead + f"{fields[0]}={quote(LONG, safe='')}&evil={quote(LONG, safe='')}"
    queries["broken-percent"] = lead + "&".join(f"{f}=%E0%A4%A{i % 2 and '%ZZ' or '%'}" for i, f in enumerate(fields)) + "&%=%G1"
    queries["prototype-keys"] = lead + "__proto__=%3Cimg%20src%3Dx%3E&constructor=1&hasOwnProperty=2&toString=3"
    queries["search-highlight"] = lead + f"h={quote(VALUES['img-onerror'], safe='')}&" + everywhere("1")  # Material's ?h=
    queries["unknown-calculator"] = "calc=no-such-calculator&" + everywhere(VALUES["img-onerror"])
    queries["calculator-id-html"] = f"calc={quote(VALUES['img-onerror'], safe='')}&" + everywhere("1")
    return queries


PAYLOAD_NAMES = list(hostile_queries("sun-check", False))
# What a calculator does with a value depends on its fields (a number, a choice, a checkbox, an
# expression), so these go to every calculator; the rest test how the page reads the link, the
# same code on every page, so they go to one page of each kind (one calculator, many).
IN_EVERY_FIELD = list(VALUES)
ABOUT_THE_LINK = [name for name in PAYLOAD_NAMES if name not in VALUES]


@pytest.fixture(scope="module")
def hostile_page(context: Any, served: str) -> Iterator[Any]:
    page = context.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    page.add_init_script(REPLY_CLOCK)
    page.goto(served)
    yield page
    page.close()


def own_pages(pages: dict[str, list[str]]) -> dict[str, str]:
    """Calculator id -> the page with the fewest calculators that has it (its rule's page)."""
    return {cid: key for key, ids in sorted(pages.items(), key=lambda kv: -len(kv[1])) for cid in ids}


def hostile_links(pages: dict[str, list[str]]) -> list[tuple[str, str, str]]:
    """(page, calculator aimed at, payload name) for every link the test opens, in order."""
    own = own_pages(pages)
    links = [(own[cid], cid, name) for name in IN_EVERY_FIELD for cid in sorted(own)]
    busiest = max(pages, key=lambda key: (len(pages[key]), key))
    singles = sorted(key for key, ids in pages.items() if len(ids) == 1)
    single = next((key for key in singles if key not in own.values()), singles[0])   # every page gets links
    for number, name in enumerate(ABOUT_THE_LINK):
        links += [(key, pages[key][number % len(pages[key])], name) for key in (busiest, single)]
    return links


def test_hostile_queries_on_every_calculator_page(hostile_page: Any, served: str, site_dir: Path) -> None:
    """A page with several calculators gets the payload aimed at one of them (`calc=`), a page
    with one gets it without `calc=`."""
    pages = calculator_pages(site_dir)
    assert pages, "no built page has a calculator"
    links = hostile_links(pages)
    problems: list[str] = []
    painted: list[tuple[float, str]] = []   # from the worker's reply to a painted page, for the report
    for key, cid, name in links:   # navigate() detours through the home page when a link stays on its page
        navigate(hostile_page, served, f"{key}?{hostile_queries(cid, len(pages[key]) > 1)[name]}")
        hostile_page.wait_for_function(SETTLED)
        problems += [f"{key} {cid} {name}: {bad}" for bad in hostile_page.evaluate(INSPECT)]
        painted.append((reply_to_paint_ms(hostile_page), f"{key} {cid} {name}"))
    assert problems == []
    every = {cid for ids in pages.values() for cid in ids}
    assert {(cid, name) for _, cid, name in links} >= {(cid, name) for cid in every for name in IN_EVERY_FIELD}
    assert {name for _, _, name in links} == set(PAYLOAD_NAMES)
    assert {key for key, _, _ in links} == set(pages), "some calculator page was never opened"
    assert hostile_page.watch.errors == [], f"console errors: {hostile_page.watch.errors}"
    assert hostile_page.watch.outside == []
    print(f"\nhostile queries: {len(IN_EVERY_FIELD)} payloads x {len(every)} calculators and "
          f"{len(ABOUT_THE_LINK)} x 2 pages = {len(links)} links over {len({key for key, _, _ in links})} pages; "
          "slowest from the worker's reply to a painted page: {:.0f} ms ({})".format(*max(painted)))


def test_each_calculator_recovers_after_a_hostile_link(hostile_page: Any, served: str, site_dir: Path) -> None:
    """The reader can fix the form: put the defaults back and get the right answer."""
    for cid, key in sorted(own_pages(calculator_pages(site_dir)).items()):
        navigate(hostile_page, served, f"{key}?{hostile_queries(cid, True)['img-onerror']}")
        wait_state(hostile_page, cid, "error")
        defaults = calc.CALCULATORS[cid].defaults()
        set_form(hostile_page, cid, defaults)
        wait_for_close_result(hostile_page, cid, headline_key(cid), defaults)
    assert hostile_page.watch.errors == []


def test_a_malformed_percent_hash_logs_no_error(page: Any, served: str) -> None:
    """`decodeURIComponent` throws on "#%E0%A4%A"; followMovedAnchor must not let it escape."""
    page.goto(served + "sun/rules/#%E0%A4%A")
    # Material's document$ replays the page to a late subscriber after codex.js bound it (and
    # followMovedAnchor read the hash); one more task lets any error surface
    page.evaluate("() => new Promise((done) => window.document$.subscribe(() => setTimeout(done)))")
    assert page.evaluate("() => window.__pwned") is None
    assert page.watch.errors == []
