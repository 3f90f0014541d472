"""The site deployed under a sub-path, as GitHub Pages serves a project site (`/<repo>/`).

.github/workflows/pages.yml builds with SITE_URL from configure-pages; here the site is built
with `site_url` `http://127.0.0.1:<port>/codex/` into `<tmp>/root/codex/` and `<tmp>/root` is
served, so every absolute URL the build writes and every URL the page script makes is tested
under `/codex/`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Iterator

import pytest

import calc
from tests.browser import result_value, wait_state
from tests.support import PageWatch, build_site, free_port, serve

pytestmark = pytest.mark.browser

SUB = "codex/"


@pytest.fixture(scope="module")
def sub_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """(the built `codex/` folder, its URL), served from the folder above it."""
    root = tmp_path_factory.mktemp("subpath") / "root"
    port = free_port()
    url = f"http://127.0.0.1:{port}/{SUB}"
    done = build_site(root / SUB.rstrip("/"), url)
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}"
    server = serve(root, port)
    yield root / SUB.rstrip("/"), url
    server.shutdown()


@pytest.fixture(scope="module")
def sub_page(browser: Any, sub_site: tuple[Path, str]) -> Iterator[Any]:
    _, url = sub_site
    origin = url[: -len(SUB) - 1]
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    page = ctx.new_page()
    page.watch = PageWatch(page, origin)
    yield page
    ctx.close()


def test_absolute_urls_in_the_build_are_under_the_sub_path(sub_site: tuple[Path, str]) -> None:
    site, url = sub_site
    html = (site / "rk" / "damage" / "index.html").read_text(encoding="utf-8")
    assert f'<meta property="og:url" content="{url}rk/damage/">' in html
    assert f'<meta property="og:image" content="{url}assets/cards/rk/damage.png">' in html
    assert (site / "assets" / "cards" / "rk" / "damage.png").is_file()
    # the feed's link is root-relative (the sitemap Material fetches beside it stays on this origin)
    assert f'type="application/atom+xml" title="Seventh Sun Codex: rulings" href="/{SUB}rulings.xml"' in html
    feed = ET.parse(site / "rulings.xml").getroot()
    ids = [e.text for e in feed.iter("{http://www.w3.org/2005/Atom}id")]
    assert ids and all(i.startswith(url) for i in ids)


def test_the_offline_page_links_under_the_sub_path(sub_site: tuple[Path, str]) -> None:
    """The service worker shows offline.html at any address: its links start from the sub-path."""
    site, url = sub_site
    html = (site / "offline.html").read_text(encoding="utf-8")
    path = "/" + SUB
    assert f'href="{path}assets/css/codex.css"' in html and f'<a href="{path}">' in html
    assert 'href="assets/' not in html and 'href="../' not in html


def test_a_calculator_answers_under_the_sub_path(sub_page: Any, sub_site: tuple[Path, str]) -> None:
    _, url = sub_site
    sub_page.goto(url + "sun/rules/")
    wait_state(sub_page, "sun-check", "ready")
    expected = calc.evaluate("sun-check", calc.CALCULATORS["sun-check"].defaults())["chance"]
    assert result_value(sub_page, "sun-check", "chance") == expected
    assert sub_page.watch.outside == [] and sub_page.watch.errors == []


def test_instant_navigation_stays_under_the_sub_path(sub_page: Any, sub_site: tuple[Path, str]) -> None:
    _, url = sub_site
    if not sub_page.url.startswith(url + "sun/rules/"):
        sub_page.goto(url + "sun/rules/")
    sub_page.evaluate("window.__sameDocument = true")
    sub_page.locator(".md-tabs a", has_text="Glossary").first.click()
    sub_page.wait_for_url(url + "glossary/")
    assert sub_page.evaluate("window.__sameDocument === true"), "navigation reloaded the page"
    sub_page.locator(".md-tabs a", has_text="Roll & Keep").first.click()
    sub_page.wait_for_url(url + "rk/")
    assert sub_page.evaluate("window.__sameDocument === true"), "navigation reloaded the page"
    assert sub_page.watch.outside == []


def test_copy_link_gives_a_url_under_the_sub_path(sub_page: Any, sub_site: tuple[Path, str]) -> None:
    _, url = sub_site
    sub_page.goto(url + "rk/damage/")
    sub_page.locator('a.headerlink[href$="#rk-wound-checks"]').click()
    sub_page.locator(".cx-flash", has_text="Link copied").wait_for(state="visible")
    # its share address, with the open tab (issue 39 item 3)
    assert sub_page.evaluate("navigator.clipboard.readText()") == url + "s/rk-wound-checks/?rules=summary"
    # the rule has Summary/House tabs: the citation's link reopens the open one (issue 11 item 2)
    sub_page.locator(".cx-cite").get_by_role("button", name="Copy as BBCode").click()
    sub_page.wait_for_function("document.querySelector('.cx-cite__done').textContent === 'Copied as BBCode'")
    assert sub_page.evaluate("navigator.clipboard.readText()") == (
        f"[url={url}rk/damage/?rules=summary#rk-wound-checks]"
        "Seventh Sun Codex › Roll & Keep › Damage and wounds › Wound Checks (Summary rules)[/url]"
    )
