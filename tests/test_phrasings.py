"""Issue 50 item 1: every phrasing of a roll is read by one reader, in the page and in Python alike.

The words a player types around a roll are data (calc/built/phrasings.py), written into
search/answers.json by macros/hooks/search.py; the page's reader (docs/assets/js/search-answer.js
`readRoll`) and its Python twin (`calc.built.phrasings.read`) read tests/phrasing_table.json the same
way, the page's under Node. What an answer then shows rests on calc: a Raise adds the rules' own
number to the TN, and "4d6" is the Seventh Sun bonus die beside the same dice added up.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from calc import evaluate
from calc.built.phrasings import LONE_TNS, phrasings, read
from calc.built.search_answers import lookup, table
from calc.roll_keep.rules import RAISE
from calc.wording import percent
from tests.support import ROOT

TABLE = json.loads((ROOT / "tests" / "phrasing_table.json").read_text(encoding="utf-8"))
PAGE = ROOT / "docs" / "assets" / "js" / "search-answer.js"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="needs Node")

# the page's reader, under Node: each typed text of the table (stdin) read with the built words
READ_ALL = """
import { readRoll } from %s;
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { words, typed } = JSON.parse(input);
console.log(JSON.stringify(typed.map((text) => readRoll(text, words))));
"""


def page_reads(typed: list[str]) -> list[Any]:
    script = READ_ALL % json.dumps(PAGE.as_uri())
    done = subprocess.run([NODE, "--input-type=module", "-e", script], input=json.dumps(
        {"words": phrasings(), "typed": typed}), capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout)


def test_the_table_holds_the_issues_phrasings() -> None:
    typed = {row["typed"] for row in TABLE}
    assert {"6k3", "odds 6k3 25", "chance of 6k3 vs 25", "l5r 6k3", "6 kept 3", "6k3=25", "6k3 25 two raises",
            "roll 5 dice", "a pool of 5 dice", "pool of 5 dice need 2", "6l3 25", "4d6 15"} <= typed
    assert len(TABLE) >= 50 and sum(row["reading"] is None for row in TABLE) >= 5   # and what is no roll


@pytest.mark.parametrize("row", TABLE, ids=[row["typed"] or "(empty)" for row in TABLE])
def test_python_reads_each_phrasing(row: dict[str, Any]) -> None:
    assert read(row["typed"]) == row["reading"]


@needs_node
def test_the_page_reads_each_phrasing_as_python_does() -> None:
    got = page_reads([row["typed"] for row in TABLE])
    wrong = {row["typed"]: (reading, row["reading"]) for row, reading in zip(TABLE, got) if reading != row["reading"]}
    assert wrong == {}


def test_the_answers_file_carries_the_words(tmp_path: Path) -> None:
    from macros.hooks.search import write_answers
    from macros.search_files import ANSWERS

    write_answers(tmp_path)
    written = json.loads((tmp_path / ANSWERS).read_text(encoding="utf-8"))
    assert written["phrasings"] == json.loads(json.dumps(phrasings()))
    assert written["phrasings"]["raise"] == RAISE == json.loads((ROOT / "calc/data/rk_numbers.json").read_text())["raise"]


# ---------------------------------------------------------------- what the readings answer
@pytest.fixture(scope="module")
def built() -> dict[str, Any]:
    return table()


def test_raises_add_the_rules_number_to_the_tn(built: dict[str, Any]) -> None:
    """"6k3 25 two raises": the roll must meet 25 + 2 Raises, as the calculator asked with raises=2 says."""
    values = read("6k3 25 two raises")["values"]
    meets = int(values["tn"]) + int(values["raises"]) * RAISE
    asked = evaluate("rk-check", {"rolled": 6, "kept": 3, "tn": 25, "raises": 2})
    assert lookup(built, "rk/6/3", meets) == percent(asked["chance"])
    assert lookup(built, "rk/6/3", meets) != lookup(built, "rk/6/3", 25)


def test_a_lone_roll_has_a_figure_at_each_tn(built: dict[str, Any]) -> None:
    assert read("6k3")["values"] == {"rolled": "6", "kept": "3"}
    for tn in LONE_TNS:
        assert lookup(built, "rk/6/3", tn) == percent(evaluate("rk-check", {"rolled": 6, "kept": 3, "tn": tn})["chance"])


def test_4d6_is_the_bonus_die_beside_the_plain_sum(built: dict[str, Any]) -> None:
    reading = read("4d6 15")
    assert reading["values"] == {"die": "bonus", "bonus": "0", "target": "15"}
    bonus = lookup(built, "sun/bonus/0", 15)
    plain = lookup(built, "sum/4d6", 15)
    assert reading["plain"]["values"] == {"expr": "4d6", "target": "15"}
    assert bonus == percent(evaluate("sun-check", {"bonus": 0, "target": 15, "die": "bonus"})["chance"])
    assert plain == percent(evaluate("dice", {"expr": "4d6", "target": 15})["chance"])
    assert bonus != plain
    for bonus_typed in (-3, 0, 4, 9, 15):   # 4d6 + B against T is the one entry at T - B, as the page looks it up
        read_as = read(f"4d6{bonus_typed:+d} 20")
        expr = read_as["plain"]["values"]["expr"]
        for target in (5, 14, 20, 27, 40):
            at = target - int(read_as["values"]["bonus"])
            if 1 <= at <= 80:
                assert lookup(built, "sum/4d6", at) == percent(evaluate("dice", {"expr": expr, "target": target})["chance"])


def test_a_near_miss_says_what_was_meant() -> None:
    assert read("6l3 25")["meant"] == "6k3 25"
    assert read("6l3 25")["values"] == read("6k3 25")["values"]
    assert "meant" not in read("6k3 25")
