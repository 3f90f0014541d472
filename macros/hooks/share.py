"""MkDocs hook: a share page and a card for every rule anchor and every ruling (macros/share.py).

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

from macros import cards, rulings, share
from macros.games import GAMES, game_of
from macros.links import SHARE_FOLDER, page_url, share_path
from macros.mdsource import heading_index
from macros.printing import FOLDER as PRINT_FOLDER, PREFIX as PRINT_PREFIX
from macros.published import read_published, read_redirects

log = logging.getLogger("mkdocs.hooks.share")
_sections: dict[str, share.Section] = {}     # `rk/damage/#rk-wound-checks` -> its section, per build
_pages: dict[str, share.Section] = {}        # `rk/damage/` -> the page's h1 section
_games: dict[str, str | None] = {}           # `rk/damage/` -> "Roll & Keep"


def on_pre_build(*, config: MkDocsConfig) -> None:
    _sections.clear()
    _pages.clear()
    _games.clear()


def on_env(env: Any, *, config: MkDocsConfig, files: Files) -> Any:
    """overrides/main.html names the share folder for links.js (`<meta name="codex-share">`)."""
    env.globals["codex_share_folder"] = SHARE_FOLDER + "/"
    return env


def on_page_content(html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    src = page.file.src_uri
    found = share.sections(html, page.url)
    if src.startswith(PRINT_FOLDER + "/"):   # repeats the rules under `print-` anchors: links.js shares
        found = [s for s in found if not s.anchor.startswith(PRINT_PREFIX)]   # `print-x` as `x`
    for section in found:
        _sections[f"{page.url}#{section.anchor}"] = section
    if found and found[0].level == 1:
        _pages[page.url] = found[0]
    game = game_of(src)
    _games[page.url] = GAMES[game] if game else None
    return html


def shares(config: MkDocsConfig) -> list[share.Share]:
    """What every share page says: the rulings first, then each anchor in address order."""
    log_ = rulings.load()
    index = heading_index(Path(config.docs_dir))
    rulings_url = page_url(rulings.PAGE)
    rulings_title = index.get(rulings.PAGE, "Rulings")
    out = [
        share.ruling_share(
            r, rulings_url=rulings_url, site_name=config.site_name, rulings_title=rulings_title,
            games=list(dict.fromkeys(GAMES[g] for g in (game_of(rule) for rule in r.rules) if g)),
            rules=[(rulings.rule_label(rule, index), _address(rule)) for rule in r.rules],
        )
        for r in log_
    ]
    done = {r.anchor for r in log_}
    moved = read_redirects(config.docs_dir)
    for key in sorted(read_published() | set(_sections)):
        url, _, anchor = key.partition("#")
        section = _sections.get(moved.get(key, key))
        if anchor in done or section is None:
            continue   # a ruling's, or a lost anchor (the contract hook stops the build on those)
        done.add(anchor)
        page = _pages.get(section.page_url, section)
        out.append(share.section_share(
            section, page, game=_games.get(section.page_url), site_name=config.site_name, anchor=anchor,
        ))
    return out


def _address(rule: str) -> str:
    """`rk/damage.md#rk-wound-checks` -> `rk/damage/#rk-wound-checks` (site-relative)."""
    page, _, anchor = rule.partition("#")
    return f"{page_url(page)}#{anchor}"


def on_post_build(*, config: MkDocsConfig) -> None:
    started = time.perf_counter()
    site = Path(config.site_dir)
    base = config.site_url or "/"
    found = shares(config)
    pngs, made = cards.drawn([
        {"site_name": config.site_name, "title": s.card_title, "game": s.card_line or None, "footer": cards.FOOTER}
        for s in found
    ])
    written = 0
    for item, png in zip(found, pngs):
        image = cards.card_path(f"{SHARE_FOLDER}/{item.anchor}.md")
        html = share.page_html(item, site_url=base, site_name=config.site_name, image=image).encode("utf-8")
        for path, data in ((site / share_path(item.anchor) / "index.html", html), (site / image, png)):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written += len(data)
    log.info(
        "share pages: %d pages and cards, %.1f MB; %d cards drawn, %d from .cache; %.1f s",
        len(found), written / 1e6, made, len(found) - made, time.perf_counter() - started,
    )
