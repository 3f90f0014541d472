"""Share addresses (issue 33): every ruling and published anchor previews as itself when pasted.

Code: macros/share/pages.py (what a share page says), macros/hooks/share.py (writes them and their
cards), macros/hooks/contract.py (`missing_shares`: the strict build stops without one),
docs/assets/js/share.js (a reader goes on to the rule) and links.js (Copy link copies it).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urljoin, urlsplit

import pytest

from macros import rulings

from macros.share import cards

from macros.share import sections

from macros.share import pages as share
from macros.hooks.contract import missing_shares
from macros.contracts.published import read_published
from macros.links import SHARE_FOLDER, share_path
from macros.share.page_cards import docs_cards
from tests.support import PHONE, ROOT, PageWatch, png_size
from tests.html_pages import parse_file
from tests.preview_pages import read as read_page
from tests.offline_files import manifest as offline_manifest

ATOM = "{http://www.w3.org/2005/Atom}"
REDIRECTS = json.loads((ROOT / "docs" / "anchor_redirects.json").read_text(encoding="utf-8"))


def _words(text: str) -> str:
    return " ".join(text.split())


def _bare(text: str) -> str:
    return "".join(text.split())


def _all_anchors() -> dict[str, str]:
    """anchor -> where its share page must lead (`page/#anchor`): every published anchor (a moved
    one to its new place) and every ruling."""
    wanted = {a.partition("#")[2]: REDIRECTS.get(a, a) for a in read_published()}
    wanted.update({r.anchor: f"rulings/#{r.anchor}" for r in rulings.load()})
    return wanted


# ---------------------------------------------------------------- the built share pages
def test_every_ruling_and_published_anchor_has_a_share_page_that_previews_it(site_dir: Path, base_url: str) -> None:
    """Title, description, card, canonical and the way on, read from each built share page."""
    by_id = {r.anchor: r for r in rulings.load()}
    written = docs_cards(ROOT / "docs")
    wanted = _all_anchors()
    assert len(wanted) > 300
    wrong: list[str] = []
    for anchor, where in sorted(wanted.items()):
        url = base_url + share_path(anchor)
        page = read_page(site_dir / share_path(anchor) / "index.html")
        m = page.meta
        # a canonical address of its own, which crawlers read instead of following it anywhere
        if page.canonical != [url] or m.get("og:url") != url:
            wrong.append(f"{anchor}: canonical {page.canonical}, og:url {m.get('og:url')}")
        if m.get("twitter:card") != "summary_large_image" or m.get("twitter:title") != m.get("og:title"):
            wrong.append(f"{anchor}: twitter tags {m.get('twitter:card')}")
        # the card: a PNG of this site, 1200x630, drawn for this address
        image = m.get("og:image", "")
        card = site_dir / image.removeprefix(base_url)
        if not image.startswith(base_url) or not card.is_file() or png_size(card.read_bytes()) != (1200, 630):
            wrong.append(f"{anchor}: card {image}")
        elif image != base_url + cards.card_path(f"{SHARE_FOLDER}/{anchor}.md"):
            wrong.append(f"{anchor}: another address's card {image}")
        # the way to the rule in context: the link share.js follows names a built heading
        target = urljoin(url, page.target or "")
        if target != base_url + where:
            wrong.append(f"{anchor}: leads to {target}, not {where}")
        page_path, _, fragment = where.partition("#")
        built = parse_file(site_dir / page_path / "index.html")
        if fragment not in built.ids:
            wrong.append(f"{anchor}: {where} is not built")
        if [urljoin(url, s) for s in page.scripts] != [base_url + share.SCRIPT]:
            wrong.append(f"{anchor}: scripts {page.scripts}")
        for href in page.hrefs:   # a ruling's rules, its successor: each a built page and anchor
            there = urlsplit(urljoin(url, href))
            if there.fragment and there.fragment not in parse_file(site_dir / there.path.lstrip("/") / "index.html").ids:
                wrong.append(f"{anchor}: dead link {href}")
        # what it says: a ruling's ID, title and statement; a section's heading and its opening
        # words as the built page has them (read there, never typed again)
        title, description = m.get("og:title", ""), m.get("og:description", "")
        if anchor in by_id:
            r = by_id[anchor]
            if not title.startswith(f"{r.id}: {r.title}") or r.statement not in _words("".join(page.text)):
                wrong.append(f"{anchor}: ruling title {title!r}")
            if not r.statement.startswith(description) and r.active:
                wrong.append(f"{anchor}: description {description!r}")
        else:   # the heading as built, and the card its page writes for it or its own opening words
            text = _bare("".join(built.article_text))   # text nodes split at each tag: compare without spaces
            heading = title.split(share.TITLE_SEPARATOR)[0]
            if _bare(heading) not in text or (description != written.get(fragment) and _bare(description) not in text):
                wrong.append(f"{anchor}: {title!r} / {description!r} not on {page_path}")
        if not description:
            wrong.append(f"{anchor}: no description")
    assert wrong == [], "\n".join(wrong[:30])


def test_a_withdrawn_ruling_keeps_its_address_and_says_what_replaced_it(site_dir: Path, base_url: str) -> None:
    withdrawn = [r for r in rulings.load() if not r.active]
    assert any(r.superseded_by for r in withdrawn)
    for r in withdrawn:
        page = read_page(site_dir / share_path(r.anchor) / "index.html")
        text = _words(" ".join(page.text))
        assert page.meta["og:title"].endswith("(withdrawn)"), r.id
        assert page.meta["og:description"].startswith("Withdrawn on "), r.id
        assert rulings.withdrawal_text(r) in text, r.id
        if r.superseded_by:   # and links to the successor's own share page
            assert f"Replaced by {r.superseded_by}." in text, r.id
            here = base_url + share_path(r.anchor)
            assert base_url + share_path(r.superseded_by.lower()) in [urljoin(here, h) for h in page.hrefs], r.id


def test_share_pages_are_small_kept_out_of_the_sitemap_and_never_stored_offline(site_dir: Path) -> None:
    pages = sorted((site_dir / SHARE_FOLDER).glob("*/index.html"))
    assert len(pages) >= len(_all_anchors())
    sizes = {p.parent.name: p.stat().st_size for p in pages}
    assert max(sizes.values()) < 6000, max   # "a few kB": the longest ruling's is 4.0 kB(sizes.items(), key=lambda kv: kv[1])
    sitemap = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    assert f"/{SHARE_FOLDER}/" not in sitemap
    kept = offline_manifest(site_dir)
    kept = kept["core"] + kept["pages"] + [u for u, _ in kept["runtime"]]
    assert kept and not [u for u in kept if u.startswith(SHARE_FOLDER + "/") or "/cards/" in u]


def test_the_feed_links_each_ruling_to_its_share_address(site_dir: Path, base_url: str) -> None:
    feed = ET.parse(site_dir / "rulings.xml").getroot()
    entries = feed.findall(f"{ATOM}entry")
    assert len(entries) == len(rulings.load())
    for entry in entries:
        anchor = entry.findtext(f"{ATOM}id").rpartition("#")[2]   # the id stays the rule page's
        links = [l.get("href") for l in entry.findall(f"{ATOM}link") if l.get("rel") == "alternate"]
        assert links == [base_url + share_path(anchor)], anchor
        assert (site_dir / share_path(anchor) / "index.html").is_file()


# ---------------------------------------------------------------- no build
def test_the_build_names_each_anchor_and_ruling_without_a_share_page(tmp_path: Path) -> None:
    (tmp_path / share_path("sun-parry")).mkdir(parents=True)
    (tmp_path / share_path("sun-parry") / "index.html").write_text("x", encoding="utf-8")
    missing = missing_shares(tmp_path, {"sun/combat/#sun-parry", "rk/damage/#rk-wound-checks"}, ["r-0001"])
    assert [m.split(" ")[0] for m in missing] == ["r-0001", "rk-wound-checks"]


def test_a_section_says_what_opens_it_and_which_tabs_it_holds() -> None:
    """macros/share/sections.py: the first block after a heading decides its opening; widgets, the
    heading link, the rulings line and footnote marks are not text; tabs are the section's own."""
    html = (
        '<h1 id="top">Page<a class="headerlink" href="#top">#</a></h1><p>Opening. More.</p>'
        '<h2 id="a"><abbr title="t">Parry</abbr><a class="headerlink" href="#a">#</a></h2>'
        '<p class="cx-rulings">Rulings: R-0001</p><p>Parry first.<sup>1</sup> Parry second, longer.</p>'
        '<div data-calculator="x"><p>Not prose.</p></div>'
        '<h2 id="b">B</h2><h3 id="c">C</h3><table><tr><td><p>cell</p></td></tr></table><ul><li>Item <b>one</b>.</li></ul>'
        '<h2 id="d">D</h2><section data-calculator="y"><p class="t"><strong>D</strong> <span class="cx-calc__summary">'
        'What it <em>works out</em>.</span></p><form><p>Field help.</p></form></section><p>After.</p>'
        '<h2 id="e">E</h2><div class="tabbed-set"><div class="tabbed-labels"><label>Summary rules</label>'
        '<label>House rules</label></div><div class="tabbed-content"><p>Inside a tab.</p></div></div>'
        '<h2 id="f">F</h2><p>Lead:</p><ul><li>x</li></ul><div class="tabbed-set"><label>Summary rules</label></div>'
        '<h2 id="g">G</h2><div class="admonition note"><p class="admonition-title">T</p><p>Boxed.</p></div>'
    )
    found = {s.anchor: (s.heading, s.level, s.opening, s.opens_with, s.tabs) for s in share.sections(html, "p/")}
    assert found == {
        "top": ("Page", 1, "Opening. More.", sections.PARAGRAPH, ()),
        "a": ("Parry", 2, "Parry first. Parry second, longer.", sections.PARAGRAPH, ()),
        "b": ("B", 2, "", sections.SUBHEADING, ()),
        "c": ("C", 3, "", sections.TABLE, ()),
        "d": ("D", 2, "What it works out.", sections.CALCULATOR, ()),
        "e": ("E", 2, "", sections.TABS, ("Summary rules", "House rules")),
        "f": ("F", 2, "Lead:", sections.PARAGRAPH, ("Summary rules",)),
        "g": ("G", 2, "", sections.NOTE, ()),
    }
    assert share.sentences("Short. Second one. Third.") == "Short. Second one. Third."
    assert share.sentences("x" * 130 + ". Second.") == "x" * 130 + "."
    assert share.sentences("A" * 150 + ". " + "B" * 60 + ".") == "A" * 150 + "."   # whole sentences, within the limit
    assert share.sentences("He said \"go.\" Then he went.") == "He said \"go.\" Then he went."


# ---------------------------------------------------------------- in the browser, on a phone
@pytest.fixture(scope="module")
def phone_clip(browser: Any, served: str) -> Iterator[Any]:
    """A 360 px touch screen that may read the clipboard."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=served.rstrip("/"))
    page = ctx.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    yield page
    assert page.watch.outside == []
    ctx.close()


def test_a_share_address_opens_the_ruling_in_the_first_screen_and_back_returns(phone_clip: Any, served: str) -> None:
    page = phone_clip
    page.goto(served + "rk/damage/")
    page.goto(served + share_path("r-0014"))
    page.wait_for_url(served + "rulings/#r-0014")
    heading = page.locator("#r-0014")
    heading.wait_for(state="visible")
    page.wait_for_function(
        "() => { const r = document.getElementById('r-0014').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
    )
    assert "Only Raises called for damage" in heading.inner_text()
    # the share page replaced itself: Back returns to where the link was followed from
    page.go_back()
    page.wait_for_url(served + "rk/damage/")
    assert page.watch.errors == []


def test_copy_link_on_a_ruling_and_on_a_heading_copies_its_share_address(phone_clip: Any, served: str) -> None:
    page = phone_clip
    # a section with Summary/House tabs: its address names the open one (issue 39 item 3)
    for where, anchor, tab in (("rulings/", "r-0014", ""), ("rk/damage/", "rk-wound-checks", "?rules=summary")):
        page.goto(served + where)
        page.evaluate("navigator.clipboard.writeText('')")
        page.locator(f'a.headerlink[href$="#{anchor}"]').tap()
        page.locator(".cx-flash", has_text="Link copied").wait_for(state="visible")
        assert page.evaluate("navigator.clipboard.readText()") == served + share_path(anchor) + tab
        # the popover's Copy link gives the same address
        page.evaluate("navigator.clipboard.writeText('')")
        page.locator(".cx-cite").get_by_role("button", name="Copy link").tap()
        page.wait_for_function("document.querySelector('.cx-cite__done').textContent === 'Link copied'")
        assert page.evaluate("navigator.clipboard.readText()") == served + share_path(anchor) + tab
        assert urlsplit(page.url).fragment == anchor
    assert page.watch.errors == []


def test_cards_drawn_on_every_core_are_the_cards_drawn_one_by_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cold build draws its missing cards in worker processes (build_cache.cached_batch):
    the same bytes as drawing each here, kept for the next build."""
    from macros import build_cache

    monkeypatch.setattr(build_cache, "ROOT", tmp_path)
    asked = [{"site_name": "S", "title": f"R-{n:04d}: a ruling", "game": "Ruling", "footer": cards.FOOTER}
             for n in range(build_cache.PARALLEL_FROM + 1)]
    pngs, made = cards.drawn(asked)
    assert made == len(asked)
    assert pngs == [cards.card_png(**a) for a in asked]
    assert cards.drawn(asked) == (pngs, 0)


def test_without_javascript_a_share_page_shows_the_ruling_and_its_link_leads_on(browser: Any, served: str) -> None:
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, java_script_enabled=False)
    page = ctx.new_page()
    try:
        page.goto(served + share_path("r-0014"))
        assert page.url == served + share_path("r-0014")          # no script: the reader stays here
        r = next(r for r in rulings.load() if r.anchor == "r-0014")
        assert page.locator("h1").inner_text() == f"{r.id}: {r.title}"
        assert page.get_by_text(r.statement).is_visible()
        page.locator(f"#{share.TARGET_ID}").tap()
        page.wait_for_url(served + "rulings/#r-0014")
    finally:
        ctx.close()


# ---------------------------------------------------------------- issue 50 item 2: only the tab goes on
SHARE_RUN = """
const vm = require("node:vm");
const fs = require("node:fs");
const out = [];
for (const search of JSON.parse(process.argv[2])) {
  const context = {
    URL, URLSearchParams,
    document: { getElementById: () => ({ href: "https://codex.example/rk/damage/#rk-damage-rolls" }) },
    location: { search, origin: "https://codex.example", replace: (href) => out.push(href) },
  };
  vm.runInNewContext(fs.readFileSync(process.argv[1], "utf8"), context);
}
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_a_share_address_passes_on_only_the_rules_tab() -> None:
    """share.js, run as the share page runs it: of the address's query only `rules=summary|house` goes on."""
    searches = ["", "?rules=house", "?rules=summary", "?q=6k3%20%40%20x%20%40%20x", "?rules=house&q=6k3",
                "?calc=rk-check&tn=300&rules=house", "?rules=evil", "?rules=house%22%3E", "?utm_source=forum"]
    done = subprocess.run(["node", "-e", SHARE_RUN, str(ROOT / "docs/assets/js/share.js"), json.dumps(searches)],
                          capture_output=True, text=True, check=True, timeout=60)
    rule = "https://codex.example/rk/damage/"
    assert json.loads(done.stdout) == [
        f"{rule}#rk-damage-rolls", f"{rule}?rules=house#rk-damage-rolls", f"{rule}?rules=summary#rk-damage-rolls",
        f"{rule}#rk-damage-rolls", f"{rule}?rules=house#rk-damage-rolls", f"{rule}?rules=house#rk-damage-rolls",
        f"{rule}#rk-damage-rolls", f"{rule}#rk-damage-rolls", f"{rule}#rk-damage-rolls"]
