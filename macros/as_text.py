"""No computed value becomes markup: what a `{{ ... }}` writes into a page is read as its words.

A macro's figure lands in Markdown wherever the page writes it, often at the start of a line:
">99.99%" there opens a blockquote and the ">" is lost, and "<0.01%" is a stray "<" in the
HTML. Every value Jinja writes passes `finalize` (set on the macros plugin's environment before
each page, macros/__init__.py): a value that starts with "<" or ">" not followed by what opens a
tag gets that first character as an entity, so Markdown keeps it as text. Markup the macros
build (a calculator, a table, a glossary list) starts with a tag or with words and is untouched.
"""

from __future__ import annotations

import re
from typing import Any

_LEADING_SIGN = re.compile(r"\s*[<>](?![A-Za-z/!?])")
ENTITIES = {"<": "&lt;", ">": "&gt;"}


def finalize(value: Any) -> Any:
    """`value` as Jinja writes it into a page: unchanged, unless it opens with a bare < or >."""
    if isinstance(value, str) and _LEADING_SIGN.match(value):
        stripped = value.lstrip()
        return value[: len(value) - len(stripped)] + ENTITIES[stripped[0]] + stripped[1:]
    return value
