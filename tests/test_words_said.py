"""Every word says what the answer used (issue 49, items 1 to 3), apart from the property test over every
declaration (tests/test_question_words.py):

1. a question is composed from the declaration, with no silent fallback, and no field note such as
   "(optional)" reaches copied text, compare text or the command line;
2. the readings an answer used are said, in one short clause with its ID, wherever its words go: Copy as
   text, compare, the command line, the search's answers; from the notes the page shows;
3. a chance is written by one function: a reachable total is never "0%", exact 0.01% and 99.99% are
   figures, and no other code (Python or the page's scripts) writes a probability.
"""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from dataclasses import replace
from pathlib import Path

import pytest

import calc
from calc import data
from calc.__main__ import main
from calc.built.search_answers import KINDS, describe, entry
from calc.in_words import answer_text, compare_text, question_text
from calc.readings import CLAUSES, cited
from calc.roll_keep.rules import exact_at_least
from calc.wording import percent
from codex_view.browser import compare_reply, reply
from tests.declaration_states import answer, states
from tests.support import ROOT


def said(*argv: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


# ---------------------------------------------------------------- 1. the question
@pytest.mark.parametrize("cid, settings, words", [
    ("dice", {"target": 12}, "Target: 12"),
    ("rk-opposed", {"a_rolled": 5, "a_kept": 2, "a_explode": False}, "A's tens explode: no"),
    ("rk-tn", {"passive_defense": 20}, "Passive Defense: 20"),
    ("rk-check", {"threshold": 60}, "Threshold for raises: 60%"),
])
def test_no_field_note_reaches_copied_text_compare_or_the_command_line(cid: str, settings: dict, words: str) -> None:
    calculator = calc.CALCULATORS[cid]
    params = {**calculator.defaults(), **settings}
    copied = reply(cid, params)["text"]
    compared = compare_reply(cid, {"a": calculator.defaults(), "b": params})["text"]
    typed = said(cid, *(f"{k}={'' if v is None else str(v).lower()}" for k, v in settings.items()))
    for text in (copied, compared, typed):
        assert words in text
        assert not re.search(r"\((optional|X|Y|%|Other|for Reach|interrupt)[^)]*\):", text), text


def test_a_question_that_cannot_be_written_is_not_swallowed() -> None:
    """calc/in_words.py once fell back to a list of settings when a declaration's sentence raised."""
    calculator = calc.CALCULATORS["rk-check"]
    broken = replace(calculator, question=lambda params, result: params["no such field"])
    with pytest.raises(KeyError):
        question_text(broken, calculator.defaults(), {})
    with pytest.raises(ValueError, match="not its fields"):
        replace(calculator, says=("no_such_field",))


def test_settings_the_sentence_does_not_phrase_follow_it_in_form_order() -> None:
    opposed = calc.CALCULATORS["rk-opposed"]
    params = {**opposed.defaults(), "a_explode": False, "b_explode": False}
    words = question_text(opposed, params, answer(opposed, params))
    assert words.endswith(" against TN 25; A's tens explode: no; B's tens explode: no")
    fight = calc.CALCULATORS["rk-fight"]
    params = {**fight.defaults(), "attacker_brawn": 5, "explode": False}
    words = question_text(fight, params, answer(fight, params))   # the weapon's sentence says its Brawn, once
    assert words.endswith("; 10 attacks; Attack dice explode: no") and words.count("Attacker's Brawn: 5") == 1
    assert said("rk-fight") != said("rk-fight", "attacker_brawn=5").replace("98.88%", "88.53%")


# ---------------------------------------------------------------- 2. the readings
def test_the_command_line_names_the_keep_all_reading() -> None:
    text = said("rk-check", "rolled=3", "kept=5")
    assert "keeping more dice than were rolled keeps every die rolled (R-0050)" in text
    assert "a total equal to its TN succeeds (R-0045)" in text


@pytest.mark.parametrize("cid", sorted(calc.CALCULATORS))
def test_copy_as_text_names_each_reading_the_notes_cite(cid: str) -> None:
    """Over the field walk's states: every ruling the page's notes cite is said, with its clause; nothing else."""
    calculator = calc.CALCULATORS[cid]
    for state in states(calculator)[:40]:
        result = answer(calculator, state)
        text = answer_text(calculator, state, result)
        ids = cited(result.get("notes", ()))
        line = next((l for l in text.splitlines() if l.startswith("Readings: ")), "")
        assert re.findall(r"R-\d{4}", line) == ids, (state, line)
        assert all(f"{CLAUSES[i]} ({i})" in line for i in ids)


def test_compare_text_names_the_readings_of_both_sides() -> None:
    pool = calc.CALCULATORS["pool-check"]
    a = {**pool.defaults(), "mode": "opposed", "defence": "engage"}
    text = compare_text(pool, a, answer(pool, a), pool.defaults(), answer(pool, pool.defaults()))
    assert text.splitlines()[-1].startswith("Readings: ") and "(R-0053)" in text and "(R-0023)" in text


def test_every_clause_is_a_ruling_in_force() -> None:
    rulings = {r["id"]: r for r in data.load("rulings")["rulings"]}
    assert all(i in rulings and "withdrawn" not in rulings[i] for i in CLAUSES)


def test_the_search_says_the_readings_its_answers_use() -> None:
    kinds = {kind.name: describe(kind)["assumes"] for kind in KINDS}
    assert "black die cancels one success, and the net may fall below zero (R-0023)" in kinds["pool"]
    assert "(R-0022)" in kinds["pool"] and "a total equal to its TN succeeds (R-0045)" in kinds["rk"]


# ---------------------------------------------------------------- 3. one way to write a chance
def test_a_chance_is_written_one_way() -> None:
    assert percent(0.0001) == "0.01%" and percent(9.999999999999999e-05) == "0.01%"
    assert percent(0.9999) == "99.99%" and percent(0.9998999999999999) == "99.99%"
    assert percent(0.00005) == "less than 0.01%" and percent(0.99995) == "more than 99.99%"
    assert percent(9.8e-21, exact=True) == "less than 0.01% (9.8e-19%)"
    assert percent(0) == "0%" and percent(1) == "100%" and percent(0.3658) == "36.58%"
    assert percent(0.004, places=0) == "less than 1%" and percent(0.88, places=0) == "88%"


def test_a_total_exploding_tens_reach_is_never_zero() -> None:
    text = said("rk-check", "rolled=6", "kept=3", "tn=250")
    assert not re.search(r"(?<![\d.])0%", text), text
    assert "Chance of success (6k3 against TN 250): less than 0.01%" in text
    result = calc.evaluate("rk-check", {"rolled": 6, "kept": 3, "tn": 250})
    assert result["chance"] == pytest.approx(float(exact_at_least(6, 3, 250)), rel=1e-12)
    assert result["chance"] == pytest.approx(9.76e-21, rel=1e-3)
    far = calc.evaluate("rk-check", {"rolled": 30, "kept": 4, "tn": 300})   # past the exact budget: a bound
    assert 0 < far["chance"] <= float(exact_at_least(30, 1, 300)) * 1e6 and any("lower bound" in n for n in far["notes"])


def test_no_search_answer_reads_zero_for_a_roll_that_explodes() -> None:
    rk = next(kind for kind in KINDS if kind.name == "rk")
    for settings in rk.settings():
        found = entry(rk, settings)
        assert "0%" not in (found["above"], *found["figures"]), rk.key(settings)
    assert entry(rk, {"rolled": 6, "kept": 3})["above"] == "less than 0.01%"


# code that writes a probability other than through calc.wording.percent
PYTHON_FORMATS = re.compile(r"100\s*\*[^}\n]*\}%|\*\s*100[^}\n]*\}%|:\.\d+%\}|:\.\d+e\}|toExponential|toPrecision")
NOT_A_CHANCE = {("codex_view/browser.py", ":.0%}"): "a share of the time budget, not a probability"}


def test_no_other_code_writes_a_probability() -> None:
    found = []
    for folder, pattern in (("calc", "*.py"), ("codex_view", "*.py"), ("macros", "*.py"), ("docs/assets/js", "*.js")):
        for path in sorted((ROOT / folder).rglob(pattern)):
            rel = path.relative_to(ROOT).as_posix()
            for line in path.read_text(encoding="utf-8").splitlines():
                for match in PYTHON_FORMATS.finditer(line):
                    if (rel, match.group()) not in NOT_A_CHANCE and rel != "calc/wording.py":
                        found.append(f"{rel}: {line.strip()}")
    assert found == []
    assert "toFixed" not in "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs/assets/js").glob("*.js")
                                    if p.name != "connection.js")   # connection.js writes megabytes
