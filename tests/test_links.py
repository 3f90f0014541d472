"""Links never rot: explicit, unique, published anchors, and every internal link resolves.

Rule anchors are a promise to forum posts (docs/index.md): once in contracts/published_anchors.txt,
an anchor may move only with a redirect declared in docs/anchor_redirects.json.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from macros.games import GAMES
from macros.mdsource import HEADING, headings
from scripts.anchors import read_published
from macros.contracts.site_index import content_pages, published_anchors, rule_pages
from tests.support import ROOT

DOCS = ROOT / "docs"
EXPLICIT = re.compile(r"\{\s*#[a-z0-9][a-z0-9-]*\s*(?:\.[\w-]+\s*)*\}\s*$")


def markdown_headings() -> list[tuple[str, int, str]]:
    """(page, 1-based line, heading text as written) for every heading outside fenced code."""
    found = []
    for path in sorted(DOCS.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for heading in headings(text):
            found.append((path.relative_to(DOCS).as_posix(), heading.line + 1, HEADING.match(lines[heading.line]).group("text")))
    return found


def test_every_heading_has_an_explicit_anchor() -> None:
    missing = [f"{page}:{line}: {text}" for page, line, text in markdown_headings() if not EXPLICIT.search(text)]
    assert missing == [], "headings without {#anchor}:\n" + "\n".join(missing)


def test_game_pages_use_their_game_prefix(site_dir: Path) -> None:
    wrong = []
    for key, index in content_pages(site_dir).items():
        game = key.split("/", 1)[0]
        if game in GAMES:
            wrong += [f"{key}#{a}" for a in index.headings if not (a == game or a.startswith(game + "-"))]
    assert wrong == []


def test_heading_anchors_are_unique_across_the_site(site_dir: Path) -> None:
    counts = Counter(a for index in rule_pages(site_dir).values() for a in index.headings)
    assert [a for a, n in counts.items() if n > 1] == []


def test_no_published_anchor_is_lost(site_dir: Path) -> None:
    built = published_anchors(site_dir)
    redirects = json.loads((DOCS / "anchor_redirects.json").read_text())
    for old, new in redirects.items():
        assert new in built, f"redirect {old} -> {new} points nowhere"
    lost = sorted(a for a in read_published() if a not in built and a not in redirects)
    assert lost == [], "published anchors gone without a redirect (see docs/anchor_redirects.json):\n" + "\n".join(lost)


def test_every_built_anchor_is_published(site_dir: Path) -> None:
    new = sorted(published_anchors(site_dir) - read_published())
    assert new == [], "new anchors: run `make anchors` and commit contracts/published_anchors.txt:\n" + "\n".join(new)


def _targets(site: Path, page_key: str, link: str, base_url: str) -> tuple[Path, str] | None:
    root = urlsplit(base_url).path   # the site's own path, for root-relative links (the feed's)
    if link.startswith(base_url):  # canonical links and the like: absolute, but this site
        page_key, link = "", link[len(base_url):] or "./"
    elif link.startswith(root) and not link.startswith("//"):
        page_key, link = "", link[len(root):] or "./"
    elif link.startswith("/") and not link.startswith("//"):
        raise AssertionError(f"{page_key}: link outside the site's path {root}: {link}")
    parts = urlsplit(link)
    if parts.scheme in ("mailto", "data", "blob", "javascript") or link.startswith("#") and not link[1:]:
        return None
    if parts.scheme or parts.netloc:
        raise AssertionError(f"{page_key}: link leaves the site: {link}")
    base = (site / page_key) if page_key.endswith("/") or page_key == "" else (site / page_key).parent
    path = (base / unquote(parts.path)).resolve() if parts.path else (site / page_key)
    if path.is_dir():
        path = path / "index.html"
    return path, unquote(parts.fragment)


@pytest.mark.parametrize("kind", ["href", "anchor"])
def test_every_internal_link_resolves(site_dir: Path, base_url: str, kind: str) -> None:
    pages = content_pages(site_dir)
    by_file = {((site_dir / k) / "index.html" if k.endswith("/") or k == "" else site_dir / k).resolve(): v for k, v in pages.items()}
    broken = []
    for key, index in pages.items():
        for link in index.links:
            target = _targets(site_dir, key, link, base_url)
            if target is None:
                continue
            path, fragment = target
            if not path.exists():
                broken.append(f"{key or '/'}: {link} (no file)")
            elif kind == "anchor" and fragment and path in by_file and fragment not in by_file[path].ids:
                broken.append(f"{key or '/'}: {link} (no #{fragment})")
    assert broken == [], "\n".join(sorted(set(broken)))
