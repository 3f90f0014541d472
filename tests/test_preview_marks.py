"""The preview controls beside links to rules are written by the build (macros/preview_marks.py,
issue 39 item 5): a link to a heading of the site gets one, with the punctuation closing its
sentence on the control's line; a calculator's link, a link with a query, a link off the site and
a heading's own # link get none."""

from __future__ import annotations

import re

import markdown

from macros.preview_marks import PreviewMarksExtension


def render(text: str) -> str:
    return markdown.Markdown(extensions=["attr_list", "toc", PreviewMarksExtension()],
                             extension_configs={"toc": {"permalink": "#"}}).convert(text)


def controls(html: str) -> list[str]:
    return re.findall(r'<button aria-expanded="false" aria-label="([^"]+)" class="cx-preview-tap" type="button">', html)


def test_a_link_to_a_rule_gets_its_control_with_the_closing_punctuation() -> None:
    html = render("See [Wound Checks](damage.md#rk-wound-checks). Or [the note](#rk-note), here.")
    assert controls(html) == ["Preview: Wound Checks", "Preview: the note"]
    assert '</a><span class="cx-preview-keep"><button' in html
    assert '</button>.</span> Or' in html and '</button>,</span> here.' in html


def test_other_links_get_none() -> None:
    text = ("## Heading { #rk-heading }\n\n[calculator](#calc-rk-check), [query](basics.md?rules=house#rk-xky), "
            "[elsewhere](https://example.org/#x), [a page](basics.md), [mail](mailto:a@b.c#x)")
    assert controls(render(text)) == []
