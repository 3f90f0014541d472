"""Each calculator is declared once: its compute function takes exactly the declared fields, keyword-only,
with no default of its own (the registry's `parse_params` fills every declared default)."""

from __future__ import annotations

import inspect

import pytest

import calc


@pytest.mark.parametrize("cid", sorted(calc.CALCULATORS))
def test_compute_takes_exactly_the_declared_fields_without_defaults(cid: str) -> None:
    calculator = calc.CALCULATORS[cid]
    signature = inspect.signature(calculator.compute)
    parameters = list(signature.parameters.values())
    not_keyword = [p.name for p in parameters if p.kind is not inspect.Parameter.KEYWORD_ONLY]
    assert not not_keyword, f"{cid}: parameters that are not keyword-only: {not_keyword}"
    assert sorted(p.name for p in parameters) == sorted(p.name for p in calculator.params)
    with_default = [p.name for p in parameters if p.default is not inspect.Parameter.empty]
    assert not with_default, f"{cid}: a second default, beside the declaration's: {with_default}"

