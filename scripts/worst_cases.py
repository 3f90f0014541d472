"""The costliest inputs the caps allow, kept in one place for the tests and for `make bench`.

The tests check that each is answered (or, for a dice expression, refused with a message naming
the field); `make bench` times each once, cold, against its target: 1.5 s for a dice expression,
answer or refusal, and 1 s for a calculator's inputs. `near_cap_expressions` draws many more
expressions of the costly shapes (tests/test_properties.py checks each is answered or refused,
`make bench` times them): no test asserts how long anything takes.
"""

import random

# Dice expressions, by shape (each at or just inside a cap): tests/test_notation.py.
DICE_EXPRESSIONS = [
    "60d100",
    "30d100-30d100",
    "60d100>=50",
    "60d2!",
    "60d6!>=6",
    "20d6!",
    "15d10!",
    "60k10",
    "60k30",
    "30k30",
    "60d6!kh30",
    "60d10!kh10",
    "60d100kh30",
    "60d100kl30",
    "60d6kl30",
    "10d100!kh5",
    "10d100!",
    "d100!+d100!+d100!+d100!+d100!",
    "10d6!kl5",
    "6d100+6d100+6d100+6d100+6d100+6d100+6d100+6d100+6d100+6d100",
    "3d100kh2+3d100kh2+3d100kh2+3d100kh2+3d100kh2+3d100kh2+3d100kh2+3d100kh2+3d100kh2",
    "d100!+d100!+d100!+d100!+d100!+d100!+d100!+d100!+d100!+d100!+d100!+d100!",
    "5k3+5k3+5k3+5k3+5k3+5k3+5k3+5k3+5k3+5k3+5k3+5k3",
    # the slowest accepted expressions found by searching the cost model's budget
    "38d75!kh10",
    "39d75kh21",
    "45d100kl16",
    "57d50kh25",
    "38d2!kl5",
    "60k59",
    "60d10!kh59",
    "57d12!kh55",
    "37d2!kl5-21d6kh5",
    "18d20!kh9-15d8!-25d100kl19",
    "60d100!",
    # exploding keep-lowest, ranges of exploding faces, rerolls, min/max, products
    "60d100!kl59",
    "60d10!kl30",
    "40d20!kl20",
    "60d2!kl59",
    "60d100!>=51",
    "5d100!>=51kh2",
    "60d20!>=11kl30",
    "60d100ro<=50kh30",
    "60d100rr<=99",
    "60d100min50max51",
    "(60d100*100)/3",
    "60dFkh30",
    "(((((30d100)))))*100-30d100*100",
    # exploding ranges: refused from sides and explosion chance before any die is built (eight
    # distinct ones took 1 s to refuse when the estimate built them), and the slowest accepted
    "d100!>=51+d99!>=51+d98!>=50+d97!>=50+d96!>=49+d95!>=49+d94!>=48+d93!>=48",
    "(d100!>=51>=7)+(d99!>=51>=7)+(d98!>=50>=7)+(d97!>=50>=7)+(d96!>=49>=7)",
    "d100!>=51+d99!>=51",
    "8d100!>=51",
    "10d12!>=7kh5",
    "40d75!>=39",
    "15d75!>=74kh1",
    "40d6!>=5kl2",
    # a scaled constant beyond the largest number, as in a compare link's B
    "1d6+10000*100*100",
    *(ISSUE_30 := [
        # rerolls on kept dice (28d100kl19ro5 ran three times its estimate, now refused as too
        # costly), and the largest accepted with a reroll
        "28d100kl19ro5",
        "28d100kh19ro5",
        "45d100kl16ro5",
        "20d100kh10ro50",
        "60d100ro5",
        # results with tens of thousands of totals (a 10.6 MB answer that froze a phone)
        "3d100*100+1d100",
        "6d100*50+3d100",
    ]),
]

# Roll & Keep calculators at their caps: tests/test_roll_keep.py (rk-opposed and rk-initiative too).
CALCULATOR_INPUTS = [
    ("rk-check", {"rolled": 30, "kept": k, "tn": 0, "threshold": 1}) for k in (10, 20, 25, 29)
] + [
    ("rk-wounds", {"rules": "house", "brawn": 15, "weapon": "custom", "damage_rolled": 30, "damage_kept": 25,
                   "raises": 10, "flesh_wounds": 300}),
    ("rk-wounds", {"rules": "summary", "brawn": 15, "weapon": "zweihander", "attacker_brawn": 15, "raises": 15}),
    ("rk-horse-fall", {"rolled": 30, "kept": 25, "wounds": 20, "taken": 10, "galloping": True}),
    # two different near-full keeps of 30 dice, the costliest pair of rolls (target 100 ms)
    ("rk-opposed", {"a_stat": 15, "a_skill": 29, "b_stat": 15, "b_skill": 28}),
    ("rk-opposed", {"a_stat": 15, "a_skill": 15, "b_stat": 15, "b_skill": 14, "a_raises": 10, "b_raises": 10}),
    ("rk-initiative", {"rules": "house", "finesse": 10, "wits": 10, "crippled": True, "against": "opponent",
                       "b_finesse": 10, "b_wits": 10, "b_distracted": True}),
    ("rk-initiative", {"rules": "summary", "panache": 10, "against": "opponent", "b_panache": 10, "phase": 10}),
]

# Social Attacks (calc.roll_keep.social.plan_social, wired into rk-attack at merge) at their caps: every
# raise row with the most damage dice, the attack and Parry at rk-attack's dice caps.
SOCIAL_CAPS = dict(rolled=30, kept=29, explode=True, tn=0, max_raises=10, attacker_panache=10, panache=10,
                   base_damage="2k4", flesh_wounds=300, attacker_flesh_wounds=300, defense="active",
                   defense_rolled=30, defense_kept=28, defense_explode=True, parry_raises=10, d6_explode=True)
SOCIAL_INPUTS = [SOCIAL_CAPS, dict(SOCIAL_CAPS, kept=15, defense_kept=15), dict(SOCIAL_CAPS, rolled=8, kept=4)]
# Attacks until he is down (rk-fight): the figure its issue sets (Brawn 5, Resolve 5, a 30-dice attack,
# 20 attacks; 100 ms in CPython), then the caps: Brawn 15, Resolve 10, 50 attacks, the smallest and the
# largest damage under each rules (the longest runs of blows, and the widest damage).
FIGHT_TARGET = ("rk-fight", {"rolled": 30, "kept": 15, "tn": 15, "brawn": 5, "resolve": 5, "attacks": 20,
                             "defense_rolled": 30, "defense_kept": 15})
_FIGHT_CAPS = {"brawn": 15, "resolve": 10, "attacks": 50, "rolled": 30, "kept": 30, "tn": 0,
               "defense_rolled": 30, "defense_kept": 30}
CALCULATOR_INPUTS += [
    FIGHT_TARGET,
    ("rk-fight", dict(_FIGHT_CAPS, rules="house", weapon="unarmed", attacker_brawn=1)),
    ("rk-fight", dict(_FIGHT_CAPS, rules="summary", weapon="fist", attacker_brawn=1)),
    ("rk-fight", dict(_FIGHT_CAPS, rules="house", weapon="custom", damage_rolled=30, damage_kept=30, raises=10)),
    ("rk-fight", dict(_FIGHT_CAPS, rules="summary", weapon="custom", damage_rolled=30, damage_kept=30, raises=10)),
]


def _costly_term(rng: random.Random) -> str:
    """One term near the caps: up to 60 dice of up to 100 sides, kept, exploding or both."""
    n, sides = rng.randint(1, 60), rng.randint(2, 100)
    bang = rng.choice(["", "!"])
    keep = rng.choice(["", "kh", "kl", "rk"])
    if keep == "rk":
        return f"{n}k{rng.randint(1, n)}"
    if keep:
        return f"{n}d{sides}{bang}{keep}{rng.randint(1, n)}"
    return f"{n}d{sides}{bang}"


def near_cap_expressions(count: int = 200, seed: int = 7) -> list[str]:
    """`count` sums of one to three costly terms (cut at 80 characters), the same on every run."""
    rng = random.Random(seed)
    return ["+".join(_costly_term(rng) for _ in range(rng.randint(1, 3)))[:80] for _ in range(count)]


# Each shape of term, from (rng, dice, sides, kept, a face, most dice): keep or drop, reroll once
# or until, min and max, explosion on the top face or on a range, counting, Fudge, d%, Roll & Keep.
_SHAPES = {
    "keep": lambda r, n, s, k, f, m: f"{n}d{s}{r.choice(['kh', 'kl', 'k'])}{k}",
    "drop": lambda r, n, s, k, f, m: f"{n}d{s}{r.choice(['dl', 'dh'])}{r.randint(1, n - 1)}" if n > 1 else f"1d{s}",
    "reroll": lambda r, n, s, k, f, m: f"{n}d{s}{r.choice(['ro', 'rr', 'r'])}{r.choice(['', '<='])}{max(1, f // 2)}",
    "reroll-keep": lambda r, n, s, k, f, m: f"{n}d{s}ro{max(1, f // 2)}{r.choice(['kh', 'kl'])}{k}",
    "min": lambda r, n, s, k, f, m: f"{n}d{s}min{f}",
    "max-keep": lambda r, n, s, k, f, m: f"{n}d{s}max{f}kh{k}",
    "bang": lambda r, n, s, k, f, m: f"{n}d{s}!" + (f"kh{k}" if r.random() < 0.5 else ""),
    "range": lambda r, n, s, k, f, m: f"{r.randint(1, min(20, m))}d{s}!>={max(2, s - r.randint(0, s // 2))}",
    "count": lambda r, n, s, k, f, m: f"{n}d{s}>={f}",
    "fudge": lambda r, n, s, k, f, m: f"{n}dF" + (f"kh{k}" if r.random() < 0.5 else ""),
    "percent": lambda r, n, s, k, f, m: f"{r.randint(1, min(10, m))}d%*{r.randint(1, 100)}",
    "rk": lambda r, n, s, k, f, m: f"{n}k{k}",
}


def _operator_term(rng: random.Random, most: int) -> str:
    """One dice term of a shape drawn from `_SHAPES`, with at most `most` dice."""
    n, sides = rng.randint(1, most), rng.randint(2, 100)
    shape = rng.choice(sorted(_SHAPES))
    return _SHAPES[shape](rng, n, sides, rng.randint(1, n), rng.randint(1, sides), most)


def operator_expressions(count: int = 120, seed: int = 30) -> list[str]:
    """`count` sums of one or two terms of any operator, scaled now and then, the same on every
    run: `make bench` compares each accepted one's time with its estimate (calc.dice.notation.estimate)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        parts = rng.randint(1, 2)
        terms = [_operator_term(rng, 60 // parts) for _ in range(parts)]
        if any(">=" in t and "!" not in t for t in terms):   # a count stands alone
            terms = [next(t for t in terms if ">=" in t and "!" not in t)]
        out.append("+".join(terms)[:80])
    return out
