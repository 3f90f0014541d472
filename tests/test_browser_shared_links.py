"""A shared link lands on its answer (issue 18 items 1 and 2), for every calculator.

Served as a phone gets it (scripts/phone_host.py: gzipped, throttled, with latency), at 360 px
with touch. From the first mutation of the page to the live answer, the linked calculator never
shows a figure worked out for other inputs than the link's: a line says what is being worked
out (and how far the download has got) in the figures' place, the phone's headline strip too.
Once ready, the question in words and the answer are in the first screen, above the form; and a
link as the site serves it (its built answer, or the runtime's where none is built) lands with no
layout shift over 0.1, to every calculator of its page answered live (tests/layout_shift.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlencode

import pytest

import calc
from codex_view.links import page_url
from scripts.phone_host import Link, PhoneHost
from calc.built.questions import is_built
from calc.question import Question
from tests.browser import READY_TIMEOUT_MS
from tests.support import PageWatch, free_port, phone_context
from tests.layout_shift import GOOD, SHIFTS, landed_shift
from tests.site_pages import headline_key, nudged_params
from tests.links import shared_link

pytestmark = pytest.mark.browser

# Before any page script: every change of the linked calculator, as a reader would see it.
WATCH = """
window.__log = [];
// read after every other observer of the same change (linked.js marks the calculator in one),
// and only once codex.css applies: before that the page is not drawn at all
new MutationObserver(() => queueMicrotask(() => {
  const id = new URLSearchParams(location.search).get('calc');
  const root = document.getElementById('calc-' + id);
  if (!root || !root.querySelector('.cx-result')) return;
  if (getComputedStyle(root).borderLeftStyle !== 'solid') return;   // codex.css not in yet
  const seen = (el) => el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : el.offsetParent !== null;
  const figures = [...root.querySelectorAll('[data-result]')].filter(seen);
  const peek = root.querySelector('.cx-peek');
  window.__log.push({
    state: root.dataset.state,
    stale: root.hasAttribute('data-stale'),
    shown: figures.map((f) => [f.dataset.result, f.dataset.value]),
    pending: [...root.querySelectorAll('.cx-pending')].filter(seen).map((p) => p.textContent),
    peek: peek ? peek.textContent : '',
  });
})).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""


def NONE_BUILT(route: Any) -> None:   # a build that answered no question of the calculator
    route.fulfill(json={"slugs": []})


@pytest.fixture(scope="module")
def phone_link(site_dir: Path) -> Iterator[str]:
    """The session's build over a phone's link: 40 Mbit/s with 40 ms round trips, gzipped. Its
    site_url names the session's server, not this host: these tests open links by full loads,
    which need nothing from site_url (only instant navigation compares links with it)."""
    port = free_port()
    host = PhoneHost(site_dir, port, Link(mbit=40, rtt_ms=40)).start()
    yield f"http://127.0.0.1:{port}/"
    host.shutdown()


@pytest.fixture(scope="module")
def handset(browser: Any, phone_link: str) -> Iterator[Any]:
    with phone_context(browser, phone_link, init_script=WATCH + SHIFTS) as ctx:
        yield ctx


@pytest.mark.parametrize("answered", ["built", "runtime"])
@pytest.mark.parametrize("cid", sorted(calc.CALCULATORS))
def test_a_shared_link_shows_only_its_own_answer_and_shows_it_first(handset: Any, phone_link: str, cid: str,
                                                                   answered: str) -> None:
    """Answered by the build (issue 47: the link's question is built) or, its stored answer refused, by the runtime."""
    link, params = shared_link(cid)
    key = headline_key(cid)
    expected = calc.evaluate(cid, params)[key]
    built = answered == "built"
    stored = is_built(Question.of(cid, params))
    as_served = built or not stored   # the page as the site serves it: no route changes what it gets
    if built and not stored:
        pytest.skip(f"the build does not answer {link}: a dice expression is built at its defaults only")
    page = handset.new_page()
    page.watch = PageWatch(page, phone_link.rstrip("/"))
    if not built:   # a build that answered nothing: the calculator's list of built questions is empty (the
        # context's route: the service worker, which passes built answers on, fetches it for the page)
        handset.route("**/built.json", NONE_BUILT)
    try:
        page.goto(phone_link + link)
        page.wait_for_function(
            """(id) => { const r = document.getElementById('calc-' + id);
                         return r && r.dataset.state === 'ready' && !r.hasAttribute('data-stale'); }""",
            arg=cid, timeout=READY_TIMEOUT_MS)
        log = page.evaluate("window.__log")
        live = next(i for i, e in enumerate(log) if e["state"] == "ready" and not e["stale"])
        before = log[:live]
        # no figure at all on screen before the answer for the link's inputs
        assert [e for e in before if e["shown"]] == [], f"{cid}: a figure for other inputs was on screen"
        assert built or any(e["pending"] and e["pending"][0].startswith("Working out the answer") for e in before), \
            f"{cid}: the page never said what it was working out"
        assert page.evaluate("(id) => document.getElementById('calc-' + id).hasAttribute('data-built-address')", cid) == built
        shown = dict(map(tuple, log[-1]["shown"]))
        assert abs(float(shown[key]) - expected) <= 1e-12 * max(1.0, abs(expected)), (cid, shown[key], expected)
        # the question and the answer in the first screen, the form below them
        box = page.evaluate(
            """(id) => { const r = document.getElementById('calc-' + id);
                         const q = r.querySelector('.cx-question'), f = r.querySelector('[data-result]');
                         const form = r.querySelector('form');
                         const rect = (el) => el.getBoundingClientRect().toJSON();
                         return {question: q && q.textContent, q: q && rect(q), figure: rect(f), form: rect(form),
                                 height: window.innerHeight}; }""", cid)
        assert box["question"] and box["question"].startswith("Asked: "), box
        assert 0 <= box["q"]["top"] and box["figure"]["bottom"] <= box["height"], f"{cid}: answer not in the first screen {box}"
        assert box["form"]["top"] >= box["figure"]["bottom"], f"{cid}: the form is above the answer"
        if as_served:   # and the page held still while it landed, every calculator of it answered live
            shift, entries = landed_shift(page)
            print(f"\nlayout shift landing on {link} (phone): {shift:.3f}")
            assert shift <= GOOD, entries
        assert page.watch.errors == [] and page.watch.outside == []
    finally:
        page.close()
        handset.unroute("**/built.json", NONE_BUILT)


def test_the_headline_strip_carries_the_loading_line(handset: Any, phone_link: str) -> None:
    """With the form in view and the answer not (a reader scrolled to edit), the strip says
    what is being worked out rather than a figure."""
    link, params = shared_link("rk-check")
    page = handset.new_page()
    handset.route("**/built.json", NONE_BUILT)   # the runtime answers
    try:
        page.goto(phone_link + link)
        page.wait_for_function("() => window.__log.some((e) => e.pending.length)", timeout=READY_TIMEOUT_MS)
        page.wait_for_function("() => document.getElementById('calc-rk-check').dataset.state === 'ready'",
                               timeout=READY_TIMEOUT_MS)
        peeks = [e["peek"] for e in page.evaluate("window.__log") if e["pending"] and e["peek"]]
        assert peeks and all(p.startswith("Working out the answer for ") for p in peeks), peeks
    finally:
        page.close()
        handset.unroute("**/built.json", NONE_BUILT)
