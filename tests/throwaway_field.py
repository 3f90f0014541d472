"""A throwaway Roll & Keep weapon field added to copies of the code, and every surface checked on it.

`add_field(copy, position)` edits a copy of `calc/` (and beside it `codex_view/`) as the README's
recipe says a shared weapon field is added, in its two files: its Param in `WEAPON_FIELDS`
(calc/roll_keep/vocabulary.py) at `position`, and its attribute on `Weapon`
(calc/roll_keep/exchange.py), where it adds rolled dice to the weapon's own. Run as a script on
copies (`python tests/throwaway_field.py COPY...`), it imports each copy in turn and prints, as
JSON, what every surface made of the field: the form, compare, Copy as text, the command line, and
every calculator that takes the weapon (tests/test_weapon_field.py reads it).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NAME, LABEL = "edge", "Edge (throwaway)"
SET = 2   # the value B sets: two more rolled damage dice


def add_field(copy: Path, position: int) -> None:
    """A copy of calc/ and codex_view/ in `copy`, with the throwaway field at `position` of WEAPON_FIELDS."""
    for package in ("calc", "codex_view"):
        shutil.copytree(ROOT / package, copy / package, ignore=shutil.ignore_patterns("__pycache__"))
    vocabulary = copy / "calc/roll_keep/vocabulary.py"
    text = vocabulary.read_text()
    anchor = "\nDAMAGE_RAISES = IntParam("
    assert text.count(anchor) == 1
    field = (f'\nWEAPON_FIELDS = dict([*list(WEAPON_FIELDS.items())[:{position}], ("{NAME}", IntParam("{NAME}", "{LABEL}", 0, '
             f'minimum=0, maximum=3, required=False, help="Adds rolled damage dice.")), '
             f'*list(WEAPON_FIELDS.items())[{position}:]])')
    vocabulary.write_text(text.replace(anchor, field + anchor))
    exchange = copy / "calc/roll_keep/exchange.py"
    text = exchange.read_text()
    for old, new in (("    d6_explode: bool = True\n\n    @property\n    def other",
                      f"    d6_explode: bool = True\n    {NAME}: int = 0\n\n    @property\n    def other"),
                     ('return self.row["rolled"], self.row["kept"]', f'return self.row["rolled"] + self.{NAME}, self.row["kept"]')):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    exchange.write_text(text)


def surfaces() -> dict[str, Any]:
    """What each surface of the code now imported makes of the field, per calculator taking the weapon."""
    from calc import evaluate
    from calc.__main__ import main
    from calc.in_words import answer_text
    from calc.registry import CALCULATORS, parse_params
    from calc.roll_keep.vocabulary import WEAPON_FIELDS
    from codex_view.browser import compare_reply
    from codex_view.render import widget_html

    out: dict[str, Any] = {"fields": list(WEAPON_FIELDS), "calculators": {}}
    for cid, calculator in CALCULATORS.items():
        if "weapon" not in {p.name for p in calculator.params}:
            continue
        seen: dict[str, Any] = {}
        try:
            defaults = calculator.defaults()
            plain, edged = evaluate(cid, defaults), evaluate(cid, {**defaults, NAME: SET})
            seen["answer changes"] = json.dumps(plain, sort_keys=True) != json.dumps(edged, sort_keys=True)
            seen["form"] = f'name="{NAME}"' in widget_html(calculator, plain) and LABEL in widget_html(calculator, plain)
            clean = parse_params(calculator, {**calculator.defaults(), NAME: SET})
            seen["copy as text"] = answer_text(calculator, clean, edged)
            reply = compare_reply(cid, {"a": defaults, "b": {**defaults, NAME: SET}})
            seen["compare"] = reply.get("text", reply.get("error"))
            seen["compare differs"] = reply.get("result", {}).get("a") != reply.get("result", {}).get("b")
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
                seen["command line exit"] = main([cid, f"{NAME}={SET}"])
            seen["command line"] = printed.getvalue()
            seen["notes"] = [note for note in edged.get("notes", []) if "unkept for" in note]
        except Exception as error:   # a surface that breaks is reported, not hidden
            seen["error"] = f"{type(error).__name__}: {error}"
        out["calculators"][cid] = seen
    return out


def hit_sums(notes: list[str]) -> list[bool]:
    """Whether each "Fencing 4k2, plus 2 unkept for Brawn and 1 unkept for raises: 7k2." adds up."""
    sums = []
    for note in notes:
        found = re.search(r"(\d+)k(\d+), plus (.*?): (\d+)k(\d+)\.", note)
        if found:
            added = sum(int(n) for n in re.findall(r"(\d+) unkept", found.group(3)))
            sums.append(int(found.group(1)) + added == int(found.group(4)))
    return sums


def probe(copies: list[str]) -> dict[str, Any]:
    report = {}
    for copy in copies:
        for name in [m for m in sys.modules if m.split(".")[0] in ("calc", "codex_view")]:
            del sys.modules[name]
        sys.path.insert(0, copy)
        try:
            report[copy] = surfaces()
        finally:
            sys.path.remove(copy)
    return report


if __name__ == "__main__":
    print(json.dumps(probe(sys.argv[1:])))
