"""Every calculator as the registry holds it: a rule page with its anchor, JSON-ready defaults, and
every input at the caps answered in full."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

import calc
from scripts.worst_cases import CALCULATOR_INPUTS

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.mark.parametrize("cid", list(calc.CALCULATORS))
def test_registered_with_a_rule_page_and_its_anchor(cid: str) -> None:
    page, _, anchor = calc.CALCULATORS[cid].rule.partition("#")
    source = DOCS / page
    assert source.is_file() and anchor and f"{{ #{anchor} }}" in source.read_text(encoding="utf-8"), cid


def test_the_registry_gathers_each_module_once() -> None:
    """`MODULES` names each module that declares calculators once, and every calculator comes from one."""
    from calc.registry import MODULES

    assert len(set(MODULES)) == len(MODULES)
    declared = [c.id for name in MODULES for c in importlib.import_module(f"calc.{name}").CALCULATORS]
    assert declared == list(calc.CALCULATORS)
    package = DOCS.parent / "calc"
    found = {".".join(p.relative_to(package).with_suffix("").parts) for p in package.rglob("*.py")
             if "CALCULATORS = (" in p.read_text(encoding="utf-8")}
    assert found == set(MODULES)


@pytest.mark.parametrize("cid", list(calc.CALCULATORS))
def test_defaults_evaluate_to_json(cid: str) -> None:
    """JSON-ready, with a figure to show (a headline of another kind of roll may be left out)."""
    result = calc.evaluate(cid, calc.CALCULATORS[cid].defaults())
    json.dumps(result, allow_nan=False)
    assert any(h.shown(result) is not None for h in calc.CALCULATORS[cid].headlines)


# the inputs at the caps: scripts/worst_cases.py (also timed by make bench)
@pytest.mark.parametrize("cid, params", CALCULATOR_INPUTS)
def test_inputs_at_the_caps_are_answered(cid: str, params: dict[str, object]) -> None:
    """Every input at the caps is answered in full (how fast: make bench)."""
    result = calc.evaluate(cid, params)
    for h in calc.CALCULATORS[cid].headlines:
        assert h.key in result
