"""Shared fixtures: one strict build, one local server and one Chromium per test session.

Tiers are marked here, from the fixtures a test uses, so a new test is tiered without a mark
of its own: `build` for a test that needs a built site (`site_dir`, `served` or any fixture in
BUILD_FIXTURES), `browser` for one that drives Chromium (`page`, `context`, `browser`).
`make test-fast` runs neither; a test that calls `build_site` outside a `build` test fails.
Browser tests use Debian's Chromium through Playwright (`executable_path`, never
`playwright install`). Nothing here reaches outside 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import http.server
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CODEX_CHROMIUM", "/usr/bin/chromium")
# The build date every test build carries: the commit's (`make test` exports it) or a fixed one,
# so two builds of one checkout in a session can be compared byte for byte.
BUILD_EPOCH = os.environ.get("SOURCE_DATE_EPOCH") or "1700000000"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # Chromium's own address-bar popups are web pages (chrome://omnibox-popup.top-chrome/) that
    # every new window preloads in a renderer of their own: about 1 CPU-second per page opened,
    # none of it the site's. Puppeteer leaves them out by default too.
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
]
# The tests' browser only (never `make measure`, which times what a reader gets): V8 runs the
# wasm from its baseline compiler and never re-compiles hot functions with its optimising one.
# Pyodide behaves the same; each calculator page's boot costs about 1 CPU-second less
# (3.2 against 4.0-4.5 CPU-s per boot, measured on this 2-core machine), and on 2 cores the
# browser tests wait on CPU.
TEST_ONLY_ARGS = ["--js-flags=--liftoff-only"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", help="run the long stress tests (make stress)")


# fixtures that build the site (or an edited copy of the project), and fixtures that drive Chromium
BUILD_FIXTURES = frozenset({"site_dir", "served", "built_copy", "rebuilt_site"})
BROWSER_FIXTURES = frozenset({"page", "context", "browser"})
# Files that keep a worker busy for a long while without a build: the property tests (Hypothesis
# draws inputs for every calculator; over a minute under `make test`).
LONG_WITHOUT_BUILD = frozenset({"tests/test_properties.py"})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if names & BROWSER_FIXTURES and item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.browser)
        # every browser test drives a built site
        if (names & BUILD_FIXTURES or item.get_closest_marker("browser")) and item.get_closest_marker("build") is None:
            item.add_marker(pytest.mark.build)
    _long_files_first(items)
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="long stress run: use `make stress`")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def _long_files_first(items: list[pytest.Item]) -> None:
    """Put whole files in the order `make test` hands them to its workers (pytest-xdist,
    `--dist loadfile --no-loadscope-reorder`): LONG_WITHOUT_BUILD first, then the browser files
    (the longest), the other files that build, and the rest, most tests first (as pytest-xdist
    would order them), so a run ends on short files and no worker waits long for the other's last
    one. pytest-xdist gives the first file to one worker and the second to the other (and at once
    a third to a worker whose file has two tests or fewer left): one worker runs the property
    tests while the other makes the session's first build for the first browser file (about 50 s
    on a fresh clone, 10 s once `.cache` holds its Node steps), so neither waits for it."""
    def tier(item: pytest.Item) -> int:
        if item.nodeid.split("::")[0] in LONG_WITHOUT_BUILD:
            return -1
        if item.get_closest_marker("browser"):
            return 0
        return 1 if item.get_closest_marker("build") else 2

    files: dict[str, int] = {}
    for item in items:
        name = item.nodeid.split("::")[0]
        files[name] = min(files.get(name, 2), tier(item))
    count = Counter(item.nodeid.split("::")[0] for item in items)
    # browser and build files in collection order; the rest, most tests first
    order = sorted(files, key=lambda name: (files[name], -count[name] if files[name] == 2 else 0))
    rank = {name: i for i, name in enumerate(order)}
    items.sort(key=lambda item: rank[item.nodeid.split("::")[0]])


# Whether the running test may build, in the environment: pytest loads this file as `conftest`
# and the tests import it as `tests.conftest`, two modules that share no globals. Unset outside
# a test run, so scripts may build freely.
MAY_BUILD = "CODEX_TEST_MAY_BUILD"


def pytest_runtest_setup(item: pytest.Item) -> None:
    os.environ[MAY_BUILD] = "1" if item.get_closest_marker("build") else "0"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Worker processes (`make test` runs pytest-xdist) share one file of the session's name: the first
# build of a session runs alone and fills `.cache` (the Pyodide runs under Node that a fresh clone
# has not made yet), and every later build, in any worker, starts warm.
SESSION = "CODEX_TEST_SESSION"


# One built site per session, served by the controller (the process the workers report to, or
# the only one) on one port from the start: the first test that needs it builds it into the
# served folder, and every worker's tests read that build (a build costs a worker 10-15 s).
SITE_PORT = "CODEX_TEST_SITE_PORT"


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config, "workerinput"):
        return
    # the controller, or a run without workers
    os.environ[SESSION] = str(Path(tempfile.gettempdir()) / f"codex-build-{os.getpid()}")
    port = free_port()
    os.environ[SITE_PORT] = str(port)
    config.codex_site_server = serve(_shared_site(), port)   # 404 until the site is built


def pytest_unconfigure(config: pytest.Config) -> None:
    server = getattr(config, "codex_site_server", None)
    if server is not None:
        server.shutdown()
        shutil.rmtree(_shared_site(), ignore_errors=True)
        for suffix in (".built", ".site-lock", ".lock", ".warm"):
            Path(os.environ[SESSION] + suffix).unlink(missing_ok=True)


def _shared_site() -> Path:
    return Path(os.environ[SESSION] + "-site")


@contextlib.contextmanager
def _first_build_alone() -> Iterator[None]:
    session = os.environ.get(SESSION)
    warm = Path(f"{session}.warm")
    if not session or warm.exists():
        yield
        return
    with open(f"{session}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the first build holds it; the others wait here
        first = not warm.exists()
        if first:
            yield
            warm.touch()
    if not first:  # the cache is warm now: build beside the other workers
        yield


def build_site(dest: Path, site_url: str, root: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """`properdocs build --strict` (as `make build`) into `dest` with `site_url`, from `root`
    (the project, or a copy of it that a test has changed)."""
    if os.environ.get(MAY_BUILD) == "0":
        raise AssertionError("this test builds the site: take a build fixture (conftest.BUILD_FIXTURES) "
                             "or mark it `build`, so `make test-fast` stays fast")
    env = dict(os.environ, SITE_URL=site_url, PYTHONPATH=str(root), SOURCE_DATE_EPOCH=BUILD_EPOCH)
    with _first_build_alone():
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
    # socketserver's default backlog is 5 connections: two workers' browsers, their service
    # workers and parallel downloads overflow it, and the kernel then drops a connection
    # attempt that the browser only retries a second or more later (TCP's first SYN timeout)
    request_queue_size = 128

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
    return int(os.environ[SITE_PORT])


@pytest.fixture(scope="session")
def base_url(site_port: int) -> str:
    return f"http://127.0.0.1:{site_port}/"


@pytest.fixture(scope="session")
def site_dir(base_url: str) -> Path:
    """The site, built once per session (by whichever worker asks first) with `site_url`
    matching the test server. Tests read it and never change it."""
    dest = _shared_site()
    built = Path(os.environ[SESSION] + ".built")
    with open(os.environ[SESSION] + ".site-lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)   # another worker building it: wait for its build
        if not built.exists():
            done = build_site(dest, base_url)
            assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}"
            built.touch()
    return dest


@pytest.fixture(scope="session")
def served(site_dir: Path, base_url: str) -> str:
    """The built site's address (the session's server serves it)."""
    return base_url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: run `make test` (it installs it) or apt-get install chromium")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + TEST_ONLY_ARGS)
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
