"""No tracking, works offline when the reader asks.

Every built page requests nothing outside the site's origin (tests/test_every_page.py). A service
worker (docs/sw.js, registered by assets/js/offline.js) keeps what reading needs; when the
reader presses "Keep the Codex on this device", it downloads the rest, after which the
calculators answer with the network cut. The worker's manifest (which files, their sha256 and
sizes, the cache version) is written into sw.js by macros/hooks/security.py after the build.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import calc
from calc.built.addresses import odds_path, shortest
from calc.question import Question
from macros.contracts.site_index import content_pages
from tests.browser import READY_TIMEOUT_MS
from tests.site_pages import SETTLED, calculator_pages, headline_key, wait_for_close_result
from tests.offline_files import manifest


def test_the_service_worker_names_this_build(site_dir: Path) -> None:
    data = manifest(site_dir)
    assert len(data["version"]) == 16 and int(data["version"], 16) >= 0
    runtime = json.loads((site_dir / "assets" / "pyodide" / "runtime.json").read_text())
    names = {p.removeprefix("assets/pyodide/") for p, _ in data["runtime"]}
    assert {runtime["wheel"], runtime["snapshot"]} <= names
    for path, sha256 in data["runtime"]:  # kept under its content's hash, checked against it
        assert sha256 == hashlib.sha256((site_dir / path).read_bytes()).hexdigest(), path
    for path in [p for p, _ in data["runtime"]] + data["pages"] + data["core"]:
        target = site_dir / path
        assert (target / "index.html" if path.endswith("/") or path == "" else target).is_file(), path
    assert set(content_pages(site_dir)) <= set(data["pages"]), "a page would be missing offline"
    assert "assets/pyodide/runtime.json" in data["pages"], "runtime.json must be network-first"


KEPT_BYTES = """async () => {
  let bytes = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
  }
  return bytes;
}"""
STATUS = "() => document.querySelector('[data-offline] [data-offline-status]').textContent"


@pytest.mark.browser
def test_calculators_work_offline_after_the_reader_keeps_the_codex(browser: Any, served: str, site_dir: Path) -> None:
    ctx = browser.new_context()  # a first visit: no service worker, no cache yet
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(served + "sun/rules/")
        page.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT_MS)

        # the reader presses the control at the foot of the page, and sees it done
        total = sum(manifest(site_dir)["sizes"].values())
        keep = page.get_by_role("button", name="Keep the Codex on this device for offline use")
        assert keep.inner_text().endswith(f"{total / 1e6:.1f} MB")
        page.evaluate("""() => { window.__progress = [];
            navigator.serviceWorker.addEventListener('message', ({data}) => {
              if (data.type === 'offline-progress') window.__progress.push([data.done, data.total,
                !document.querySelector('[data-offline-bar]').hidden]);
            }); }""")
        keep.click()
        page.wait_for_function(f"() => ({STATUS})().startsWith('Done')", timeout=READY_TIMEOUT_MS)
        steps = page.evaluate("() => window.__progress")
        assert steps and all(t == total for _, t, _ in steps), "progress counts bytes of the whole copy"
        assert [d for d, _, _ in steps] == sorted(d for d, _, _ in steps) and steps[-1][0] == total
        assert any(0 < d < total and shown for d, _, shown in steps), "no progress bar while downloading"
        assert page.locator("[data-offline] [data-offline-bar]").is_hidden()
        assert page.evaluate(KEPT_BYTES) >= total
        assert keep.is_hidden()

        ctx.set_offline(True)
        assert page.evaluate("() => navigator.onLine") is False
        # a reload of the page with new inputs in its address ...
        params = {"bonus": 9, "target": 21, "die": "penalty"}
        page.goto(served + "sun/rules/?bonus=9&target=21&die=penalty")
        wait_for_close_result(page, "sun-check", "chance", params)
        # ... and a page never opened before, with a calculator on it
        other = next(key for key, ids in calculator_pages(site_dir).items() if "sun-check" not in ids)
        cid = calculator_pages(site_dir)[other][0]
        page.goto(served + other)
        wait_for_close_result(page, cid, headline_key(cid), calc.CALCULATORS[cid].defaults())
        # a rule's share address, pasted from a forum, opens the rule, with the tab it names (issue 39)
        page.goto(served + "s/rk-damage-rolls/?rules=house")
        page.wait_for_url(served + "rk/damage/?rules=house#rk-damage-rolls")
        assert page.locator("h1").first.inner_text().startswith("Damage and wounds")
        tab = page.locator("#rk-damage-rolls ~ .tabbed-set").first
        assert tab.locator(".tabbed-labels > label", has_text="House rules").evaluate(
            "(l) => document.getElementById(l.htmlFor).checked")
        # a built question's odds address opens its calculator set to the question (issue 47 item 3)
        odds = Question.of("rk-check", rolled=6, kept=3, tn=25)
        page.goto(served + odds_path(odds))
        page.wait_for_url(served + shortest(odds).address())   # the settings its address names
        wait_for_close_result(page, "rk-check", "chance", {"rolled": 6, "kept": 3, "tn": 25})
        assert errors == []

        # the reader removes the copy: what reading needs stays, the rest goes
        ctx.set_offline(False)
        page.get_by_role("button", name="Remove the offline copy").click()
        page.wait_for_function(f"() => ({STATUS})().includes('removed')", timeout=READY_TIMEOUT_MS)
        assert page.evaluate(KEPT_BYTES) <= 1_500_000
        assert page.get_by_role("button", name="Keep the Codex on this device for offline use").is_visible()
    finally:
        ctx.set_offline(False)
        ctx.close()
