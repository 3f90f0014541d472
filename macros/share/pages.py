"""Share pages: one small page per rule anchor and per ruling, so a pasted link previews as itself.

A forum, chat or social site fetches a pasted address and reads its OpenGraph tags, but never
sends the `#fragment`: `rk/damage/#rk-wound-checks` can only preview as the whole Damage page.
So every published anchor and every ruling also has an address of its own, `s/<anchor>/`
(macros/links.py), whose page describes that one rule: its heading, page and game as the title,
its card text as the description, a card drawn for it (macros/share/cards.py), a canonical link to
itself and a readable body with a link to the rule in context. A reader's browser goes on to
that link at once (`assets/js/share.js`, replacing the share page in the history, so Back
returns to the forum).

A section's card text is chosen by rule, not by position: the card its page writes for it (front
matter `cards:`, macros/share/page_cards.py), else the whole sentences that open its own paragraph;
a ruling's is the opening sentences of its statement. Whatever is chosen must pass the card check
(macros/share/card_check.py): a section that opens with a list, a table or tabs, or whose lead ends
at a colon, has no text of its own fit for a card, and the build says so until its page writes one.

Plain functions over strings: the hook (macros/hooks/share.py) gathers the sections of each built
page (macros/share/sections.py) and writes the pages. Everything here is escaped; nothing read from a page is HTML again.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from html import escape

from macros.share import embed, meta
from macros.share.card_check import DESCRIPTION_LIMIT, TITLE_LIMIT
from macros.share.cards import ACCENT
from macros.links import share_path
from macros.rulings import SEPARATOR, Ruling, withdrawal_text
from macros.share.sections import Section, sections  # noqa: F401  (the hook reads pages through here)

OPENING_ENOUGH = 120             # one sentence shorter than this takes the next one too
TITLE_SEPARATOR = " · "
SCRIPT = "assets/js/share.js"
TARGET_ID = "cx-share-target"    # the link share.js follows
THEME_COLOR = "#{:02x}{:02x}{:02x}".format(*ACCENT)   # a chat's embed stripe: the site's primary colour
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”’)]*\s+(?=[A-Z0-9\"“(])")


@dataclass(frozen=True)
class Share:
    """What one share page says."""

    anchor: str
    title: str           # og:title and the page's <h1>
    card_title: str
    card_line: str       # the card's line above the title (the game, the page)
    description: str
    body: tuple[str, ...]            # paragraphs, plain text
    target: str          # site-relative: `rk/damage/#rk-wound-checks`
    target_label: str    # "Wound Checks in Damage and wounds"
    trail: str           # "Seventh Sun Codex › Roll & Keep › Damage and wounds"
    links: tuple[tuple[str, str], ...] = ()   # (label, site-relative address) listed under the body
    tabs: tuple[str, ...] = ()       # the section's Summary/House tabs, which its card must both name
    opens_with: str = ""             # what opens the section when it has no card of its own (for the check's message)
    rule_sets: tuple[str, ...] = ()  # the Roll & Keep rule sets the section covers (macros/share/rule_sets.py)
    must_name: str = ""              # the one rule set its card must name (a one-source section on a page of both)


def sentences(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """Whole sentences from the start of `text`: the first, and the next while the first is short
    and the whole stays within `limit`. Never cut inside a sentence (a first sentence over the
    limit is returned whole, and the card check refuses it)."""
    parts = _sentence_parts(" ".join(text.split()))
    chosen = parts[0]
    for part in parts[1:]:
        if len(chosen) >= OPENING_ENOUGH or len(chosen) + 1 + len(part) > limit:
            break
        chosen += " " + part
    return chosen


def _sentence_parts(text: str) -> list[str]:
    out, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        out.append(text[start:m.start() + len(m.group(0).rstrip())].strip())
        start = m.end()
    return out + [text[start:]]


def title(heading: str, place: list[str]) -> str:
    """`Heading · Page · Game`, leaving out the page, then the game, while it is over the limit: a
    pasted rule says first which game it is (the card's own line names both)."""
    parts = [heading, *reversed(place)]
    while len(TITLE_SEPARATOR.join(parts)) > TITLE_LIMIT and len(parts) > 1:
        parts.pop(1 if len(parts) > 2 else -1)
    return TITLE_SEPARATOR.join(parts)


def section_share(section: Section, page: Section, *, game: str | None, site_name: str, anchor: str | None = None,
                  card: str | None = None, rule_sets: tuple[str, ...] = (), must_name: str = "") -> Share:
    """The share page of a rule section (`page` is its page's h1 section; `anchor`, when the
    address is an old anchor that moved, is the one the address keeps; `card`, the text its page
    writes for it; `rule_sets` and `must_name`, what macros/share/rule_sets.py reads of its source)."""
    own = section.anchor == page.anchor
    named = section.heading.startswith(f"{game}:") if game else False   # "Roll & Keep: every rule on one page"
    place = list(dict.fromkeys(n for n in (None if named else game, None if own else page.heading)
                               if n and n != section.heading))
    description = " ".join(card.split()) if card else sentences(section.opening) if section.opening else ""
    return Share(
        anchor=anchor or section.anchor,
        title=title(section.heading, place),
        card_title=section.heading,
        card_line=SEPARATOR.join(place),
        description=description,
        body=(description,) if description else (),
        target=f"{section.page_url}#{section.anchor}",
        target_label=section.heading if own else f"{section.heading} in {page.heading}",
        trail=SEPARATOR.join(dict.fromkeys([site_name, *place])),
        tabs=section.tabs,
        opens_with="" if card else section.opens_with,
        rule_sets=rule_sets,
        must_name=must_name,
    )


def ruling_share(r: Ruling, *, rulings_url: str, games: list[str], rules: list[tuple[str, str]], site_name: str, rulings_title: str) -> Share:
    """The share page of a ruling: its ID and title, its statement, whether it still holds (and
    the share address of the ruling that replaced it), and the rules it touches (label, address)."""
    successor = [(f"Replaced by {r.superseded_by}", share_path(r.superseded_by.lower()))] if r.superseded_by else []
    suffix = "" if r.active else " (withdrawn)"
    notice = () if r.active else (withdrawal_text(r),)
    summary = sentences(r.statement) if r.active else _withdrawn_summary(withdrawal_text(r))
    return Share(
        anchor=r.anchor,
        title=f"{r.id}: {r.title}{suffix}",
        card_title=f"{r.id}: {r.title}{suffix}",
        card_line=SEPARATOR.join(["Ruling", *games]),
        description=summary,
        body=notice + (r.statement,),
        links=tuple(successor) + tuple((f"Touches {label}", target) for label, target in rules),
        target=f"{rulings_url}#{r.anchor}",
        target_label=f"{r.id} on the {rulings_title} page",
        trail=SEPARATOR.join([site_name, rulings_title]),
    )


def _withdrawn_summary(notice: str) -> str:
    """A withdrawn ruling's card: its whole notice (when, why, what replaced it) if it fits, else
    when it was withdrawn and what replaced it; the statement it no longer makes is left out."""
    if len(notice) <= DESCRIPTION_LIMIT:
        return notice
    when, _, rest = notice.partition(":")
    replaced = re.search(r"Replaced by R-\d{4}\.$", rest)
    return f"{when}." + (f" {replaced.group(0)}" if replaced else "")


OPEN = "Open"      # the component embed's button: the rule in context


def embed_payload(share: Share, *, site_url: str) -> str:
    """The share page's Discord component embed: its title and card text, and a button that opens the
    rule in context (macros/share/embed.py)."""
    base = site_url if site_url.endswith("/") else site_url + "/"
    parts = [embed.text(f"-# {embed.markdown(share.trail)}\n### {embed.markdown(share.title)}")]
    if share.description:
        parts.append(embed.text(embed.markdown(share.description)))
    return embed.document([*parts, embed.link_row(OPEN, base + share.target)], accent=ACCENT)


def page_html(share: Share, *, site_url: str, site_name: str, image: str) -> str:
    """The share page: its preview tags, a readable body and the link share.js follows.

    Links inside are relative to the page's own folder (`s/<anchor>/`), so the site works under
    any sub-path; the canonical, og:url and og:image are absolute, as crawlers want them."""
    base = site_url if site_url.endswith("/") else site_url + "/"
    here = share_path(share.anchor)
    up = posixpath.relpath(".", here.rstrip("/")) + "/"
    url = base + here
    tags = meta.social_tags(
        title=share.title, description=share.description, url=url, image=base + image,
        image_alt=SEPARATOR.join(p for p in dict.fromkeys([share.card_line, share.card_title]) if p), site_name=site_name,
    )
    head = meta.meta_elements(tags)
    body = "\n".join(f"<p>{escape(text)}</p>" for text in share.body)
    if share.links:
        items = "".join(f'<li><a href="{escape(up + target)}">{escape(label)}</a></li>' for label, target in share.links)
        body += f"\n<ul>{items}</ul>"
    return "\n".join([
        "<!doctype html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>{escape(share.title)} - {escape(site_name)}</title>",
        f'<meta name="description" content="{escape(share.description)}">',
        f'<link rel="canonical" href="{escape(url)}">',
        f'<meta name="theme-color" content="{THEME_COLOR}">',
        *head,
        embed.script(embed_payload(share, site_url=base)),
        "</head>",
        "<body>",
        "<main>",
        f"<p>{escape(share.trail)}</p>",
        f"<h1>{escape(share.title)}</h1>",
        body,
        f'<p><a id="{TARGET_ID}" href="{escape(up + share.target)}">Read {escape(share.target_label)}</a></p>',
        "</main>",
        f'<script src="{escape(up + SCRIPT)}"></script>',
        "</body>",
        "</html>",
        "",
    ])
