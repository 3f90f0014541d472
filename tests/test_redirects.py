"""Links never rot: a moved page and a renamed anchor still take the reader to the rule.

Pages: mkdocs-redirects writes a stub at each old address (`redirect_maps` in mkdocs.yml).
Anchors: docs/anchor_redirects.json maps "page/#old" to "page/#new"; codex.js
(`followMovedAnchor` in links.js) follows it when the old id is not on the page.
tests/test_links.py checks that no published anchor disappears without such an entry.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urljoin

import pytest
from mkdocs.utils.yaml import yaml_load

from tests.support import ROOT


def redirect_maps() -> dict[str, str]:
    with open(ROOT / "mkdocs.yml", encoding="utf-8") as handle:
        config = yaml_load(handle)
    for plugin in config["plugins"]:
        if isinstance(plugin, dict) and "redirects" in plugin:
            return dict(plugin["redirects"].get("redirect_maps") or {})
    raise AssertionError("the redirects plugin is not configured in mkdocs.yml")


def page_url(md: str) -> str:
    """`sun/rules.md` -> `sun/rules/`, `index.md` -> `` (use_directory_urls)."""
    path = PurePosixPath(md)
    if path.name in ("index.md", "README.md"):
        return "" if str(path.parent) == "." else f"{path.parent}/"
    return f"{path.with_suffix('')}/"


ANCHOR_REDIRECTS = json.loads((ROOT / "docs" / "anchor_redirects.json").read_text(encoding="utf-8"))


def test_at_least_one_page_and_one_anchor_have_moved() -> None:
    """The mechanisms are exercised by real entries, not only configured."""
    assert redirect_maps(), "declare moved pages in mkdocs.yml redirect_maps"
    assert ANCHOR_REDIRECTS, "declare renamed anchors in docs/anchor_redirects.json"


@pytest.mark.parametrize("old, new", sorted(redirect_maps().items()))
def test_each_old_page_address_has_a_stub_pointing_at_the_page(site_dir: Path, old: str, new: str) -> None:
    stub = site_dir / page_url(old) / "index.html"
    html = stub.read_text(encoding="utf-8")
    target = urljoin("/" + page_url(old), html.split('http-equiv="refresh" content="0; url=')[1].split('"')[0])
    assert target == "/" + page_url(new)
    assert (site_dir / page_url(new) / "index.html").is_file()
    assert "<article" not in html  # a stub, not a copy of the page


@pytest.mark.browser
@pytest.mark.parametrize("old, new", sorted(redirect_maps().items()))
def test_an_old_page_address_lands_on_the_page_and_keeps_the_anchor(page: Any, served: str, site_dir: Path, old: str, new: str) -> None:
    anchor = next(a for a in sorted(ANCHOR_REDIRECTS.values()) if a.startswith(page_url(new) + "#")) if ANCHOR_REDIRECTS else ""
    fragment = "#" + anchor.split("#")[1] if anchor else ""
    page.goto(served + page_url(old) + fragment)
    page.wait_for_url(served + page_url(new) + fragment)
    if fragment:
        assert page.locator(fragment).count() == 1
    assert page.watch.errors == [] and page.watch.outside == []


@pytest.mark.browser
@pytest.mark.parametrize("old, new", sorted(ANCHOR_REDIRECTS.items()))
def test_an_old_anchor_lands_on_the_new_one(page: Any, served: str, old: str, new: str) -> None:
    page.goto(served + old)
    page.wait_for_url(served + new)
    target = page.locator("#" + new.split("#")[1])
    target.wait_for()
    page.wait_for_function("(id) => { const r = document.getElementById(id).getBoundingClientRect(); return r.top < innerHeight; }",
                           arg=new.split("#")[1])
    assert page.watch.errors == [] and page.watch.outside == []


@pytest.mark.browser
def test_an_old_page_with_an_old_anchor_follows_both(page: Any, served: str) -> None:
    """rules/#sun-bonus-dice: the page stub, then the anchor redirect, in one visit."""
    old_anchor, new_anchor = next((o, n) for o, n in ANCHOR_REDIRECTS.items() if o.startswith("sun/rules/#"))
    old_page = next(o for o, n in redirect_maps().items() if n == "sun/rules.md")
    page.goto(served + page_url(old_page) + "#" + old_anchor.split("#")[1])
    page.wait_for_url(served + new_anchor)
    assert page.watch.errors == [] and page.watch.outside == []
