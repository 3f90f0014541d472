"""Every calculator sits beside the rule it explains and on the Calculators page, prerendered.

Pages: docs/calculators.md and each calculator's `rule` page (calc/registry.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import calc
from macros.links import page_url
from macros.site_index import read_page


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
