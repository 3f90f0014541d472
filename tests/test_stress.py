"""Holding up over time: Stop, and many changes in one page (the long runs are `make stress`).

Worker memory is read through the worker's `{type: "memory"}` request (docs/assets/js/worker.mjs):
the wasm heap (`HEAP8.length`, which only grows, so it is the high-water mark), and after a
collection Python's live bytes by tracemalloc and its tracked objects (codex_view/browser.py
`memory`; `sys.getallocatedblocks()` reads 0 in Pyodide, whose allocator keeps no count).
Tests reach the worker by wrapping `window.Worker` in an init script, so the page's code is
untouched.
"""

from __future__ import annotations

import itertools
import time
from typing import Any, Iterator

import pytest

import calc
from tests.browser import READY_TIMEOUT_MS, wait_state
from tests.param_values import kind
from tests.site_pages import SETTLED, calculator_pages, headline_key, set_form, wait_for_close_result
from tests.support import PageWatch

pytestmark = pytest.mark.browser

CHANGES = 200
HEAP_BOUND = 8 * 2**20     # wasm heap growth allowed over the 200 changes (bytes)
TRACED_BOUND = 512 * 1024  # Python memory still alive after the 200 changes (bytes, tracemalloc)
OBJECTS_BOUND = 0.02       # objects tracked by the garbage collector: at most 2 % more

KEEP_WORKER = """
(() => {
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url, options) { super(url, options); window.__codexWorker = this; }
  };
})();
"""
MEMORY = """() => new Promise((resolve) => {
  const worker = window.__codexWorker;
  const id = `memory-${performance.now()}`;
  const listen = ({ data }) => {
    if (data.id !== id) return;
    worker.removeEventListener('message', listen);
    resolve(data.memory);
  };
  worker.addEventListener('message', listen);
  worker.postMessage({ id, type: 'memory' });
})"""


def _page(context: Any, served: str, *, stop_after_ms: int | None = None) -> Any:
    page = context.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    page.add_init_script(KEEP_WORKER)
    if stop_after_ms is not None:
        page.add_init_script(f"window.codexStopAfterMs = {stop_after_ms};")
    return page


def _single_calculator_page(site_dir: Any, cid: str) -> str:
    return next(key for key, ids in sorted(calculator_pages(site_dir).items(), key=lambda kv: len(kv[1])) if cid in ids)


# ------------------------------------------------------------------------------------- Stop, fast
def test_no_stop_while_starting_then_a_change_answers(context: Any, served: str, site_dir: Any) -> None:
    """Stop is for computations, not for loading: with Stop offered at once (codexStopAfterMs = 0),
    it stays hidden while Pyodide starts for a shared link, and the link's answer arrives."""
    key = _single_calculator_page(site_dir, "sun-check")
    page = _page(context, served, stop_after_ms=0)
    try:
        page.add_init_script("""
          window.__stopWhileLoading = false;
          new MutationObserver(() => {
            const root = document.querySelector('[data-calculator="sun-check"]');
            const stop = root && root.querySelector('.cx-stop');
            if (stop && !stop.hidden && root.querySelector('.cx-status').textContent.startsWith('Loading'))
              window.__stopWhileLoading = true;
          }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        """)
        params = {"bonus": 8, "target": 19, "die": "bonus"}
        page.goto(served + key + "?calc=sun-check&bonus=8&target=19&die=bonus")
        wait_for_close_result(page, "sun-check", "chance", params)
        assert page.evaluate("window.__stopWhileLoading") is False
        params = {"bonus": 3, "target": 12, "die": "none"}
        set_form(page, "sun-check", params)
        wait_for_close_result(page, "sun-check", "chance", params)
        assert page.watch.errors == [] and page.watch.outside == []
    finally:
        page.close()


# ------------------------------------------------------------------------------------ long runs
def _sweep(calculator_id: str, step: int) -> dict[str, Any] | None:
    """Valid params for one step: the first whole-number input swept, or a dice expression."""
    calculator = calc.CALCULATORS[calculator_id]
    params = calculator.defaults()
    p = next((p for p in calculator.params if kind(p) == "int" and p.default is not None), None)
    if p is not None:  # upwards from the default, which keeps related inputs (kept <= rolled) valid
        params[p.name] = p.default + (step * 5) % (min(p.maximum - p.default, 12) + 1)
    elif "expr" in params:
        params["expr"] = f"{1 + step % 7}d{(4, 6, 8, 10, 12, 20)[step % 6]}+{step % 5}"
    else:
        return None
    try:
        calc.evaluate(calculator_id, params)
    except calc.InputError:
        return calculator.defaults()
    return params


def _changes(calculator_ids: list[str]) -> Iterator[tuple[str, dict[str, Any]]]:
    """An endless round of valid changes, each calculator in turn."""
    usable = [cid for cid in calculator_ids if _sweep(cid, 0) is not None]
    for step in itertools.count():
        cid = usable[step % len(usable)]
        yield cid, _sweep(cid, step)  # type: ignore[misc]


@pytest.mark.slow
def test_200_changes_do_not_grow_the_workers_memory(context: Any, served: str, site_dir: Any) -> None:
    pages = calculator_pages(site_dir)
    key = max(pages, key=lambda k: len(pages[k]))  # the page with the most calculators
    ids = [cid for cid in pages[key] if headline_key(cid)]
    page = _page(context, served)
    try:
        page.goto(served + key)
        page.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
        changes = _changes(ids)
        for cid, params in itertools.islice(changes, 20):  # warm-up: first-use caches fill
            set_form(page, cid, params)
            wait_for_close_result(page, cid, headline_key(cid), params)
        page.evaluate(MEMORY)  # starts tracemalloc in the worker
        start = page.evaluate(MEMORY)
        began = time.perf_counter()
        for cid, params in itertools.islice(changes, CHANGES):
            set_form(page, cid, params)
            wait_for_close_result(page, cid, headline_key(cid), params)
        took = time.perf_counter() - began
        end = page.evaluate(MEMORY)
        print(f"\n{CHANGES} changes over {len(ids)} calculators on {key} in {took:.1f} s; "
              f"wasm heap {start['heap'] / 2**20:.1f} -> {end['heap'] / 2**20:.1f} MiB, "
              f"Python (tracemalloc) {start['traced'] / 1024:.0f} -> {end['traced'] / 1024:.0f} KiB alive, "
              f"gc objects {start['objects']} -> {end['objects']}")
        assert end["heap"] - start["heap"] <= HEAP_BOUND
        assert end["traced"] - start["traced"] <= TRACED_BOUND
        assert end["objects"] <= start["objects"] * (1 + OBJECTS_BOUND)
        assert page.watch.errors == [] and page.watch.outside == []
    finally:
        page.close()


def slowest_allowed_input() -> tuple[float, str, dict[str, Any]]:
    """(CPython seconds, calculator, params) of the slowest input the registry accepts among
    every calculator's caps (all whole numbers at their maximum, each alone, flags on) and dice
    expressions at the notation's caps."""
    def candidates() -> Iterator[tuple[str, dict[str, Any]]]:
        for cid, calculator in calc.CALCULATORS.items():
            base = calculator.defaults()
            ints = [p for p in calculator.params if kind(p) == "int"]
            at_max = dict(base, **{p.name: p.maximum for p in ints})
            yield cid, at_max
            yield cid, dict(at_max, **{p.name: True for p in calculator.params if kind(p) == "bool"})
            for p in ints:
                yield cid, dict(base, **{p.name: p.maximum})
        if "dice" in calc.CALCULATORS:
            for n, s in itertools.product((60, 40, 30, 20), (100, 20, 10, 6)):
                for shape in (f"{n}d{s}", f"{n}d{s}kh{n // 2}", f"{n}d{s}kl{n // 2}", f"{n}d{s}!", f"{n}d{s}!kh{n // 2}",
                              f"{n}d{s}!kh{n // 4}", f"{n // 2}d{s}!+{n // 2}d{s}!", f"{n}d{s}kh{n // 4}"):
                    yield "dice", {"expr": shape}

    timed = []
    for cid, params in candidates():
        began = time.perf_counter()
        try:
            calc.evaluate(cid, params)
        except calc.InputError:
            continue
        timed.append((time.perf_counter() - began, cid, params))
    return max(timed, key=lambda t: t[0])


@pytest.mark.slow
def test_stop_a_computation_at_the_cap_and_recover(context: Any, served: str, site_dir: Any) -> None:
    seconds, cid, params = slowest_allowed_input()
    # Pyodide runs 2-3x slower than CPython; below ~1 s in the browser, Stop would not show on its
    # own, so the page is told to offer it after 100 ms.
    stop_after = None if seconds * 2 > 1.0 else 100
    print(f"\nslowest allowed input: {cid} {params} takes {seconds:.3f} s in CPython; Stop after "
          f"{stop_after or 1000} ms")
    key = _single_calculator_page(site_dir, cid)
    page = _page(context, served, stop_after_ms=stop_after)
    try:
        page.goto(served + key)
        page.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
        set_form(page, cid, {**calc.CALCULATORS[cid].defaults(), **params})
        wait_state(page, cid, "busy", timeout=5_000)
        page.locator(f'[data-calculator="{cid}"] .cx-stop').click(timeout=5_000)
        wait_state(page, cid, "error")
        assert page.locator(f'[data-calculator="{cid}"] .cx-status').inner_text().startswith("Stopped")
        defaults = calc.CALCULATORS[cid].defaults()
        set_form(page, cid, defaults)
        wait_for_close_result(page, cid, headline_key(cid), defaults)
        assert page.watch.errors == [] and page.watch.outside == []
    finally:
        page.close()
