"""`make measure`: what a reader on a phone gets, per network profile and per boot path.

The built site is served by scripts/phone_host.py, which gzips like GitHub Pages, throttles one
shared link in the server itself and counts the bytes it sends (compressed, headers included).
Chromium opens each run in a fresh context (empty cache, no service worker) at 360 px with touch.

For each profile (unthrottled; 9 Mbit/s + 60 ms; 1.6 Mbit/s + 150 ms):
- `built`: the shared link /rk/basics/?calc=rk-check&rolled=6&kept=3&tn=25, a question the build
  answered (calc/built/questions.py): time to its answer on screen, from the stored file, with no
  runtime (the runtime files' bytes are listed, and should be none);
- the shared link /rk/basics/?calc=rk-check&rolled=7&kept=5&tn=32 (a TN off the built grid, so the
  runtime answers it): time from navigation to the
  first live answer (the right value, no longer data-stale) and bytes on the wire until then,
  for each boot path: `auto` (what readers get: the worker times the wasm download and takes the
  snapshot only on a fast link, else the bytecode library; the bare-source library only when the
  reader asked to save data), `snapshot`, `trimmed` (trimmed precompiled stdlib and calc, no snapshot),
  `source` (the trimmed stdlib as bare source, compiled in the browser, and the wheel) and
  `plain` (Pyodide's full stdlib, no snapshot), forced through window.codexBootPath; and the
  bytes each runtime file took on the wire (the last run of each path);
- bytes the service worker has stored after a visit to the home page (navigator.storage.estimate).
Then, unthrottled and booted, each calculator's edit latency (input event -> answer painted).

Usage: python -m scripts.measure_boot [--runs 3] [--slow-runs 1] [--paths built,auto,snapshot,trimmed,source,plain]
       [--profiles 9,1.6] [--links-only]   (only these profiles, by Mbit/s or "unthrottled";
       --links-only: neither the service worker's storage nor edit latencies)
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

import calc
from calc.params import IntParam
from scripts.phone_host import PhoneHost
from scripts.harness import CHROMIUM, CHROMIUM_ARGS, build_site, free_port

SHARED = "rk/basics/?calc=rk-check&rolled=7&kept=5&tn=32"
SHARED_PARAMS = {"rolled": 7, "kept": 5, "tn": 32}
BUILT = "rk/basics/?calc=rk-check&rolled=6&kept=3&tn=25"   # answered by the build: no runtime
BUILT_PARAMS = {"rolled": 6, "kept": 3, "tn": 25}
PROFILES = (("unthrottled", None, 0), ("9 Mbit/s + 60 ms", 9.0, 60), ("1.6 Mbit/s + 150 ms", 1.6, 150))
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}

LIVE = """([key, expected, built]) => {
  const root = document.querySelector('[data-calculator="rk-check"]');
  const out = root && root.querySelector(`[data-result="${key}"]`);
  return root && root.dataset.state === 'ready' && !root.hasAttribute('data-stale')
    && root.hasAttribute('data-built-address') === built
    && out && Math.abs(Number(out.dataset.value) - expected) <= 1e-12;
}"""

STORED = """async () => {
  await navigator.serviceWorker.ready;
  const { usage } = await navigator.storage.estimate();
  let entries = 0;
  for (const name of await caches.keys()) entries += (await (await caches.open(name)).keys()).length;
  return { usage, entries };
}"""


def shared_link(browser: Any, host: PhoneHost, base: str, path: str) -> tuple[float, int, dict[str, int]]:
    """Seconds from navigation to the live answer, bytes the host sent until then, and those
    bytes by runtime file (assets/pyodide/...)."""
    built = path == "built"
    expected = calc.evaluate("rk-check", BUILT_PARAMS if built else SHARED_PARAMS)["chance"]
    ctx = browser.new_context(**PHONE)
    try:
        page = ctx.new_page()
        if path not in ("auto", "built"):
            page.add_init_script(f"window.codexBootPath = {path!r};")
        host.link.reset()
        start = time.perf_counter()
        page.goto(base + (BUILT if built else SHARED), wait_until="commit")
        page.wait_for_function(LIVE, arg=["chance", expected, built], timeout=180_000, polling=50)
        seconds, sent = time.perf_counter() - start, host.link.sent
        marker = "assets/pyodide/"
        files = {p.split(marker, 1)[1]: n for p, n in host.link.by_path.items() if marker in p}
        return seconds, sent, files
    finally:
        ctx.close()


def stored_after_home(browser: Any, host: PhoneHost, base: str) -> tuple[int, int, int]:
    """(bytes stored, cache entries, bytes sent) once the home page's service worker is idle."""
    ctx = browser.new_context(**PHONE)
    try:
        page = ctx.new_page()
        host.link.reset()
        page.goto(base, wait_until="load")
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        quiet_since, last = time.perf_counter(), -1
        deadline = time.perf_counter() + 120
        while time.perf_counter() < deadline:   # idle: nothing sent for 2 s
            time.sleep(0.25)
            if host.link.sent != last:
                last, quiet_since = host.link.sent, time.perf_counter()
            elif time.perf_counter() - quiet_since > 2.0:
                break
        found = page.evaluate(STORED)
        return int(found["usage"]), int(found["entries"]), host.link.sent
    finally:
        ctx.close()


IN_PAGE_EDITS = """async ([cid, name, values]) => {
  // inside the page: from the input event to the new answer on screen, as a person would wait
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
    // until the answer is painted (the frame after it), then a reader's pause before the next
    // edit, so one edit's drawing is not billed to the next
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return times;
}"""


def in_page_edits(page: Any, cid: str, n: int = 30) -> list[float]:
    param = next((p for p in calc.CALCULATORS[cid].params if isinstance(p, IntParam) and not p.optional), None)
    if param is None:
        return []
    low, high = param.minimum, min(param.maximum, param.minimum + 14)
    values = [low + 1 + i % (high - low) for i in range(n)]
    return sorted(t / 1000 for t in page.evaluate(IN_PAGE_EDITS, [cid, param.name, values]))


def percentile(values: list[float], q: float) -> float:
    return values[int(q * (len(values) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3, help="runs per path, unthrottled and 9 Mbit/s (median)")
    ap.add_argument("--slow-runs", type=int, default=1, help="runs per path at 1.6 Mbit/s")
    ap.add_argument("--paths", default="built,auto,snapshot,trimmed,source,plain")
    ap.add_argument("--profiles", default="", help='e.g. "9,1.6" or "unthrottled" (default: all)')
    ap.add_argument("--links-only", action="store_true", help="skip stored bytes and edit latencies")
    args = ap.parse_args()
    paths = args.paths.split(",")
    wanted = args.profiles.split(",") if args.profiles else None
    profiles = [p for p in PROFILES if wanted is None or (f"{p[1]:g}" if p[1] else "unthrottled") in wanted]
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        began = time.perf_counter()
        done = build_site(site, base)
        assert done.returncode == 0, done.stderr
        print(f"built in {time.perf_counter() - began:.0f} s; measuring (a few minutes)...", flush=True)
        host = PhoneHost(site, port).start()
        rows: list[tuple[str, str, list[float], list[int]]] = []
        per_file: dict[tuple[str, str], dict[str, int]] = {}
        stored: dict[str, tuple[int, int, int]] = {}
        edits: dict[str, list[float]] = {}
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for name, mbit, rtt in profiles:
                    host.link.set(mbit, rtt)
                    runs = args.slow_runs if mbit and mbit < 5 else args.runs
                    for path in paths:
                        times, sent = [], []
                        for _ in range(runs):
                            seconds, nbytes, per_file[name, path] = shared_link(browser, host, base, path)
                            times.append(seconds)
                            sent.append(nbytes)
                        rows.append((name, path, times, sent))
                        print(f"  {name:20s} {path:8s} {statistics.median(times):6.2f} s  "
                              f"{statistics.median(sent) / 1e6:5.2f} MB", flush=True)
                    if not args.links_only:
                        stored[name] = stored_after_home(browser, host, base)
                host.link.set(None, 0)
                if args.links_only:
                    browser.close()
                    return report(rows, per_file, stored, edits)
                ctx = browser.new_context(**PHONE)
                page = ctx.new_page()
                page.goto(base + "calculators/")
                page.wait_for_function(
                    "() => [...document.querySelectorAll('[data-calculator]')].every(r => r.dataset.state === 'ready')",
                    timeout=120_000)
                edits = {cid: in_page_edits(page, cid) for cid in calc.CALCULATORS if cid != "dice"}
                ctx.close()
                browser.close()
        finally:
            host.shutdown()
    report(rows, per_file, stored, edits)


def report(rows: list[tuple[str, str, list[float], list[int]]], per_file: dict[tuple[str, str], dict[str, int]],
           stored: dict[str, tuple[int, int, int]], edits: dict[str, list[float]]) -> None:
    print()
    print("Shared link /" + SHARED + " (360 px, touch, fresh profile), first live answer; path `built`: /"
          + BUILT + ", its built answer:")
    print()
    print("| profile | boot path | time to live answer (median) | runs | on the wire until then |")
    print("|---|---|---|---|---|")
    for name, path, times, sent in rows:
        runs = ", ".join(f"{t:.1f}" for t in times)
        print(f"| {name} | {path} | {statistics.median(times):.2f} s | {runs} | {statistics.median(sent) / 1e6:.2f} MB |")
    print()
    print("Runtime files on the wire (bytes, last run of each path):")
    print()
    print("| profile | boot path | file | bytes |")
    print("|---|---|---|---|")
    for (name, path), files in per_file.items():
        for file, nbytes in sorted(files.items()):
            print(f"| {name} | {path} | {file} | {nbytes} |")
    print()
    print("| profile | stored by the service worker after the home page | cache entries | sent meanwhile |")
    print("|---|---|---|---|")
    for name, (usage, entries, sent) in stored.items():
        print(f"| {name} | {usage / 1e6:.2f} MB | {entries} | {sent / 1e6:.2f} MB |")
    print()
    print("Edits once booted (unthrottled; input event -> the new answer painted, 30 edits each):")
    print()
    print("| calculator | p50 | p95 |")
    print("|---|---|---|")
    for cid, times in edits.items():
        if times:
            print(f"| {cid} | {statistics.median(times) * 1000:.0f} ms | {percentile(times, 0.95) * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
