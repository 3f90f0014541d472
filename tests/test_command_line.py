"""`python -m calc` (calc/__main__.py, issue 41): the words Copy as text gives, with the link the page writes.

Copy as text copies the worker's `text` for the form's settings (codex_view.browser.reply), a newline
and the calculator's link; the command line must print the same for the same settings.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

import calc
from calc.built.addresses import odds_path
from calc.built.questions import is_built
from calc.__main__ import main
from calc.question import Question
from codex_view.browser import reply
from tests.support import ROOT

SITE = "https://codex.example/sub/"
# (calculator, settings as typed on the command line): three calculators, a Roll & Keep one under the
# house rules, a yes/no written as a reader might type it, a dice expression with a space and a plus
ASKED = [
    ("rk-check", ["rolled=6", "kept=3", "tn=25"]),
    ("rk-wounds", ["rules=house", "weapon=heavy", "brawn=3", "d6_explode=no"]),
    ("sun-check", ["bonus=7", "die=bonus", "target=18"]),
    ("dice", ["expr=4d10kh2 + 1d6", "target=12"]),
]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The command line as a reader runs it, in a process of its own."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("SITE_URL", None)
    return subprocess.run([sys.executable, "-m", "calc", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)


def form(calculator_id: str, typed: list[str]) -> dict[str, object]:
    """The form's settings for what was typed: every field, the typed ones changed."""
    return {**calc.CALCULATORS[calculator_id].defaults(), **dict(pair.split("=", 1) for pair in typed)}


@pytest.mark.parametrize(("calculator_id", "typed"), ASKED, ids=[a[0] for a in ASKED])
def test_the_command_line_prints_what_copy_as_text_copies(calculator_id: str, typed: list[str]) -> None:
    done = run(calculator_id, *typed, "--site", SITE)
    assert done.returncode == 0, done.stderr
    params = form(calculator_id, typed)
    words = reply(calculator_id, params)["text"]
    clean = calc.registry.parse_params(calc.CALCULATORS[calculator_id], params)
    question = Question.of(calculator_id, clean)
    if is_built(question):   # a question the build answered: its own odds address (issue 47 item 3)
        assert done.stdout == f"{words}\n{SITE}{odds_path(question)}\n"
        return
    assert done.stdout == f"{words}\n{SITE}{question.address()}\n"
    # the link asks the same question again, in the form's own spelling of each value
    link = done.stdout.splitlines()[-1]
    assert Question.from_query(link.split("?", 1)[1].split("#")[0]).answer() == calc.evaluate(calculator_id, params)


def test_a_yes_or_no_is_linked_as_the_form_writes_it() -> None:
    done = run("rk-wounds", "rules=house", "d6_explode=no", "--site", SITE)
    assert "&d6_explode=false" in done.stdout.splitlines()[-1]


def test_a_bad_value_prints_the_forms_message_for_that_field_and_exits_1() -> None:
    done = run("rk-check", "rolled=6", "kept=31", "tn=25")
    refused = reply("rk-check", form("rk-check", ["rolled=6", "kept=31", "tn=25"]))["error"]
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"kept: {refused['message']}\n"
    assert "Dice kept" in refused["message"] and "30" in refused["message"]


@pytest.mark.parametrize("args", [["rk-nothing"], ["rk-check", "colour=red"], ["rk-check", "tn"],
                                  ["rk-check", "tn=5", "tn=6"], []])
def test_every_refusal_exits_1_and_says_why(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and len(err) > 20


def test_the_site_comes_from_site_url_when_not_given(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("SITE_URL", "https://elsewhere.example/codex")
    assert main(["rk-check", "tn=32"]) == 0   # off the built grid: the calculator's own link
    assert capsys.readouterr().out.splitlines()[-1].startswith("https://elsewhere.example/codex/rk/basics/?calc=rk-check&")
    assert main(["rk-check"]) == 0            # built: its odds address
    assert capsys.readouterr().out.splitlines()[-1].startswith("https://elsewhere.example/codex/q/rk-check/")


def test_json_prints_the_result_calc_gives(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rk-check", "rolled=6", "--json", "kept=3", "tn=25"]) == 0
    assert json.loads(capsys.readouterr().out) == calc.evaluate("rk-check", form("rk-check", ["rolled=6", "kept=3", "tn=25"]))


def test_list_names_every_calculator_and_field(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list"]) == 0
    blocks = capsys.readouterr().out.split("\n\n")
    assert len(blocks) == len(calc.CALCULATORS)
    for calculator, block in zip(calc.CALCULATORS.values(), blocks):
        assert block.startswith(f"{calculator.id}: {calculator.title} (")
        assert re.findall(r"^  (\w+)=", block, re.M) == [p.name for p in calculator.params]


def test_list_as_json_is_the_published_catalogue(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [c["id"] for c in listed] == list(calc.CALCULATORS)
    assert main(["--list", "rk-wounds", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [c for c in listed if c["id"] == "rk-wounds"]
