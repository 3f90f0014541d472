"""Link previews: the OpenGraph and Twitter values for one page.

A page's description is its `description` front matter if it has one, else the first
paragraph of its text, trimmed to about 160 characters. The HTML is only read here
(html.parser), never rewritten.
"""

from __future__ import annotations

from html import escape
from html.parser import HTMLParser

DESCRIPTION_LIMIT = 160
CARD_WIDTH, CARD_HEIGHT = 1200, 630
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _FirstParagraph(HTMLParser):
    """Text of the first top-level <p> that has words and no class (not a note or a widget)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.inside: int | None = None      # depth of the <p> being read
        self.skip = 0                        # inside an element whose text is not prose
        self.parts: list[str] = []
        self.found: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        if self.found is None and self.inside is None and tag == "p" and self.depth == 0 and not dict(attrs).get("class"):
            self.inside = self.depth
            self.parts = []
        elif self.inside is not None and tag in ("script", "style", "sup"):
            self.skip += 1
        self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        self.depth -= 1
        if self.inside is not None and tag in ("script", "style", "sup") and self.skip:
            self.skip -= 1
        if self.inside is not None and self.depth == self.inside and tag == "p":
            text = " ".join("".join(self.parts).split())
            self.inside = None
            if text and self.found is None:
                self.found = text

    def handle_data(self, data: str) -> None:
        if self.inside is not None and not self.skip:
            self.parts.append(data)


def first_paragraph(html: str, chunk: int = 4096) -> str:
    """The words of the first top-level paragraph of a page's content HTML, or ''.

    Read a piece at a time (html.parser takes a document in pieces) and no further than that
    paragraph: most pages open with it, and the rest of a long page is a build's time wasted."""
    reader = _FirstParagraph()
    for start in range(0, len(html), chunk):
        reader.feed(html[start : start + chunk])
        if reader.found is not None:
            return reader.found
    reader.close()
    return reader.found or ""


def trim(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """`text` on one line, cut at a word boundary with an ellipsis if longer than `limit`."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:.-–—") + "…"


def description(front_matter: object, content_html: str, fallback: str) -> str:
    """The page's preview text: front matter `description`, else its first paragraph, else `fallback`."""
    if isinstance(front_matter, str) and front_matter.strip():
        return trim(front_matter)
    return trim(first_paragraph(content_html) or fallback)


def preview_title(title: str, game: str | None, site_name: str) -> str:
    """`Parry · Seventh Sun` on a game page, so a preview says which game; the title alone elsewhere."""
    if game and game not in title and title != site_name:
        return f"{title} · {game}"
    return title


def social_tags(
    *,
    title: str,
    description: str,
    url: str,
    image: str,
    image_alt: str,
    site_name: str,
    kind: str = "article",
) -> dict[str, list[tuple[str, str]]]:
    """Unescaped (name, content) pairs: `og` for <meta property>, `twitter` for <meta name>.

    The template escapes every value; nothing here is HTML.
    """
    return {
        "og": [
            ("og:type", kind),
            ("og:site_name", site_name),
            ("og:title", title),
            ("og:description", description),
            ("og:url", url),
            ("og:image", image),
            ("og:image:type", "image/png"),
            ("og:image:width", str(CARD_WIDTH)),
            ("og:image:height", str(CARD_HEIGHT)),
            ("og:image:alt", image_alt),
        ],
        "twitter": [
            ("twitter:card", "summary_large_image"),
            ("twitter:title", title),
            ("twitter:description", description),
            ("twitter:image", image),
            ("twitter:image:alt", image_alt),
        ],
    }


def meta_elements(tags: dict[str, list[tuple[str, str]]]) -> list[str]:
    """`social_tags` as escaped <meta> elements, for a page written outside the theme (share and odds pages)."""
    return ([f'<meta property="{escape(k)}" content="{escape(v)}">' for k, v in tags["og"]]
            + [f'<meta name="{escape(k)}" content="{escape(v)}">' for k, v in tags["twitter"]])
