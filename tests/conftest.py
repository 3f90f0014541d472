"""Shared fixtures: one strict build, one local server and one Chromium per test session.

Browser tests are marked `browser`; they use Debian's Chromium through Playwright
(`executable_path`, never `playwright install`). Nothing here reaches outside 127.0.0.1.
"""

from __future__ import annotations

import functools
import http.server
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CODEX_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", help="run the long stress tests (make stress)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="long stress run: use `make stress`")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def build_site(dest: Path, site_url: str, root: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """`properdocs build --strict` (as `make build`) into `dest` with `site_url`, from `root`
    (the project, or a copy of it that a test has changed)."""
    env = dict(os.environ, SITE_URL=site_url, PYTHONPATH=str(root))
    return subprocess.run(
        [sys.executable, "-m", "properdocs", "build", "-f", "mkdocs.yml", "--strict", "--site-dir", str(dest)],
        cwd=root, env=env, capture_output=True, text=True, check=False,
    )


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".whl": "application/zip",
    }

    def log_message(self, format: str, *args: object) -> None:  # keep test output quiet
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        import sys as _sys

        if isinstance(_sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return  # the browser cancelled a request (navigation, Stop): not an error
        super().handle_error(request, client_address)


def serve(directory: Path, port: int) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(_Handler, directory=str(directory))
    server = _Server(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture(scope="session")
def site_port() -> int:
    return free_port()


@pytest.fixture(scope="session")
def base_url(site_port: int) -> str:
    return f"http://127.0.0.1:{site_port}/"


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory, base_url: str) -> Path:
    """The site, built once per session with `site_url` matching the test server."""
    dest = tmp_path_factory.mktemp("site")
    done = build_site(dest, base_url)
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}"
    return dest


@pytest.fixture(scope="session")
def served(site_dir: Path, site_port: int, base_url: str) -> Iterator[str]:
    server = serve(site_dir, site_port)
    yield base_url
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: run `make test` (it installs it) or apt-get install chromium")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class PageWatch:
    """Collects console errors, page errors and requests leaving the site's origin."""

    def __init__(self, page: object, origin: str) -> None:
        self.errors: list[str] = []
        self.outside: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("request", lambda r: None if r.url.startswith(origin) or r.url.startswith(("data:", "blob:")) else self.outside.append(r.url))


@pytest.fixture(scope="session")
def context(browser: object, served: str) -> Iterator[object]:
    """One browser context for the session: Pyodide boots cold once, then the HTTP cache helps."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=served.rstrip("/"))
    yield ctx
    ctx.close()


PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def phone(browser: object, served: str) -> Iterator[object]:
    """A 360x740 touch screen, one per test module (Pyodide boots once in it)."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)
    page = ctx.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    yield page
    assert page.watch.outside == []
    ctx.close()


@pytest.fixture()
def page(context: object, served: str) -> Iterator[object]:
    page = context.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    yield page
    page.close()
