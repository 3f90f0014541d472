"""Links between built pages, relative so the site works under any sub-path."""

from __future__ import annotations

import posixpath

from codex_view.links import page_url

__all__ = ["SHARE_FOLDER", "page_url", "relative_href", "share_path"]


def relative_href(from_src_uri: str, to: str) -> str:
    """A link from one page to `docs path#anchor`, relative to the first page's URL."""
    path, _, anchor = to.partition("#")
    here = page_url(from_src_uri)
    there = page_url(path) if path else here
    suffix = f"#{anchor}" if anchor else ""
    if there == here:
        return suffix or "./"
    rel = posixpath.relpath(there or ".", here or ".")
    return ("" if rel == "." else rel + "/") + suffix


# A share address: one short page per rule anchor and ruling (`s/rk-wound-checks/`, `s/r-0014/`)
# that previews as that rule in a forum and sends a reader on to it (macros/share/pages.py).
SHARE_FOLDER = "s"


def share_path(anchor: str) -> str:
    """Where a rule's or a ruling's share page is published: `r-0014` -> `s/r-0014/`."""
    return f"{SHARE_FOLDER}/{anchor}/"
