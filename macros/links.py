"""Links between built pages, relative so the site works under any sub-path."""

from __future__ import annotations

import posixpath


def page_url(src_uri: str) -> str:
    """The directory URL MkDocs gives a page: `rk/weapons.md` -> `rk/weapons/`, `index.md` -> ``."""
    path, _, _ = src_uri.partition("#")
    stem = path[:-3] if path.endswith(".md") else path
    if stem == "index" or stem.endswith("/index"):
        stem = stem[: -len("index")]
    else:
        stem += "/"
    return stem


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
