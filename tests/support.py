"""What the test session runs on: one strict build of the site per session, a local server,
the tiers a test falls in, the watch on a page, and the one phone factory.

`conftest.py` wires these into fixtures and hooks; test modules import names from here (never
from conftest). The scripts do not import this module: what both use is in scripts/harness.py.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import http.server
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

import pytest

from scripts import harness
# the tests take these from here too, with the rest of their support
from scripts.harness import BUILD_EPOCH, CHROMIUM, CHROMIUM_ARGS, ROOT, free_port  # noqa: F401

# The tests' browser only (never `make measure`, which times what a reader gets): V8 runs the
# wasm from its baseline compiler and never re-compiles hot functions with its optimising one.
# Pyodide behaves the same; each calculator page's boot costs about 1 CPU-second less
# (3.2 against 4.0-4.5 CPU-s per boot, measured on this 2-core machine), and on 2 cores the
# browser tests wait on CPU.
TEST_ONLY_ARGS = ["--js-flags=--liftoff-only"]


# fixtures that build the site (or an edited copy of the project), and fixtures that drive Chromium
BUILD_FIXTURES = frozenset({"site_dir", "served", "built_copy", "rebuilt_site"})
BROWSER_FIXTURES = frozenset({"page", "context", "browser"})
# What each test file took in the last recorded full run (`make durations` writes it), in seconds:
# `make test` hands the longest files to its workers first, so a run ends on short files.
DURATIONS = ROOT / "tests" / "durations.json"
RECORD = "CODEX_RECORD_DURATIONS"   # set (by `make durations`) to write DURATIONS at the end of a run
# a file the record does not know yet (a new one) is guessed from its tier, in seconds
GUESS = {"browser": 30.0, "build": 10.0, "unit": 1.0}
# what the session's build takes (tests/support.py session_build) on two cores, about: the files
# that need no build and are handed out while it is made (`long_files_first`)
BUILD_SECONDS = 60.0


def mark_tiers(items: list[pytest.Item]) -> None:
    """Mark each test `browser` and/or `build` from the fixtures it takes (a browser test builds too)."""
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if names & BROWSER_FIXTURES and item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.browser)
        # every browser test drives a built site
        if (names & BUILD_FIXTURES or item.get_closest_marker("browser")) and item.get_closest_marker("build") is None:
            item.add_marker(pytest.mark.build)


def recorded_durations() -> dict[str, float]:
    """File -> seconds, from the last recorded full run (empty where none was recorded)."""
    return json.loads(DURATIONS.read_text(encoding="utf-8")) if DURATIONS.is_file() else {}


def long_files_first(items: list[pytest.Item]) -> None:
    """Put whole files in the order `make test` hands them to its workers (pytest-xdist,
    `--dist loadfile --no-loadscope-reorder`, which gives each worker the next file in this order
    as it finishes one): the longest first, by the last recorded run (tests/durations.json; a file it
    does not know is guessed from its tier), so a run ends on short files and no worker waits long
    for the other's last one. Except at the start: while the first worker makes the session's build
    for the longest file, the files that need no build (about `BUILD_SECONDS` of them, the longest)
    go to the other, rather than it waiting for the build too."""
    recorded = recorded_durations()
    guess: dict[str, float] = {}
    needs_build: set[str] = set()
    for item in items:
        name = item.nodeid.split("::")[0]
        tier = "browser" if item.get_closest_marker("browser") else "build" if item.get_closest_marker("build") else "unit"
        guess[name] = max(guess.get(name, 0.0), GUESS[tier])
        if tier != "unit":
            needs_build.add(name)
    seconds = {name: recorded.get(name, guess[name]) for name in guess}
    order = sorted(seconds, key=lambda name: (-seconds[name], name))
    first = [name for name in order if name in needs_build][:1]
    meanwhile: list[str] = []
    for name in order:
        if first and name not in needs_build and sum(seconds[n] for n in meanwhile) < BUILD_SECONDS:
            meanwhile.append(name)
    order = first + meanwhile + [name for name in order if name not in first and name not in meanwhile]
    rank = {name: i for i, name in enumerate(order)}
    items.sort(key=lambda item: rank[item.nodeid.split("::")[0]])


class FileClock:
    """A plugin of the controller: the seconds each test file took in this run (setup, call and
    teardown of its tests, in whichever worker), and the run's wall time, printed at the end of
    every run (the 10 longest files beside what they took when last recorded), and written to
    DURATIONS when `record` is set (`make durations`)."""

    def __init__(self, *, record: bool) -> None:
        self.seconds: Counter[str] = Counter()
        self.started = time.monotonic()
        self.record = record

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[report.nodeid.split("::")[0]] += report.duration

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not self.seconds:
            return
        for line in self.summary():
            terminalreporter.write_line(line)
        if self.record:
            self.write()
            terminalreporter.write_line(f"recorded in {DURATIONS.relative_to(ROOT)}")

    def summary(self) -> list[str]:
        recorded = recorded_durations()
        lines = [f"wall time {time.monotonic() - self.started:.0f} s; test files' own time "
                 f"{sum(self.seconds.values()):.0f} s over {len(self.seconds)} files; the 10 longest:"]
        for name, spent in self.seconds.most_common(10):
            before = f" (recorded {recorded[name]:.1f} s)" if name in recorded else ""
            lines.append(f"  {spent:7.1f} s  {name}{before}")
        return lines

    def write(self) -> None:
        DURATIONS.write_text(json.dumps({k: round(v, 1) for k, v in sorted(self.seconds.items())}, indent=1) + "\n",
                             encoding="utf-8")


# Whether the running test may build, in the environment (set by conftest before each test, read
# by `build_site` wherever it runs). Unset outside a test run.
MAY_BUILD = "CODEX_TEST_MAY_BUILD"


# Worker processes (`make test` runs pytest-xdist) share one file of the session's name: the first
# build of a session runs alone and fills `.cache` (the Pyodide runs under Node that a fresh clone
# has not made yet), and every later build, in any worker, starts warm.
SESSION = "CODEX_TEST_SESSION"


# One built site per session, served by the controller (the process the workers report to, or
# the only one) on one port from the start: the first test that needs it builds it into the
# served folder, and every worker's tests read that build (a build costs a worker 10-15 s).
SITE_PORT = "CODEX_TEST_SITE_PORT"


def start_session() -> http.server.ThreadingHTTPServer:
    """The controller's start: the session's name and port in the environment (the workers
    inherit them), and its server, which answers 404 until the site is built."""
    os.environ[SESSION] = str(Path(tempfile.gettempdir()) / f"codex-build-{os.getpid()}")
    port = free_port()
    os.environ[SITE_PORT] = str(port)
    return serve(shared_site(), port)


def end_session(server: http.server.ThreadingHTTPServer) -> None:
    """Stop the session's server; remove its build and its lock files."""
    server.shutdown()
    shutil.rmtree(shared_site(), ignore_errors=True)
    for suffix in (".built", ".site-lock", ".lock", ".warm"):
        Path(os.environ[SESSION] + suffix).unlink(missing_ok=True)


def session_build(site_url: str) -> Path:
    """The session's one build, made by whichever worker asks first; the others wait for it."""
    dest = shared_site()
    built = Path(os.environ[SESSION] + ".built")
    with open(os.environ[SESSION] + ".site-lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)   # another worker building it: wait for its build
        if not built.exists():
            done = build_site(dest, site_url)
            assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}"
            built.touch()
    return dest


def shared_site() -> Path:
    """The folder the session's build goes to (and the session's server serves)."""
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
    """scripts.harness.build_site, from a test that may build (a `build` test), the session's
    first build alone (it fills `.cache`)."""
    if os.environ.get(MAY_BUILD) == "0":
        raise AssertionError("this test builds the site: take a build fixture (tests/support.py BUILD_FIXTURES) "
                             "or mark it `build`, so `make test-fast` stays fast")
    with _first_build_alone():
        return harness.build_site(dest, site_url, root)


class Handler(http.server.SimpleHTTPRequestHandler):
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


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # socketserver's default backlog is 5 connections: two workers' browsers, their service
    # workers and parallel downloads overflow it, and the kernel then drops a connection
    # attempt that the browser only retries a second or more later (TCP's first SYN timeout)
    request_queue_size = 128

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return  # the browser cancelled a request (navigation, Stop): not an error
        super().handle_error(request, client_address)


def serve(directory: Path, port: int) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Handler, directory=str(directory))
    server = Server(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class PageWatch:
    """Collects console errors, page errors and requests leaving the site's origin."""

    def __init__(self, page: object, origin: str) -> None:
        self.errors: list[str] = []
        self.outside: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("request", lambda r: None if r.url.startswith(origin) or r.url.startswith(("data:", "blob:")) else self.outside.append(r.url))


PHONE = {"width": 360, "height": 740}


@contextlib.contextmanager
def phone_context(browser: Any, origin: str, *, init_script: str | None = None) -> Iterator[Any]:
    """A 360x740 touch screen (the one phone of the tests), allowed the clipboard on `origin`."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin.rstrip("/"))
    if init_script:
        ctx.add_init_script(init_script)
    try:
        yield ctx
    finally:
        ctx.close()


# the runtime's files (Pyodide, the standard library, calc, the memory snapshot): what a phone
# "without the runtime" is refused
RUNTIME_FILES = "**/assets/pyodide/**"


def refuse(ctx: Any, files: Any, refused: list[str]) -> None:
    """Refuse every request for `files` (a glob or a compiled pattern) made in the context `ctx`, by
    its pages, their workers or its service worker, and list each URL in `refused`. At the context,
    not the page: the Codex's service worker takes over a page soon after its first load (sw.js,
    clients.claim), and from then on the page's requests reach the network as the service worker's,
    which Playwright routes at the context only (a page's route let such a page fetch them)."""
    ctx.route(files, lambda route: (refused.append(route.request.url), route.abort()))


@contextlib.contextmanager
def phone_page(browser: Any, served: str, *, refused: Any = None, init_script: str | None = None) -> Iterator[Any]:
    """A tab on that phone, its console errors and outside requests watched (`page.watch`) and its
    requests listed (`page.requested`); with `refused` (a glob or a compiled pattern, as
    RUNTIME_FILES), every request for those files refused and listed (`page.refused`)."""
    with phone_context(browser, served, init_script=init_script) as ctx:
        page = ctx.new_page()
        page.watch = PageWatch(page, served.rstrip("/"))
        page.requested, page.refused = [], []
        page.on("request", lambda r: page.requested.append(r.url))
        if refused is not None:
            refuse(ctx, refused, page.refused)
        yield page


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG, as Pillow reads them (anything else fails)."""
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        return image.size
