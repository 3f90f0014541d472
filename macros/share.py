"""Share pages: one small page per rule anchor and per ruling, so a pasted link previews as itself.

A forum, chat or social site fetches a pasted address and reads its OpenGraph tags, but never
sends the `#fragment`: `rk/damage/#rk-wound-checks` can only preview as the whole Damage page.
So every published anchor and every ruling also has an address of its own, `s/<anchor>/`
(macros/links.py), whose page describes that one rule: its heading, page and game as the title,
its opening sentences (read from the built page, in the Codex's words) or the ruling's statement
as the description, a card drawn for it (macros/cards.py), a canonical link to itself and a
readable body with a link to the rule in context. A reader's browser goes on to that link at once
(`assets/js/share.js`, replacing the share page in the history, so Back returns to the forum).

Plain functions over strings: the hook (macros/hooks/share.py) gathers the sections of each built
page and writes the pages. Everything here is escaped; nothing read from a page is HTML again.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from html import escape
from html.parser import HTMLParser

from . import meta
from .links import share_path
from .roll_marks import ROLL_CLASS
from .rulings import SEPARATOR, Ruling, withdrawal_text

DESCRIPTION_LIMIT = 300          # a forum shows two or three lines of it
OPENING_ENOUGH = 120             # one sentence shorter than this takes the next one too
TITLE_SEPARATOR = " · "
SCRIPT = "assets/js/share.js"
TARGET_ID = "cx-share-target"    # the link share.js follows
_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
_NOT_PROSE = {"script", "style", "sup", "table", "figure", "form", "nav", "svg", "button", "select"}
SUMMARY = "cx-calc__summary"     # a calculator's one-line summary (codex_view/render.py): its opening
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"“(])")


def _is_roll(tag: str, attrs: dict[str, str | None]) -> bool:
    """A roll the text writes: a button (macros/roll_marks.py) whose text is the prose's own words."""
    return tag == "button" and ROLL_CLASS in (attrs.get("class") or "").split()


@dataclass(frozen=True)
class Section:
    """A heading of a built page and the words that open it."""

    anchor: str
    page_url: str        # `rk/damage/` (the home page: ``)
    heading: str
    level: int
    opening: str         # the first paragraph after the heading ('' when it has none)


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


class _Sections(HTMLParser):
    """Each heading with an id, and the first classless paragraph (or list item) after it.

    A heading followed straight by a subheading takes the subheading's opening too; nothing
    inside a table, a form or a figure is an opening, nor inside a calculator but its summary."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[list] = []          # [anchor, heading words, level, opening]
        self.waiting: list[list] = []        # headings still without an opening
        self.heading: list | None = None
        self.words: list[str] | None = None  # the opening being read
        self.depth = 0
        self.words_at = 0                    # depth of the element being read
        self.skip_at = 0                     # depth of the element being skipped (0: none)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        a = dict(attrs)
        self.depth += 1
        if self.skip_at:
            if SUMMARY in (a.get("class") or "").split() and self.words is None and self.waiting:
                self.words, self.words_at = [], self.depth
            return
        if tag in _HEADINGS and a.get("id"):
            level = int(tag[1])
            self.waiting = [s for s in self.waiting if s[2] < level]
            self.heading = [a["id"], [], level, ""]
        elif tag in _NOT_PROSE and not _is_roll(tag, a) or "data-calculator" in a or "headerlink" in (a.get("class") or ""):
            self.skip_at = self.depth
        elif tag in ("p", "li") and not a.get("class") and self.words is None and self.waiting and self.heading is None:
            self.words, self.words_at = [], self.depth

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        if self.words is not None and self.depth == self.words_at:
            self._opened()
        elif self.skip_at == self.depth:
            self.skip_at = 0
        elif self.skip_at:
            pass
        elif self.heading is not None and tag in _HEADINGS:
            self.heading[1] = " ".join("".join(self.heading[1]).split())
            self.found.append(self.heading)
            self.waiting.append(self.heading)
            self.heading = None
        self.depth -= 1

    def _opened(self) -> None:
        """The opening just read goes to every heading waiting for one."""
        text = " ".join("".join(self.words or ()).split())
        self.words = None
        if text:
            for section in self.waiting:
                section[3] = text
            self.waiting = []

    def handle_data(self, data: str) -> None:
        if self.skip_at and not (self.words is not None and self.words_at > self.skip_at):
            return   # skipped, unless it is a calculator's summary
        if self.heading is not None:
            self.heading[1].append(data)
        elif self.words is not None:
            self.words.append(data)


def sections(content_html: str, page_url: str) -> list[Section]:
    """Every heading with an id in a page's content HTML, in order, with its opening paragraph."""
    reader = _Sections()
    reader.feed(content_html)
    reader.close()
    return [Section(anchor, page_url, heading, level, opening) for anchor, heading, level, opening in reader.found]


def opening(text: str) -> str:
    """The first sentence, and the second when the first is short, trimmed for a preview."""
    parts = _SENTENCE_END.split(" ".join(text.split()))
    chosen = parts[0]
    if len(chosen) < OPENING_ENOUGH and len(parts) > 1:
        chosen += " " + parts[1]
    return meta.trim(chosen, DESCRIPTION_LIMIT)


def section_share(section: Section, page: Section, *, game: str | None, site_name: str, anchor: str | None = None) -> Share:
    """The share page of a rule section (`page` is its page's h1 section; `anchor`, when the
    address is an old anchor that moved, is the one the address keeps)."""
    own = section.anchor == page.anchor
    place = list(dict.fromkeys(n for n in (game, None if own else page.heading) if n and n != section.heading))
    words = section.opening or page.opening
    return Share(
        anchor=anchor or section.anchor,
        title=TITLE_SEPARATOR.join([section.heading, *reversed(place)]),
        card_title=section.heading,
        card_line=SEPARATOR.join(place),
        description=opening(words) if words else meta.trim(f"{section.heading}: {page.heading}, in the {site_name}."),
        body=(section.opening,) if section.opening else (),
        target=f"{section.page_url}#{section.anchor}",
        target_label=section.heading if own else f"{section.heading} in {page.heading}",
        trail=SEPARATOR.join(dict.fromkeys([site_name, *place])),
    )


def ruling_share(r: Ruling, *, rulings_url: str, games: list[str], rules: list[tuple[str, str]], site_name: str, rulings_title: str) -> Share:
    """The share page of a ruling: its ID and title, its statement, whether it still holds (and
    the share address of the ruling that replaced it), and the rules it touches (label, address)."""
    successor = [(f"Replaced by {r.superseded_by}", share_path(r.superseded_by.lower()))] if r.superseded_by else []
    suffix = "" if r.active else " (withdrawn)"
    notice = () if r.active else (withdrawal_text(r),)
    summary = r.statement if r.active else f"{withdrawal_text(r)} {r.statement}"
    return Share(
        anchor=r.anchor,
        title=f"{r.id}: {r.title}{suffix}",
        card_title=f"{r.id}: {r.title}{suffix}",
        card_line=SEPARATOR.join(["Ruling", *games]),
        description=meta.trim(summary, DESCRIPTION_LIMIT),
        body=notice + (r.statement,),
        links=tuple(successor) + tuple((f"Touches {label}", target) for label, target in rules),
        target=f"{rulings_url}#{r.anchor}",
        target_label=f"{r.id} on the {rulings_title} page",
        trail=SEPARATOR.join([site_name, rulings_title]),
    )


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
        image_alt=SEPARATOR.join(dict.fromkeys([share.card_line, share.card_title])), site_name=site_name,
    )
    head = [f'<meta property="{escape(k)}" content="{escape(v)}">' for k, v in tags["og"]]
    head += [f'<meta name="{escape(k)}" content="{escape(v)}">' for k, v in tags["twitter"]]
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
        *head,
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
