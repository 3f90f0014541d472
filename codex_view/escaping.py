"""Escaping text for HTML, as `html.escape` does: importing `html` would also load its table of
named entities (`html.entities`), which the browser would download for nothing."""

from __future__ import annotations

_QUOTED = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})
_BARE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def escape(text: str, quote: bool = True) -> str:
    """`text` with &, < and > (and, with `quote`, both quote marks) as character references."""
    return text.translate(_QUOTED if quote else _BARE)
