"""One page per game with every rule, for printing: `docs/print/<game>.md`.

The page's `print_game("<game>")` macro gathers the game's pages in nav order (then any page of
the game's folder the nav leaves out) and adapts each one's Markdown to its new place:

- headings go down one level (the print page has its own h1) and their anchors get the prefix
  `print-`, so no id on a print page equals a rule anchor elsewhere on the site;
- a link to a page on the print page becomes a link within it (`damage.md#rk-wound-checks` ->
  `#print-rk-wound-checks`); any other relative link is re-aimed from `print/`.

Macros inside the included pages are left for the macros plugin to render.
"""

from __future__ import annotations

import posixpath
import re
from typing import Any, Iterable, Iterator, Mapping

from macros.games import GAMES
from macros.mdsource import ATTRS, HEADING, headings, strip_front_matter

PREFIX = "print-"
FOLDER = "print"
PAGE_CLASS = "cx-print-page"
# A Print button above the gathered pages: hidden until assets/js/print.js can answer it (a
# button that does nothing without JavaScript is worse than none), and never printed itself.
PRINT_BUTTON = ('<p class="cx-print-bar"><button type="button" class="md-button md-button--primary cx-print" hidden>'
                "Print this page</button></p>")
LINK = re.compile(r"(?P<open>!?\[[^\]\n]*\]\()(?P<target>[^)\s]+)(?P<close>(?:\s+\"[^\"\n]*\")?\))")


def print_uri(game: str) -> str:
    return f"{FOLDER}/{game}.md"


def page_anchor(game: str) -> str:
    """The print page's own h1 anchor (`docs/print/sun.md` has `{ #printable-sun }`)."""
    return f"printable-{game}"


def _nav_paths(nav: Any) -> Iterator[str]:
    if isinstance(nav, str):
        yield nav
    elif isinstance(nav, dict):
        for value in nav.values():
            yield from _nav_paths(value)
    elif isinstance(nav, list):
        for item in nav:
            yield from _nav_paths(item)


def game_pages(nav: Any, game: str, available: Iterable[str]) -> list[str]:
    """The game's pages (`sun/rules.md`, ...) in nav order, then pages the nav omits, sorted."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; games are {', '.join(GAMES)}")
    prefix = game + "/"
    ordered = [p for p in _nav_paths(nav or []) if p.startswith(prefix)]
    rest = sorted(p for p in available if p.startswith(prefix) and p not in ordered)
    return list(dict.fromkeys(ordered + rest))


def _heading(line: str, first_page_heading: bool) -> str:
    match = HEADING.match(line)
    assert match is not None
    level = min(len(match.group("hashes")) + 1, 6)
    text = match.group("text")
    attrs = ATTRS.search(text)
    if attrs:
        body = re.sub(r"#([A-Za-z0-9][\w-]*)", lambda m: f"#{PREFIX}{m.group(1)}", attrs.group("body"))
        if first_page_heading:
            body = f"{body.strip()} .{PAGE_CLASS}"
        text = f"{text[: attrs.start()]} {{ {body.strip()} }}"
    return f"{match.group('indent')}{'#' * level} {text}"


def _link(target: str, src_uri: str, included: Mapping[str, str], here: str, top: str) -> str:
    if "{{" in target or "://" in target or target.startswith(("/", "mailto:", "data:")):
        return target
    path, _, fragment = target.partition("#")
    if not path:
        return f"#{PREFIX}{fragment}" if fragment else target
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(src_uri), path))
    if resolved in included:
        return f"#{PREFIX}{fragment or included[resolved]}"
    if resolved == here:
        return f"#{fragment or top}"   # (lines that point here are dropped in adapt_page)
    rel = posixpath.relpath(resolved, posixpath.dirname(here))
    return f"{rel}#{fragment}" if fragment else rel


def adapt_page(
    src_uri: str, markdown: str, included: Mapping[str, str], here: str, top: str = "", *, new_sheet: bool = True
) -> str:
    """One page's Markdown as it reads on the print page `here`.

    `included` maps every page on that print page to its h1 anchor (the target of a link
    to the page as a whole); `top` is the print page's own anchor, and a line linking to the
    print page itself is left out. With `new_sheet`, the page's title starts a printed sheet.
    """
    body = strip_front_matter(markdown)
    heading_lines = {h.line: h.level == 1 and new_sheet for h in headings(body)}
    out = []
    fenced = False
    for number, line in enumerate(body.split("\n")):
        if line.strip().startswith(("```", "~~~")):
            fenced = not fenced
        if number in heading_lines:
            line = _heading(line, heading_lines[number])
        if not fenced:
            targets = [_link(m.group("target"), src_uri, included, here, top) for m in LINK.finditer(line)]
            if top and f"#{top}" in targets:
                continue   # the game index's pointer to this very page
            line = LINK.sub(
                lambda m: m.group("open") + _link(m.group("target"), src_uri, included, here, top) + m.group("close"), line
            )
        out.append(line)
    return "\n".join(out).strip("\n")


def h1_anchor(markdown: str) -> str:
    for heading in headings(strip_front_matter(markdown)):
        if heading.level == 1 and heading.anchor:
            return heading.anchor
    return ""


def game_markdown(game: str, pages: list[tuple[str, str]]) -> str:
    """Every page of `pages` (`[(src_uri, markdown)]`), adapted and joined, for `print/<game>.md`."""
    here = print_uri(game)
    included = {uri: h1_anchor(text) for uri, text in pages}
    top = page_anchor(game)
    joined = "\n\n".join(
        adapt_page(uri, text, included, here, top, new_sheet=n > 0) for n, (uri, text) in enumerate(pages)
    ) + "\n"
    return PRINT_BUTTON + "\n\n" + once_per_sheet(joined)


# `{{ calculator("id") }}`, or with a page's own settings: `{{ calculator("id", rules="house") }}`
CALCULATOR_LINE = re.compile(
    r"^\s*\{\{\s*calculator\(\s*[\"'](?P<id>[\w-]+)[\"'](?P<values>(?:\s*,\s*\w+\s*=\s*(?:\"[^\"]*\"|'[^']*'|[\w.-]+))*)"
    r"\s*\)\s*\}\}\s*$")


def once_per_sheet(markdown: str) -> str:
    """Each calculator prints as one line (`calculator_line`: its question, default answer and
    address), not as its form and charts; one placed on two pages of a game is printed once."""
    seen: set[str] = set()
    out = []
    for line in markdown.split("\n"):
        match = CALCULATOR_LINE.match(line)
        key = match and (match.group("id"), match.group("values").strip())
        if match and key in seen:
            out.append("*This calculator is printed earlier on this page.*")
            continue
        if match:
            seen.add(key)
            line = f'{{{{ calculator_line("{match.group("id")}"{match.group("values")}) }}}}'
        out.append(line)
    return "\n".join(out)
