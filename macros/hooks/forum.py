"""MkDocs hook: what a Codex link needs on a forum.

- a social card (1200x630 PNG) per page and the OpenGraph/Twitter values for the page head
  (rendered by overrides/main.html);
- the rulings log: checked against the docs' anchors, "Rulings:" lines under the rule sections
  they touch, and the Atom feed `rulings.xml` at the site root.

Runs after the macros plugin (MkDocs runs hooks after plugins), so print pages arrive here
with their included rules already expanded. The work itself lives in plain modules under
`macros/` (cards, meta, rulings, printing).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from macros import glossary, rulings

from macros.share import cards

from macros.share import meta
from macros.preview_marks import PreviewMarksExtension
from macros.rolls.marks import RollMarksExtension
from macros.ruling_links import RulingLinksExtension
from macros.games import GAMES, game_of
from macros.mdsource import heading_index, title as md_title
from macros.printing import FOLDER as PRINT_FOLDER, PREFIX as PRINT_PREFIX

CARD_FOOTER = cards.FOOTER

_titles: dict[str, tuple[str, str | None]] = {}     # src_uri -> (page title, game name), per build


def _game_name(src_uri: str) -> str | None:
    """The game a page speaks for: its folder's, or the game a print page gathers."""
    game = game_of(src_uri)
    if game is None and src_uri.startswith(PRINT_FOLDER + "/"):
        game = src_uri[len(PRINT_FOLDER) + 1 : -3]
    return GAMES.get(game) if game else None


def _print_game(src_uri: str) -> str | None:
    if src_uri.startswith(PRINT_FOLDER + "/") and src_uri.endswith(".md"):
        game = src_uri[len(PRINT_FOLDER) + 1 : -3]
        return game if game in GAMES else None
    return None


def on_files(files: Files, *, config: MkDocsConfig) -> Files:
    docs = Path(config.docs_dir)
    index = heading_index(docs)
    log = rulings.load()
    wrong = rulings.problems(log, index)
    if wrong:
        raise ValueError("calc/data/rulings.json:\n  " + "\n  ".join(wrong))
    files.append(File.generated(
        config, rulings.FEED,
        content=rulings.atom_feed(log, index, site_url=config.site_url or "/", site_name=config.site_name),
    ))
    _titles.clear()
    for file in files.documentation_pages():
        title = md_title(file.content_string, fallback=Path(file.src_uri).stem)
        _titles[file.src_uri] = (title, _game_name(file.src_uri))
    # drawn once, then kept in .cache (macros/share/cards.py): 38 cards took 0.6 s of every build
    pngs, _ = cards.drawn([
        {"site_name": config.site_name, "title": title, "game": game, "footer": CARD_FOOTER} for title, game in _titles.values()
    ])
    for src, png in zip(_titles, pngs):
        files.append(File.generated(config, cards.card_path(src), content=png))
    return files


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Ruling IDs in running text link to their ruling (macros/ruling_links.py); rolls written in
    a game's pages show their odds (macros/rolls/marks.py); links to rules carry their touch
    screen's preview control (macros/preview_marks.py)."""
    config.markdown_extensions.append(RulingLinksExtension())
    config.markdown_extensions.append(RollMarksExtension())
    config.markdown_extensions.append(PreviewMarksExtension())
    return config


def on_page_markdown(markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Add "Rulings:" lines under the rule sections rulings touch; give print pages their glossary."""
    src = page.file.src_uri
    game = _print_game(src)
    markdown = rulings.insert_backlinks(markdown, src, rulings.load(), print_prefix=PRINT_PREFIX if game else None)
    if game:
        extra = glossary.abbreviations(game)
        markdown += ("\n\n" + extra + "\n") if extra else ""
    return markdown


def on_page_context(context: dict[str, Any], *, page: Page, config: MkDocsConfig, nav: Any) -> dict[str, Any]:
    """The link-preview values for overrides/main.html (`codex_social`)."""
    src = page.file.src_uri
    title, game = _titles.get(src) or (page.title or config.site_name, _game_name(src))
    described = meta.description(page.meta.get("description"), page.content or "", config.site_description or "")
    page.meta.setdefault("description", described)   # Material's <meta name="description"> too
    base = config.site_url or "/"
    context["codex_social"] = meta.social_tags(
        title=meta.preview_title(title, game, config.site_name),
        description=described,
        url=page.canonical_url or base,
        image=base + cards.card_path(src),
        image_alt=" · ".join(dict.fromkeys(x for x in (config.site_name, game, title) if x)),
        site_name=config.site_name,
        kind="website" if page.is_homepage else "article",
    )
    context["codex_feed"] = _feed_href(config)
    return context


def on_template_context(context: dict[str, Any], *, template_name: str, config: MkDocsConfig) -> dict[str, Any]:
    """The pages without a source (404.html, offline.html) link the feed too."""
    context["codex_feed"] = _feed_href(config)
    return context


def _feed_href(config: MkDocsConfig) -> str:
    """The feed's address for its <link rel="alternate">: root-relative, so it names this origin
    wherever the build is served (a mirror, a preview, a local test host). Material reads every
    rel="alternate" link as another language of the site and fetches the sitemap beside it;
    with the absolute site_url, a copy served elsewhere asked another origin for it, which the
    content policy blocks (a console error on every page load)."""
    return urlsplit(config.site_url or "/").path + rulings.FEED
