"""Every number of the rules a reader sees comes from `calc/data` (issue 40, item 2): no Roll & Keep calc
module types one.

What counts, in calc/roll_keep/*.py and calc/built/roll_odds.py (its code only: see `TEXT_MODULES`):

- **Text**: a string literal a reader may see (a label, a help, a note, a message; every string constant
  but docstrings, names such as a field's or a key, and format specs) holds no digit, except in a
  ruling ID ("R-0045"), a die's name ("d6", "d10"), and the counts 0 and 1 standing alone ("1 Serious
  Wound", "from 0"). Such a number is written in from a value the module read from `calc/data`
  (`rk_numbers.json`, the tables), so a help or a note can never say another number than the rule the
  engine follows.
- **Code**: a whole-number literal other than -1, 0 and 1 is a rule typed by hand when it is a
  module-level constant (`RK_STEP = 5`), a multiplier or a divisor (`2 * stat`, `(knack + 1) * 5`), a
  branch of a conditional (`10 if firearm else 20`), or a die's `sides=`. Limits and display bounds
  are not rules: a field's default, minimum and maximum (`IntParam(...)`), and the module-level
  constants named in `BOUNDS`, each with why; arithmetic that is no rule, in the functions named in
  `ARITHMETIC`, each with why.

The rendered side: `test_rendered_texts_state_the_data` renders every Roll & Keep form, help and
note over the field walk's states and checks each rule phrase in them against the data.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Iterator

import pytest

import calc
from calc import data
from codex_view.render import widget_html
from tests.declaration_states import answer, states

CALC = Path(calc.__file__).resolve().parent
MODULES = sorted([*(p for p in (CALC / "roll_keep").glob("*.py") if p.stem != "__init__"), CALC / "built" / "roll_odds.py"])
# roll_odds' texts name the Seventh Sun and dice-pool dice too ("3d6", "7 or more a success"), which are
# those games' own (calc/seventh_sun/check.py, calc/dice_pool/check.py); its Roll & Keep numbers are checked as code
TEXT_MODULES = [p for p in MODULES if p.stem != "roll_odds"]

# Module-level whole numbers that are limits or display bounds, not rules: (module, name) -> why.
BOUNDS = {
    ("rules", "MAX_DICE"): "a cap that keeps every answer fast; the rules set none",
    ("rules", "MAX_DAMAGE_DICE"): "a cap",
    ("rules", "MAX_TN"): "a cap",
    ("rules", "EXACT_DICE"): "how far exact fractions are worth their time",
    ("rules", "EXACT_BUDGET"): "how far exact fractions are worth their time",
    ("rules", "EXACT_REACH_BUDGET"): "how far exact fractions are worth their time",
    ("rules", "CAP_STEP"): "how far apart the shared keeps of capped dice are: speed, not a rule",
    ("vocabulary", "MAX_RAISES"): "a cap",
    ("vocabulary", "MAX_BRAWN"): "a cap",
    ("vocabulary", "MAX_DAMAGE_RAISES"): "a cap",
    ("social", "MAX_PANACHE"): "a cap",
    ("fight", "MAX_ATTACKS"): "a cap",
    ("fight", "MAX_RESOLVE"): "a cap",
    ("initiative", "MAX_TRAIT"): "a cap",
    ("check", "TABLE_LAST"): "the raises table's length",
    ("check", "TABLE_FIRST"): "the raises table's length",
    ("check", "TABLE_PAST"): "the raises table's length",
    ("horse_fall", "TABLE_WOUNDS"): "the falls table's length",
    ("damage", "WOUND_ROWS_HOUSE"): "the wounds table's length",
    ("roll_odds", "ROWS"): "how many thresholds a popover lists",
    ("roll_odds", "DEFAULT_BRAWN"): "the damage calculator's default Brawn, a form value",
}
# Functions whose arithmetic needs a whole number that is no rule: (module, function) -> why.
ARITHMETIC = {
    ("fight_chain", "timeline"): "two series over 0..attacks multiply into one over 0..2 x attacks",
    ("initiative", "first_in_round"): "a coin toss settles equal totals half and half: counted in halves",
    ("initiative", "_house"): "the same coin toss, half of the equal totals",
    ("rules", "meets"): "a percent is a hundredth",
}
RULING = re.compile(r"R-\d{4}")
DIE = re.compile(r"\bd(?:6|10)s?\b")
ALONE = re.compile(r"(?<![\w.+\-\u2212])[01](?![\w%]|\.\d)")
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\.?\d*[a-z]|[+-]?\d*\.\d+[a-z]")   # a key, a field's name, a format spec


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


def typed_in_text(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of each string literal a reader may see that types a number."""
    tree = ast.parse(path.read_text())
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in docs:
            continue
        text = node.value
        if NAME.fullmatch(text):
            continue
        left = ALONE.sub("", DIE.sub("", RULING.sub("", text)))
        if re.search(r"\d", left):
            yield node.lineno, text


def _parents(tree: ast.AST) -> dict[int, ast.AST]:
    return {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _function(node: ast.AST, parents: dict[int, ast.AST]) -> str:
    """The name of the function a node sits in ("" at module level)."""
    while id(node) in parents:
        node = parents[id(node)]
        if isinstance(node, ast.FunctionDef):
            return node.name
    return ""


def typed_in_code(path: Path) -> Iterator[tuple[int, str]]:
    """(line, what) of each whole-number literal in a place where a rule's number goes."""
    tree = ast.parse(path.read_text())
    parents = _parents(tree)
    module = path.stem
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and type(node.value) is int) or node.value in (-1, 0, 1):
            continue
        if (module, _function(node, parents)) in ARITHMETIC:
            continue
        parent = parents.get(id(node))
        if isinstance(parent, ast.UnaryOp):
            parent = parents.get(id(parent))
        if isinstance(parent, ast.Assign) and parents.get(id(parent)) is tree:
            names = [t.id for t in parent.targets if isinstance(t, ast.Name)]
            if all((module, name) in BOUNDS for name in names):
                continue
            yield node.lineno, f"constant {', '.join(names)} = {node.value}"
        elif isinstance(parent, ast.BinOp) and isinstance(parent.op, (ast.Mult, ast.FloorDiv, ast.Div, ast.Mod)):
            yield node.lineno, f"multiplier {node.value}"
        elif isinstance(parent, ast.IfExp) and node is not parent.test:
            yield node.lineno, f"a branch's {node.value}"
        elif isinstance(parent, ast.keyword) and parent.arg == "sides":
            yield node.lineno, f"sides={node.value}"


@pytest.mark.parametrize("path", TEXT_MODULES, ids=[p.stem for p in TEXT_MODULES])
def test_no_text_types_a_number(path: Path) -> None:
    assert list(typed_in_text(path)) == []


@pytest.mark.parametrize("path", MODULES, ids=[p.stem for p in MODULES])
def test_no_code_types_a_rule(path: Path) -> None:
    assert list(typed_in_code(path)) == []


def test_the_checks_catch_a_typed_rule(tmp_path: Path) -> None:
    """Each check fails on the forms issue 40 found (typed in a module of this round's shape)."""
    sample = tmp_path / "rk_sample.py"
    sample.write_text('RK_STEP = 5\nMAX_DICE = 30\n'
                      'def f(firearm, stat):\n    step = 10 if firearm else 20\n    return 2 * stat, roll_keep(1, 1, sides=6)\n'
                      'HELP = "Each raise adds 5 to the TN."\nOK = "1 Serious Wound (R-0045) on d10s"\nKEY = "d6_explode"\n')
    assert [what for _, what in typed_in_code(sample)] == [
        "constant RK_STEP = 5", "constant MAX_DICE = 30", "a branch's 10", "a branch's 20", "multiplier 2", "sides=6"]
    assert [text for _, text in typed_in_text(sample)] == ["Each raise adds 5 to the TN."]


# -- the rendered side: what the forms, helps and notes state, against the data ----------------------

N = data.load("rk_numbers")
_SIGNED = r"[+\u2212-]"
# A rule phrase as calc writes it, and the number the data holds for it (by match, when one phrase
# states two numbers).
PHRASES: list[tuple[re.Pattern[str], tuple[int, ...]]] = [
    (re.compile(r"(?:adds|adding) (\d+) to the TN"), (N["raise"],)),
    (re.compile(r"\+(\d+) each\b"), (N["raise"],)),
    (re.compile(r"plus (\d+) (?:for each raise|per damage raise)"), (N["raise"],)),
    (re.compile(r"Parry (\d+) harder"), (N["raise"],)),
    (re.compile(r"\+ 1\) x (\d+)"), (N["rank_tn"],)),
    (re.compile(r"\) x (\d+), (?:B's|from A's)"), (N["rank_tn"],)),
    (re.compile(r"count (\d+) lower"), (N["initiative_penalty"],)),
    (re.compile(r"in (\d+)s instead of (\d+)s"), (N["wound_check"]["firearm_step"], N["wound_check"]["step"])),
    (re.compile(r"(\d+) dice fewer"), (N["crippled_dice"],)),
    (re.compile(r"off-hand penalty is ([\u2212-]\d+)"), (N["roll"]["off_hand"],)),
    (re.compile(r"Drawing a weapon.*?(\+\d+) to the TN|^(\+\d+) to the TN\.$"), (N["tn"]["drawing"],)),
]


def _texts(cid: str) -> Iterator[str]:
    """Every form (labels, helps, choices) and answer (headlines, notes, tables) the calculator renders over
    the field walk's states, as plain text."""
    calculator = calc.CALCULATORS[cid]
    for state in states(calculator):
        result = answer(calculator, state)
        html = widget_html(calculator, result, values=state)
        yield re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "\n", html)).replace("&#x27;", "'")


@pytest.mark.parametrize("cid", sorted(c for c in calc.CALCULATORS if c.startswith("rk-")))
def test_rendered_texts_state_the_data(cid: str) -> None:
    """A rule phrase in a rendered form, help or note shows the data's number (calc/data/rk_numbers.json)."""
    wrong, seen = [], 0
    for text in _texts(cid):
        for pattern, wanted in PHRASES:
            for match in pattern.finditer(text):
                found = tuple(int(g.replace("\u2212", "-")) for g in match.groups() if g is not None)
                seen += 1
                if found != wanted[:len(found)]:
                    wrong.append((match.group(0), wanted))
    assert wrong == []
    assert seen or cid in {"rk-horse-fall"}, f"{cid}: no rule phrase found to check"
