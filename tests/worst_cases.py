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
]

# Roll & Keep calculators at their caps: tests/test_roll_keep.py.
CALCULATOR_INPUTS = [
    ("rk-check", {"rolled": 30, "kept": k, "tn": 0, "threshold": 1}) for k in (10, 20, 25, 29)
] + [
    ("rk-wounds", {"rules": "house", "brawn": 15, "weapon": "custom", "damage_rolled": 30, "damage_kept": 25,
                   "raises": 10, "flesh_wounds": 300}),
    ("rk-wounds", {"rules": "summary", "brawn": 15, "weapon": "zweihander", "attacker_brawn": 15, "raises": 15}),
    ("rk-horse-fall", {"rolled": 30, "kept": 25, "wounds": 20, "taken": 10, "galloping": True}),
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
