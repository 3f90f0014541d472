"""No computed value can become markup (issue 43, item 3): a figure such as ">99.99%" or
"<0.01%" reads as that figure on every page, wherever the page puts it.

`rk/damage/#rk-fight` once lost the ">" of ">99.99%": the figure began a line of Markdown, which
made it a blockquote. Every value a `{{ ... }}` writes now passes macros/as_text.py; the HTML
the calculators build escapes its figures (codex_view). The built-site tests look at every page,
so every macro's output is covered, whatever it is.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import jinja2
import markdown

import macros
from macros import as_text, widgets
from macros.mdsource import strip_front_matter
from tests.support import ROOT

DUEL = dict(rules="summary", rolled=8, kept=4, tn=15, raises=0, weapon="fencing", attacker_brawn=2,
            defense="active", defense_rolled=4, defense_kept=2, brawn=3, resolve=3, category="hero", attacks=10)


def test_a_value_that_opens_with_a_sign_is_written_as_text() -> None:
    assert as_text.finalize(">99.99%") == "&gt;99.99%"
    assert as_text.finalize("<0.01%") == "&lt;0.01%"
    assert as_text.finalize("  >5") == "  &gt;5"
    for untouched in ("99.99%", "−3", 15, None, '<section class="cx-calc">', "<br>", "<!-- x -->", "a >b"):
        assert as_text.finalize(untouched) == untouched


def test_every_page_renders_its_values_through_the_finalizer() -> None:
    env = SimpleNamespace(env=jinja2.Environment())
    macros.on_pre_page_macros(env)
    assert env.env.finalize is as_text.finalize


def _page(template: str, **values: object) -> str:
    environment = jinja2.Environment()
    environment.finalize = as_text.finalize
    return markdown.markdown(environment.from_string(template).render(**values))


def test_the_fight_figure_at_the_start_of_a_line_keeps_its_sign() -> None:
    figure = widgets.calc_figure("rk-fight", "crippled_within", "percent", DUEL)
    assert figure == "more than 99.99%"   # in words now (issue 49 item 3); if the rules change, pick another duel
    html = _page("leaves him Crippled within 10 attacks\n{{ f }} of the time", f=figure)
    assert "<blockquote>" not in html and "more than 99.99% of the time" in html
    html = _page("leaves him Crippled within 10 attacks\n{{ f }} of the time", f=">99.99%")   # a figure the page lost
    assert "<blockquote>" not in html
    assert "&gt;99.99% of the time" in html
    assert "&lt;0.01%" in _page("a chance of\n{{ f }}", f="<0.01%")


def _blocks(text: str) -> list[str]:
    """The text of each blockquote a built page has, words only."""
    return [" ".join(re.sub(r"<[^>]+>", " ", b).split()) for b in re.findall(r"<blockquote>(.*?)</blockquote>", text, re.S)]


def test_no_built_page_has_a_blockquote_its_source_did_not_write(site_dir: Path) -> None:
    """A blockquote on a page is one of the formula lines the pages write with ">" (a figure that
    became a quotation would be a new one)."""
    written = set()
    for path in (ROOT / "docs").rglob("*.md"):
        for line in strip_front_matter(path.read_text(encoding="utf-8")).splitlines():
            if line.lstrip().startswith("> "):   # in a tab too
                written.add(" ".join(re.sub(r"[*_`]", "", line.lstrip()[2:]).split()))
    assert written, "the pages write their formulas as quotations"
    stray = {}
    for page in site_dir.rglob("*.html"):
        extra = [b for b in _blocks(page.read_text(encoding="utf-8")) if b not in written]
        if extra:
            stray[page.relative_to(site_dir).as_posix()] = extra
    assert stray == {}


def test_no_built_page_has_a_bare_angle_bracket_in_its_text(site_dir: Path) -> None:
    """A "<" that opens no tag (the tables' "<0.01%") is escaped wherever a figure is written."""
    bare = re.compile(r"<(?![A-Za-z/!?])")
    found = {}
    for page in site_dir.rglob("*.html"):
        text = re.sub(r"<(script|style)\b.*?</\1>", "", page.read_text(encoding="utf-8"), flags=re.S)
        hits = [text[max(0, m.start() - 30): m.start() + 10] for m in bare.finditer(text)]
        if hits:
            found[page.relative_to(site_dir).as_posix()] = hits[:2]
    assert found == {}
