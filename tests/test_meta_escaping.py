"""Issue 11 item 4: every value in every built page's <head> is escaped.

A description taken from a page's first paragraph may hold quotes; unescaped, `cite "R-0016"`
ended the attribute there and left `r-0016"` behind as a stray attribute. The parser below reads
each <head> as a browser would and checks each tag carries only the attributes it should, and
that the description says what the page's own text says.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from macros.share import meta

ALLOWED = {
    "meta": {"name", "property", "content", "charset", "http-equiv"},
    "link": {"rel", "href", "type", "title", "hreflang", "as", "crossorigin", "media", "sizes"},
    "title": set(),
}


class _Head(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.in_head = False
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.title: list[str] = []
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "head":
            self.in_head = True
        elif self.in_head and tag in ALLOWED:
            self.tags.append((tag, dict(attrs)))
            self._in_title = tag == "title"

    def handle_endtag(self, tag: str) -> None:
        if tag == "head":
            self.in_head = False
        if tag == "title":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title.append(data)


def _head(path: Path) -> _Head:
    parser = _Head()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def _pages(site_dir: Path) -> list[Path]:
    return [p for p in site_dir.rglob("*.html") if "assets" not in p.parts]


def test_every_head_tag_has_only_its_own_attributes(site_dir: Path) -> None:
    pages = _pages(site_dir)
    assert len(pages) > 30
    wrong = []
    for page in pages:
        for tag, attrs in _head(page).tags:
            stray = set(attrs) - ALLOWED[tag]
            if stray:
                wrong.append(f"{page.relative_to(site_dir)}: <{tag}> has {sorted(stray)}")
            if tag == "meta" and "content" in attrs and attrs["content"] is None:
                wrong.append(f"{page.relative_to(site_dir)}: <meta> with an empty content")
    assert not wrong, "\n".join(wrong[:20])


def test_rulings_description_keeps_its_quotes(site_dir: Path) -> None:
    tags = _head(site_dir / "rulings" / "index.html").tags
    described = {a.get("name") or a.get("property"): a.get("content") for t, a in tags if t == "meta"}
    text = described["description"]
    assert 'cite "R-0016"' in text, text
    assert described["og:description"] == text
    # the same text the page's first paragraph gives, trimmed, not cut at the first quote
    assert len(text) > 120 and text.endswith("…") or len(text) <= meta.DESCRIPTION_LIMIT


def test_titles_are_escaped_text(site_dir: Path) -> None:
    head = _head(site_dir / "rk" / "index.html")
    assert "Roll & Keep" in "".join(head.title)
    raw = (site_dir / "rk" / "index.html").read_text(encoding="utf-8")
    title = raw[raw.index("<title>") : raw.index("</title>")]
    assert "& " not in title, title      # the ampersand is written &amp;
