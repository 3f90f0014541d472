"""Forum-ready: link previews, social cards, rulings (log, backlinks, feed), printable rules, citations.

Code: macros/hooks/forum.py with macros/share/cards.py, meta.py, rulings.py, printing.py; the cite
popover is `bindHeadingLinks` in docs/assets/js/links.js; data: calc/data/rulings.json.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

import pytest

from macros import printing, rulings

from macros.share import cards

from macros.share import meta
from macros.games import GAMES
from macros.links import page_url
from macros.mdsource import heading_index, headings
from macros.contracts.site_index import content_pages, published_anchors
from tests.browser import assert_citation_formats, clipboard
from tests.support import ROOT, PageWatch, png_size

DOCS = ROOT / "docs"
SITE_NAME = "Seventh Sun Codex"
ATOM = "{http://www.w3.org/2005/Atom}"


class _Head(HTMLParser):
    """Meta tags, the canonical link and feed links of a page, and each heading with what follows it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.meta: dict[str, str] = {}
        self.links: list[dict[str, str]] = []
        self.headings: dict[str, str] = {}         # id -> text
        self.after: dict[str, dict[str, Any]] = {}  # heading id -> {"class": of next <p>, "hrefs": [...]}
        self._heading: str | None = None
        self._text: list[str] = []
        self._waiting: str | None = None            # heading whose next element we look at
        self._para: dict[str, Any] | None = None
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "meta" and ("property" in a or "name" in a):
            self.meta[a.get("property") or a["name"]] = a.get("content", "")
        elif tag == "link":
            self.links.append(a)
        if re.fullmatch(r"h[1-6]", tag) and a.get("id"):
            self._heading, self._text = a["id"], []
            self._waiting = None
        elif tag == "a" and "headerlink" in a.get("class", ""):
            self._skip += 1
        elif self._waiting and tag not in ("a", "abbr"):
            if tag == "p":
                self._para = {"class": a.get("class", ""), "hrefs": []}
                self.after[self._waiting] = self._para
            self._waiting = None
        if tag == "a" and self._para is not None and "href" in a:
            self._para["hrefs"].append(a["href"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._skip:
            self._skip -= 1
        if self._heading and re.fullmatch(r"h[1-6]", tag):
            self.headings[self._heading] = " ".join("".join(self._text).split())
            self._waiting, self._heading = self._heading, None
        if tag == "p":
            self._para = None

    def handle_data(self, data: str) -> None:
        if self._heading and not self._skip:
            self._text.append(data)


def read(path: Path) -> _Head:
    parser = _Head()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def html_file(site: Path, key: str) -> Path:
    return site / key / "index.html" if key.endswith("/") or key == "" else site / key


# ---------------------------------------------------------------- link previews


def test_every_page_has_link_preview_meta(site_dir: Path, base_url: str) -> None:
    problems = []
    for key in content_pages(site_dir):
        head = read(html_file(site_dir, key))
        m = head.meta
        canonical = next((l["href"] for l in head.links if l.get("rel") == "canonical"), None)
        expect = {
            "og:site_name": SITE_NAME, "twitter:card": "summary_large_image",
            "og:url": canonical, "og:image:width": "1200", "og:image:height": "630",
        }
        for name, value in expect.items():
            if m.get(name) != value:
                problems.append(f"{key or '/'}: {name} is {m.get(name)!r}, expected {value!r}")
        for name in ("og:title", "og:description", "og:type", "twitter:title", "twitter:description", "twitter:image"):
            if not m.get(name):
                problems.append(f"{key or '/'}: no {name}")
        if not (m.get("og:url") or "").startswith(base_url):
            problems.append(f"{key or '/'}: og:url not canonical")
        if len(m.get("og:description", "")) > meta.DESCRIPTION_LIMIT:
            problems.append(f"{key or '/'}: og:description longer than {meta.DESCRIPTION_LIMIT}")
        image = m.get("og:image", "")
        if not image.startswith(base_url) or not (site_dir / image[len(base_url):]).is_file():
            problems.append(f"{key or '/'}: og:image {image!r} is not a file of this site")
        if m.get("twitter:image") != image or m.get("twitter:title") != m.get("og:title"):
            problems.append(f"{key or '/'}: twitter values differ from OpenGraph's")
        feeds = [l for l in head.links if l.get("rel") == "alternate" and l.get("type") == "application/atom+xml"]
        if [l["href"] for l in feeds] != [urlsplit(base_url).path + "rulings.xml"]:   # root-relative
            problems.append(f"{key or '/'}: no Atom feed link")
    assert problems == []


def test_preview_text_comes_from_the_page(site_dir: Path) -> None:
    damage = read(site_dir / "rk" / "damage" / "index.html").meta
    assert damage["og:title"] == "Damage and wounds · Roll & Keep"
    assert damage["og:description"].startswith("A hit becomes Flesh Wounds")
    home = read(site_dir / "index.html").meta
    assert home["og:type"] == "website" and home["og:title"] == SITE_NAME
    # front matter `description` wins over the first paragraph
    printed = read(site_dir / "print" / "rk" / "index.html").meta
    assert printed["og:description"].startswith("Every Roll & Keep rule in the Codex on one page")


def test_social_cards_are_1200_by_630_pngs(site_dir: Path, base_url: str) -> None:
    from PIL import Image

    seen = set()
    for key in content_pages(site_dir):
        image = read(html_file(site_dir, key)).meta["og:image"]
        data = (site_dir / image[len(base_url):]).read_bytes()
        assert png_size(data) == (1200, 630), image
        with Image.open(io.BytesIO(data)) as png:
            png.verify()
        seen.add(image)
    assert len(seen) == len(content_pages(site_dir)), "two pages share a card"


def test_cards_are_deterministic_and_say_which_page() -> None:
    one = cards.card_png(site_name=SITE_NAME, title="Wound Checks", game="Roll & Keep")
    assert one == cards.card_png(site_name=SITE_NAME, title="Wound Checks", game="Roll & Keep")
    assert one != cards.card_png(site_name=SITE_NAME, title="Wound Check", game="Roll & Keep")
    long = cards.card_png(site_name=SITE_NAME, title="word " * 60, game="Dice-pool combat and recovery")
    assert png_size(long) == (1200, 630)
    assert cards.card_path("rk/damage.md") == "assets/cards/rk/damage.png"


def test_a_kept_card_is_the_one_its_text_draws(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Builds keep cards in .cache under their text: a changed title gets its own card."""
    from macros import build_cache
    from macros.hooks import forum as forum_hook

    monkeypatch.setattr(build_cache, "ROOT", tmp_path)
    asked = [{"site_name": SITE_NAME, "title": t, "game": "Roll & Keep", "footer": forum_hook.CARD_FOOTER}
             for t in ("Wound Checks", "Wound Check")]
    kept, made = cards.drawn(asked)
    assert made == 2 and len(list((tmp_path / ".cache" / "cards").iterdir())) == 2
    assert kept[1] == cards.card_png(site_name=SITE_NAME, title="Wound Check", game="Roll & Keep",
                                     footer=forum_hook.CARD_FOOTER)
    # as the next build would: read from .cache, not drawn
    monkeypatch.setattr(cards, "card_png", lambda **_: pytest.fail("a kept card was drawn again"))
    assert cards.drawn(asked) == (kept, 0)


def test_description_helpers() -> None:
    assert meta.trim("word " * 100).endswith("…") and len(meta.trim("word " * 100)) <= 160
    assert meta.trim("  short   text ") == "short text"
    html = '<h1 id="x">T</h1><div class="admonition"><p>Not this</p></div><p class="cx-rulings">Nor this</p><p>This <a href="#">one</a>.</p>'
    assert meta.first_paragraph(html) == "This one."
    # read a piece at a time, cut anywhere (inside a tag, an entity, a word): the same words
    pieces = '<p class="x">Skip</p><div><p>Nested</p></div><p>Fish &amp; chips, 3&nbsp;dice <em>kept</em>.</p><p>Later</p>'
    for chunk in range(1, len(pieces) + 2):
        assert meta.first_paragraph(pieces, chunk=chunk) == "Fish & chips, 3 dice kept.", chunk
    assert meta.first_paragraph("<p class='x'>none</p>" * 3000, chunk=7) == ""
    assert meta.description("From front matter", html, "fallback") == "From front matter"
    assert meta.description(None, "<h1>T</h1>", "fallback") == "fallback"


# ---------------------------------------------------------------- rulings


def test_rulings_are_sequential_and_link_to_real_rules() -> None:
    log = rulings.load()
    assert log, "calc/data/rulings.json holds no ruling"
    assert rulings.problems(log, heading_index(DOCS)) == []
    assert len({r.id for r in log}) == len(log)
    broken = rulings.load('{"rulings": [{"id": "R-0002", "date": "2026-13-01", "title": "t", "statement": "s", '
                          '"rules": ["rk/damage.md#no-such-anchor"]}]}')
    assert len(rulings.problems(broken, heading_index(DOCS))) == 3


def test_a_withdrawal_needs_a_date_a_reason_and_a_live_successor() -> None:
    def log(*extra: str) -> list:
        items = [f'{{"id": "R-{n:04d}", "date": "2026-11-29", "title": "t", "statement": "s", '
                 f'"rules": ["sun/combat.md#sun-parry"]{e}}}' for n, e in enumerate(extra, 1)]
        return rulings.load('{"rulings": [' + ", ".join(items) + "]}")

    index = heading_index(DOCS)
    good = log(', "withdrawn": "2026-11-30", "withdrawn_reason": "r", "superseded_by": "R-0002"', "")
    assert rulings.problems(good, index) == []
    assert [r.active for r in good] == [False, True]
    assert rulings.touching(good) == {"sun/combat.md#sun-parry": [good[1]]}   # no backlink for R-0001
    assert len(rulings.problems(log(', "withdrawn": "2026-11-30"'), index)) == 1           # no reason
    assert len(rulings.problems(log(', "withdrawn": "2026-11-28", "withdrawn_reason": "r"'), index)) == 1
    assert len(rulings.problems(log(', "withdrawn_reason": "r"'), index)) == 1             # no date
    ahead = ', "withdrawn": "2026-11-30", "withdrawn_reason": "r", "superseded_by": "R-0002"'
    assert len(rulings.problems(log(ahead, ahead[:-1] + '1"'), index)) >= 1               # no live successor
    page = rulings.page_markdown(good, index)
    assert "**Withdrawn on 30 November 2026:** r. Replaced by [R-0002](#r-0002)." in page
    feed = rulings.atom_feed(good, index, site_url="https://example.org/", site_name="X")
    assert "<title>R-0001: t (withdrawn)</title>" in feed and "<title>R-0002: t</title>" in feed


def test_every_reading_in_the_docs_is_a_ruling() -> None:
    """Each "The Codex's reading" note sits under a rule section that a ruling links to."""
    touched = set(rulings.touching(rulings.load()))
    missing = []
    for path in sorted(DOCS.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        uri = path.relative_to(DOCS).as_posix()
        marks = [n for n, line in enumerate(text.splitlines()) if "The Codex's reading" in line and "!!!" in line]
        for mark in marks:
            above = [h for h in headings(text) if h.line < mark and h.anchor]
            rule = f"{uri}#{above[-1].anchor}"
            if rule not in touched:
                missing.append(rule)
    assert missing == [], "readings without a ruling in calc/data/rulings.json:\n" + "\n".join(missing)


def test_the_required_rulings_are_there() -> None:
    by_rule = rulings.touching(rulings.load())
    for rule in ("rk/damage.md#rk-damage-rolls", "rk/damage.md#rk-wound-checks", "rk/attacking.md#rk-acronyms",
                 "pool/index.md#pool-black-dice"):
        assert rule in by_rule, rule
    text = " ".join(r.statement for r in by_rule["pool/index.md#pool-black-dice"])
    assert "ten-sided" in text and "7 or more" in text   # calc/dice_pool/check.py: DEFAULT_SIDES, DEFAULT_SUCCESS_AT


def test_rulings_page_and_backlinks(site_dir: Path) -> None:
    page = read(site_dir / "rulings" / "index.html")
    built = published_anchors(site_dir)
    missing = []
    for r in rulings.load():
        assert r.anchor in page.headings and page.headings[r.anchor].startswith(f"{r.id}: "), r.id
        if not r.active:
            continue  # a withdrawn ruling keeps its anchor; its backlinks go (tests/test_content_readings.py)
        for rule in r.rules:
            path, _, anchor = rule.partition("#")
            key = page_url(path)
            assert f"{key}#{anchor}" in built, rule
            after = read(html_file(site_dir, key)).after.get(anchor)
            wanted = f"rulings/#{r.anchor}"
            if not after or "cx-rulings" not in after["class"] or not any(h.endswith(wanted) for h in after["hrefs"]):
                missing.append(f"{rule}: no backlink to {r.id}")
    assert missing == []


def test_backlinks_are_inserted_after_the_heading_line() -> None:
    log = rulings.load('{"rulings": [{"id": "R-0001", "date": "2026-11-29", "title": "A *bold* [claim]", '
                       '"statement": "s", "rules": ["sun/combat.md#sun-parry"]}]}')
    md = "# Combat { #sun-combat }\n\n## Parry { #sun-parry }\n\nText.\n"
    out = rulings.insert_backlinks(md, "sun/combat.md", log)
    assert out.split("\n")[2:6] == [
        "## Parry { #sun-parry }", "",
        r"Rulings: [R-0001](../rulings.md#r-0001) (A \*bold\* \[claim\])", "{: .cx-rulings }",
    ]
    assert rulings.insert_backlinks(md, "sun/rules.md", log) == md
    printed = rulings.insert_backlinks("### Parry { #print-sun-parry }\n", "print/sun.md", log, print_prefix="print-")
    assert "[R-0001](../rulings.md#r-0001)" in printed


def test_atom_feed(site_dir: Path, base_url: str) -> None:
    feed = ET.parse(site_dir / "rulings.xml").getroot()
    assert feed.tag == f"{ATOM}feed"
    log = rulings.load()
    entries = feed.findall(f"{ATOM}entry")
    assert len(entries) == len(log)
    ids = [e.findtext(f"{ATOM}id") for e in entries]
    assert len(set(ids)) == len(ids)
    assert sorted(ids) == sorted(f"{base_url}rulings/#{r.anchor}" for r in log)
    assert feed.findtext(f"{ATOM}updated") == max(rulings.changed(r) for r in log) + "T00:00:00Z"
    self_link = [l.get("href") for l in feed.findall(f"{ATOM}link") if l.get("rel") == "self"]
    assert self_link == [base_url + "rulings.xml"]
    page = read(site_dir / "rulings" / "index.html")
    for r in log:
        assert r.anchor in page.headings


def test_feed_is_the_same_for_the_same_data() -> None:
    log, index = rulings.load(), heading_index(DOCS)
    one = rulings.atom_feed(log, index, site_url="https://example.org/codex/", site_name=SITE_NAME)
    assert one == rulings.atom_feed(log, index, site_url="https://example.org/codex/", site_name=SITE_NAME)
    assert "<id>https://example.org/codex/rulings/#r-0001</id>" in one


# ---------------------------------------------------------------- printable rules


@pytest.mark.parametrize("game", list(GAMES))
def test_print_page_holds_every_rule_of_its_game(site_dir: Path, game: str) -> None:
    page = read(site_dir / "print" / game / "index.html")
    texts = set(page.headings.values())
    pages = sorted(p for p in DOCS.glob(f"{game}/**/*.md"))
    assert pages
    missing, unprefixed = [], []
    for path in pages:
        for h in headings(path.read_text(encoding="utf-8")):
            if h.anchor and f"{printing.PREFIX}{h.anchor}" not in page.headings:
                missing.append(f"{path.relative_to(DOCS)}#{h.anchor}")
            if h.text not in texts:
                missing.append(f"{path.relative_to(DOCS)}: {h.text}")
    unprefixed = [a for a in page.headings if not a.startswith(printing.PREFIX) and a != printing.page_anchor(game)]
    assert missing == [] and unprefixed == []


def test_print_pages_stay_out_of_the_rule_anchors_but_are_linked(site_dir: Path) -> None:
    assert not any(a.startswith("print/") for a in published_anchors(site_dir))
    assert {k for k in content_pages(site_dir) if k.startswith("print/")} == {f"print/{g}/" for g in GAMES}
    for game in GAMES:
        index = (site_dir / game / "index.html").read_text(encoding="utf-8")
        assert 'href="../print/' + game + '/"' in index, f"{game}/index.md does not link its print page"


def test_print_adapts_headings_and_links() -> None:
    pages = [
        ("rk/index.md", "# Roll & Keep { #rk }\n\nSee [damage](damage.md), [wounds](damage.md#rk-wound-checks),\n"
                        "[glossary](../glossary.md#glossary-rk) and [here](#rk-pages).\n\nOr [print](../print/rk.md) it.\n"),
        ("rk/damage.md", "---\ntitle: x\n---\n# Damage { #rk-damage }\n\n=== \"Tab\"\n\n    ### Inner { #rk-inner }\n"),
    ]
    out = printing.game_markdown("rk", pages)
    assert "## Roll & Keep { #print-rk }" in out   # the first page follows the print page's intro
    assert "## Damage { #print-rk-damage .cx-print-page }" in out
    assert "    #### Inner { #print-rk-inner }" in out
    assert "[damage](#print-rk-damage)" in out and "[wounds](#print-rk-wound-checks)" in out
    assert "[glossary](../glossary.md#glossary-rk)" in out and "[here](#print-rk-pages)" in out
    assert "[print]" not in out and "title: x" not in out   # no line pointing at the print page itself
    nav = [{"Roll & Keep": ["rk/index.md", "rk/damage.md", {"Print all rules": "print/rk.md"}]}]
    assert printing.game_pages(nav, "rk", ["rk/damage.md", "rk/index.md", "rk/extra.md"]) == [
        "rk/index.md", "rk/damage.md", "rk/extra.md"]
    with pytest.raises(ValueError):
        printing.game_pages(nav, "chess", [])


def test_a_calculator_on_two_pages_is_printed_once() -> None:
    pages = [
        ("rk/attacking.md", '# Attacking { #rk-attacking }\n\n{{ calculator("rk-attack") }}\n'),
        ("rk/choosing-raises.md", '# Choosing raises { #rk-choosing-raises }\n\n{{ calculator("rk-attack") }}\n'),
    ]
    out = printing.game_markdown("rk", pages)
    assert out.count('calculator_line("rk-attack")') == 1 and 'calculator("rk-attack")' not in out
    assert "printed earlier on this page" in out


@pytest.mark.parametrize("game", list(GAMES))
def test_print_pages_repeat_no_element_id(site_dir: Path, game: str) -> None:
    html = (site_dir / "print" / game / "index.html").read_text(encoding="utf-8")
    ids = re.findall(r'\sid="([^"]+)"', html)
    assert sorted({i for i in ids if ids.count(i) > 1}) == []


def test_print_stylesheet_is_on_every_page(site_dir: Path) -> None:
    css = (site_dir / "assets" / "css" / "print.css").read_text(encoding="utf-8")
    assert css.lstrip().startswith("/*") and "@media print" in css
    for key in content_pages(site_dir):
        assert "assets/css/print.css" in html_file(site_dir, key).read_text(encoding="utf-8"), key


# ---------------------------------------------------------------- in the browser


@pytest.fixture(scope="module")
def forum_page(context: Any, served: str) -> Iterator[Any]:
    page = context.new_page()
    page.watch = PageWatch(page, served.rstrip("/"))
    yield page
    assert page.watch.outside == [], f"requests left the origin: {page.watch.outside}"
    page.close()


@pytest.mark.browser
def test_citation_formats_land_in_theclipboard(forum_page: Any, served: str) -> None:
    page = forum_page
    page.goto(served + "sun/combat/")
    url = served + "sun/combat/#sun-parry"
    page.locator('a.headerlink[href$="#sun-parry"]').click()
    popover = page.locator(".cx-cite")
    popover.wait_for(state="visible")
    # the note follows the clipboard write, which is asynchronous: wait for it
    page.locator(".cx-flash", has_text="Link copied").wait_for(state="visible", timeout=5000)
    assert clipboard(page) == served + "s/sun-parry/"     # the share address (macros/share/pages.py)
    assert popover.locator(".cx-cite__text").inner_text() == "Seventh Sun Codex › Seventh Sun › Combat › Parry"
    assert_citation_formats(page, popover, "Seventh Sun Codex › Seventh Sun › Combat › Parry", url)
    page.keyboard.press("Escape")
    popover.wait_for(state="detached")
    assert page.evaluate("document.activeElement.getAttribute('href')").endswith("#sun-parry")
    assert page.watch.errors == []


@pytest.mark.browser
def test_citation_by_keyboard_and_for_a_page_title(forum_page: Any, served: str) -> None:
    page = forum_page
    page.goto(served + "rk/damage/")
    page.locator('a.headerlink[href$="#rk-damage"]').focus()
    page.keyboard.press("Enter")
    page.locator(".cx-cite").wait_for(state="visible")
    assert page.evaluate("document.activeElement.textContent") == "Copy link"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Copy as Markdown"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.cx-cite__done').textContent === 'Copied as Markdown'")
    assert clipboard(page) == f"[Seventh Sun Codex › Roll & Keep › Damage and wounds]({served}rk/damage/#rk-damage)"
    page.mouse.click(5, 500)   # a click elsewhere closes it
    page.locator(".cx-cite").wait_for(state="detached")


@pytest.mark.browser
def test_print_media_shows_every_version_and_only_the_result(forum_page: Any, served: str) -> None:
    page = forum_page
    try:
        page.goto(served + "rk/damage/")
        page.emulate_media(media="print")
        blocks = page.locator("#rk-wound-checks ~ .tabbed-set").first
        assert blocks.locator(".tabbed-block").nth(0).is_visible() and blocks.locator(".tabbed-block").nth(1).is_visible()
        labels = blocks.locator(".tabbed-labels > label")
        assert labels.nth(0).is_visible() and labels.nth(1).is_visible()
        # each label prints above its own version
        y = [labels.nth(0), blocks.locator(".tabbed-block").nth(0), labels.nth(1), blocks.locator(".tabbed-block").nth(1)]
        tops = [el.bounding_box()["y"] for el in y]
        assert tops == sorted(tops)
        for hidden in (".md-header", ".md-sidebar--primary", ".md-footer", ".md-content .headerlink"):
            assert not page.locator(hidden).first.is_visible(), hidden
        page.goto(served + "sun/rules/")
        page.emulate_media(media="print")
        calc = page.locator('[data-calculator="sun-check"]')
        assert calc.locator(".cx-result").is_visible()
        assert not calc.locator(".cx-form").is_visible() and not calc.locator(".cx-links").is_visible()
        assert not calc.locator(".cx-chart__toggle > label").first.is_visible()
        # the answer prints, not its chart, its long table or its hints (issue 21)
        assert calc.locator(".cx-headlines").is_visible()
        assert not calc.locator(".cx-chart").is_visible() and not calc.locator("details.cx-table table").is_visible()
    finally:
        page.emulate_media(media="screen")
