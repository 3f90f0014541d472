"""MkDocs hook: every built question answered once the pages are written, and both of its files:
its stored answer, `q/<calculator>/<slug>/answer.json.gz` (macros/answers/store.py), and its odds
page, `q/<calculator>/<slug>/index.html`, with a card per calculator and
`assets/odds-targets.json` (macros/odds/pages.py).

The questions are the declarations' set (calc/built/questions.py) and those the written pages link
to (macros/answers/linked.py), each answered once (macros/answers/worked.py, kept in `.cache`).
Every odds page's words, figures, embed and link are checked (macros/odds/check.py); a fault is
logged as an error, which stops the strict build. Runs before the security hook, which gives the
odds pages their content policy and keeps `q/` out of the offline copy's default set; neither the
sitemap nor the search index has them. `make build` prints their count per calculator, bytes and time.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from macros.answers import store
from macros.answers.worked import worked_out
from macros.odds import pages

log = logging.getLogger("mkdocs.hooks.answers")


def on_post_build(*, config: MkDocsConfig) -> None:
    started = time.perf_counter()
    site = Path(config.site_dir)
    worked, made = worked_out(site)
    answered = time.perf_counter() - started
    written = store.write(site, worked)
    written.seconds = time.perf_counter() - started
    log.info("%s (%d worked out here, the rest kept from an earlier build; %.1f s)", written.line(), made, answered)
    base = config.site_url or "/"
    faults, line = pages.write(site, worked, base=base if base.endswith("/") else base + "/", site_name=config.site_name)
    if faults:
        log.error("%d odds pages fail the odds card check (macros/odds/check.py):\n  %s", len(faults), "\n  ".join(faults))
    log.info("%s; %.1f s", line, time.perf_counter() - started - written.seconds)
