"""MkDocs hook: a page whose calculators sit far down opens with links to them (macros/jumps.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from macros import jumps  # noqa: E402


def on_page_markdown(markdown: str, *, page: Any, config: Any, files: Any) -> str:
    source = page.file.content_string
    return jumps.insert_after_intro(markdown, jumps.jump_html(jumps.wanted(jumps.calculators_in(source))))
