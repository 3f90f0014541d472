"""The worker's entry point (codex_view.browser), issue 31 part 3, and the words of a setting (issue 30).

- One trip for a request: the page sends {id, calculator, mode, params}; compare is a mode of the
  message, not a prefix of the id; the params are read once.
- Copy as text names a choice as the form does under the chosen rules (calc.params `Param.words`),
  so the house rules' bow is the 3k3 the maths uses, not the summary rules' 2k2.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import calc
import calc.registry
import codex_view.browser as entry


def test_the_worker_reads_a_requests_params_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = calc.registry.parse_params

    def counted(calculator: Any, params: Any) -> Any:
        calls.append(calculator.id)
        return real(calculator, params)

    monkeypatch.setattr(calc.registry, "parse_params", counted)
    monkeypatch.setattr(entry, "parse_params", counted)
    out = json.loads(entry.run("rk-check", json.dumps({"rolled": "7", "kept": "5", "tn": "30"})))
    assert "html" in out and calls == ["rk-check"]


def test_compare_is_a_mode_of_the_message_not_part_of_the_id() -> None:
    sides = json.dumps({"a": {"bonus": "5", "target": "15"}, "b": {"bonus": "6", "target": "15"}})
    compared = json.loads(entry.run("sun-check", sides, "compare"))
    assert set(compared["result"]) == {"a", "b"}
    assert json.loads(entry.run("compare:sun-check", sides))["error"]["field"] == "calculator"
    assert json.loads(entry.run("sun-check", sides, "sideways"))["error"]["field"] is None


@pytest.mark.parametrize(("cid", "params", "words"), [
    ("rk-wounds", {"rules": "house", "weapon": "bow", "brawn": 2}, "Weapon: Bow: 3k3"),
    ("rk-wounds", {"rules": "summary", "weapon": "bow", "brawn": 2}, "Weapon: Bow: 2k2"),
    ("rk-attack", {"rules": "house", "weapon": "claymore", "tn": 20, "brawn": 2}, "Claymore: 5k3"),
    ("rk-attack", {"rules": "summary", "weapon": "claymore", "tn": 20, "brawn": 2}, "Claymore: 4k2"),
])
def test_copy_as_text_names_a_choice_as_the_chosen_rules_label_it(cid: str, params: dict[str, Any], words: str) -> None:
    calculator = calc.CALCULATORS[cid]
    weapon = next(p for p in calculator.params if p.name == "weapon")
    clean = calc.registry.parse_params(calculator, params)
    label = dict(weapon.options(clean))[params["weapon"]]          # what the form offers under these rules
    assert words.endswith(label) and weapon.words(params["weapon"], clean) == label
    assert words in entry.reply(cid, params)["text"]


@pytest.mark.parametrize("side", ["a", "b"])
def test_a_compare_side_whose_settings_disagree_is_named_not_a_crash(side: str) -> None:
    """A Stat without a Skill is refused by compute, not by parsing: in compare mode that refusal still
    names B's field, or says it is A's (it once read "The calculator failed unexpectedly")."""
    good, bad = {"rolled": "7", "kept": "5", "tn": "30"}, {"rolled": "7", "kept": "5", "tn": "30", "stat": "3"}
    sides = {"a": bad, "b": good} if side == "a" else {"a": good, "b": bad}
    error = json.loads(entry.run("rk-check", json.dumps(sides), "compare"))["error"]
    assert "unexpectedly" not in error["message"]
    assert "Skill" in error["message"]
    if side == "a":
        assert error["field"] is None and error["side"] == "a" and error["message"].startswith("Setting A (pinned)")
    else:
        assert error["field"] == "skill"
