"""A shared Roll & Keep weapon field reaches every surface from its declaration (issue 51 item 4).

A throwaway field is added to copies of the code the way the README's recipe says, in its two
files (its Param in `WEAPON_FIELDS`, its attribute on `Weapon`), at every position of
`WEAPON_FIELDS`; each copy must then show it in the form, use it in every calculator that takes the
weapon (the answer changes), and name it in compare, Copy as text and the command line, with the
hit's note adding up (tests/throwaway_field.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from calc.params import field_title
from calc.roll_keep.vocabulary import WEAPON_FIELDS
from tests.declaration_states import SCALE
from tests.throwaway_field import LABEL, NAME, SET, add_field, hit_sums

PROBE = Path(__file__).resolve().parent / "throwaway_field.py"


def test_a_weapon_field_added_in_two_files_reaches_every_surface_at_any_position(tmp_path: Path) -> None:
    copies = []
    every = range(len(WEAPON_FIELDS) + 1)   # `make test-fast`: the first, the middle and the last
    positions = every if SCALE >= 1 else sorted({every[0], every[len(every) // 2], every[-1]})
    for position in positions:
        copy = tmp_path / f"at{position}"
        add_field(copy, position)
        copies.append(str(copy))
    run = subprocess.run([sys.executable, str(PROBE), *copies], capture_output=True, text=True, timeout=600,
                         env={"PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"})
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    said = f"{field_title(LABEL)}: {SET}"   # the words name a field by its title: "Edge", not its note
    for position, copy in zip(positions, copies):
        seen = report[copy]
        assert seen["fields"].index(NAME) == position
        assert set(seen["calculators"]) == {"rk-wounds", "rk-attack", "rk-fight"}
        for cid, surface in seen["calculators"].items():
            where = f"{cid}, field at position {position}"
            assert "error" not in surface, f"{where}: {surface['error']}"
            assert surface["answer changes"], where
            assert surface["form"], where
            assert said in surface["copy as text"], f"{where}: {surface['copy as text']}"
            assert said in surface["compare"] and surface["compare differs"], f"{where}: {surface['compare']}"
            assert surface["command line exit"] == 0 and said in surface["command line"], where
            assert all(hit_sums(surface["notes"])), f"{where}: {surface['notes']}"
