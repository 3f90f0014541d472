"""Odds pages: one small page per built question at its own address, `q/<calculator>/<slug>/`.

A forum or chat reads a pasted address's HTML and nothing else, and a static host serves the same
HTML whatever the query: `rk/basics/?calc=rk-check&...` can only preview as the Basics page. So each
built question (calc/built/questions.py) has a page whose title, description, og/twitter tags and
Discord component embed state the question, its rules and its answer (macros/odds/card.py), with
one card image per calculator (`card_image`), a canonical link to itself and a readable body. Like
a share page (macros/share/pages.py), it sends a reader's browser on at once (assets/js/share.js,
`location.replace`) to the calculator set to the question (`Question.address()`), a link relative to
the page's own folder, so it never leaves the site; without JavaScript its link does the same.
"""

from __future__ import annotations

import json
import posixpath
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from macros.odds import check
from macros.odds.card import OddsCard
from macros.rulings import SEPARATOR
from macros.share import cards, embed, meta
from macros.share.pages import SCRIPT, TARGET_ID, THEME_COLOR
from calc.built.addresses import ROOT

if TYPE_CHECKING:
    from macros.answers.worked import Worked

TARGETS = "assets/odds-targets.json"   # {odds address: where it leads}, from the site's root (for sw.js offline)
OPEN = "Open"                 # the embed's button: the calculator set to the question
FOOTER = "Exact odds, worked out when the site is built"   # under the title of each calculator's card


def card_image(calculator: str) -> str:
    """Where a calculator's odds card is published (`assets/cards/q/rk-check.png`): one per calculator."""
    return cards.card_path(f"{ROOT}/{calculator}.md")


def card_spec(card: OddsCard, site_name: str) -> dict[str, str | None]:
    """What `cards.drawn` draws for a calculator's odds pages: its title, its game, the footer."""
    return {"site_name": site_name, "title": card.calculator_title, "game": card.game, "footer": FOOTER}


def embed_payload(card: OddsCard, *, base: str) -> str:
    """The component embed: the question, its rules, the headline figures and a button that opens it."""
    figures = "\n".join(f"**{embed.markdown(shown)}** {embed.markdown(title)}" for title, shown in card.figures)
    return embed.document([
        embed.text(f"### {embed.markdown(card.title)}"),
        embed.text(embed.markdown(f"Under {card.rules}.")),
        embed.text(figures),
        embed.link_row(OPEN, base + card.target),
    ], accent=cards.ACCENT)


def page_html(card: OddsCard, *, site_url: str, site_name: str, payload: str | None = None) -> str:
    """The odds page: preview tags, the component embed (`payload`, made here when not given), the
    question and answer, the link on."""
    base = site_url if site_url.endswith("/") else site_url + "/"
    up = posixpath.relpath(".", card.path.rstrip("/")) + "/"
    url = base + card.path
    image = card_image(card.question.calculator)
    tags = meta.social_tags(title=card.title, description=card.description, url=url, image=base + image,
                            image_alt=SEPARATOR.join(p for p in (card.game, card.calculator_title) if p),
                            site_name=site_name)
    head = meta.meta_elements(tags)
    figures = "".join(f"<li>{escape(title)}: <strong>{escape(shown)}</strong></li>" for title, shown in card.figures)
    return "\n".join([
        "<!doctype html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>{escape(card.title)} - {escape(site_name)}</title>",
        f'<meta name="description" content="{escape(card.description)}">',
        '<meta name="robots" content="noindex">',
        f'<link rel="canonical" href="{escape(url)}">',
        f'<meta name="theme-color" content="{THEME_COLOR}">',
        *head,
        embed.script(embed_payload(card, base=base) if payload is None else payload),
        "</head>",
        "<body>",
        "<main>",
        f"<p>{escape(SEPARATOR.join(p for p in (site_name, card.game, card.calculator_title) if p))}</p>",
        f"<h1>{escape(card.title)}</h1>",
        f"<p>Under {escape(card.rules)}.</p>",
        f"<ul>{figures}</ul>",
        f'<p><a id="{TARGET_ID}" href="{escape(up + card.target)}">Open {escape(card.calculator_title)} '
        "set to this question</a></p>",
        "</main>",
        f'<script src="{escape(up + SCRIPT)}"></script>',
        "</body>",
        "</html>",
        "",
    ])


def write(site: Path, worked: Iterable["Worked"], *, base: str, site_name: str) -> tuple[list[str], str]:
    """Each worked question's page, each calculator's card and `TARGETS`, written under `site`; every
    card checked against calc's figures (macros/odds/check.py). Returns the faults and a line saying
    what was written."""
    worked = tuple(worked)
    cards_written = [item.card for item in worked]
    faults: list[str] = []
    written = 0
    for item in worked:
        card = item.card
        payload = embed_payload(card, base=base)
        faults += check.problems(card, payload=payload, site=base, figures=item.figures)
        html = page_html(card, site_url=base, site_name=site_name, payload=payload).encode("utf-8")
        path = site / card.path / "index.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(html)
        written += len(html)
    firsts = {card.question.calculator: card for card in reversed(cards_written)}
    pngs, made = cards.drawn([card_spec(card, site_name) for card in firsts.values()])
    for calculator, png in zip(firsts, pngs):
        image = site / card_image(calculator)
        image.parent.mkdir(parents=True, exist_ok=True)
        image.write_bytes(png)
        written += len(png)
    targets = json.dumps({card.path: card.target for card in cards_written}, separators=(",", ":")).encode("utf-8")
    (site / TARGETS).write_bytes(targets)
    written += len(targets)
    line = (f"odds pages: {len(cards_written)} pages, {len(firsts)} cards ({made} drawn), {TARGETS}, "
            f"{written / 1e6:.1f} MB")
    return faults, line


__all__ = ["FOOTER", "OPEN", "TARGETS", "card_image", "card_spec", "embed_payload", "page_html", "write"]
