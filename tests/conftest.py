"""Fixtures and hooks only: one strict build, one local server and one Chromium per test session.

Tiers are marked here, from the fixtures a test uses, so a new test is tiered without a mark
of its own: `build` for a test that needs a built site (`site_dir`, `served` or any fixture in
BUILD_FIXTURES), `browser` for one that drives Chromium (`page`, `context`, `browser`).
`make test-fast` runs neither; a test that calls `build_site` outside a `build` test fails.
Browser tests use Debian's Chromium through Playwright (`executable_path`, never
`playwright install`). Nothing here reaches outside 127.0.0.1. What these fixtures run on
(the build, the server, the page watch, the phone) is in tests/support.py, which tests import.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

import pytest

from tests.copies import Copies
from tests.support import (
    CHROMIUM, CHROMIUM_ARGS, MAY_BUILD, RECORD, SITE_PORT, TEST_ONLY_ARGS, FileClock, PageWatch, end_session,
    long_files_first, mark_tiers, phone_page, session_build, start_session,
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", help="run the long stress tests (make stress)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    mark_tiers(items)
    long_files_first(items)
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="long stress run: use `make stress`")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def pytest_runtest_setup(item: pytest.Item) -> None:
    os.environ[MAY_BUILD] = "1" if item.get_closest_marker("build") else "0"


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):   # the controller, or a run without workers
        config.codex_site_server = start_session()
        config.pluginmanager.register(FileClock(record=bool(os.environ.get(RECORD))), "codex-file-clock")


def pytest_unconfigure(config: pytest.Config) -> None:
    server = getattr(config, "codex_site_server", None)
    if server is not None:
        end_session(server)


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
    return session_build(base_url)


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


@pytest.fixture(scope="session")
def context(browser: object, served: str) -> Iterator[object]:
    """One browser context for the session: Pyodide boots cold once, then the HTTP cache helps."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=served.rstrip("/"))
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def phone(browser: object, served: str) -> Iterator[object]:
    """A 360x740 touch screen, one per test module (Pyodide boots once in it)."""
    with phone_page(browser, served) as page:
        yield page
        assert page.watch.outside == []


@pytest.fixture()
def page(context: object, served: str) -> Iterator[object]:
    page = context.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    yield page
    page.close()


@pytest.fixture(scope="session")
def built_copy(tmp_path_factory: pytest.TempPathFactory) -> Copies:
    """Edited copies of the project, each built once a session (tests/copies.py)."""
    return Copies(tmp_path_factory.mktemp("copies"))
