"""The attack planner (`rk-attack`) at its caps: time per row, cold caches, CPython.

    PYTHONPATH=. python -m scripts.bench_attack

Each case is timed twice from cold caches (every functools cache in the process cleared
before the clock starts): the plan with only row 0, which also pays for the attack and
defense rolls every row shares, and the whole plan (rows for 0 to 10 raises); the other rows
cost the difference, shown per row. Best of five repetitions, in CPU time of this process
(`time.process_time`), so other work on a busy machine does not inflate the figures.
"""

from __future__ import annotations

import functools
import gc
import time

import calc

REPEATS = 5
CAPS = dict(rolled=30, max_raises=10, attacker_brawn=15, brawn=15, flesh_wounds=300, defense_rolled=30, tn=300)
CASES = [
    ("summary, 30k15, claymore, defense 30k15", dict(CAPS, rules="summary", kept=15, weapon="claymore", defense_kept=15, tn=100)),
    ("summary, 30k30, musket, defense 30k30", dict(CAPS, rules="summary", kept=30, weapon="musket", defense_kept=30)),
    ("house, 30k15, zweihander, Parry 30k15", dict(CAPS, rules="house", kept=15, weapon="zweihander", defense_kept=15, tn=100)),
    ("house, 30k1, custom 30k30 damage", dict(CAPS, rules="house", kept=1, weapon="custom", damage_rolled=30,
                                             damage_kept=30, defense_kept=1, tn=10)),
    ("summary, 30k5, custom 30k10 damage, defense 30k5", dict(CAPS, rules="summary", kept=5, weapon="custom",
                                                              damage_rolled=30, damage_kept=10, defense_kept=5, tn=20)),
]


def clear_caches() -> None:
    for obj in gc.get_objects():
        if isinstance(obj, functools._lru_cache_wrapper):
            obj.cache_clear()


def cold(params: dict[str, object]) -> tuple[float, dict]:
    best, result = float("inf"), {}
    for _ in range(REPEATS):
        clear_caches()
        gc.disable()
        began = time.process_time()
        result = calc.evaluate("rk-attack", params)
        best = min(best, time.process_time() - began)
        gc.enable()
    return best, result


def main() -> None:
    defaults = calc.CALCULATORS["rk-attack"].defaults()
    print(f"{'case':52} {'row 0 (ms)':>11} {'plan (ms)':>10} {'rows':>5} {'other rows (ms each)':>21}")
    for name, params in CASES:
        full = dict(defaults, **params)
        first, _ = cold(dict(full, max_raises=0))
        whole, result = cold(full)
        rows = len(result["rows"])
        print(f"{name:52} {first * 1000:11.1f} {whole * 1000:10.1f} {rows:5d} {(whole - first) * 1000 / (rows - 1):21.1f}")


if __name__ == "__main__":
    main()
