"""A Roll's data (calc/dice/draw.py, codex_view/draws.py, macros/rolls/draws.py): the weights a page
draws from, and the words for each total, against calc's own figures (issue 41, item 1).

The weights are checked against a brute-force twin (exact fractions); each calculator's words
against calc deciding the same question for a single total (a distribution of one outcome).
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import fsum

import pytest

import calc
from calc import Dist
from calc.dice.draw import BITS, Band, Draw, draw_of, weights_of
from calc.dice.keep import roll_keep
from calc.dice.notation.evaluation import chance
from calc.registry import CALCULATORS, parse_params
from calc.roll_keep.rules import damage_dist
from calc.roll_keep.vocabulary import RAISE
from calc.built.roll_odds import DEFAULT_PANACHE, roll_odds, weapon_dice
from calc.seventh_sun.check import degrees, roll as sun_dice
from codex_view.browser import run
from codex_view.draws import answer_draw
from macros.rolls import draws as roll_draws

ONE = 1 << BITS


def answer(cid: str, **params: object) -> tuple[dict, Draw | None]:
    calculator = CALCULATORS[cid]
    clean = parse_params(calculator, {**calculator.defaults(), **params})
    result = calculator.compute(**clean)
    return result, answer_draw(calculator, clean, result)


def point(total: int) -> Dist:
    return Dist.from_weights({total: 1})


def exact_weights(pmf: list[list[float]]) -> list[int]:
    """The brute-force twin of weights_of: each cumulative chance as an exact fraction, rounded
    half up to a whole multiple of 2**-BITS, and the steps between them."""
    chances = [Fraction(p) for _, p in pmf]
    whole, out, running, before = sum(chances), [], Fraction(0), 0
    for c in chances:
        running += c
        at = int(running / whole * ONE + Fraction(1, 2))
        out.append(at - before)
        before = at
    return out


@pytest.mark.parametrize("dist", [roll_keep(6, 3), roll_keep(10, 10), roll_keep(2, 1, sides=6), sun_dice("penalty"),
                                  roll_keep(3, 2, explode=False)], ids=["6k3", "10k10", "2k1d6", "4d6kl3", "3k2 flat"])
def test_weights_add_up_to_the_draws_bits_and_match_exact_rounding(dist: Dist) -> None:
    pmf = dist.pmf()
    totals, weights = weights_of(pmf)
    assert sum(weights) == ONE and min(weights) >= 0
    exact = exact_weights(pmf)
    first = next(i for i, w in enumerate(exact) if w)
    assert list(weights) == exact[first:first + len(weights)]
    assert not any(exact[:first]) and not any(exact[first + len(weights):])
    whole = fsum(p for _, p in pmf)
    running = 0
    for (t, p), w in zip([row for row in pmf if row[0] in totals], weights):
        running += w   # every "at most" chance is within 2**-(BITS+1) of calc's, and so every "at least"
        calc_cdf = fsum(q for s, q in pmf if s <= t) / whole
        assert abs(running / ONE - calc_cdf) <= 2.0 ** -(BITS + 1) + 1e-16


def test_totals_too_unlikely_to_draw_are_left_out_at_the_ends() -> None:
    totals, weights = weights_of([[1, 1e-20], [2, 0.5], [3, 0.0], [4, 0.5], [5, 1e-19]])
    assert totals == (2, 3, 4) and weights == (ONE // 2, 0, ONE // 2)
    draw = draw_of([[1, 0.25], [3, 0.75]], "odd")
    assert draw.as_json() == {"label": "odd", "totals": [1, 3], "weights": [ONE // 4, 3 * ONE // 4]}


def test_a_draw_refuses_what_a_page_could_not_draw_from() -> None:
    with pytest.raises(ValueError):
        weights_of([])
    with pytest.raises(ValueError):
        weights_of([[2, 0.5], [1, 0.5]])
    with pytest.raises(ValueError):
        Draw("x", (1, 2), (1, 2))
    with pytest.raises(ValueError):
        Band(None, ("a", "b", "c"), 5)
    with pytest.raises(ValueError):
        draw_of([[1, 1.0]], "x", [Band(5, "a"), Band(2, "b")])


def test_a_counting_band_says_none_one_and_more() -> None:
    band = Band(20, ("{total}: none", "{total}: one", "{total}: {n} of them"), 5)
    assert [band.words(t) for t in (24, 25, 29, 30, 47)] == [
        "24: none", "25: one", "29: one", "30: 2 of them", "47: 5 of them"]


def test_the_issues_example_27_against_tn_25() -> None:
    """rk/basics.md#rk-basic-roll: a roll meets the TN when its total is at least the TN; each
    Raise is 5 more (hand-checked: 27 meets 25 and falls short of 30)."""
    _, draw = answer("rk-check", rolled=6, kept=3, tn=25)
    assert draw.meaning(27) == "27: meets TN 25, no raise to spare"
    assert draw.meaning(30) == "30: meets TN 25, 1 raise to spare"
    assert draw.meaning(41) == "41: meets TN 25, 3 raises to spare"
    assert draw.meaning(24) == "24: misses TN 25"
    _, called = answer("rk-check", rolled=6, kept=3, tn=20, raises=1)
    assert called.meaning(25) == "25: meets TN 25, no raise to spare"


@pytest.mark.parametrize("tn,raises", [(15, 0), (20, 2), (0, 0)])
def test_rk_check_words_follow_calc_for_every_total(tn: int, raises: int) -> None:
    result, draw = answer("rk-check", rolled=5, kept=3, tn=tn, raises=raises)
    target = result["target"]
    for t in draw.totals:
        meets = point(t).at_least(target) == 1
        spare = max((n for n in range(60) if point(t).at_least(target + RAISE * n) == 1), default=None)
        words = draw.meaning(t)
        assert words.startswith(f"{t}: meets" if meets else f"{t}: misses"), words
        if meets:
            assert words.endswith({0: "no raise to spare", 1: "1 raise to spare"}.get(spare, f"{spare} raises to spare"))


@pytest.mark.parametrize("target,bonus,die", [(15, 5, "none"), (12, 0, "bonus"), (20, -2, "penalty")])
def test_sun_check_names_the_degree_calc_gives_each_total(target: int, bonus: int, die: str) -> None:
    _, draw = answer("sun-check", target=target, bonus=bonus, die=die)
    for t in range(draw.totals[0], draw.totals[-1] + 1):
        (only,) = [d["label"] for d in degrees(point(t), target) if d["probability"] == 1]
        assert draw.meaning(t) == f"{t} against {target}: {only}"


@pytest.mark.parametrize("expr", ["3d6 >= 12", "3d6 > 12", "2d6 <= 5", "2d6 < 5", "2d6 = 7", "1d20 vs 15"])
def test_a_dice_comparison_holds_where_calc_says(expr: str) -> None:
    result, draw = answer("dice", expr=expr)
    op, number = expr.split()[1], int(expr.split()[2])
    for t in range(draw.totals[0], draw.totals[-1] + 1):
        holds = chance(point(t), op, number) == 1
        assert draw.meaning(t).endswith("holds" if holds else "fails"), (t, draw.meaning(t))


def test_a_pool_meets_the_successes_needed_as_calc_counts_them() -> None:
    result, draw = answer("pool-check", dice=6, need=3)
    for t in draw.totals:
        assert ("meets" in draw.meaning(t)) == (point(t).at_least(3) == 1)
    _, opposed = answer("pool-check", mode="opposed")
    assert [opposed.meaning(t) for t in (-1, 0, 1)] == ["-1: The defender wins", "0: Tie: nobody hit", "1: The attacker wins"]


def test_every_calculator_with_a_distribution_can_be_rolled() -> None:
    for cid, calculator in CALCULATORS.items():
        result, draw = answer(cid)
        if not result.get("distribution"):
            assert draw is None and cid == "rk-tn"
            continue
        assert calculator.meaning is not None or cid == "rk-initiative"
        assert set(draw.totals) <= {t for t, _ in result["distribution"]}
        assert draw.label and all(draw.meaning(t) for t in draw.totals)


def test_a_truncated_explosion_says_what_it_left_out() -> None:
    result, draw = answer("rk-check", rolled=5, kept=3)
    assert draw.tail == result["distribution_tail"] == roll_keep(5, 3).tail > 0
    assert draw.as_json()["tail"] == draw.tail
    _, exact = answer("sun-check", target=15, bonus=0)
    assert "tail" not in exact.as_json()


def test_the_worker_answers_a_roll_with_the_answers_draw() -> None:
    reply = json.loads(run("rk-check", json.dumps({"rolled": "7", "kept": "2", "tn": "30"}), "roll"))
    assert reply == {"roll": json.loads(json.dumps(answer("rk-check", rolled=7, kept=2, tn=30)[1].as_json()))}
    assert json.loads(run("rk-tn", "{}", "roll")) == {"error": {"field": None, "message": "This answer has no totals to roll."}}
    refused = json.loads(run("rk-check", json.dumps({"rolled": 0}), "roll"))
    assert refused["error"]["field"] == "rolled"
    single = json.loads(run("dice", json.dumps({"expr": "3d100*100+1d100"}), "single"))
    assert "distribution" not in single["result"]   # an answer's reply stays small: the Roll asks apart


def test_a_roll_in_the_text_draws_from_its_popovers_distribution() -> None:
    (six_k_three,) = roll_draws.text_draws("rk-test", {"rolled": 6, "kept": 3})
    assert six_k_three.totals == weights_of(roll_keep(6, 3).pmf())[0]
    assert six_k_three.meaning(27) == "27: meets TN 25, short of TN 30"
    bonus, penalty = roll_draws.text_draws("sun-either", {})
    assert (bonus.label, penalty.label) == ("4d6, bonus die", "4d6, penalty die")
    assert bonus.weights == weights_of(sun_dice("bonus").pmf())[1] and bonus.meaning(13) == "13: 12 or more, under 15"
    (pool,) = roll_draws.text_draws("pool", {"dice": 4})
    assert [pool.meaning(t) for t in (0, 1, 3)] == ["0: no success", "1: 1 success", "3: 3 successes"]
    (fist,) = roll_draws.text_draws("rk-brawn-damage", {"kept": 1, "rules": "summary"})
    assert fist.label == "0k1 with Brawn 2" and fist.meaning(14) == "14 damage, assuming Brawn 2"
    (house,) = roll_draws.text_draws("rk-damage", {"rolled": 3, "kept": 2, "rules": "house"})
    assert house.meaning(9) == "9 damage" and house.totals[0] == 2


def test_a_roll_says_what_its_total_means_against_the_number_its_sentence_names() -> None:
    """A TN the sentence names counts the raises to spare (rk/basics.md: each Raise is 5 more);
    a Seventh Sun total and a pool's successes are met or missed; hand-checked figures."""
    (tn,) = roll_draws.text_draws("rk-test", {"rolled": 6, "kept": 3, "tn": 25})
    assert [tn.meaning(t) for t in (24, 27, 30, 41)] == [
        "24: misses TN 25", "27: meets TN 25, no raise to spare", "30: meets TN 25, 1 raise to spare",
        "41: meets TN 25, 3 raises to spare"]
    (total,) = roll_draws.text_draws("sun-roll", {"die": "none", "target": 10})
    assert [total.meaning(t) for t in (9, 10, 18)] == ["9: under 10", "10: 10 or more", "18: 10 or more"]
    (need,) = roll_draws.text_draws("pool", {"dice": 5, "need": 2})
    assert [need.meaning(t) for t in (1, 2, 4)] == [
        "1: short of the 2 successes needed", "2: meets the 2 successes needed", "4: meets the 2 successes needed"]
    (one,) = roll_draws.text_draws("pool", {"dice": 5, "need": 1})
    assert one.meaning(0) == "0: short of the 1 success needed"


def test_damage_by_brawn_or_panache_is_drawn_for_the_one_named_or_says_which_it_assumes() -> None:
    """A rating used in hand adds one unkept die per point of Brawn; Social Damage one per point of
    Panache (house rules, six-sided dice): drawn for the value the sentence names, else for the one
    its calculator is set to, and the words say which."""
    (named,) = roll_draws.text_draws("rk-weapon", {"rules": "house", "weapon": "claymore", "brawn": 3})
    (assumed,) = roll_draws.text_draws("rk-weapon", {"rules": "house", "weapon": "claymore"})
    assert named.meaning(20) == "20 damage, with Brawn 3" and named.label == "Claymore with Brawn 3"
    assert assumed.meaning(20) == "20 damage, assuming Brawn 2" and assumed.label == "Claymore with Brawn 2"
    rolled, kept, _ = weapon_dice("house", "claymore", 3)
    assert named.weights == weights_of(damage_dist(rolled, kept, rules="house").pmf())[1]
    (social,) = roll_draws.text_draws("rk-social", {"base": "1k3", "panache": 3})
    assert social.meaning(12) == "12 Social Damage, with Panache 3"
    assert social.weights == weights_of(damage_dist(1 + 3, 3, rules="house").pmf())[1]   # 1k3 and 3 unkept dice
    (social_assumed,) = roll_draws.text_draws("rk-social", {"base": "2k4"})
    assert social_assumed.meaning(12) == f"12 Social Damage, assuming Panache {DEFAULT_PANACHE}"
    (hit,) = roll_draws.text_draws("rk-social-hit", {"base": "1k3", "panache": 2, "raises": 1})
    assert hit.meaning(12) == "12 Social Damage" and hit.label == "a Social Attack with Panache 2 and 1 damage raise"
    assert hit.weights == weights_of(damage_dist(4, 3, rules="house").pmf())[1]   # 1k3 + 2 + 1: 4k3


@pytest.mark.parametrize("kind,params", [
    ("rk-test", {"rolled": 6, "kept": 3, "tn": 25}), ("rk-test", {"rolled": 2, "kept": 2, "check": "social"}),
    ("rk-damage", {"rolled": 3, "kept": 2, "rules": "summary"}), ("rk-brawn-damage", {"kept": 2, "rules": "house", "brawn": 4}),
    ("rk-weapon", {"rules": "house", "weapon": "bow"}), ("rk-weapon", {"rules": "house", "weapon": "claymore"}),
    ("rk-hit", {"rules": "summary", "weapon": "heavy", "brawn": 2, "raises": 1}),
    ("rk-social", {"base": "1k3"}), ("rk-social-hit", {"base": "2k4", "panache": 1}),
    ("sun-roll", {"die": "penalty", "target": 12}), ("pool", {"dice": 7, "need": 3}),
])
def test_a_rolls_draw_gives_the_figures_its_popover_shows(kind: str, params: dict) -> None:
    """From the draw's weights alone: each row's chance (within the weights' rounding and the
    truncated tail), or for a row per Brawn or Panache the average of the one drawn for."""
    odds = roll_odds(kind, **params)
    (draw,) = roll_draws.text_draws(kind, params)
    kept = fsum(w for w in draw.weights) / ONE
    assert kept == 1.0
    slack = 2.0 ** -BITS + draw.tail + 1e-12
    if odds.shown == "number":
        trait = roll_draws.TRAITS[odds.threshold]
        mean = fsum(t * w / ONE for t, w in zip(draw.totals, draw.weights))
        assert abs(mean - dict((int(r[0]), r[1]) for r in odds.rows)[odds.params[trait]]) < 1e-9
        return
    for threshold, chance_shown in odds.rows:
        drawn = fsum(w for t, w in zip(draw.totals, draw.weights) if t >= threshold) / ONE
        assert abs(drawn - chance_shown) <= slack, (threshold, drawn, chance_shown)


def test_a_pages_file_holds_its_rolls_and_its_answers() -> None:
    roll_draws.reset()
    assert roll_draws.page_json("x.md") is None
    reading = type("Reading", (), {"kind": "rk-test", "params": (("rolled", 6), ("kept", 3))})()
    roll_draws.keep_rolls("x.md", {"rk-test/6/3": reading})
    calculator = CALCULATORS["rk-tn"]
    roll_draws.keep_answer("x.md", calculator, calculator.defaults(), calc.evaluate("rk-tn", calculator.defaults()))
    data = json.loads(roll_draws.page_json("x.md"))
    assert list(data) == ["rolls"] and list(data["rolls"]) == ["rk-test/6/3"]   # rk-tn draws nothing
    roll_draws.reset()
