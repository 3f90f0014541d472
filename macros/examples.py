"""Worked examples whose numbers come from `calc`: a page states the inputs, everything the rules
derive from them (a TN, the dice of a roll, a chance) is worked out here at build time.

A page uses them through mkdocs-macros, e.g.

    {% set duel = rk_duel(finesse=4, attack_knack=4, wits=2, defense_knack=2) %}
    A fencer rolls **{{ duel.attack }}** against a TN of **{{ duel.tn }}**.
    {{ attack_plan(**duel.plan) }}

so an example cannot pair a TN with a defense roll the rules would never give it. Inputs the
rules cannot produce (a pool too large, damage that is not massive) raise `ExampleError`, which
fails the build.
"""

from __future__ import annotations

from typing import Any

from calc import InputError, data, evaluate
from calc.registry import get
from codex_view.format import figure, percent


class ExampleError(ValueError):
    """A worked example whose stated inputs the rules cannot produce."""


def _run(calculator_id: str, **params: Any) -> dict[str, Any]:
    try:
        return evaluate(calculator_id, dict(get(calculator_id).defaults(), **params))
    except InputError as err:
        raise ExampleError(f"{calculator_id} {params}: {err.message}") from None


def stat_plus_skill(stat: int, skill: int) -> dict[str, Any]:
    """A Roll & Keep STAT + SKILL roll as `calc` builds it: `roll` ('8k4'), `rolled`, `kept`."""
    result = _run("rk-check", stat=stat, skill=skill)
    return {"roll": result["roll"], "rolled": result["rolled"], "kept": result["kept"]}


def defense_tn(knack: int) -> int:
    """The summary rules' TN to be hit for a Defense Knack, from the TN builder."""
    return int(_run("rk-tn", knack=knack)["tn"])


def rk_tn(**inputs: Any) -> int:
    """The TN the TN builder gives for these inputs (`knack`, `wrong_knack`, `prone`, ...)."""
    return int(_run("rk-tn", **inputs)["tn"])


def rk_damage(**inputs: Any) -> str:
    """The damage dice ('6k2') the damage calculator (rk-wounds) rolls for these inputs."""
    return str(_run("rk-wounds", **inputs)["damage_dice"]).split(" ", 1)[0]


def rk_duel(*, finesse: int, attack_knack: int, wits: int, defense_knack: int, **plan: Any) -> dict[str, Any]:
    """One attacker against one defender, all from their traits (summary rules' construction).

    Returns the attack roll, the TN, the defense roll and `plan`: the planner's parameters for this
    duel (with any further planner settings passed in `plan`, such as `rules` or `brawn`).
    """
    attack = stat_plus_skill(finesse, attack_knack)
    defense = stat_plus_skill(wits, defense_knack)
    tn = defense_tn(defense_knack)
    params = dict(plan, rolled=attack["rolled"], kept=attack["kept"], tn=tn,
                  defense_rolled=defense["rolled"], defense_kept=defense["kept"])
    result = _run("rk-attack", **params)
    rows = [{key: figure(row[key], "percent") for key in ("p_hit", "p_defended", "p_lands", "p_wound")}
            | {"raises": row["raises"], "target": row["target"]} for row in result["rows"]]
    return {"finesse": finesse, "attack_knack": attack_knack, "wits": wits, "defense_knack": defense_knack,
            "attack": attack["roll"], "defense": defense["roll"], "tn": tn, "plan": params,
            "best": result["best"], "best_for_wound": result["best_for_wound"], "rows": rows,
            "landing_rises": result["rows"][1]["p_lands"] > result["rows"][0]["p_lands"]
            if len(result["rows"]) > 1 else False}


def _percent(p: float) -> str:
    """A chance in the worked example's table, to a tenth of a percent (`calc.wording.percent`)."""
    return percent(p, places=1)


def massive_damage(*, fortitude: int, damage: int) -> dict[str, Any]:
    """A massive-damage roll: Fortitude + Fortitude dice, one black die per point over Fortitude.

    `rows` gives, for no injury and each band of the injury table, the net results it covers and
    its chance (from the pool calculator, at the Codex's default die).
    """
    if damage <= fortitude:
        raise ExampleError(f"{damage} damage is not more than Fortitude {fortitude}: no massive damage")
    over = damage - fortitude
    dice = fortitude + fortitude
    result = _run("pool-check", mode="single", dice=dice, black=over)
    net = {int(k): p for k, p in result["distribution"]}
    lowest, highest = min(net), max(net)
    rows = [{"result": "0 or more", "injury": "No permanent injury: one more scar.",
             "chance": _percent(sum(p for k, p in net.items() if k >= 0))}]
    for band in data.load("pool_injuries")["rows"]:
        worst = band["worst"] if band["worst"] is not None else lowest
        chance = sum(p for k, p in net.items() if worst <= k <= band["best"])
        rows.append({"result": band["result"], "injury": band["injury"], "chance": _percent(chance)})
    return {"fortitude": fortitude, "damage": damage, "over": over, "dice": dice, "black": over,
            "lowest": lowest, "highest": highest, "injured": _percent(result["negative"]),
            "rows": rows, "table": _rows_markdown(rows)}


def _rows_markdown(rows: list[dict[str, str]]) -> str:
    lines = ["| Net result | Outcome | Chance |", "| --- | --- | --- |"]
    lines += [f"| {r['result']} | {r['injury']} | {r['chance']} |" for r in rows]
    return "\n".join(lines)
