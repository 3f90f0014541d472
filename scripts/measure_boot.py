"""Measure navigation -> first `data-state="ready"`, cold and warm, median of 5, plus build figures.

Usage: python -m scripts.measure_boot [--runs 5] [--page sun/rules/]
Cold: a fresh browser profile each run (empty HTTP cache). Warm: one profile, visited once to
fill the cache, then each run opens the page in a new tab of that profile.
Also times input change -> result once booted (p50, p95 over 40 edits).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

import calc
from calc.params import IntParam

from tests.conftest import CHROMIUM, CHROMIUM_ARGS, build_site, free_port, serve


def _ready(page, url: str) -> float:
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("[data-calculator][data-state=ready]", timeout=60_000)
    return time.perf_counter() - start


def _edits(page, cid: str = "sun-check", n: int = 40) -> list[float]:
    """Time `n` edits of a calculator's first whole-number field, each to `data-state="ready"`."""
    param = next(p for p in calc.CALCULATORS[cid].params if isinstance(p, IntParam) and not p.optional)
    box = page.locator(f'[data-calculator="{cid}"] [name="{param.name}"]')
    low, high = param.minimum, min(param.maximum, param.minimum + 14)
    times = []
    for i in range(n):
        value = str(low + i % (high - low + 1))
        page.evaluate(f"document.querySelector('[data-calculator=\"{cid}\"]').dataset.state = 'static'")
        start = time.perf_counter()
        box.fill(value)
        page.wait_for_selector(f'[data-calculator="{cid}"][data-state=ready], [data-calculator="{cid}"][data-state=error]', timeout=10_000)
        times.append(time.perf_counter() - start)
    return sorted(times)


IN_PAGE_EDITS = """async ([cid, name, values]) => {
  // inside the page: from the input event to data-state="ready", as a person would wait
  const root = document.querySelector(`[data-calculator="${cid}"]`);
  const box = root.querySelector(`[name="${name}"]`);
  const times = [];
  for (const value of values) {
    if (String(value) === box.value) continue;   // not an edit: the page rightly computes nothing
    const done = new Promise((resolve) => {
      const seen = new MutationObserver(() => {
        if (root.dataset.state === "ready" || root.dataset.state === "error") { seen.disconnect(); resolve(); }
      });
      seen.observe(root, { attributes: true, attributeFilter: ["data-state"] });
    });
    const start = performance.now();
    box.value = String(value);
    box.dispatchEvent(new Event("input", { bubbles: true }));
    await done;
    times.push(performance.now() - start);
  }
  return times;
}"""


def _in_page_edits(page, cid: str, n: int = 30) -> list[float]:
    param = next(p for p in calc.CALCULATORS[cid].params if isinstance(p, IntParam) and not p.optional)
    low, high = param.minimum, min(param.maximum, param.minimum + 14)
    values = [low + 1 + i % (high - low) for i in range(n)]
    return sorted(t / 1000 for t in page.evaluate(IN_PAGE_EDITS, [cid, param.name, values]))


def _percentile(values: list[float], q: float) -> float:
    return values[int(q * (len(values) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--page", default="sun/rules/")
    args = ap.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        start = time.perf_counter()
        done = build_site(site, base)
        build_s = time.perf_counter() - start
        assert done.returncode == 0, done.stderr
        size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        pyodide = sum(p.stat().st_size for p in (site / "assets" / "pyodide").iterdir())
        server = serve(site, port)
        url = base + args.page
        cold, warm = [], []
        with sync_playwright() as pw:
            for _ in range(args.runs):
                with tempfile.TemporaryDirectory() as profile:
                    ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                    cold.append(_ready(ctx.new_page(), url))
                    ctx.close()
            with tempfile.TemporaryDirectory() as profile:
                ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                first = ctx.new_page()
                _ready(first, url)
                first.close()
                time.sleep(1.0)  # let the cache (and V8's code cache) settle
                for _ in range(args.runs):
                    page = ctx.new_page()
                    warm.append(_ready(page, url))
                    page.close()
                page = ctx.new_page()
                _ready(page, url)
                edits = _edits(page)
                page.goto(base + "calculators/")
                page.wait_for_function("() => [...document.querySelectorAll('[data-calculator]')].every(r => r.dataset.state === 'ready')")
                per_calc = {cid: _in_page_edits(page, cid) for cid in calc.CALCULATORS if cid != "dice"}
                ctx.close()
        server.shutdown()
    p95 = _percentile(edits, 0.95)
    print(f"mkdocs build (wall, incl. Python start): {build_s:.2f} s")
    print(f"built site: {size / 1e6:.1f} MB, of which Pyodide runtime + wheel {pyodide / 1e6:.1f} MB")
    print(f"navigation -> ready, cold profile: median {statistics.median(cold):.2f} s  runs {[round(x, 2) for x in cold]}")
    print(f"navigation -> ready, warm profile: median {statistics.median(warm):.2f} s  runs {[round(x, 2) for x in warm]}")
    print(f"input change -> ready (booted): p50 {statistics.median(edits) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms")
    print("per calculator, timed inside the page from the input event to ready (30 edits of its first")
    print("whole-number field across the low end of its range, on the Calculators page):")
    for cid, times in per_calc.items():
        print(f"  {cid:15s} p50 {statistics.median(times) * 1000:4.0f} ms   p95 {_percentile(times, 0.95) * 1000:4.0f} ms")


if __name__ == "__main__":
    main()
