"""MkDocs hook: the built answers (macros/answers/), written once every page is.

The questions are the declarations' set (calc/built/questions.py) and those the written pages link
to (macros/answers/linked.py). Runs before the security hook, which keeps `q/` out of the offline
copy's default set; the files are not pages, so neither the sitemap nor the search index has them.
`make build` prints their count per calculator, bytes and time.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from calc.built.questions import built_questions
from macros.answers import store
from macros.answers.linked import site_questions

log = logging.getLogger("mkdocs.hooks.answers")


def on_post_build(*, config: MkDocsConfig) -> None:
    started = time.perf_counter()
    site = Path(config.site_dir)
    written = store.write(site, built_questions(linked=site_questions(site)))
    written.seconds = time.perf_counter() - started   # choosing them (each is worked out once) included
    log.info(written.line())
