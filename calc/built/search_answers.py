"""What the site's search answers when a reader types a roll into it, worked out when the site is built.

"6k3 25", "3d6+4 14 bonus" or "5 dice 2" typed into the search box is answered, above the pages
that match, with the calculator's own headline figure for that roll (docs/assets/js/search-answer.js
reads the typed text and looks the figure up here; it computes nothing). Each kind of roll is one
calculator whose fields are all fixed by the roll as typed (an entry's `key`) but one number, the
`free` field, which is the last thing typed (a TN, a target, the successes needed); an entry holds
the figure for every value that field allows, as the calculator's headline writes it:

- `rk`: rk-check, XkY with 1 to `RK_MOST_DICE` dice rolled and 1 to that many kept; TN free;
- `sun`: sun-check, 3d6 with no extra die, a bonus die or a penalty die, and every Attribute + Skill
  the field allows; target free;
- `pool`: pool-check's single roll on the default die, 1 to `POOL_MOST_DICE` dice with 0 to
  `POOL_MOST_BLACK` black dice; net successes needed free, the calculator's default when not typed.

Beyond these (13k5, a pool of 30) the page asks the runtime, as a calculator would.

The figures come from the distributions the calculators themselves use (`dist`), through the
calculator's own chance headline (`Headline.shown`); each entry is checked against
`calc.evaluate` at two values of its free field as it is built, and a test checks many more.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterator, Mapping

from calc.dice_pool import check as dice_pool

from calc.roll_keep import check as rk_check

from calc.seventh_sun import check as seventh_sun
from calc.dice.dist import Dist
from calc.dice.notation import evaluate as evaluate_expression, parse as parse_expression
from calc.dice.keep import roll_keep
from calc.params import IntParam
from calc.question import Question
from calc.readings import readings_line
from calc.registry import get
from calc.roll_keep.rules import Reach
from calc.wording import xky

RK_MOST_DICE = 12      # Roll & Keep rolls with up to this many dice rolled (any number kept up to them)
POOL_MOST_DICE = 20    # dice pools up to this size
POOL_MOST_BLACK = 5    # with up to this many black dice
HEADLINE = "chance"    # the headline figure an answer gives
SLOT = "{n}"           # where an entry's label and words take the typed number
EXPRESSION_CALCULATOR = "dice"   # what any other dice expression opens


@dataclass(frozen=True)
class Kind:
    """One kind of typed roll: its calculator, the fields the roll fixes and the one it leaves free."""

    name: str
    calculator: str
    fixed: tuple[str, ...]                      # the key's fields, in the key's order
    free: str                                   # the number asked about
    optional: bool                              # may the free number be left out (the calculator's default)
    covers: str                                 # the rolls the search keeps figures for, in words
    assumes: str                                # the rules the figure rests on, in a sentence or two (its
                                                # readings are said after it, from the calculator's notes: `readings`)
    settings: Callable[[], Iterator[dict[str, Any]]]    # each entry's fixed fields
    dist: Callable[..., Dist | Reach]           # its at_least(free) is the calculator's chance (never 0 if reachable)
    words: Callable[[Mapping[str, Any]], str]   # the question in words, for all the fields

    def key(self, settings: Mapping[str, Any]) -> str:
        """`rk/6/3`: the kind, then each fixed field's value (the page builds the same from the typed roll)."""
        return "/".join([self.name, *(str(settings[name]) for name in self.fixed)])

    def field(self) -> IntParam:
        field = get(self.calculator).param(self.free)
        assert isinstance(field, IntParam)
        return field


# -- the three kinds ---------------------------------------------------------------------------------


def _rk_settings() -> Iterator[dict[str, Any]]:
    for rolled in range(1, RK_MOST_DICE + 1):
        for kept in range(1, rolled + 1):
            yield {"rolled": rolled, "kept": kept}


def _rk_words(params: Mapping[str, Any]) -> str:
    full = {**get("rk-check").defaults(), **params}
    return rk_check.question(full, {"roll": xky(params["rolled"], params["kept"])})


def _sun_settings() -> Iterator[dict[str, Any]]:
    bonus = get("sun-check").param("bonus")
    assert isinstance(bonus, IntParam)
    for die, _ in seventh_sun.DIE_CHOICES:
        for value in range(bonus.minimum, bonus.maximum + 1):
            yield {"die": die, "bonus": value}


def _pool_settings() -> Iterator[dict[str, Any]]:
    for dice in range(1, POOL_MOST_DICE + 1):
        for black in range(0, POOL_MOST_BLACK + 1):
            yield {"dice": dice, "black": black}


def _dice(n: int, what: str = "") -> str:
    return f"{n} {what}{'die' if n == 1 else 'dice'}"


def _pool_words(params: Mapping[str, Any]) -> str:
    """"5 dice and 1 black die, net successes needed: 2" (the pool calculator has no question in words;
    the number last, after its field's label, so one text serves every value of it)."""
    black = f" and {_dice(params['black'], 'black ')}" if params["black"] else ""
    need = get("pool-check").param("need").label.lower()
    return f"{_dice(params['dice'])}{black}, {need}: {params['need']}"


def _sun_words(params: Mapping[str, Any]) -> str:
    """The basic roll's question with its sign written once: "3d6 − 2 against target 10", where the
    question's "+" and a negative Attribute + Skill would read "3d6 + -2"."""
    words = seventh_sun.check_question(params, {})
    bonus = params["bonus"]
    return words if bonus >= 0 else words.replace(f"3d6 + {bonus} ", f"3d6 − {-bonus} ", 1)


@dataclass(frozen=True)
class SumKind(Kind):
    """4d6 added up (the dice calculator), beside the bonus die a Seventh Sun player means by "4d6": its
    target over the Seventh Sun check's range. One entry: 4d6 + B meets T when 4d6 meets T - B, and the
    page looks it up there (calc/built/phrasings.py reads the B)."""

    def field(self) -> IntParam:
        field = get("sun-check").param("target")
        assert isinstance(field, IntParam)
        return field


KINDS: tuple[Kind, ...] = (
    Kind("rk", "rk-check", ("rolled", "kept"), "tn", False,
         f"XkY with up to {RK_MOST_DICE} dice rolled and no more kept than rolled",
         "Tens explode, under the summary and the house rules alike (the house rules stop them for some rolls "
         "of a Crippled or Distracted character).",
         _rk_settings, lambda rolled, kept: Reach(roll_keep(rolled, kept), rolled, kept, exact=False), _rk_words),
    Kind("sun", "sun-check", ("die", "bonus"), "target", False,
         "every Attribute + Skill and target the calculator takes",
         "A total equal to the target or above it succeeds. With a bonus die the best three of four dice "
         "count, with a penalty die the worst three.",
         _sun_settings, lambda die, bonus: seventh_sun.roll(die) + bonus, _sun_words),
    Kind("pool", "pool-check", ("dice", "black"), "need", True,
         f"pools of up to {POOL_MOST_DICE} dice with up to {POOL_MOST_BLACK} black dice",
         "",   # the die, its success face and the black dice are all readings, said after it
         _pool_settings, lambda dice, black: dice_pool.net(dice, black), _pool_words),
    SumKind("sum", EXPRESSION_CALCULATOR, ("expr",), "target", False, "4d6 and a number added",
            "All four dice added up, none dropped.",
            lambda: iter([{"expr": "4d6"}]), lambda expr: evaluate_expression(parse_expression(expr)),
            lambda params: f"{params['expr']} added up, against {params['target']}"),
)


# -- an entry: the figures over the free field's range ------------------------------------------------


def _shown(kind: Kind, result: Mapping[str, Any]) -> str:
    headline = next(h for h in get(kind.calculator).headlines if h.key == HEADLINE)
    shown = headline.shown(result)
    assert shown is not None
    return shown


def _slotted(make: Callable[[int], str], values: tuple[int, int]) -> str:
    """A text naming the free number, with `SLOT` in its place; checked against a second value."""
    a, b = values
    text = make(a)
    template = text.replace(str(a), SLOT)
    if template.count(SLOT) > 1 or template.replace(SLOT, str(b)) != make(b):
        raise ValueError(f"search answers: cannot tell the typed number {a} apart in {text!r}")
    return template


def _probes(field: IntParam) -> tuple[int, int]:
    """Two values of the free field to build and check an entry's texts with (distinctive: two digits or more)."""
    top = field.maximum
    return top - 3, top - 7


def entry(kind: Kind, settings: Mapping[str, Any]) -> dict[str, Any]:
    """One typed roll's figures: `figures[i]` for the free number `start + i`, `below` under `start` and
    `above` past the last (each the same for every value it covers, down and up to the field's ends)."""
    field = kind.field()
    dist = kind.dist(**settings)
    shown = [_shown(kind, {HEADLINE: dist.at_least(v)}) for v in range(field.minimum, field.maximum + 1)]
    first = next((i for i, s in enumerate(shown) if s != shown[0]), len(shown))
    last = next((i for i in range(len(shown) - 1, -1, -1) if shown[i] != shown[-1]), -1)
    probes = _probes(field)
    answers = {v: Question.of(kind.calculator, {**settings, kind.free: v}).answer() for v in probes}
    for value, answer in answers.items():   # the calculator, asked for itself, says the same
        if _shown(kind, answer) != shown[value - field.minimum]:
            raise ValueError(f"search answers: {kind.key(settings)} at {value} differs from {kind.calculator}")
    headline = next(h for h in get(kind.calculator).headlines if h.key == HEADLINE)
    return {
        "label": _slotted(lambda v: headline.title(answers[v]), probes),
        "words": _slotted(lambda v: kind.words({**settings, kind.free: v}), probes),
        "start": field.minimum + first,
        "figures": shown[first:last + 1],
        "below": shown[0],
        "above": shown[-1],
    }


def slotted_address(calculator: str, names: tuple[str, ...]) -> str:
    """The calculator's address (`Question`) with `{name}` in each named field's place: the page fills
    them in with what was typed, and leaves out a field left blank, as `Question` leaves it out."""
    address = Question.of(calculator, {name: f"{{{name}}}" for name in names}).address()
    for name in names:
        address = address.replace(f"%7B{name}%7D", f"{{{name}}}")
    return address


def readings(kind: Kind) -> str:
    """The readings every answer of this kind uses, as the calculator's notes cite them (`calc.readings`),
    asked at one value of the free number for each entry; entries that differ stop the build."""
    probe = _probes(kind.field())[0]
    said = {readings_line([Question.of(kind.calculator, {**s, kind.free: probe}).answer()]) for s in kind.settings()}
    if len(said) != 1:
        raise ValueError(f"search answers: the {kind.name} entries use different readings: {sorted(said)}")
    return said.pop()


def describe(kind: Kind) -> dict[str, Any]:
    """What the page needs to read a typed roll of this kind and to ask for it beyond the table."""
    calculator, field = get(kind.calculator), kind.field()
    defaults = {name: calculator.param(name).default for name in kind.fixed}
    return {
        "calculator": kind.calculator,
        "title": calculator.title,
        "fixed": list(kind.fixed),
        "free": kind.free,
        "range": [field.minimum, field.maximum],
        "default": field.default if kind.optional else None,
        "defaults": {k: v for k, v in defaults.items() if v is not None},
        "href": slotted_address(kind.calculator, (*kind.fixed, kind.free)),
        "compare": compared(kind.calculator, (*kind.fixed, kind.free)),
        "covers": kind.covers,
        "assumes": " ".join(filter(None, [kind.assumes, readings(kind)])),
    }


def compared(calculator: str, names: tuple[str, ...]) -> str:
    """The address of the calculator comparing two such questions: A's address (`slotted_address`), and
    B's settings under compare mode's `b.` prefix, slotted `{b.name}` (the page reads them as B)."""
    a = slotted_address(calculator, names)
    b = Question.of(calculator, {name: f"{{b.{name}}}" for name in names})
    page, _, fragment = a.partition("#")
    pairs = "&".join(f"b.{name}={value}" for name, value in b.pairs())
    return f"{page}&{pairs}#{fragment}"


def expression() -> dict[str, Any]:
    """Any other dice expression: the dice calculator, with `{expr}` and `{target}` in its address."""
    calculator = get(EXPRESSION_CALCULATOR)
    return {"calculator": calculator.id, "title": calculator.title,
            "href": slotted_address(calculator.id, ("expr", "target"))}


def table() -> dict[str, Any]:
    """Every kind and every entry, JSON-ready: what the build writes for the search (search/answers.json).
    A fresh copy each call (a caller may add to it); the entries are worked out once a process."""
    return copy.deepcopy(_worked_out())


@lru_cache(maxsize=1)
def _worked_out() -> dict[str, Any]:
    return {
        "kinds": {kind.name: describe(kind) for kind in KINDS},
        "expression": expression(),
        "answers": {kind.key(s): entry(kind, s) for kind in KINDS for s in kind.settings()},
    }


def lookup(answers: Mapping[str, Any], key: str, value: int) -> str | None:
    """The figure an entry gives for `value` of its free number, as the page looks it up (None: no entry)."""
    found = answers["answers"].get(key)
    if found is None:
        return None
    i = value - found["start"]
    if i < 0:
        return found["below"]
    return found["figures"][i] if i < len(found["figures"]) else found["above"]


__all__ = ["EXPRESSION_CALCULATOR", "HEADLINE", "KINDS", "Kind", "POOL_MOST_BLACK", "POOL_MOST_DICE", "RK_MOST_DICE",
           "SLOT", "compared", "describe", "entry", "expression", "lookup", "slotted_address", "table"]
