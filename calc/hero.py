"""A reader's hero: the values a game's rules give a character and the calculators take, one game each.

A hero is plain data, kept on the reader's device (the `hero/` page, docs/assets/js/hero*.js):

    {"game": "rk", "name": "Aldo Vence",
     "values": {"rules": "summary", "brawn": 4, "finesse": 3, ..., "weapon": "bow"}}

and a file of them (Export, Import, `python -m calc rk-wounds --hero aldo.json`) is one object
whose format is FORMAT, version 1, with the heroes as a list. Which field of a calculator a hero value
fills is the field's own declaration (`Param.hero`), so the form, compare mode, Copy as text and
the command line all read it there. The values' names and ranges are `GAMES`; `spec()` is them as
data (the hero page's check and the published `api/v1/hero.schema.json`, `schema()`), and `parse_file`
checks a file against the same rules, one sentence naming what is wrong.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping

from calc.calculator import Calculator
from calc.errors import InputError
from calc.roll_keep.vocabulary import WEAPON, WOUNDS_RULES
from calc.roll_keep.weapons import OTHER, RULES, WEAPON_OPTIONS
from calc.wording import rules_words

FORMAT = "codex-heroes"
VERSION = 1
MAX_NAME = 40          # characters in a hero's name
MAX_HEROES = 50        # heroes in a party (and in one file)
MAX_FILE = 100_000     # characters in a file or a shared link: a party of 50 takes about a sixth of it
NAME_REFUSED = "<>&\"'`"   # a name is text, never markup: these never appear in one
TRAIT = (1, 10)        # a Roll & Keep Trait's range, as the initiative calculator takes one
KNACK = (1, 10)
DEFENSE_KNACK = (0, 10)
SUN_SCORE = (-20, 40)  # a Seventh Sun Attribute or Initiative, as the initiative calculator takes one
POOL = (0, 40)         # a dice pool, as the pool calculator takes one


@dataclass(frozen=True)
class HeroValue:
    """One value a hero has: its key, its label (the rules' name for it), and what it takes."""

    name: str
    label: str
    minimum: int = 0
    maximum: int = 0
    choices: tuple[tuple[str, str], ...] = ()            # a choice's values and labels
    offered_by: str = ""                                  # the value the choices depend on
    offered: tuple[tuple[str, tuple[str, ...]], ...] = ()  # under each value of `offered_by`, its choices
    default: str = ""                                     # a new hero's choice: the calculators' default

    @property
    def kind(self) -> str:
        return "choice" if self.choices else "int"

    def allowed(self, values: Mapping[str, Any]) -> str:
        if self.kind == "int":
            return f"a whole number from {self.minimum} to {self.maximum}"
        return "one of " + ", ".join(self.options(values))

    def options(self, values: Mapping[str, Any]) -> tuple[str, ...]:
        if not self.offered_by:
            return tuple(value for value, _ in self.choices)
        return dict(self.offered).get(str(values.get(self.offered_by)), ())

    def check(self, value: object, values: Mapping[str, Any]) -> Any:
        """The value, or InputError naming the value and what it takes."""
        if self.kind == "int":
            if isinstance(value, float) and value.is_integer():   # JSON's 4.0 is 4, as a browser reads it
                value = int(value)
            ok = isinstance(value, int) and not isinstance(value, bool) and self.minimum <= value <= self.maximum
        else:
            ok = isinstance(value, str) and value in self.options(values)
        if not ok:
            shown = json.dumps(value)[:24] if isinstance(value, (int, str, float, bool)) or value is None else "a list or object"
            raise InputError(self.name, f"{self.label} must be {self.allowed(values)}; got {shown}.")
        return value


def _weapons() -> HeroValue:
    """The weapon from the chosen rules' weapons table (not Other: a hero carries a listed weapon)."""
    labels = {wid: dict(by) for wid, by in WEAPON_OPTIONS if wid != OTHER}
    choices = tuple((wid, by.get("summary") or by["house"]) for wid, by in labels.items())
    offered = tuple((rules, tuple(wid for wid, by in labels.items() if rules in by)) for rules in RULES)
    return HeroValue("weapon", "Weapon", choices=choices, offered_by="rules", offered=offered, default=WEAPON.default)


def _ints(pairs: tuple[tuple[str, str], ...], limits: tuple[int, int]) -> tuple[HeroValue, ...]:
    return tuple(HeroValue(name, label, *limits) for name, label in pairs)


GAMES: dict[str, tuple[str, tuple[HeroValue, ...]]] = {
    "rk": ("Roll & Keep", (
        HeroValue("rules", "Rules", choices=tuple((r, rules_words(r).capitalize()) for r in RULES), default=WOUNDS_RULES.default),
        *_ints((("brawn", "Brawn"), ("finesse", "Finesse"), ("wits", "Wits"), ("resolve", "Resolve"),
                ("panache", "Panache")), TRAIT),
        HeroValue("attack_knack", "Attack Knack", *KNACK),
        HeroValue("defense_knack", "Defense Knack", *DEFENSE_KNACK),
        _weapons(),
    )),
    "sun": ("Seventh Sun", _ints((("brawn", "Brawn"), ("agility", "Agility"), ("vigor", "Vigor"),
                                  ("intellect", "Intellect"), ("spirit", "Spirit"), ("presence", "Presence"),
                                  ("initiative", "Initiative")), SUN_SCORE)),
    "pool": ("Dice pools", _ints((("pool", "Dice pool"),), POOL)),
}


def game_of(calculator: Calculator) -> str:
    """The game a calculator belongs to: its rule page's folder (`rk/damage.md` -> "rk")."""
    return calculator.rule.split("/", 1)[0]


def hero_fields(calculator: Calculator) -> dict[str, str]:
    """Each field a hero fills on this calculator -> the hero value that fills it (its declaration's
    `hero`); {} when it takes no hero value but the rules (a hero needs more than a rule set to count)."""
    fields = {p.name: p.hero for p in calculator.params if p.hero}
    return fields if set(fields.values()) - {"rules"} else {}


def fill(calculator: Calculator, hero: Mapping[str, Any]) -> dict[str, Any]:
    """The settings a hero gives this calculator: each declared field, with the hero's value."""
    if hero.get("game") != game_of(calculator):
        raise InputError("hero", f"{hero.get('name')} is a {GAMES[hero['game']][0]} hero; "
                                 f"{calculator.id} is a {GAMES[game_of(calculator)][0]} calculator.")
    values = hero["values"]
    return {field: values[value] for field, value in hero_fields(calculator).items()}


def check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME \
            or any(ch in NAME_REFUSED or ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in name):
        raise InputError("name", f"A hero's name must be 1 to {MAX_NAME} characters of plain text, without "
                                 f"{' '.join(NAME_REFUSED)}.")
    return name.strip()


def parse_hero(raw: object, where: str = "The hero") -> dict[str, Any]:
    """One hero checked: its game, name and every value of its game; anything else refused."""
    if not isinstance(raw, dict) or set(raw) != {"game", "name", "values"}:
        raise InputError("hero", f"{where} must have exactly a game, a name and values.")
    if raw["game"] not in GAMES:
        raise InputError("game", f"{where}'s game must be one of {', '.join(GAMES)}; got {json.dumps(raw['game'])[:24]}.")
    name = check_name(raw["name"])
    values = raw["values"]
    wanted = GAMES[raw["game"]][1]
    if not isinstance(values, dict) or set(values) != {v.name for v in wanted}:
        raise InputError("values", f"{name}'s values must be exactly {', '.join(v.label for v in wanted)}.")
    clean: dict[str, Any] = {}
    for v in wanted:   # in order: the rules before the weapon they offer
        clean[v.name] = v.check(values[v.name], clean)
    return {"game": raw["game"], "name": name, "values": clean}


def parse_file(text: str) -> list[dict[str, Any]]:
    """A file (or a shared link's text) of heroes, checked whole: the heroes, or InputError naming what is wrong."""
    if len(text) > MAX_FILE:
        raise InputError("file", f"The file is {len(text):,} characters long; a file of heroes has at most {MAX_FILE:,}.")
    try:
        data = json.loads(text)
    except ValueError:
        raise InputError("file", "The file is not JSON: it is not a file of heroes.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION \
            or not isinstance(data.get("heroes"), list):
        raise InputError("file", f"The file is not a file of heroes (format \u201c{FORMAT}\u201d, version {VERSION}).")
    if not 1 <= len(data["heroes"]) <= MAX_HEROES:
        raise InputError("file", f"A file of heroes holds 1 to {MAX_HEROES} heroes.")
    return [parse_hero(hero, f"Hero {i}") for i, hero in enumerate(data["heroes"], 1)]


def spec() -> dict[str, Any]:
    """The heroes' rules as data: what the hero page builds its form from and checks a file against."""
    def value(v: HeroValue) -> dict[str, Any]:
        if v.kind == "int":
            return {"name": v.name, "label": v.label, "kind": "int", "minimum": v.minimum, "maximum": v.maximum}
        out: dict[str, Any] = {"name": v.name, "label": v.label, "kind": "choice",
                               "choices": [{"value": c, "label": label} for c, label in v.choices], "default": v.default}
        if v.offered_by:
            out["offered_by"] = v.offered_by
            out["offered"] = {key: list(ids) for key, ids in v.offered}
        return out
    return {"format": FORMAT, "version": VERSION, "max_name": MAX_NAME, "name_refused": NAME_REFUSED,
            "max_heroes": MAX_HEROES, "max_file": MAX_FILE,
            "games": {g: {"label": label, "values": [value(v) for v in values]} for g, (label, values) in GAMES.items()}}


def schema() -> dict[str, Any]:
    """The file of heroes as a JSON Schema (draft 2020-12): `api/v1/hero.schema.json`."""
    def hero(game: str, values: tuple[HeroValue, ...]) -> dict[str, Any]:
        props: dict[str, Any] = {}
        for v in values:
            props[v.name] = ({"type": "integer", "minimum": v.minimum, "maximum": v.maximum} if v.kind == "int"
                             else {"enum": [c for c, _ in v.choices]})
        return {"type": "object", "additionalProperties": False, "required": ["game", "name", "values"],
                "properties": {"game": {"const": game},
                               "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME,
                                        "pattern": "^[^" + NAME_REFUSED + "\\u0000-\\u001f\\u007f-\\u009f]+$"},
                               "values": {"type": "object", "additionalProperties": False,
                                          "required": [v.name for v in values], "properties": props}}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "A file of Seventh Sun Codex heroes",
        "description": "Heroes kept on a reader's device; a Roll & Keep hero's weapon must be one its rules' "
                       "weapons table lists (api/v1/calculators.json, the weapon field's offered choices).",
        "type": "object", "additionalProperties": False, "required": ["format", "version", "heroes"],
        "properties": {
            "format": {"const": FORMAT}, "version": {"const": VERSION},
            "heroes": {"type": "array", "minItems": 1, "maxItems": MAX_HEROES,
                       "items": {"oneOf": [hero(g, values) for g, (_, values) in GAMES.items()]}},
        },
    }


__all__ = ["FORMAT", "GAMES", "HeroValue", "MAX_FILE", "check_name", "fill", "game_of", "hero_fields",
           "parse_file", "parse_hero", "schema", "spec"]
