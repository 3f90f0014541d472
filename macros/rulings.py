"""The rulings log: the Codex's readings of unclear rules, each with a stable ID.

One data file, `calc/data/rulings.json`:
`{"rulings": [{"id": "R-0001", "date": "YYYY-MM-DD", "title", "statement", "rules": ["rk/damage.md#rk-wound-checks"]}]}`.
From it come the Rulings page, the "Rulings:" line under every rule section a ruling touches,
and the Atom feed `rulings.xml`. IDs run R-0001, R-0002, ... in file order and are never reused.

A ruling is never deleted. One that is dropped (it only restated a clear rule) or corrected
carries `"withdrawn": "YYYY-MM-DD"`, `"withdrawn_reason"` and, when a newer ruling replaces it,
`"superseded_by": "R-00NN"`. It keeps its ID, its `#r-00nn` anchor and its entries on the Rulings
page and in the feed, marked withdrawn; it no longer adds "Rulings:" backlinks to rule sections.
"""

from __future__ import annotations

import datetime as dt
import json
import posixpath
import re
from dataclasses import dataclass
from html import escape
from importlib import resources
from typing import Iterable, Mapping
from xml.sax.saxutils import escape as xml_escape
from xml.sax.saxutils import quoteattr

from macros.games import GAMES, game_of
from macros.links import page_url, share_path
from macros.mdsource import headings

PAGE = "rulings.md"
FEED = "rulings.xml"
ID = re.compile(r"^R-(\d{4})$")
SEPARATOR = " › "
_MARKDOWN_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]{}<>#|"})


@dataclass(frozen=True)
class Ruling:
    id: str
    date: str
    title: str
    statement: str
    rules: tuple[str, ...]
    withdrawn: str | None = None
    withdrawn_reason: str | None = None
    superseded_by: str | None = None

    @property
    def anchor(self) -> str:
        return self.id.lower()

    @property
    def active(self) -> bool:
        return self.withdrawn is None


def load(text: str | None = None) -> list[Ruling]:
    """The rulings in file order (read fresh each call, so `mkdocs serve` sees edits)."""
    if text is None:
        text = resources.files("calc.data").joinpath("rulings.json").read_text(encoding="utf-8")
    return [
        Ruling(
            r["id"], r["date"], r["title"], r["statement"], tuple(r["rules"]),
            r.get("withdrawn"), r.get("withdrawn_reason"), r.get("superseded_by"),
        )
        for r in json.loads(text)["rulings"]
    ]


def problems(rulings: list[Ruling], index: Mapping[str, str]) -> list[str]:
    """Everything wrong with the log: IDs not R-0001, R-0002, ... in order, bad dates, dead rule links.

    `index` is `mdsource.heading_index(docs)`: `page.md#anchor` -> heading text.
    """
    found = []
    for number, r in enumerate(rulings, 1):
        expected = f"R-{number:04d}"
        if r.id != expected:
            found.append(f"{r.id}: expected ID {expected} (IDs are unique and sequential in file order)")
        try:
            dt.date.fromisoformat(r.date)
        except (TypeError, ValueError):
            found.append(f"{r.id}: date {r.date!r} is not YYYY-MM-DD")
        if not r.title.strip() or not r.statement.strip():
            found.append(f"{r.id}: title and statement must not be empty")
        if not r.rules:
            found.append(f"{r.id}: links to no rule")
        for rule in r.rules:
            if "#" not in rule or rule not in index:
                found.append(f"{r.id}: rule {rule!r} is not a heading anchor in docs/")
        found += _withdrawal_problems(r, rulings)
    return found


def _withdrawal_problems(r: Ruling, rulings: list[Ruling]) -> list[str]:
    """A withdrawal needs a date on or after the ruling's, a reason, and a live, later successor."""
    if r.withdrawn is None:
        if r.withdrawn_reason or r.superseded_by:
            return [f"{r.id}: a withdrawal reason or successor without a withdrawal date"]
        return []
    found = []
    try:
        if dt.date.fromisoformat(r.withdrawn) < dt.date.fromisoformat(r.date):
            found.append(f"{r.id}: withdrawn before it was published")
    except (TypeError, ValueError):
        found.append(f"{r.id}: withdrawal date {r.withdrawn!r} is not YYYY-MM-DD")
    if not (r.withdrawn_reason or "").strip():
        found.append(f"{r.id}: withdrawn without a reason")
    if r.superseded_by is not None:
        later = {x.id: x for x in rulings[rulings.index(r) + 1:]}
        if r.superseded_by not in later or not later[r.superseded_by].active:
            found.append(f"{r.id}: superseded by {r.superseded_by!r}, which is not a later ruling in force")
    return found


def rule_label(rule: str, index: Mapping[str, str]) -> str:
    """`rk/damage.md#rk-wound-checks` -> `Roll & Keep › Damage and wounds › Wound Checks`."""
    page, _, anchor = rule.partition("#")
    parts = [GAMES[game_of(page)]] if game_of(page) else []
    title = index.get(page, page)
    if not parts or title != parts[0]:
        parts.append(title)
    heading = index.get(rule)
    if heading and heading != title:
        parts.append(heading)
    return SEPARATOR.join(parts)


def touching(rulings: Iterable[Ruling]) -> dict[str, list[Ruling]]:
    """`page.md#anchor` -> the rulings in force that touch that rule section."""
    out: dict[str, list[Ruling]] = {}
    for r in rulings:
        if not r.active:
            continue  # a withdrawn ruling keeps its anchor but no longer speaks for a rule
        for rule in r.rules:
            out.setdefault(rule, []).append(r)
    return out


def _text(value: str) -> str:
    """Plain text made safe inside Markdown: no markup, no HTML."""
    return escape(value, quote=False).translate(_MARKDOWN_SPECIAL)


def backlink_line(rulings: list[Ruling], src_uri: str) -> str:
    """`Rulings: [R-0003](../rulings.md#r-0003) (title); ...` for a rule section."""
    target = posixpath.relpath(PAGE, posixpath.dirname(src_uri) or ".")
    items = "; ".join(f"[{r.id}]({target}#{r.anchor}) ({_text(r.title)})" for r in rulings)
    return f"Rulings: {items}"


def insert_backlinks(markdown: str, src_uri: str, rulings: list[Ruling], *, print_prefix: str | None = None) -> str:
    """Put a "Rulings:" paragraph right after each heading whose anchor a ruling touches.

    On a print page (`print_prefix="print-"`) a heading `#print-x` gets the rulings of rule `#x`,
    whatever page that rule is on (rule anchors are unique across the site).
    """
    by_rule = touching(rulings)
    by_anchor: dict[str, list[Ruling]] = {}
    for rule, found in by_rule.items():
        by_anchor.setdefault(rule.partition("#")[2], []).extend(found)
    lines = markdown.split("\n")
    inserts: dict[int, list[str]] = {}
    for heading in headings(markdown):
        if not heading.anchor:
            continue
        if print_prefix is not None:
            if not heading.anchor.startswith(print_prefix):
                continue
            found = by_anchor.get(heading.anchor[len(print_prefix):], [])
        else:
            found = by_rule.get(f"{src_uri}#{heading.anchor}", [])
        if found:
            pad = heading.indent
            inserts[heading.line] = ["", pad + backlink_line(found, src_uri), pad + "{: .cx-rulings }", ""]
    if not inserts:
        return markdown
    out: list[str] = []
    for number, line in enumerate(lines):
        out.append(line)
        out.extend(inserts.get(number, ()))
    return "\n".join(out)


def _long_date(iso: str) -> str:
    day = dt.date.fromisoformat(iso)
    return f"{day.day} {day.strftime('%B')} {day.year}"


def page_markdown(rulings: list[Ruling], index: Mapping[str, str], page_uri: str = PAGE) -> str:
    """The body of the Rulings page: one section per ruling, anchored `#r-0001`, oldest first."""
    out = []
    for r in rulings:
        links = ", ".join(
            f"[{_text(rule_label(rule, index))}]({relative_href_md(page_uri, rule)})" for rule in r.rules
        )
        out.append(
            f"## {r.id}: {_text(r.title)} {{ #{r.anchor} }}\n\n"
            f'<time datetime="{r.date}">{_long_date(r.date)}</time> · Touches {links}\n'
            "{: .cx-ruling-meta }\n\n"
            + (_withdrawal_md(r) if not r.active else "")
            + f"{_text(r.statement)}\n"
            + ("{: .cx-ruling-withdrawn-text }\n" if not r.active else "")
        )
    return "\n".join(out)


def withdrawal_text(r: Ruling) -> str:
    """`Withdrawn on 30 November 2026: <reason>. Replaced by R-0046.` (plain text)."""
    text = f"Withdrawn on {_long_date(r.withdrawn or r.date)}: {(r.withdrawn_reason or '').strip().rstrip('.')}."
    if r.superseded_by:
        text += f" Replaced by {r.superseded_by}."
    return text


def _withdrawal_md(r: Ruling) -> str:
    """The withdrawal notice above a withdrawn ruling's (unchanged) statement on the Rulings page."""
    text = _text(withdrawal_text(r))
    if r.superseded_by:
        text = text.replace(r.superseded_by, f"[{r.superseded_by}](#{r.superseded_by.lower()})")
    return f"**{text.split(':', 1)[0]}:**{text.split(':', 1)[1]}\n{{: .cx-ruling-withdrawn }}\n\n"


def relative_href_md(from_uri: str, rule: str) -> str:
    """A relative `.md` link, so `mkdocs build --strict` checks it: `rk/damage.md#x` from `rulings.md`."""
    page, _, anchor = rule.partition("#")
    rel = posixpath.relpath(page, posixpath.dirname(from_uri) or ".")
    return f"{rel}#{anchor}" if anchor else rel


def changed(r: Ruling) -> str:
    """The day a ruling last changed: its withdrawal, or else its publication."""
    return r.withdrawn or r.date


def atom_feed(rulings: list[Ruling], index: Mapping[str, str], *, site_url: str, site_name: str) -> str:
    """An Atom feed of the rulings, newest first; ids and links are absolute URLs under `site_url`.

    Deterministic: the feed's `updated` is the latest ruling's date, not the build time.
    """
    base = site_url if site_url.endswith("/") else site_url + "/"
    page = base + page_url(PAGE)
    updated = max((changed(r) for r in rulings), default="1970-01-01")
    out = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
        f"  <title>{xml_escape(site_name)}: rulings</title>",
        f"  <subtitle>How the {xml_escape(site_name)} reads rules its sources leave open.</subtitle>",
        f"  <id>{xml_escape(page)}</id>",
        f"  <link rel=\"self\" type=\"application/atom+xml\" href={quoteattr(base + FEED)}/>",
        f"  <link rel=\"alternate\" type=\"text/html\" href={quoteattr(page)}/>",
        f"  <updated>{updated}T00:00:00Z</updated>",
        f"  <author><name>{xml_escape(site_name)}</name></author>",
    ]
    for r in sorted(rulings, key=lambda r: (changed(r), r.id), reverse=True):
        url = f"{page}#{r.anchor}"      # the entry's id, kept for good; its link is the share address
        links = "".join(
            f'<li><a href="{escape(base + page_url(rule) + "#" + rule.partition("#")[2])}">'
            f"{escape(rule_label(rule, index))}</a></li>"
            for rule in r.rules
        )
        notice = "" if r.active else f"<p><strong>{escape(withdrawal_text(r))}</strong></p>"
        body = f"{notice}<p>{escape(r.statement)}</p><p>Touches:</p><ul>{links}</ul>"
        summary = r.statement if r.active else f"{withdrawal_text(r)} {r.statement}"
        out += [
            "  <entry>",
            f"    <title>{xml_escape(r.id)}: {xml_escape(r.title)}{'' if r.active else ' (withdrawn)'}</title>",
            f"    <id>{xml_escape(url)}</id>",
            f"    <link rel=\"alternate\" type=\"text/html\" href={quoteattr(base + share_path(r.anchor))}/>",
            f"    <published>{r.date}T00:00:00Z</published>",
            f"    <updated>{changed(r)}T00:00:00Z</updated>",
            f"    <summary>{xml_escape(summary)}</summary>",
            f"    <content type=\"html\">{xml_escape(body)}</content>",
            "  </entry>",
        ]
    out.append("</feed>")
    return "\n".join(out) + "\n"


def lock_updates_markdown(updates: list[Mapping[str, str]], rulings_page: str = PAGE, from_uri: str = "changelog.md") -> str:
    """The changelog's section on reviewed wording fixes of published rulings (contracts/rulings.lock.json
    `updates`), newest first; empty when there are none. Each names the ruling, the date and the reason."""
    if not updates:
        return ""
    target = posixpath.relpath(rulings_page, posixpath.dirname(from_uri) or ".")
    lines = [
        "## Wording fixes to published rulings { #changelog-ruling-wording }",
        "",
        "A ruling keeps its meaning for good; these reviewed corrections changed only its wording.",
        "",
    ]
    for u in sorted(updates, key=lambda u: (u["date"], u["id"]), reverse=True):
        rid = _text(u["id"])
        lines.append(f"- {_long_date(u['date'])}: [{rid}]({target}#{u['id'].lower()}): {_text(u['reason'])}")
    return "\n".join(lines) + "\n"
