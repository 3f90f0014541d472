"""MkDocs hook: a page whose calculators sit far down opens with links to them (macros/jumps.py)."""

from __future__ import annotations

from typing import Any

from macros import jumps


def on_page_markdown(markdown: str, *, page: Any, config: Any, files: Any) -> str:
    source = page.file.content_string
    return jumps.insert_after_intro(markdown, jumps.jump_html(jumps.wanted(jumps.calculators_in(source))))
