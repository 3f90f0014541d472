"""The Codex's JavaScript as it is shipped: without the lines that are only a comment.

The scripts in docs/assets/js (and docs/sw.js) explain themselves at length, and every reader's
phone downloaded those explanations with each page: a third of their gzipped bytes. A line whose
first characters are `//` is dropped from the copy the site ships; nothing else changes (a comment
after code stays, and so do the line breaks between statements), so no parser is needed. That
holds only while no string runs over a line end: a template literal or a backslash-continued
string could hold a line that starts with `//`. A script that has one is refused, naming the line,
rather than shipped changed.
"""

from __future__ import annotations

import re

_SHIPPED = re.compile(r"\.m?js$")


def ships(src_uri: str) -> bool:
    """Whether a docs file is one of the Codex's scripts (`assets/js/*.js`, `*.mjs`, `sw.js`)."""
    return src_uri == "sw.js" or (src_uri.startswith("assets/js/") and bool(_SHIPPED.search(src_uri)))


def without_comment_lines(text: str, name: str) -> str:
    """`text` without its lines that hold only a `//` comment (ValueError when that is unsafe)."""
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        comment = line.lstrip().startswith("//")
        if not comment and line.count("`") % 2:
            raise ValueError(f"{name}:{number}: a template literal runs over a line end; "
                             "keep it on one line (macros/runtime/shipped_js.py drops lines that start with //)")
        if line.rstrip().endswith("\\"):
            raise ValueError(f"{name}:{number}: a string continues over a line end; keep it on one line")
        if comment and "*/" in line:
            raise ValueError(f"{name}:{number}: a // line closes a block comment; it would be dropped with it")
    return "\n".join(line for line in lines if not line.lstrip().startswith("//"))
