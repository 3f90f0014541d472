"""What the scripts and the tests both use: the project's root, one strict build of the site,
Debian's Chromium with its flags, and a free local port.

The tests' own support (tests/support.py) builds on this module; nothing here imports from
`tests/`, so a script never loads the test suite.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CODEX_CHROMIUM", "/usr/bin/chromium")
# The build date of a build made here: the commit's (`make test` exports it) or a fixed one, so
# two builds of one checkout can be compared byte for byte.
BUILD_EPOCH = os.environ.get("SOURCE_DATE_EPOCH") or "1700000000"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # Chromium's own address-bar popups are web pages (chrome://omnibox-popup.top-chrome/) that
    # every new window preloads in a renderer of their own: about 1 CPU-second per page opened,
    # none of it the site's. Puppeteer leaves them out by default too.
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
]

# Material's own timings, which a script or test as fast as a machine waits out (no reader is):
# it closes the search 125 ms after the location last changed (its bundle debounces location$ and
# hash$ into `at("search", !1)`), so a search opened sooner is shut under it; and 400 ms after its
# search opens on a phone it holds the page still (the body's data-md-scrolllock), so a tap at
# that instant meets a page in mid-change and lands on nothing (not on a desktop: no lock there)
LOCATION_DEBOUNCE_MS = 125 + 75
SEARCH_SETTLED = "() => document.body.hasAttribute('data-md-scrolllock') || matchMedia('(min-width: 960px)').matches"
# a page opened from the search has settled once Material has let go of it and its closing search
# no longer overflows the screen: links.js landOnAnchor then brings the anchor up (a reader's touch
# meanwhile cancels that; a script's scroll does not, so a script waits for it)
PAGE_SETTLED = ("() => !document.body.hasAttribute('data-md-scrolllock')"
                " && document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def build_site(dest: Path, site_url: str, root: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """`properdocs build --strict` (as `make build`) into `dest` with `site_url`, from `root`
    (the project, or a copy of it that a test has changed)."""
    env = dict(os.environ, SITE_URL=site_url, PYTHONPATH=str(root), SOURCE_DATE_EPOCH=BUILD_EPOCH)
    return subprocess.run(
        [sys.executable, "-m", "properdocs", "build", "-f", "mkdocs.yml", "--strict", "--site-dir", str(dest)],
        cwd=root, env=env, capture_output=True, text=True, check=False,
    )
