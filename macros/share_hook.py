"""MkDocs hook: a share page and a card for every rule anchor and every ruling (macros/share.py).

Each built page's sections are read as it is rendered (its headings and the paragraph that opens
each); once every page is written, `s/<anchor>/index.html` is written for each published anchor
(contracts/published_anchors.txt), each heading built since, and each ruling, with its card in
`assets/cards/s/`. An anchor that moved (docs/anchor_redirects.json) keeps its share address,
which describes and leads to the rule's new place. Runs before security_hook (which gives these
pages their content policy) and contract_hook (which stops the build if one is missing).

The share pages are not in the sitemap, and the service worker never keeps them (README, "Link
previews"). `make build` reports how many were written, their bytes and the time they took.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.structure.files import Files  # noqa: E402
from mkdocs.structure.pages import Page  # noqa: E402

from macros import card_check, cards, rulings, share  # noqa: E402
from macros.contract_hook import REDIRECTS, read_published  # noqa: E402
from macros.games import GAMES, game_of  # noqa: E402
from macros.links import SHARE_FOLDER, page_url, share_path  # noqa: E402
from macros.mdsource import heading_index  # noqa: E402
from macros.page_cards import page_cards  # noqa: E402
from macros.printing import FOLDER as PRINT_FOLDER, PREFIX as PRINT_PREFIX  # noqa: E402

log = logging.getLogger("mkdocs.hooks.share")
_sections: dict[str, share.Section] = {}     # `rk/damage/#rk-wound-checks` -> its section, per build
_pages: dict[str, share.Section] = {}        # `rk/damage/` -> the page's h1 section
_games: dict[str, str | None] = {}           # `rk/damage/` -> "Roll & Keep"
_cards: dict[str, str] = {}                  # `rk/damage/#rk-wound-checks` -> the card its page writes
_card_faults: list[str] = []                 # `cards:` keys that name no heading, cards that are not text


def on_pre_build(*, config: MkDocsConfig) -> None:
    _sections.clear()
    _pages.clear()
    _games.clear()
    _cards.clear()
    _card_faults.clear()


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
    top = found[0].anchor if found and found[0].level == 1 else None
    written = page_cards(page.meta, page=src, anchors=[s.anchor for s in found], top=top, problems=_card_faults)
    _cards.update({f"{page.url}#{anchor}": text for anchor, text in written.items()})
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
    moved = _redirects(config)
    for key in sorted(read_published() | set(_sections)):
        url, _, anchor = key.partition("#")
        section = _sections.get(moved.get(key, key))
        if anchor in done or section is None:
            continue   # a ruling's, or a lost anchor (contract_hook stops the build on those)
        done.add(anchor)
        page = _pages.get(section.page_url, section)
        out.append(share.section_share(
            section, page, game=_games.get(section.page_url), site_name=config.site_name, anchor=anchor,
            card=_cards.get(f"{section.page_url}#{section.anchor}"),
        ))
    return out


def built_section(address: str) -> tuple[share.Section, share.Section, str | None] | None:
    """The section at `page/#anchor` as this build read it, its page's h1 section and its game's name
    (None when the build has no such section): what the site's data files (macros/api_hook.py) say of it."""
    section = _sections.get(address)
    if section is None:
        return None
    return section, _pages.get(section.page_url, section), _games.get(section.page_url)


def card_image(item: share.Share) -> str:
    """Where a share page's card is published (`assets/cards/s/<anchor>.png`)."""
    return cards.card_path(f"{SHARE_FOLDER}/{item.anchor}.md")


def _address(rule: str) -> str:
    """`rk/damage.md#rk-wound-checks` -> `rk/damage/#rk-wound-checks` (site-relative)."""
    page, _, anchor = rule.partition("#")
    return f"{page_url(page)}#{anchor}"


def _redirects(config: MkDocsConfig) -> dict[str, str]:
    path = Path(config.docs_dir) / REDIRECTS
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def on_post_build(*, config: MkDocsConfig) -> None:
    started = time.perf_counter()
    site = Path(config.site_dir)
    base = config.site_url or "/"
    found = shares(config)
    faults = _card_faults + card_check.check(found)
    if faults:   # what a forum would show in the Codex's name: each must stand as its rule's statement
        # Logged as an error, which stops the strict build (make build, CI, the tests) once every
        # hook has run, so contract_hook's own findings (a lost anchor) are reported alongside.
        log.error("%d share cards fail the card check (macros/card_check.py); write the section's card "
                  "in its page's front matter `cards:` (macros/page_cards.py):\n  %s", len(faults), "\n  ".join(faults))
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
