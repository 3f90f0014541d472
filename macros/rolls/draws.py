"""The Roll's data for one page: `rolls.json` beside the page, fetched on the page's first Roll.

Each roll the text names (macros/rolls/marks.py finds and reads them) and each calculator's built
answer (macros/widgets.py) is drawn from a distribution calc works out: the roll's is the one its
popover's figures come from (`calc.built.roll_odds.RollOdds.dist`), for a damage rating in hand at the
Brawn (Social Damage: the Panache) its calculator is set to; an answer's is the answer's own
(`codex_view.draws.answer_draw`). The file holds them as `calc.dice.draw.Draw`s:

    {"rolls": {"rk-test/6/3": [draw, ...]}, "answers": {"rk-check": draw}}

keyed like the popovers (`data-roll`) and like the calculators on the page (`data-calculator`).
A roll's words say what its total means for its sentence: against the TN, total or successes the
sentence names when it names one ("32: meets TN 25, 1 raise to spare"), else where the total
stands among the thresholds its popover lists; damage with the Brawn or Panache it was drawn
for, saying it is assumed when the sentence names none. A roll named for two dice at once (4d6
"the best or worst three") has a draw for each. Nothing here goes into the page: the page's load
carries none of it (docs/assets/js/roll.js fetches the file when asked).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from calc.calculator import Calculator
from calc.dice.draw import Band, Draw, draw_of
from calc.registry import parse_params
from calc.built.roll_odds import RollOdds, roll_odds
from calc.meaning import TOTAL, successes_needed
from calc.roll_keep.vocabulary import against_tn
from codex_view.draws import answer_draw

FILE = "rolls.json"   # beside the page's index.html (the service worker keeps it when it is fetched)
# what a Roll loads besides each page's FILE, when a popover first opens or a chart's Roll is
# first tapped (docs/assets/js/rolls.js imports roll.js): kept offline then, never at install
LOADED_ON_ROLL = ("assets/js/roll.js", "assets/js/draw.js", "assets/css/roll.css")
# a reading that names two rolls at once: the roll for each, under the name of its column
SPLIT = {"sun-either": ((("sun-roll", {"die": "bonus"}), "bonus die"), (("sun-roll", {"die": "penalty"}), "penalty die"))}
# a trait whose points add unkept damage dice: the calculator's field set to it
TRAITS = {"Brawn": "attacker_brawn", "Panache": "attacker_panache"}

_pages: dict[str, dict[str, dict[str, Any]]] = {}   # page src_uri -> {"rolls": {...}, "answers": {...}}, per build


def steps(thresholds: list[int], reached: str, short: str) -> list[Band]:
    """A total among the thresholds a popover lists: short of the first, or at one and short of the next."""
    bands = [Band(None, f"{TOTAL}: {short.format(thresholds[0])}")]
    for t, after in zip(thresholds, [*thresholds[1:], None]):
        say = f"{TOTAL}: {reached.format(t)}" + (f", {short.format(after)}" if after is not None else "")
        bands.append(Band(t, say))
    return bands


def damage_bands(odds: RollOdds) -> list[Band]:
    """Damage, with the Brawn or Panache its draw was made for: the one the sentence names, or the
    one its calculator is set to, said to be assumed."""
    what = "Social Damage" if odds.params.get("kind") == "social" else "damage"
    trait = TRAITS.get(odds.threshold)
    if trait is None:
        return [Band(None, f"{TOTAL} {what}")]
    value = odds.params[trait]
    said = f"with {odds.threshold} {value}" if odds.mark is not None else f"assuming {odds.threshold} {value}"
    return [Band(None, f"{TOTAL} {what}, {said}")]


def threshold_bands(odds: RollOdds) -> list[Band]:
    """What a total of a roll in the text means: against the number its sentence names (`odds.mark`:
    a TN with the raises to spare, a total, the successes needed), else among the thresholds its
    popover lists."""
    thresholds = [int(row[0]) for row in odds.rows]
    if odds.threshold == "TN":
        return against_tn(odds.mark) if odds.mark is not None else steps(thresholds, "meets TN {}", "short of TN {}")
    if odds.threshold == "Dice total":
        named = [odds.mark] if odds.mark is not None else thresholds
        return steps(named, "{} or more", "under {}")
    if odds.threshold == "Successes":
        if odds.mark is not None:
            return successes_needed(odds.mark)
        return [Band(0, (f"{TOTAL}: no success", f"{TOTAL}: 1 success", f"{TOTAL}: {{n}} successes"), 1)]
    return damage_bands(odds)


def text_draw(odds: RollOdds, label: str = "") -> Draw:
    """A roll of the text, drawn from the distribution its popover's figures come from."""
    if odds.dist is None:
        raise ValueError(f"{odds.roll}: a roll shown as two side by side is drawn as each of them (SPLIT)")
    return draw_of(odds.dist.pmf(), label or odds.set_to or odds.roll, threshold_bands(odds), tail=odds.dist.tail)


def text_draws(kind: str, params: Mapping[str, Any]) -> list[Draw]:
    """The draws of one reading of a roll (`kind` and settings, as macros.rolls.reading reads them)."""
    if kind not in SPLIT:
        return [text_draw(roll_odds(kind, **params))]
    draws = []
    for (part, settings), column in SPLIT[kind]:
        odds = roll_odds(part, **settings)
        draws.append(text_draw(odds, f"{odds.roll}, {column}"))
    return draws


def reset() -> None:
    """Forget the last build's pages (a new build starts)."""
    _pages.clear()


def _page(page: str) -> dict[str, dict[str, Any]]:
    return _pages.setdefault(page, {"rolls": {}, "answers": {}})


def keep_rolls(page: str, readings: Mapping[str, Any]) -> None:
    """The rolls `page` names, by their popover's key (each a `macros.rolls.reading.Reading`)."""
    rolls = _page(page)["rolls"]
    for key, reading in readings.items():
        if key not in rolls:
            rolls[key] = [d.as_json() for d in text_draws(reading.kind, dict(reading.params))]


def keep_answer(page: str, calculator: Calculator, params: Mapping[str, Any], result: Mapping[str, Any]) -> None:
    """A calculator's built answer on `page` (for `params` over its defaults, and calc's `result`)."""
    draw = answer_draw(calculator, parse_params(calculator, params), result)
    if draw is not None:
        _page(page)["answers"][calculator.id] = draw.as_json()


def page_json(page: str) -> str | None:
    """The page's roll data as the file holds it, or None when it has no roll and no answer."""
    data = _pages.get(page)
    if not data or not (data["rolls"] or data["answers"]):
        return None
    return json.dumps({k: v for k, v in data.items() if v}, separators=(",", ":"), ensure_ascii=False)


def write(page: str, site_dir: str, dest_uri: str) -> Path | None:
    """Write the page's `rolls.json` beside its HTML file (`dest_uri` in `site_dir`); None if it has none."""
    text = page_json(page)
    if text is None:
        return None
    path = Path(site_dir) / Path(dest_uri).parent / FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


__all__ = ["FILE", "LOADED_ON_ROLL", "keep_answer", "keep_rolls", "page_json", "reset", "steps", "text_draw", "text_draws",
           "threshold_bands", "write"]
