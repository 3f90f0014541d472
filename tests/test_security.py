"""Content-Security-Policy: scripts, workers, wasm and fetches only from the site's own origin.

The policy is a `<meta http-equiv>` tag put first in every page's `<head>` by
macros/hooks/security.py, with a sha256 for each of Material's inline scripts. These tests read
it from the built pages, check that Chromium enforces it, that every page and calculator works
under it without a single violation, and measure what Pyodide itself needs when a host sends
the policy as a header (the only way it reaches a worker): 'wasm-unsafe-eval', not 'unsafe-eval'.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import re
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

import calc
from macros.contracts.site_index import content_pages
from tests.browser import READY_TIMEOUT_MS
from tests.support import Handler, Server, free_port
from tests.site_pages import SETTLED, calculator_pages, headline_key, navigate, nudged_params, set_form, wait_for_close_result
from tests.policy import META, REQUIRED, SCRIPT, inline_hashes, parse_policy

# Collected by an init script in every page these tests open.
LISTEN = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
});
"""


def built_pages(site: Path) -> list[Path]:
    """Every HTML file the build wrote, less mkdocs-redirects' stubs (no scripts of ours)."""
    return [p for p in sorted(site.rglob("*.html")) if "<article" in p.read_text() or p.name == "404.html"]


# ---------------------------------------------------------------------------------- the built pages
def test_every_page_starts_with_its_policy(site_dir: Path) -> None:
    pages = built_pages(site_dir)
    assert len(pages) > 20
    for path in pages:
        html = path.read_text(encoding="utf-8")
        head = html.index("<head>") + len("<head>")
        match = META.search(html)
        assert match and html[head:match.start()].strip() == "", f"{path}: the policy is not the first thing in <head>"
        assert html.count('http-equiv="Content-Security-Policy"') == 1
        policy = parse_policy(match.group(1))
        for directive, needed in REQUIRED.items():
            assert needed <= set(policy.get(directive, ())), f"{path}: {directive} lacks {needed}"
        assert "'unsafe-eval'" not in policy["script-src"] and "'unsafe-inline'" not in policy["script-src"]
        assert "'wasm-unsafe-eval'" not in policy["script-src"], f"{path}: only the worker compiles WebAssembly"
        hashes = {v for v in policy["script-src"] if v.startswith("'sha256-")}
        assert hashes == inline_hashes(html), f"{path}: hashes differ from the page's inline scripts"
        # the charset must still be declared within the first 1024 bytes
        assert 0 < html.encode().find(b"<meta charset") < 1024 - 30, f"{path}: <meta charset> pushed too far"


def test_the_hashed_scripts_are_materials_own(site_dir: Path) -> None:
    """Four inline scripts, all from Material's templates: nothing of ours runs inline."""
    html = (site_dir / "sun" / "rules" / "index.html").read_text()
    bodies = [body for attrs, body in SCRIPT.findall(html) if "src=" not in (attrs or "") and "json" not in (attrs or "")]
    assert len(bodies) == 4
    starts = ("__md_scope=new URL(", "var palette=__md_get(", "var tabs=__md_get(", "var target=document.")
    assert [b.startswith(s) for b, s in zip(bodies, starts)] == [True] * 4, [b[:30] for b in bodies]


# ---------------------------------------------------------------------------------- in Chromium
@pytest.fixture(scope="module")
def csp_page(context: Any, served: str) -> Iterator[Any]:
    page = context.new_page()
    page.add_init_script(LISTEN)
    page.console_all = []
    page.on("console", lambda m: page.console_all.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: page.console_all.append(f"pageerror: {e}"))
    yield page
    page.close()


def _errors(page: Any) -> list[str]:
    return [m for m in page.console_all if m.startswith(("error", "pageerror")) or "Content Security Policy" in m]


@pytest.mark.browser
def test_the_policy_is_enforced(csp_page: Any, served: str) -> None:
    csp_page.goto(served)
    injected = csp_page.evaluate(
        """() => {
          const s = document.createElement('script');
          s.textContent = 'window.__injected = 1';
          document.head.append(s);
          return window.__injected === 1;
        }"""
    )
    assert injected is False
    csp_page.wait_for_function("() => window.__violations.length > 0")
    assert csp_page.evaluate("() => window.__violations")[0].startswith("script-src-elem blocked inline")


@pytest.mark.browser
def test_every_calculator_answers_under_the_policy(csp_page: Any, served: str, site_dir: Path) -> None:
    pages = calculator_pages(site_dir)
    first = next(iter(pages))
    csp_page.console_all.clear()
    csp_page.goto(served + first)
    csp_page.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
    for key, ids in pages.items():
        if key != first:
            navigate(csp_page, served, key)  # instant navigation: each page's own policy meta joins in
            csp_page.wait_for_function(SETTLED)
        for cid in ids:
            set_form(csp_page, cid, nudged_params(cid))
            wait_for_close_result(csp_page, cid, headline_key(cid), nudged_params(cid))
        states = csp_page.evaluate("() => [...document.querySelectorAll('[data-calculator]')].map((r) => r.dataset.state)")
        assert set(states) == {"ready"}, f"{key}: {states}"
    assert csp_page.evaluate("() => window.__violations") == []
    assert _errors(csp_page) == []


# ------------------------------------------------------------------ what Pyodide needs, measured
def _header_server(site: Path, script_src: str, *, snapshot: bool) -> Server:
    """The site served with the policy as a header on every response, so it reaches the worker.

    HTML pages get the same policy as their meta tag; everything else (worker.mjs included)
    gets the fixed policy with `script_src`. Without `snapshot`, runtime.json names no
    snapshot, so the worker takes the plain boot path (loadPyodide + the wheel).
    """
    fixed = f"default-src 'self'; script-src {script_src}; worker-src 'self'; connect-src 'self'"

    class PolicyHandler(Handler):
        def end_headers(self) -> None:
            target = Path(self.translate_path(self.path))
            if target.is_dir():
                target = target / "index.html"
            if target.suffix == ".html" and target.is_file():
                match = META.search(target.read_text(encoding="utf-8"))
                self.send_header("Content-Security-Policy", match.group(1) if match else fixed)
            else:
                self.send_header("Content-Security-Policy", fixed)
            super().end_headers()

        def do_GET(self) -> None:
            if not snapshot and self.path.endswith("/runtime.json"):
                runtime = json.loads((site / "assets" / "pyodide" / "runtime.json").read_text())
                runtime.pop("snapshot", None)
                body = json.dumps(runtime).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().do_GET()

    server = Server(("127.0.0.1", free_port()), functools.partial(PolicyHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _refusal(message: Any) -> bool:
    return "WebAssembly" in message.text and "Content Security Policy" in message.text


def _boot(browser: Any, server: Server, *, refused: bool = False) -> tuple[str, list[str]]:
    """Open sun/rules with bonus=7 in a fresh context; return the calculator's state and the console:
    once it shows the answer, or (`refused`) once the policy refused the WebAssembly compile."""
    ctx = browser.new_context(service_workers="block")
    try:
        page = ctx.new_page()
        console: list[str] = []
        page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
        port = server.server_address[1]
        url = f"http://127.0.0.1:{port}/sun/rules/?bonus=7&target=15&die=none"
        if refused:
            with page.expect_console_message(_refusal, timeout=READY_TIMEOUT_MS):
                page.goto(url)
            return page.evaluate("() => document.querySelector('[data-calculator]').dataset.state"), console
        page.goto(url)
        expected = calc.evaluate("sun-check", {"bonus": 7, "target": 15, "die": "none"})["chance"]
        try:
            page.wait_for_function(
                """(expected) => {
                  const root = document.querySelector('[data-calculator="sun-check"]');
                  const out = root.querySelector('[data-result="chance"]');
                  return root.dataset.state === 'ready' && Number(out.dataset.value) === expected;
                }""",
                arg=expected,
                timeout=READY_TIMEOUT_MS,
            )
            state = "answered"
        except Exception:  # noqa: BLE001 - a timeout is the measured outcome here
            state = page.evaluate("() => document.querySelector('[data-calculator]').dataset.state")
        return state, console
    finally:
        ctx.close()


@pytest.mark.browser
@pytest.mark.parametrize("snapshot", [True, False], ids=["snapshot-boot", "plain-boot"])
def test_pyodide_needs_wasm_unsafe_eval_and_no_unsafe_eval(browser: Any, site_dir: Path, snapshot: bool) -> None:
    server = _header_server(site_dir, "'self' 'wasm-unsafe-eval'", snapshot=snapshot)
    try:
        state, console = _boot(browser, server)
    finally:
        server.shutdown()
        server.server_close()
    # Material fetches sitemap.xml from site_url, which this second server's port is not: that
    # cross-origin fetch is refused (rightly); instant navigation then falls back to full loads.
    blocked = [m for m in console if ("Content Security Policy" in m or m.startswith(("error", "pageerror"))) and "sitemap.xml" not in m]
    assert state == "answered" and blocked == [], (state, blocked)


@pytest.mark.browser
def test_without_wasm_unsafe_eval_pyodide_cannot_start(browser: Any, site_dir: Path) -> None:
    """The control: drop 'wasm-unsafe-eval' and the worker's WebAssembly compile is refused."""
    server = _header_server(site_dir, "'self'", snapshot=True)
    try:
        state, console = _boot(browser, server, refused=True)
    finally:
        server.shutdown()
        server.server_close()
    assert state != "ready", "the calculator answered although its runtime could not compile"
    assert any("WebAssembly" in m and "Content Security Policy" in m for m in console), console


def test_the_dev_server_leaves_pages_without_a_policy_so_live_reload_runs() -> None:
    """`mkdocs serve` adds its live-reload script inline after the hooks; builds keep the policy."""
    from macros.hooks import security as security_hook

    page = "<html><head><title>x</title></head><body><script>1</script></body></html>"
    try:
        security_hook.on_startup(command="serve", dirty=False)
        assert security_hook.on_post_page(page, page=None, config=None) == page
        security_hook.on_startup(command="build", dirty=False)
        assert "Content-Security-Policy" in security_hook.on_post_page(page, page=None, config=None)
    finally:
        security_hook.on_startup(command="build", dirty=False)
