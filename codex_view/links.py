"""Where a docs page is served: shared by the build (macros) and the renderer."""

from __future__ import annotations


def page_url(src_uri: str) -> str:
    """The directory URL MkDocs gives a page: `rk/weapons.md` -> `rk/weapons/`, `index.md` -> ``."""
    path, _, _ = src_uri.partition("#")
    stem = path[:-3] if path.endswith(".md") else path
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"
