"""Loading the calculator runtime as a reader on a phone meets it (issue 10 items 3-7, issue 14 item 8).

- A shared link shows no figure (data-stale, aria-busy, a line saying what is being worked out)
  until the live answer for its inputs arrives, then the right value, with nothing pressed; Stop is never offered while the
  runtime starts.
- Each runtime file is requested once per visit from the page's side; each boot path fetches
  its own standard library and calc archive and answers.
- Stop on one calculator stops only that one: another calculator's pending request is answered
  by the new worker.

Each test opens a fresh browser context (an empty HTTP cache, no service worker yet), as a
reader following a forum link would.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

import calc
from tests.browser import READY_TIMEOUT_MS, root, type_into, wait_for_result, wait_state
from tests.support import PageWatch
from tests.site_pages import SETTLED, navigate

pytestmark = pytest.mark.browser

SHARED = "rk/basics/?calc=rk-check&rolled=7&kept=5&tn=32"   # off the built grid (calc/built/questions.py): the runtime answers
SHARED_PARAMS = {"rolled": 7, "kept": 5, "tn": 32}

# Before any page script: log every change of each calculator root, with what a reader sees.
WATCH = """
window.codexStopAfterMs = 0;   // a computation would offer Stop at once: start-up must not
window.__log = [];
new MutationObserver(() => {
  document.querySelectorAll('[data-calculator]').forEach((root) => {
    const result = root.querySelector('.cx-result');
    if (!result) return;   // the parser has not reached this calculator's figures yet
    // a figure a reader can see: the built answer held unseen in its room while the link's loads is none
    const figure = [...root.querySelectorAll('[data-result]')].find((f) => f.checkVisibility({ visibilityProperty: true }));
    const stop = root.querySelector('.cx-stop');
    window.__log.push({
      calc: root.dataset.calculator,
      state: root.dataset.state,
      stale: root.hasAttribute('data-stale'),
      busy: root.getAttribute('aria-busy') === 'true',
      greyed: getComputedStyle(result).filter.includes('grayscale'),
      styled: getComputedStyle(root.querySelector('.cx-toolbar') || root).display === 'flex',  // codex.css in
      stop: Boolean(stop && !stop.hidden && stop.offsetParent !== null),
      value: figure ? figure.dataset.value : null,
      status: (root.querySelector('.cx-status') || {}).textContent || '',
      pending: (root.querySelector('.cx-pending') || {}).textContent || '',
    });
  });
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""

# ... and note when any worker of the page says its runtime is up
READY_SEEN = """
window.Worker = class extends window.Worker {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (e) => { if (e.data && e.data.type === 'ready') window.__runtimeReady = true; });
  }
};
"""


@pytest.fixture()
def fresh(browser: Any, served: str) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    page.requests = []
    # requests from the page and its workers; the service worker's own are its business (sw.js)
    ctx.on("request", lambda r: page.requests.append(r.url) if r.service_worker is None else None)
    yield page
    ctx.close()


def until(page: Any, ready: Callable[[], Any], timeout_ms: int = 15000) -> bool:
    """Whether `ready()` came true within `timeout_ms`. Playwright hands requests and routes to
    Python only while Python waits on the page, so this waits on the page in short steps."""
    for _ in range(timeout_ms // 25):
        if ready():
            return True
        page.wait_for_timeout(25)
    return bool(ready())


def wait_held(page: Any, held: list) -> None:
    """Wait until the held request has reached its route handler (the browser may ask for it
    after the event the test waited on: the parser reaches the script tag later)."""
    assert until(page, lambda: held), "the request to hold was never made"
    assert len(held) == 1, held


def test_a_shared_link_shows_no_figure_until_its_answer_then_right(fresh: Any, served: str) -> None:
    # the wasm waits until the page's scripts have bound the calculator, as on a phone, where the
    # download takes seconds (on a loaded test machine the runtime could otherwise win the race:
    # the next test covers that order)
    held = []
    fresh.context.route("**/*.wasm.gz", lambda route: held.append(route))   # the page's or its service worker's
    fresh.add_init_script(WATCH)
    fresh.goto(served + SHARED)
    wait_state(fresh, "rk-check", "busy")
    wait_held(fresh, held)
    held[0].continue_()
    expected = wait_for_result(fresh, "rk-check", "chance", SHARED_PARAMS)
    fresh.wait_for_function("() => !document.querySelector('[data-calculator=\"rk-check\"]').hasAttribute('data-stale')")
    log = [e for e in fresh.evaluate("window.__log") if e["calc"] == "rk-check"]
    first_live = next(i for i, e in enumerate(log) if e["state"] == "ready" and not e["stale"])
    before = log[:first_live]
    loading = [e for e in before if e["state"] == "busy"]
    assert loading, "the page never said it was loading"
    # from the moment the page script read the link until the live answer: busy, and no figure
    # in the page at all (a greyed figure for other inputs is still a wrong number to a reader)
    for entry in loading:
        assert entry["stale"] and entry["busy"] and entry["value"] is None, entry
    # start-up lasts until the status stops saying "Loading"; only then may Stop show (here at
    # once, codexStopAfterMs = 0, while the first answer is computed)
    starting = [e for e in before if "Loading" in e["status"]]
    assert starting and not any(e["stop"] for e in starting), "Stop was offered during start-up"
    assert any("of" in e["status"] and "MB" in e["status"] for e in loading), "no byte progress shown"
    # ... once: the line in the answer's place says what is being worked out, not the size again
    assert any(e["pending"] for e in loading) and not any("MB" in e["pending"] for e in loading), \
        "the download's size is said twice"
    # the only figures shown in full colour are the live ones
    default = calc.evaluate("rk-check", calc.CALCULATORS["rk-check"].defaults())["chance"]
    # (a style read before codex.css arrived is not what a reader sees: nothing is drawn yet)
    shown = [e for e in before if e["styled"] and e["value"] is not None and float(e["value"]) == default and not e["greyed"]]
    assert shown == [], shown
    live = log[first_live]
    assert abs(float(live["value"]) - expected) <= 1e-12 and not live["greyed"] and not live["busy"]
    assert fresh.watch.errors == [] and fresh.watch.outside == []


def test_a_shared_link_whose_runtime_is_up_before_the_page_scripts_shows_no_figure_until_its_answer(fresh: Any, served: str) -> None:
    """linked.js starts the worker in the head: on a busy phone it can be up before the page's
    module scripts run. The link's calculator must still show no figure for the built inputs."""
    held = []
    fresh.route("**/assets/js/codex.js", lambda route: held.append(route))   # the page's scripts wait: codex.js imports them
    fresh.add_init_script(WATCH + READY_SEEN)
    fresh.goto(served + SHARED, wait_until="commit")
    fresh.wait_for_function("() => window.__runtimeReady === true", timeout=READY_TIMEOUT_MS)
    wait_held(fresh, held)
    held[0].continue_()
    expected = wait_for_result(fresh, "rk-check", "chance", SHARED_PARAMS)
    log = [e for e in fresh.evaluate("window.__log") if e["calc"] == "rk-check"]
    first_live = next(i for i, e in enumerate(log) if e["state"] == "ready" and not e["stale"])
    busy = [e for e in log[:first_live] if e["state"] == "busy"]
    assert busy, "the calculator never asked the runtime"
    for entry in busy:
        assert entry["stale"] and entry["busy"] and entry["value"] is None, entry
    assert abs(float(log[first_live]["value"]) - expected) <= 1e-12
    assert fresh.watch.errors == [] and fresh.watch.outside == []


def test_each_runtime_file_is_requested_once_per_visit(fresh: Any, served: str, site_dir: Path) -> None:
    fresh.goto(served + SHARED)
    wait_for_result(fresh, "rk-check", "chance", SHARED_PARAMS)
    # a second calculator page in the same visit (instant navigation) asks for nothing again
    navigate(fresh, served, "calculators/")
    fresh.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
    fresh.wait_for_load_state("networkidle")
    runtime = json.loads((site_dir / "assets" / "pyodide" / "runtime.json").read_text())
    runtime_urls = [u.split("?")[0] for u in fresh.requests if "/assets/pyodide/" in u and not u.endswith("runtime.json")]
    assert runtime_urls, "the runtime was not loaded"
    twice = sorted({u for u in runtime_urls if runtime_urls.count(u) > 1})
    assert twice == [], f"requested more than once: {twice}"
    names = {u.split("/assets/pyodide/")[1] for u in runtime_urls}
    # the wasm the build gzipped (this browser inflates it), not the host-gzipped one as well
    assert runtime["wasm_gz"] in names and runtime["core"] + "pyodide.asm.wasm" not in names
    # calc comes once: as the wheel (snapshot, source) or as sourceless bytecode (trimmed)
    assert len(names & {runtime["wheel"], runtime["modules"]}) == 1
    # the full standard library is the plain boot's; the chosen boot takes a trimmed one
    assert runtime["core"] + "python_stdlib.zip" not in names
    assert len(names & {runtime["stdlib"], runtime["stdlib_source"]}) == 1
    # no package is loaded, so the lock comes inside runtime.json
    assert runtime["core"] + "pyodide-lock.json" not in names
    assert fresh.watch.errors == [] and fresh.watch.outside == []


def test_calcs_archive_is_asked_for_once_start_up_has_its_files(fresh: Any, served: str, site_dir: Path) -> None:
    """calc's archive is read only once Python has started: it is asked for after the wasm and
    the standard library have arrived, so on a slow link start-up gets the whole link. The
    library is held back until the wasm is in: calc's archive must not be asked for before the
    library is let through (request times are wall-clock milliseconds, as time.time())."""
    runtime = json.loads((site_dir / "assets" / "pyodide" / "runtime.json").read_text())
    asked: dict[str, float] = {}   # runtime file that has arrived -> when it was asked for
    fresh.context.on("requestfinished", lambda r: asked.setdefault(
        r.url.split("?")[0].split("/assets/pyodide/")[-1], r.timing["startTime"]))
    held: list[Any] = []
    fresh.context.route(f"**/assets/pyodide/{runtime['stdlib']}*", lambda route: held.append(route))
    fresh.add_init_script("window.codexBootPath = 'trimmed';")
    fresh.goto(served + SHARED)
    wait_held(fresh, held)
    assert until(fresh, lambda: runtime["wasm_gz"] in asked, READY_TIMEOUT_MS), "the wasm never arrived"
    released = time.time() * 1000
    held[0].continue_()
    wait_for_result(fresh, "rk-check", "chance", SHARED_PARAMS)
    assert runtime["modules"] in asked, "calc's archive was never asked for"
    early = released - asked[runtime["modules"]]
    assert early <= 0, f"calc's archive was asked for {early:.1f} ms before the library was let through"


@pytest.mark.parametrize("path", ["trimmed", "source"])
def test_each_boot_path_answers_from_its_own_files(fresh: Any, served: str, site_dir: Path, path: str) -> None:
    """Forced, the bytecode path boots from the bytecode library and calc's sourceless zip, the
    source path (readers saving data) from the bare-source library and the wheel; both answer rightly."""
    fresh.add_init_script(f"window.codexBootPath = {path!r};")
    fresh.goto(served + SHARED)
    wait_for_result(fresh, "rk-check", "chance", SHARED_PARAMS)
    runtime = json.loads((site_dir / "assets" / "pyodide" / "runtime.json").read_text())
    names = {u.split("?")[0].split("/assets/pyodide/")[1] for u in fresh.requests if "/assets/pyodide/" in u}
    files = {"trimmed": {runtime["stdlib"], runtime["modules"]}, "source": {runtime["stdlib_source"], runtime["wheel"]}}
    other = files["source" if path == "trimmed" else "trimmed"]
    assert files[path] <= names and not other & names, names
    assert fresh.watch.errors == [] and fresh.watch.outside == []


def test_a_calculator_page_without_a_link_keeps_its_built_result(fresh: Any, served: str) -> None:
    """Without inputs in the URL the built default is right: never greyed, never busy."""
    fresh.add_init_script(WATCH)
    fresh.goto(served + "sun/rules/")
    wait_state(fresh, "sun-check", "ready")     # started when the browser was idle, then live
    log = [e for e in fresh.evaluate("window.__log") if e["calc"] == "sun-check"]
    assert not any(e["greyed"] and e["state"] == "static" for e in log)
    assert not any(e["state"] == "busy" and "Loading" in e["status"] for e in log)


SLOW = "50d50k25"   # the dice calculator's slowest kind of input: about a second in Pyodide
# The worker, served with a pause before it answers SLOW: a second of work can end, on a busy
# machine, between the test seeing Stop and pressing it. The pause blocks the worker as a long
# computation does, so only Stop (which replaces the worker) can end it before it answers. The
# pause wraps the worker's message handler from the end of its script, so it holds whatever the
# shipped (minified) script calls its names.
HANDLER = "self.onmessage"
PAUSE = (
    "\n;{ const answer = self.onmessage; self.onmessage = (event) => {"
    " const data = event.data || {};"
    f" if (data.params && data.params.expr === {SLOW!r}) {{ const end = Date.now() + 20000; while (Date.now() < end); }}"
    " return answer(event); }; }\n"
)


def slow_worker(route: Any) -> None:
    text = route.fetch().text()
    assert HANDLER in text, "worker.mjs no longer answers through self.onmessage as this test expects"
    route.fulfill(body=text + PAUSE, content_type="text/javascript")


def test_stop_on_one_calculator_leaves_the_others_answering(fresh: Any, served: str) -> None:
    fresh.add_init_script("window.codexStopAfterMs = 0;")
    fresh.context.route("**/worker.mjs*", slow_worker)
    fresh.goto(served + "calculators/")
    wait_state(fresh, "dice", "ready")
    wait_state(fresh, "sun-check", "ready")
    type_into(fresh, "dice", "expr", SLOW)
    fresh.wait_for_function(
        f"""() => document.querySelector('[data-calculator="dice"] [name="expr"]').value === {SLOW!r}""")
    # sun-check's edit queues behind dice's long computation in the one worker
    type_into(fresh, "sun-check", "bonus", "9")
    assert root(fresh, "dice").get_attribute("data-state") == "busy", "dice answered before Stop could be pressed"
    root(fresh, "dice").locator(".cx-stop").click()
    wait_state(fresh, "dice", "error")
    assert root(fresh, "dice").locator(".cx-status").inner_text().startswith("Stopped")
    params = {**calc.CALCULATORS["sun-check"].defaults(), "bonus": 9}
    wait_for_result(fresh, "sun-check", "chance", params)
    assert not root(fresh, "sun-check").locator(".cx-status").inner_text().startswith("Stopped")
    # and the stopped calculator answers again when changed
    type_into(fresh, "dice", "expr", "2d6")
    fresh.wait_for_function("""() => {
        const r = document.querySelector('[data-calculator="dice"]');
        return r.dataset.state === 'ready' && !r.hasAttribute('data-stale');
    }""", timeout=READY_TIMEOUT_MS)
    assert fresh.watch.errors == [] and fresh.watch.outside == []


# Material's search index: every page holds it back until the reader reaches for the search.
SEARCH_INDEX = "/search/search_index.json"
# Before any page script, on the page's own clock: when rk-check's answer went live, and when the
# service worker was registered (its script's request is not the page's to time).
TIMES = """
window.__times = {};
const register = ServiceWorkerContainer.prototype.register;
ServiceWorkerContainer.prototype.register = function (...args) {
  window.__times.sw = window.__times.sw || performance.now();
  return register.apply(this, args);
};
new MutationObserver(() => {
  const r = document.querySelector('[data-calculator="rk-check"]');
  if (r && r.dataset.state === 'ready' && !r.hasAttribute('data-stale') && !window.__times.live) {
    window.__times.live = performance.now();
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""
ASKED = """() => {
  const t = window.__times;
  return t.live && t.sw ? { live: t.live, sw: t.sw } : null;
}"""


def test_a_shared_link_registers_the_service_worker_after_its_answer(fresh: Any, served: str) -> None:
    """The service worker's downloads would share the reader's link with the runtime: on a
    shared link it waits until the answer is on the page."""
    fresh.add_init_script(TIMES)
    fresh.goto(served + SHARED)
    times = fresh.wait_for_function(ASKED, timeout=READY_TIMEOUT_MS).json_value()
    assert times["sw"] > times["live"], f"registered {times['live'] - times['sw']:.0f} ms before the answer was live"
    assert fresh.watch.errors == [] and fresh.watch.outside == []


def test_the_search_index_waits_until_the_reader_reaches_for_the_search(fresh: Any, served: str) -> None:
    """Material would fetch its index and build it (about half a CPU-second) as every page
    opens; it waits for the reader (search-later.js), here Material's `/` key on a page without
    a calculator, and then the search answers."""
    def asked() -> list[str]:   # the page's requests (fresh.requests), not the service worker's
        return [url for url in fresh.requests if SEARCH_INDEX in url]

    fresh.goto(served + "sun/attributes/")
    fresh.wait_for_load_state("networkidle")
    assert asked() == [], "the search index was asked for as the page opened"
    fresh.keyboard.press("/")
    # Material ignores typing until its index is built: wait for its prompt first
    fresh.wait_for_selector(".md-search-result__meta:has-text('Type to start searching')", timeout=15_000)
    fresh.keyboard.type("parry")
    fresh.wait_for_selector(".md-search-result__item", timeout=15_000)
    assert len(asked()) == 1
    assert fresh.watch.errors == [] and fresh.watch.outside == []


def test_the_search_works_on_a_shared_link_before_its_answer(fresh: Any, served: str) -> None:
    """A reader who opens the search while the runtime is still loading gets the index at once."""
    fresh.context.route("**/assets/pyodide/runtime.json*", lambda route: None)   # the runtime never starts
    asked: list[str] = []
    fresh.context.on("request", lambda r: asked.append(r.url) if SEARCH_INDEX in r.url else None)
    fresh.goto(served + SHARED)
    fresh.wait_for_load_state("load")
    assert asked == [], "the search index was asked for at once"
    fresh.locator("label[for='__search']").first.click()
    fresh.keyboard.type("raise")
    fresh.wait_for_selector(".md-search-result__item", timeout=15_000)
    assert root(fresh, "rk-check").get_attribute("data-state") != "ready"
    assert fresh.watch.outside == []
