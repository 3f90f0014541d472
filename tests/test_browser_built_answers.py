"""A linked question the build answered arrives answered, with no runtime (issue 47 item 2).

On a 360 px touch screen with every request for the runtime refused (Pyodide, the wheel, the
snapshot under assets/pyodide/, and the worker's script), a shared link to a built rk-check,
sun-check and pool-check question shows calc's figures for exactly the link's settings, marked with
the question's address (data-built-address), and the page holds still (layout shift at most 0.1).
Changing a field takes the mark away; a link the build did not answer asks the runtime as before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

import calc
from calc.built.addresses import odds_path
from calc.built.questions import is_built
from calc.question import Question
from tests.browser import root
from tests.layout_shift import SHIFTS
from tests.support import RUNTIME_FILES, phone_page

pytestmark = pytest.mark.browser

WORKER = "**/assets/js/worker.mjs"
LINKS = (
    "rk/basics/?calc=rk-check&rolled=6&kept=3&tn=25#calc-rk-check",
    "sun/rules/?calc=sun-check&bonus=7&target=15&die=bonus#calc-sun-check",
    "pool/melee/?calc=pool-check&dice=6&black=1&need=2#calc-pool-check",
)


@pytest.fixture()
def no_runtime(browser: Any, served: str) -> Iterator[Any]:
    """A phone whose every runtime request is refused and listed: the runtime's files wherever they
    are asked from, and the worker's script as the page asks for it (the service worker keeps a
    copy of that script at install, so it is refused at the page only)."""
    with phone_page(browser, served, refused=RUNTIME_FILES, init_script=SHIFTS) as page:
        page.route(WORKER, lambda route: (page.refused.append(route.request.url), route.abort()))
        yield page
        assert page.watch.outside == []


def shown_figures(page: Any, cid: str) -> dict[str, float]:
    return page.evaluate("""(cid) => Object.fromEntries([...document.querySelectorAll(
        `[data-calculator="${cid}"] .cx-result [data-result][data-value]`)].map((el) => [el.dataset.result, Number(el.dataset.value)]))""", cid)


@pytest.mark.parametrize("link", LINKS)
def test_a_built_link_shows_calcs_figures_with_the_runtime_refused(no_runtime: Any, served: str, link: str) -> None:
    page = no_runtime
    question = Question.from_query(link.split("?", 1)[1].split("#")[0])
    assert is_built(question)
    cid = question.calculator
    page.goto(served + link)
    page.wait_for_selector(f'[data-calculator="{cid}"][data-built-address][data-state="ready"]')
    assert page.refused == []     # nothing of the runtime was asked for before the answer showed
    assert root(page, cid).get_attribute("data-built-address") == odds_path(question)
    expected = calc.evaluate(cid, question.params())
    figures = shown_figures(page, cid)
    assert figures and all(abs(value - expected[key]) <= 1e-12 for key, value in figures.items()), (figures, expected)
    assert root(page, cid).locator(".cx-result").is_visible()
    assert page.evaluate("window.__shift") <= 0.1
    # an edit asks the runtime (refused here): the mark goes with the inputs it was for
    field = root(page, cid).locator("form input[type=number]").first
    field.click()
    field.press("ArrowUp")
    page.wait_for_function(f'!document.querySelector(\'[data-calculator="{cid}"]\').hasAttribute("data-built-address")')


def test_a_link_the_build_did_not_answer_asks_the_runtime(no_runtime: Any, served: str) -> None:
    page = no_runtime
    link = "rk/basics/?calc=rk-check&rolled=13&kept=3&tn=25#calc-rk-check"
    assert not is_built(Question.from_query(link.split("?", 1)[1].split("#")[0]))
    with page.expect_request(lambda r: "/assets/pyodide/" in r.url or r.url.endswith("worker.mjs")):
        page.goto(served + link)
    assert root(page, "rk-check").get_attribute("data-built-address") is None


def test_the_runtime_stays_refused_once_the_service_worker_controls_the_page(no_runtime: Any, served: str,
                                                                             site_dir: Path) -> None:
    """What this file stands on: the phone never reaches the runtime. The Codex's service worker
    takes over a page soon after it loads (docs/sw.js), and from then on the page's requests go
    out as the service worker's; those are refused as well."""
    page = no_runtime
    page.goto(served + LINKS[0])
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    runtime = json.loads((site_dir / "assets" / "pyodide" / "runtime.json").read_text(encoding="utf-8"))
    for path in ("runtime.json", runtime["core"] + "pyodide.mjs", runtime["snapshot"]):
        url = f"{served}assets/pyodide/{path}"
        got = page.evaluate("(url) => fetch(url).then((answer) => answer.status, () => 'refused')", url)
        assert got == "refused" and url in page.refused, (path, got)
