"""The questions the built site links to: each `?calc=` address in its pages (a worked example, a
printed calculator line, a hand-off) and in the data they carry (a roll's popover, whose link sits in
the page's JSON), read from the written HTML. These join the declarations' set (calc/built/questions.py)."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

from calc.errors import InputError
from calc.question import Question

# written by the build for machines or for one rule, never a page a question is linked from
SKIPPED = ("assets", "api", "s", "q")
MARK = "calc="


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


class _Links(HTMLParser):
    """Every attribute value naming a calculator: a link's address, or a JSON attribute's strings."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for _, value in attrs:
            if not value or MARK not in value:
                continue
            if value.startswith(("{", "[")):
                try:
                    self.found += [s for s in _strings(json.loads(value)) if MARK in s]
                except ValueError:
                    continue
            else:
                self.found.append(value)


def questions_in(html: str) -> list[Question]:
    """The questions a page's links ask, in the order they appear (a link calc cannot read is left out)."""
    reader = _Links()
    reader.feed(html)
    out = []
    for href in reader.found:
        query = urlsplit(href).query
        if not query.startswith(MARK) and f"&{MARK}" not in query:
            continue
        try:
            out.append(Question.from_query(query))
        except InputError:
            continue
    return out


def site_questions(site: Path) -> tuple[Question, ...]:
    """Every question the written site's pages link to, page by page in path order, each once."""
    seen: dict[Question, None] = {}
    for path in sorted(site.rglob("*.html")):
        if path.relative_to(site).parts[0] in SKIPPED:
            continue
        for question in questions_in(path.read_text(encoding="utf-8")):
            seen.setdefault(question, None)
    return tuple(seen)


__all__ = ["questions_in", "site_questions"]
