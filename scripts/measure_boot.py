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

from tests.conftest import CHROMIUM, CHROMIUM_ARGS, build_site, free_port, serve


def _ready(page, url: str) -> float:
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("[data-calculator][data-state=ready]", timeout=60_000)
    return time.perf_counter() - start


def _edits(page, n: int = 40) -> list[float]:
    box = page.locator('[data-calculator="sun-check"] [name="target"]')
    times = []
    for i in range(n):
        value = str(8 + i % 15)
        page.evaluate("document.querySelector('[data-calculator]').dataset.state = 'static'")
        start = time.perf_counter()
        box.fill(value)
        page.wait_for_selector("[data-calculator][data-state=ready]", timeout=10_000)
        times.append(time.perf_counter() - start)
    return times


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
                edits = sorted(_edits(page))
                ctx.close()
        server.shutdown()
    p95 = edits[int(0.95 * (len(edits) - 1))]
    print(f"mkdocs build (wall, incl. Python start): {build_s:.2f} s")
    print(f"built site: {size / 1e6:.1f} MB, of which Pyodide runtime + wheel {pyodide / 1e6:.1f} MB")
    print(f"navigation -> ready, cold profile: median {statistics.median(cold):.2f} s  runs {[round(x, 2) for x in cold]}")
    print(f"navigation -> ready, warm profile: median {statistics.median(warm):.2f} s  runs {[round(x, 2) for x in warm]}")
    print(f"input change -> ready (booted): p50 {statistics.median(edits) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms")


if __name__ == "__main__":
    main()
