"""MkDocs hook: a share page and a card for every rule anchor and every ruling (macros/share/pages.py).

Each built page's sections are read as it is rendered (its headings and the paragraph that opens
each); once every page is written, `s/<anchor>/index.html` is written for each published anchor
(contracts/published_anchors.txt), each heading built since, and each ruling, with its card in
`assets/cards/s/`. An anchor that moved (docs/anchor_redirects.json) keeps its share address,
which describes and leads to the rule's new place. Runs before the security hook (which gives these
pages their content policy) and the contract hook (which stops the build if one is missing).

The share pages are not in the sitemap, and the service worker never keeps them (README, "Link
previews"). `make build` reports how many were written, their bytes and the time they took.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from macros.share import card_check, embed

from macros.share import cards

from macros.share import pages as share

from macros.share import index as share_index
from macros.links import SHARE_FOLDER, share_path
from macros.share.index import card_image, shares

log = logging.getLogger("mkdocs.hooks.share")


def on_pre_build(*, config: MkDocsConfig) -> None:
    share_index.clear()


def on_env(env: Any, *, config: MkDocsConfig, files: Files) -> Any:
    """overrides/main.html names the share folder for links.js (`<meta name="codex-share">`)."""
    env.globals["codex_share_folder"] = SHARE_FOLDER + "/"
    return env


def on_page_content(html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    share_index.read_page(html, src=page.file.src_uri, url=page.url, meta=page.meta, markdown=page.markdown or "")
    return html


def on_post_build(*, config: MkDocsConfig) -> None:
    started = time.perf_counter()
    site = Path(config.site_dir)
    base = config.site_url or "/"
    found = shares(config)
    faults = share_index.card_faults + card_check.check(found) + [
        f"{s.anchor}: embed: {p}" for s in found
        for p in embed.problems(share.embed_payload(s, site_url=base), site=base if base.endswith("/") else base + "/")]
    if faults:   # what a forum would show in the Codex's name: each must stand as its rule's statement
        # Logged as an error, which stops the strict build (make build, CI, the tests) once every
        # hook has run, so contract_hook's own findings (a lost anchor) are reported alongside.
        log.error("%d share cards fail the card check (macros/share/card_check.py); write the section's card "
                  "in its page's front matter `cards:` (macros/share/page_cards.py):\n  %s", len(faults), "\n  ".join(faults))
    pngs, made = cards.drawn([
        {"site_name": config.site_name, "title": s.card_title, "game": s.card_line or None, "footer": cards.FOOTER}
        for s in found
    ])
    written = 0
    for item, png in zip(found, pngs):
        image = card_image(item)
        html = share.page_html(item, site_url=base, site_name=config.site_name, image=image).encode("utf-8")
        for path, data in ((site / share_path(item.anchor) / "index.html", html), (site / image, png)):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written += len(data)
    log.info(
        "share pages: %d pages and cards, %.1f MB; %d cards drawn, %d from .cache; %.1f s",
        len(found), written / 1e6, made, len(found) - made, time.perf_counter() - started,
    )
