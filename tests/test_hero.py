"""A reader's hero (issue 48): every hero value a calculator declares reaches a field its form shows
and changes the answer; the hero's ranges fit every field it fills; a file is checked alike in Python
(calc/hero.py) and on the page (docs/assets/js/heroes.js); the published schema is calc's."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest

from calc import InputError
from calc.__main__ import main
from calc.hero import FORMAT, GAMES, MAX_FILE, fill, game_of, hero_fields, parse_file, schema
from calc.registry import CALCULATORS, evaluate
import re

from codex_view.render import widget_html
from tests.param_values import kind

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "contracts" / "api" / "v1" / "hero.schema.json"
HERO_JS = ROOT / "docs" / "assets" / "js" / "heroes.js"

ALDO = {"game": "rk", "name": "Aldo Vence", "values": {
    "rules": "summary", "brawn": 4, "finesse": 3, "wits": 2, "resolve": 3, "panache": 2,
    "attack_knack": 3, "defense_knack": 2, "weapon": "fencing"}}
SOL = {"game": "sun", "name": "Sol", "values": {
    "brawn": 1, "agility": 3, "vigor": 0, "intellect": 2, "spirit": 1, "presence": 0, "initiative": 4}}
PIA = {"game": "pool", "name": "Pia", "values": {"pool": 9}}
HEROES = {"rk": ALDO, "sun": SOL, "pool": PIA}
# another value for each hero value, to see the answer move (a weapon with other dice; the other rules)
OTHER = {"rules": {"summary": "house", "house": "summary"}, "weapon": {"fencing": "heavy"}}


def file_of(*heroes: dict) -> str:
    return json.dumps({"format": FORMAT, "version": 1, "heroes": list(heroes)})


def variants(calculator):
    """The calculator's hero under each of its game's rule sets (a field may show under one only)."""
    hero = HEROES[game_of(calculator)]
    if hero["game"] != "rk":
        return [hero]
    return [dict(hero, values=dict(hero["values"], rules=r)) for r in ("summary", "house")]


def moved(name, value):
    if name in OTHER:
        return OTHER[name][value]
    return value + 1


# what a reader sets beside a hero for a value to count: A's Agility only breaks a tie with B's
CONTEXT = {"sun-initiative": {"b_agility": 3}}
TAKES_HERO = [c for c in CALCULATORS.values() if hero_fields(c)]


def test_some_calculators_of_every_game_take_a_hero():
    assert {game_of(c) for c in TAKES_HERO} == set(GAMES)


@pytest.mark.parametrize("calculator", TAKES_HERO, ids=lambda c: c.id)
def test_each_declared_hero_value_reaches_a_shown_field_and_moves_the_answer(calculator):
    game = game_of(calculator)
    names = {v.name for v in GAMES[game][1]}
    for field, value_name in hero_fields(calculator).items():
        assert value_name in names, f"{calculator.id}.{field}: {value_name} is no {game} hero's value"
        reached = False
        for hero in variants(calculator):
            settings = fill(calculator, hero)
            params = {**calculator.defaults(), **CONTEXT.get(calculator.id, {}), **settings}
            if not calculator.applies(calculator.param(field), params):
                continue
            html = widget_html(calculator, evaluate(calculator.id, params), values=params)
            opening = re.search(f'<div class="cx-field[^>]*data-field="{field}"[^>]*>', html).group(0)
            assert " hidden>" not in opening and f'name="{field}"' in html   # the form shows it
            other = dict(hero, values=dict(hero["values"], **{value_name: moved(value_name, hero["values"][value_name])}))
            changed = {**params, **fill(calculator, other)}
            if evaluate(calculator.id, params) != evaluate(calculator.id, changed):
                reached = True
        assert reached, f"{calculator.id}.{field} ({value_name}) never shows with a hero's values, or never moves the answer"


@pytest.mark.parametrize("calculator", TAKES_HERO, ids=lambda c: c.id)
def test_every_hero_value_is_a_value_its_fields_take(calculator):
    """Whatever a valid hero holds, every field it fills accepts it: no hero makes a calculator refuse."""
    values = {v.name: v for v in GAMES[game_of(calculator)][1]}
    for field, value_name in hero_fields(calculator).items():
        param, value = calculator.param(field), values[value_name]
        if kind(param) == "int":
            assert param.minimum <= value.minimum and value.maximum <= param.maximum, (calculator.id, field)
        else:
            assert kind(param) == "choice"
            for rules in (("summary", "house") if value.offered_by else (None,)):
                offered = {c for c, _ in param.options({"rules": rules})}
                assert set(value.options({"rules": rules})) <= offered, (calculator.id, field, rules)


def test_published_schema_is_calcs_and_takes_a_valid_file():
    assert json.loads(SCHEMA.read_text(encoding="utf-8")) == schema()
    data = json.loads(file_of(ALDO, SOL, PIA))
    jsonschema.Draft202012Validator(schema()).validate(data)
    assert parse_file(file_of(ALDO, SOL, PIA))[0] == ALDO


BROKEN = {
    "not JSON": ("{heroes: oops", "not JSON"),
    "another game": (file_of(dict(ALDO, game="dnd")), "game must be one of"),
    "out of range": (file_of(dict(ALDO, values=dict(ALDO["values"], brawn=99))), "Brawn must be a whole number from 1 to 10; got 99."),
    "markup in the name": (file_of(dict(ALDO, name="<img src=x onerror=alert(1)>")), "plain text"),
    "1 MB of text": ("x" * 1_000_000, "characters long"),
    "a weapon its rules do not list": (file_of(dict(ALDO, values=dict(ALDO["values"], weapon="whip"))), "Weapon must be one of"),
    "a value missing": (file_of(dict(ALDO, values={k: v for k, v in ALDO["values"].items() if k != "wits"})), "values must be exactly"),
}


@pytest.mark.parametrize("case", BROKEN, ids=list(BROKEN))
def test_a_broken_file_is_refused_naming_what_is_wrong(case):
    text, words = BROKEN[case]
    with pytest.raises(InputError) as refused:
        parse_file(text)
    assert words in refused.value.message
    # what the schema can say, it says too (a weapon's table by rules is calc's and the page's check)
    if len(text) <= MAX_FILE and case not in ("not JSON", "a weapon its rules do not list"):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.Draft202012Validator(schema()).validate(json.loads(text))


@pytest.mark.skipif(shutil.which("node") is None, reason="node is needed to run the page's check")
def test_the_page_refuses_the_same_files_with_the_same_sentences(tmp_path):
    """heroes.js's checkFile run by node on every case: the page says what calc says."""
    module = tmp_path / "heroes.mjs"
    module.write_text(HERO_JS.read_text(encoding="utf-8"), encoding="utf-8")
    from calc.hero import spec
    cases = {name: text for name, (text, _) in BROKEN.items()} | {"valid": file_of(ALDO, SOL, PIA)}
    script = (f"import {{ checkFile }} from {json.dumps(module.as_uri())};\n"
              f"const spec = {json.dumps(spec())}; const cases = {json.dumps(cases)};\n"
              "const out = {};\n"
              "for (const [k, t] of Object.entries(cases)) { try { out[k] = checkFile(spec, t); } catch (e) { out[k] = e.message; } }\n"
              "console.log(JSON.stringify(out));\n")
    runner = tmp_path / "run.mjs"
    runner.write_text(script, encoding="utf-8")
    page = json.loads(subprocess.run(["node", str(runner)], capture_output=True, text=True, check=True).stdout)
    for name, text in cases.items():
        try:
            expected = parse_file(text)
        except InputError as err:
            expected = err.message
        assert page[name] == expected, name


def test_command_line_fills_the_heros_fields_and_a_setting_beside_it_wins(tmp_path, capsys):
    path = tmp_path / "aldo.json"
    path.write_text(file_of(ALDO, SOL), encoding="utf-8")
    assert main(["rk-wounds", "--hero", str(path)]) == 0
    said = capsys.readouterr().out
    link = said.splitlines()[-1]   # the odds address of the question the hero's values ask
    assert "Attacker's Brawn: 4" in said and link.endswith("_attacker.brawn-4/") and "Aldo" not in said
    assert main(["rk-wounds", "--hero", str(path), "attacker_brawn=5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == evaluate("rk-wounds", {**CALCULATORS["rk-wounds"].defaults(), "attacker_brawn": 5})
    assert main(["rk-check", "--hero", str(path)]) == 1
    assert "takes no hero" in capsys.readouterr().err
