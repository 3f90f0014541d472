"""The policy for hosts that send headers (`_headers`), and the pages no page event sees.

- Redirect stubs (mkdocs-redirects) carry the same meta policy as every page, with their own
  inline script's hash.
- `_headers` (Netlify / Cloudflare Pages format, written by macros/hooks/security.py) gives every
  page the meta tag's directives plus `frame-ancestors 'none'`, and each worker script a policy
  of its own (workers take their policy from their response, never from the page).
- In Chromium, with the site served *with* those headers as such a host would, a calculator
  boots Pyodide in its worker and answers, the service worker installs, and nothing is blocked.
"""

from __future__ import annotations

import fnmatch
import functools
import re
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

from macros.hooks import security as security_hook
from tests.browser import wait_for_result
from tests.support import Handler, Server, free_port
from tests.site_pages import calculator_pages
from tests.policy import META, REQUIRED, inline_hashes, parse_policy


def parse_headers(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """Netlify's `_headers`: a path pattern line, then indented `Name: value` lines."""
    rules: list[tuple[str, list[tuple[str, str]]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), []))
        else:
            name, _, value = line.strip().partition(":")
            rules[-1][1].append((name.strip(), value.strip()))
    return rules


def headers_for(rules: list[tuple[str, list[tuple[str, str]]]], path: str) -> list[tuple[str, str]]:
    """Every matching rule's headers, as Netlify and Cloudflare Pages combine them."""
    return [h for pattern, headers in rules if fnmatch.fnmatchcase(path, pattern) for h in headers]


@pytest.fixture(scope="module")
def rules(site_dir: Path) -> list[tuple[str, list[tuple[str, str]]]]:
    return parse_headers((site_dir / "_headers").read_text(encoding="utf-8"))


def _policies(headers: list[tuple[str, str]]) -> list[dict[str, list[str]]]:
    return [parse_policy(v) for n, v in headers if n.lower() == "content-security-policy"]


def test_redirect_stubs_carry_the_policy(site_dir: Path) -> None:
    stubs = [p for p in site_dir.rglob("*.html") if 'http-equiv="refresh"' in (t := p.read_text()) and "<article" not in t]
    assert stubs, "mkdocs-redirects wrote no stub"
    for path in stubs:
        html = path.read_text(encoding="utf-8")
        policy = parse_policy(META.search(html).group(1))
        for directive, needed in REQUIRED.items():
            assert needed <= set(policy.get(directive, ())), f"{path}: {directive}"
        assert {v for v in policy["script-src"] if v.startswith("'sha256-")} == inline_hashes(html) != set()
        assert html.index("Content-Security-Policy") < html.index("<script")


def test_every_page_gets_the_meta_policy_plus_frame_ancestors(site_dir: Path, rules: Any) -> None:
    for path in sorted(site_dir.rglob("*.html")):
        url = "/" + path.relative_to(site_dir).as_posix()
        policies = _policies(headers_for(rules, url))
        assert len(policies) == 1, url
        header = policies[0]
        meta = parse_policy(META.search(path.read_text(encoding="utf-8")).group(1))
        assert header.pop("frame-ancestors") == ["'none'"]
        for directive, values in meta.items():
            assert set(values) <= set(header[directive]), f"{url}: {directive} differs from the page's own"
        assert set(header) == set(meta)


def test_workers_get_their_own_policy(site_dir: Path, rules: Any) -> None:
    workers = ["/sw.js", "/assets/js/worker.mjs"] + [
        "/" + p.relative_to(site_dir).as_posix() for p in (site_dir / "assets" / "javascripts" / "workers").glob("*.js")
    ]
    assert len(workers) >= 3
    for url in workers:
        assert (site_dir / url[1:]).is_file()
        own = [p for p in _policies(headers_for(rules, url)) if p["default-src"] == ["'none'"]]
        assert len(own) == 1, url
        assert own[0]["script-src"] == ["'self'", "'wasm-unsafe-eval'"] and own[0]["connect-src"] == ["'self'"]
        assert own[0]["frame-ancestors"] == ["'none'"]


def test_headers_tell_what_only_headers_can(rules: Any) -> None:
    everything = dict(headers_for(rules, "/index.html"))
    assert everything["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in everything["Content-Security-Policy"]
    assert "frame-ancestors" not in dict(security_hook.POLICY), "a meta tag ignores frame-ancestors"


# ---------------------------------------------------------------------------------- in Chromium
class _HeaderHandler(Handler):
    rules: list[tuple[str, list[tuple[str, str]]]] = []

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path.endswith("/"):
            path += "index.html"
        for name, value in headers_for(self.rules, path):
            self.send_header(name, value)
        super().end_headers()


@pytest.fixture(scope="module")
def header_host(site_dir: Path, rules: Any) -> Iterator[str]:
    """The built site served as Netlify or Cloudflare Pages would, on another port (origin)."""
    handler = type("Handler", (_HeaderHandler,), {"rules": rules})
    port = free_port()
    server = Server(("127.0.0.1", port), functools.partial(handler, directory=str(site_dir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{port}/"
    server.shutdown()


@pytest.mark.browser
def test_with_the_headers_the_calculator_and_the_offline_worker_run(browser: Any, header_host: str, site_dir: Path, base_url: str) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    try:
        where = next(key for key, ids in sorted(calculator_pages(site_dir).items()) if "sun-check" in ids)
        response = page.goto(header_host + where + "?calc=sun-check&bonus=7&target=18")
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
        try:
            wait_for_result(page, "sun-check", "chance", {"bonus": 7, "target": 18})
        except Exception:
            raise AssertionError(f"no answer; console: {console}") from None
        scope = page.evaluate(
            "async () => (await Promise.race([navigator.serviceWorker.ready, new Promise((_, no) => setTimeout(() => no(new Error('no service worker')), 30000))])).scope"
        )
        assert scope == header_host
        # the build's site_url is the session server's (another port, so another origin): the
        # page's own fetches of it (Material's sitemap.xml for instant navigation) are rightly blocked
        elsewhere = base_url.rstrip("/")
        blocked = [m for m in console if ("Content Security Policy" in m or "Refused" in m) and elsewhere not in m]
        assert blocked == []
        assert [m for m in console if m.startswith(("error", "pageerror")) and elsewhere not in m] == []
    finally:
        ctx.close()
