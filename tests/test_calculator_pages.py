"""Every calculator sits beside the rule it explains and on the Calculators page, prerendered.

Pages: docs/calculators.md and each calculator's `rule` page (calc/registry.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import calc
from macros.links import page_url
from macros.contracts.site_index import read_page


def _html(site_dir: Path, src: str) -> str:
    return (site_dir / page_url(src) / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("cid", sorted(calc.CALCULATORS))
def test_calculator_is_on_its_rule_page_and_links_back(site_dir: Path, cid: str) -> None:
    rule_page, _, anchor = calc.CALCULATORS[cid].rule.partition("#")
    html = _html(site_dir, rule_page)
    assert f'data-calculator="{cid}"' in html, f"{cid} is not on its rule page {rule_page}"
    assert anchor in read_page(site_dir / page_url(rule_page) / "index.html").ids, f"{cid}: no #{anchor} on {rule_page}"


@pytest.mark.parametrize("cid", sorted(calc.CALCULATORS))
def test_calculator_is_on_the_calculators_page_with_its_default_result(site_dir: Path, cid: str) -> None:
    html = _html(site_dir, "calculators.md")
    assert f'data-calculator="{cid}" data-state="static"' in html
    calculator = calc.CALCULATORS[cid]
    result = calc.evaluate(cid, calculator.defaults())
    for headline in calculator.headlines:
        if result.get(headline.key) is not None:
            value = result[headline.key]
            shown = repr(value) if isinstance(value, float) else str(value)
            assert f'data-result="{headline.key}" data-value="{shown}"' in html, f"{cid}: {headline.key} not prerendered"
    if not calculator.rule.startswith("calculators.md"):
        assert 'class="cx-rule"' in html


def test_no_calculator_placeholder_is_left(site_dir: Path) -> None:
    docs = Path(__file__).resolve().parent.parent / "docs"
    left = [str(p) for p in docs.rglob("*.md") if "<!-- calculator:" in p.read_text(encoding="utf-8")]
    assert left == []


def test_the_calculators_page_is_made_from_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/calculators.md places each game's calculators through one macro (macros/widgets.py
    `calculators_by_game`) that reads the registry: a calculator registered with a rule on a game's page
    appears under that game's heading with its own anchor, without editing the page; the published
    anchors stay (the build's contract hook fails if one goes)."""
    import re
    from dataclasses import replace

    from macros import widgets

    root = Path(__file__).resolve().parent.parent
    source = (root / "docs" / "calculators.md").read_text(encoding="utf-8")
    assert "{{ calculators_by_game() }}" in source
    assert re.findall(r'calculator\("([\w-]+)"', source) == ["dice"]   # its rule is on this page
    monkeypatch.setattr(widgets, "calculator_html", lambda cid, page_uri: f'<section data-calculator="{cid}"></section>')

    def listed() -> list[tuple[str, str, str]]:
        made = widgets.calculators_by_game("calculators.md")
        return re.findall(r"^(#+) (.*) \{ #([\w-]+) \}$", made, re.M)

    anchors = [anchor for _, _, anchor in listed()]
    games = {c.rule.split("/")[0] for c in calc.CALCULATORS.values() if not c.rule.startswith("calculators.md")}
    assert sorted(anchors) == sorted([f"calculators-{g}" for g in games]
                                     + [f"calculators-{c.id}" for c in calc.CALCULATORS.values() if c.id != "dice"])
    published = (root / "contracts" / "published_anchors.txt").read_text(encoding="utf-8")
    assert all(f"calculators/#{anchor}" in published for anchor in anchors)

    new = replace(calc.CALCULATORS["sun-check"], id="sun-new", title="A new one", rule="sun/combat.md#sun-initiative")
    monkeypatch.setattr(widgets, "CALCULATORS", {**calc.CALCULATORS, "sun-new": new})
    made = listed()
    at = made.index(("###", "A new one", "calculators-sun-new"))
    assert made[at - 1][2] == "calculators-sun-initiative" and made[at + 1] == ("##", "Roll & Keep", "calculators-rk")
