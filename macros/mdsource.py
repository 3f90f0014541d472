"""Read page sources (Markdown) without MkDocs: front matter, headings, titles.

Headings carry explicit anchors (`## Parry { #sun-parry }`); these helpers find them the way
tests/test_links.py does (up to 12 spaces of indent, so headings inside tabs count, and
nothing inside fenced code).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

HEADING = re.compile(r"^(?P<indent>\s{0,12})(?P<hashes>#{1,6})\s+(?P<text>.*?)\s*$")
ATTRS = re.compile(r"\s*\{\s*:?\s*(?P<body>[^{}]*)\}\s*$")
ANCHOR = re.compile(r"#(?P<id>[A-Za-z0-9][\w-]*)")
FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?\n(?:---|\.\.\.)[ \t]*\n", re.S)
_INLINE = [
    (re.compile(r"!?\[([^\]]*)\]\([^)]*\)"), r"\1"),   # links and images keep their text
    (re.compile(r"`([^`]*)`"), r"\1"),
    (re.compile(r"(\*\*|__)(.+?)\1"), r"\2"),
    (re.compile(r"(?<![\w*])[*_](\S.*?)[*_](?![\w*])"), r"\1"),
    (re.compile(r"\\([\\`*_{}\[\]()#+\-.!|])"), r"\1"),
]


@dataclass(frozen=True)
class Heading:
    line: int          # 0-based line number in the text given (front matter included)
    level: int
    text: str          # plain text, attribute list and Markdown emphasis removed
    anchor: str | None
    indent: str


def strip_front_matter(markdown: str) -> str:
    return FRONT_MATTER.sub("", markdown, count=1)


def plain(text: str) -> str:
    """Inline Markdown reduced to its words: `**Wound** [Checks](x.md)` -> `Wound Checks`."""
    for pattern, repl in _INLINE:
        text = pattern.sub(repl, text)
    return " ".join(text.split())


def split_heading(text: str) -> tuple[str, str | None]:
    """`Parry { #sun-parry .x }` -> (`Parry`, `sun-parry`)."""
    match = ATTRS.search(text)
    if not match:
        return plain(text.rstrip("#").strip()), None
    anchor = ANCHOR.search(match.group("body"))
    return plain(text[: match.start()]), anchor.group("id") if anchor else None


def headings(markdown: str) -> Iterator[Heading]:
    """Every ATX heading outside fenced code, in order."""
    fenced = False
    for number, line in enumerate(markdown.splitlines()):
        if line.strip().startswith(("```", "~~~")):
            fenced = not fenced
        if fenced:
            continue
        match = HEADING.match(line)
        if match:
            text, anchor = split_heading(match.group("text"))
            yield Heading(number, len(match.group("hashes")), text, anchor, match.group("indent"))


def title(markdown: str, fallback: str = "") -> str:
    """The page's h1 text (what MkDocs would call its title without a nav label)."""
    for heading in headings(strip_front_matter(markdown)):
        if heading.level == 1:
            return heading.text
    return fallback


def heading_index(docs_dir: Path) -> dict[str, str]:
    """`page.md#anchor` -> heading text, and `page.md` -> page title, for every docs page."""
    index: dict[str, str] = {}
    for path in sorted(docs_dir.rglob("*.md")):
        uri = path.relative_to(docs_dir).as_posix()
        text = path.read_text(encoding="utf-8")
        index[uri] = title(text, fallback=path.stem)
        for heading in headings(text):
            if heading.anchor:
                index[f"{uri}#{heading.anchor}"] = heading.text
    return index
