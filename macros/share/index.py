"""What this build read of each page's sections, and what each share page says of them.

The share hook fills it as pages are rendered (`read_page`); the share hook then writes a page and
a card per `shares()` item, and the API hook (macros/hooks/api.py) publishes the same items and
sections as data, so the two can never disagree. State lasts one build (`clear` at its start).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from macros import rulings

from macros.share import cards

from macros.share import pages as share
from macros.games import GAMES, game_of
from macros.links import SHARE_FOLDER, page_url
from macros.mdsource import heading_index
from macros.share.page_cards import page_cards
from macros.share.rule_sets import must_name, rule_sets
from macros.printing import FOLDER as PRINT_FOLDER, PREFIX as PRINT_PREFIX
from macros.contracts.published import read_published, read_redirects

_sections: dict[str, share.Section] = {}     # `rk/damage/#rk-wound-checks` -> its section, per build
_pages: dict[str, share.Section] = {}        # `rk/damage/` -> the page's h1 section
_games: dict[str, str | None] = {}           # `rk/damage/` -> "Roll & Keep"
_cards: dict[str, str] = {}                  # `rk/damage/#rk-wound-checks` -> the card its page writes
_rule_sets: dict[str, tuple[str, ...]] = {}  # `rk/damage/#rk-wound-checks` -> ("summary", "house")
_srcs: dict[str, str] = {}                   # `rk/damage/` -> `rk/damage.md`
card_faults: list[str] = []                  # `cards:` keys that name no heading, cards that are not text


def clear() -> None:
    for table in (_sections, _pages, _games, _cards, _rule_sets, _srcs):
        table.clear()
    card_faults.clear()


def _game(src: str) -> str | None:
    """A page's game: its folder's, or the one its print page gathers (`print/rk.md` -> `rk`)."""
    folder, _, name = src.partition("/")
    printed = name[:-3] if folder == PRINT_FOLDER and name.endswith(".md") else None
    return game_of(src) or (printed if printed in GAMES else None)


def read_page(html: str, *, src: str, url: str, meta: dict[str, Any], markdown: str = "") -> None:
    """Keep the sections of one rendered page (`src` its docs path, `url` where it is served,
    `markdown` its source with the macros rendered, which says the rule sets each section covers)."""
    found = share.sections(html, url)
    if src.startswith(PRINT_FOLDER + "/"):   # repeats the rules under `print-` anchors: links.js shares
        found = [s for s in found if not s.anchor.startswith(PRINT_PREFIX)]   # `print-x` as `x`
    for section in found:
        _sections[f"{url}#{section.anchor}"] = section
    if found and found[0].level == 1:
        _pages[url] = found[0]
    top = found[0].anchor if found and found[0].level == 1 else None
    written = page_cards(meta, page=src, anchors=[s.anchor for s in found], top=top, problems=card_faults)
    _cards.update({f"{url}#{anchor}": text for anchor, text in written.items()})
    game = _game(src)
    _games[url] = GAMES[game] if game else None
    _srcs[url] = src
    _rule_sets.update({f"{url}#{anchor}": covered for anchor, covered in rule_sets(markdown, game).items()})


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
        covered = _rule_sets.get(f"{section.page_url}#{section.anchor}", ())
        out.append(share.section_share(
            section, page, game=_games.get(section.page_url), site_name=config.site_name, anchor=anchor,
            card=_cards.get(f"{section.page_url}#{section.anchor}"),
            rule_sets=covered, must_name=must_name(covered, _srcs.get(section.page_url, "")),
        ))
    return out


def built_section(address: str) -> tuple[share.Section, share.Section, str | None] | None:
    """The section at `page/#anchor` as this build read it, its page's h1 section and its game's name
    (None when the build has no such section): what the site's data files (macros/hooks/api.py) say of it."""
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


__all__ = ["built_section", "card_faults", "card_image", "clear", "read_page", "shares"]
