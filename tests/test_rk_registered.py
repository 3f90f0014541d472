"""The first Roll & Keep calculators as the registry holds them: their rule pages, JSON-ready
defaults, and every input at the caps answered in full."""

from __future__ import annotations

import json

import pytest

import calc
from scripts.worst_cases import CALCULATOR_INPUTS


def test_registered_with_their_rule_pages() -> None:
    rules = {cid: calc.CALCULATORS[cid].rule for cid in ("rk-check", "rk-tn", "rk-wounds", "rk-horse-fall")}
    assert rules == {
        "rk-check": "rk/basics.md#rk-basic-roll",
        "rk-tn": "rk/attacking.md#rk-target-numbers",
        "rk-wounds": "rk/damage.md#rk-wound-checks",
        "rk-horse-fall": "rk/mounted.md#rk-falling-from-a-horse",
    }


@pytest.mark.parametrize("cid", ["rk-check", "rk-tn", "rk-wounds", "rk-horse-fall"])
def test_defaults_evaluate_to_json(cid: str) -> None:
    result = calc.evaluate(cid, calc.CALCULATORS[cid].defaults())
    json.dumps(result, allow_nan=False)
    for h in calc.CALCULATORS[cid].headlines:
        assert h.key in result


# the inputs at the caps: scripts/worst_cases.py (also timed by make bench)
@pytest.mark.parametrize("cid, params", CALCULATOR_INPUTS)
def test_inputs_at_the_caps_are_answered(cid: str, params: dict[str, object]) -> None:
    """Every input at the caps is answered in full (how fast: make bench)."""
    result = calc.evaluate(cid, params)
    for h in calc.CALCULATORS[cid].headlines:
        assert h.key in result
