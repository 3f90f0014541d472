"""What a page load costs on the wire, page by page, and what a Roll brings when first used.

A cold phone (360 px, touch) opens each page through scripts/phone_host.py (gzip as a real host
sends it, every byte counted); the calculator runtime is refused and the service worker blocked, so
the figure is the page's own: its HTML, styles, scripts and images until the page has settled. Then,
on pages that have them, a roll's popover is opened and a calculator's Roll tapped: the bytes each
brings (issue 41: a page load carries nothing of the Roll, its first use brings it).

    python -m scripts.page_bytes                       # builds the site, serves it, measures
    python -m scripts.page_bytes --site DIR --port N   # a site already built for http://127.0.0.1:N/
    python -m scripts.page_bytes --root /work/main     # another checkout's site (built here), to compare

The service worker's own file (sw.js, its manifest inside) is fetched after a page's `load` when
service workers are allowed; its size is printed apart.
"""

from __future__ import annotations

import argparse
import gzip
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from scripts.harness import CHROMIUM, CHROMIUM_ARGS, ROOT
from scripts.phone_host import PhoneHost, serving

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1}
PAGES = ("", "rk/basics/", "rk/weapons/", "calculators/", "sun/rules/")
SETTLE_MS = 1500   # after `load`: what the page's scripts fetch once it has loaded


def settled(page: Any) -> None:
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(SETTLE_MS)


def first_tap(page: Any, host: PhoneHost, control: Any) -> int:
    """The bytes a tap on `control` brings once the page has settled (-1 when the page has none)."""
    if not control.count():
        return -1
    host.link.reset()
    control.evaluate("(b) => b.scrollIntoView({block: 'center'})")
    control.tap()
    settled(page)
    return host.link.sent


def page_load(browser: Any, host: PhoneHost, base: str, path: str) -> tuple[int, dict[str, int], int, int]:
    """A cold phone opens `path`: the bytes of its load (by path); then the bytes a roll's popover
    brings when first opened, and a calculator's Roll when first tapped (-1 where the page has none)."""
    ctx = browser.new_context(service_workers="block", **PHONE)
    page = ctx.new_page()
    page.route("**/assets/pyodide/**", lambda route: route.abort())   # a page's bytes, not the runtime's
    host.link.reset()
    page.goto(base + path, wait_until="load")
    settled(page)
    load, by_path = host.link.sent, dict(host.link.by_path)
    popover = first_tap(page, host, page.locator("button.cx-roll").first)
    page.keyboard.press("Escape")
    answer = first_tap(page, host, page.locator(".cx-chart .cx-draw").first)
    ctx.close()
    return load, by_path, popover, answer


def measure(browser: Any, host: PhoneHost, base: str, site: Path) -> None:
    sw = site / "sw.js"
    print(f"sw.js (its manifest; fetched after load when service workers are allowed): "
          f"{len(gzip.compress(sw.read_bytes(), 6)):,d} B gzipped")
    for path in PAGES:
        load, by_path, popover, answer = page_load(browser, host, base, path)
        ours = {p.lstrip("/"): n for p, n in sorted(by_path.items()) if "/assets/" in p and "javascripts" not in p
                and "stylesheets" not in p}
        first_use = "".join([f"; a popover's first opening {popover:,d} B" if popover >= 0 else "",
                             f"; a calculator's first Roll {answer:,d} B" if answer >= 0 else ""])
        print(f"  /{path:14s} page load {load:8,d} B{first_use}", flush=True)
        print("      the Codex's assets: " + ", ".join(f"{p} {n:,d}" for p, n in ours.items()), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--site", type=Path, help="a site already built for --port (default: build one)")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout to build (default: this one)")
    args = ap.parse_args()
    with serving(args.site, args.port, args.root) as (host, base, site), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        print(f"bytes on the wire, gzip as a host sends them ({args.root}):")
        measure(browser, host, base, site)
        browser.close()

if __name__ == "__main__":
    main()
