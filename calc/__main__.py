"""`calc` on the command line: a calculator's answer in the words "Copy as text" gives, with its link.

    python -m calc rk-check rolled=6 kept=3 tn=25     the question and answer in words, then the link
    python -m calc rk-check rolled=6 kept=3 --json    the result as calc gives it, as JSON
    python -m calc --list                             every calculator and its fields (--json: as data)
    python -m calc --list rk-wounds                   one calculator's fields
    python -m calc rk-wounds --hero aldo.json         with a hero's values (the hero page's Export)

Settings are `field=value` as a link writes them (`explode=false`, `expr=3d6+2`); a field left out
takes its default, as on the page. The words are the worker's (calc.in_words, the same function
for the same settings) and the link, on the site named by `--site`, else by the SITE_URL
environment variable (which the build reads for the site's address too), else `make serve`'s local
address, is the question's odds address when the build answers it (`calc.built.questions.is_built`:
`q/rk-check/rolled-6_tn-25/`, a page that previews with its answer, calc.built.addresses), else
`Question.address()`, the calculator's page set to it. A bad value prints the form's message for that field and exits 1.
With `--hero`, the fields the calculator's declaration gives to a hero (`Param.hero`) take the
values of the file's one hero of that calculator's game (`calc.hero`); a setting given beside it wins.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from typing import Any, Sequence

from calc.built.addresses import odds_path
from calc.built.questions import is_built
from calc.catalogue import catalogue, entry
from calc.errors import InputError
from calc.hero import fill, game_of, hero_fields, parse_file
from calc.in_words import answer_text
from calc.params import canonical
from calc.question import Question
from calc.registry import CALCULATORS, get, parse_params

LOCAL_SITE = "http://127.0.0.1:8000/"   # `make serve` (mkdocs.yml's site_url when SITE_URL is unset)
REFUSED = 1                              # exit status of a refused question


def site_root(given: str | None) -> str:
    """The site the link points into, ending in `/`."""
    site = given or os.environ.get("SITE_URL") or LOCAL_SITE
    return site if site.endswith("/") else site + "/"


def settings(pairs: Sequence[str]) -> dict[str, str]:
    """`["rolled=6", "tn=25"]` -> `{"rolled": "6", "tn": "25"}`; a pair without `=` or a field
    given twice is refused, naming it."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise InputError("params", f"Give each setting as field=value; got {pair!r}.")
        if name in out:
            raise InputError(name, f"{name} is given twice; give it once.")
        out[name] = value
    return out


def answer(calculator_id: str, given: dict[str, str], site: str) -> tuple[str, dict[str, Any]]:
    """What Copy as text copies for these settings (the words, a newline, the link) and the result."""
    calculator = get(calculator_id)
    clean = parse_params(calculator, {**calculator.defaults(), **given})   # the form holds every field
    result = calculator.compute(**clean)
    question = Question.of(calculator.id, clean)
    link = site + (odds_path(question) if is_built(question) else question.address())
    return answer_text(calculator, clean, result) + "\n" + link, result


def hero_settings(calculator_id: str, path: str) -> dict[str, Any]:
    """The settings a file's hero gives a calculator: the file must hold exactly one hero of its game."""
    calculator = get(calculator_id)
    if not hero_fields(calculator):
        raise InputError("hero", f"{calculator_id} takes no hero's values.")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(200_000)
    except (OSError, UnicodeDecodeError) as err:
        raise InputError("hero", f"The file {path} cannot be read: {err.__class__.__name__}.") from None
    mine = [h for h in parse_file(text) if h["game"] == game_of(calculator)]
    if len(mine) != 1:
        raise InputError("hero", f"The file holds {len(mine)} heroes of {calculator_id}'s game; give a file with one.")
    return {name: canonical(value) for name, value in fill(calculator, mine[0]).items()}


def listing(calculators: list[dict[str, Any]]) -> str:
    """The calculators and their fields, for a reader at a terminal."""
    lines = []
    for c in calculators:
        lines += [f"{c['id']}: {c['title']} ({c['page']})", *_wrapped(c["summary"], "  ")]
        for f in c["fields"]:
            default = canonical(f["default"]) or "(blank)"
            takes = ("one of " + ", ".join(choice["value"] for choice in f["choices"])
                     if f["kind"] == "choice" else f["allowed"])
            when = ("only when " + " or when ".join(" and ".join(
                f"{name} is {' or '.join(v or 'blank' for v in values)}" for name, values in c.items())
                for c in f["applies_when"])) if f["applies_when"] else ""
            replacing = f["replaced_by"]
            instead = (f"not used when {' and '.join(replacing)} {'is' if len(replacing) == 1 else 'are'} given"
                       if replacing else "")
            notes = "; ".join(n for n in (when, instead) if n)
            lines += _wrapped(f"{f['name']}={default}  {f['label']}: {takes}" + (f" [{notes}]" if notes else ""), "  ", "      ")
        lines.append("")
    return "\n".join(lines)


def _wrapped(text: str, first: str, rest: str | None = None) -> list[str]:
    return textwrap.wrap(text, width=100, initial_indent=first, subsequent_indent=rest or first) or [first]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m calc", description="Exact odds from the Seventh Sun Codex's calculators, in words.",
        epilog="Example: python -m calc rk-check rolled=6 kept=3 tn=25",
    )
    p.add_argument("calculator", nargs="?", help="a calculator's id (see --list)")
    p.add_argument("settings", nargs="*", help="field=value, as a link writes them; others take their defaults")
    p.add_argument("--list", action="store_true", help="list the calculators (or the one named) and their fields")
    p.add_argument("--json", action="store_true", help="print the result (with --list: the calculators) as JSON")
    p.add_argument("--hero", metavar="FILE", help="fill the fields a hero fills from this file of heroes (Export)")
    p.add_argument("--site", help=f"the site the link points into (default: $SITE_URL, else {LOCAL_SITE})")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_intermixed_args(argv)
    try:
        if args.list:
            if args.settings:
                raise InputError("params", "--list takes at most a calculator's id, no settings.")
            chosen = [entry(get(args.calculator))] if args.calculator else catalogue()
            print(json.dumps(chosen, indent=1, ensure_ascii=False) if args.json else listing(chosen).rstrip("\n"))
            return 0
        if args.calculator is None:
            raise InputError("calculator", "Name a calculator: one of " + ", ".join(CALCULATORS) + " (or --list).")
        given = settings(args.settings)
        if args.hero:
            given = {**hero_settings(args.calculator, args.hero), **given}
        text, result = answer(args.calculator, given, site_root(args.site))
    except InputError as err:
        print(f"{err.field}: {err.message}", file=sys.stderr)
        return REFUSED
    print(json.dumps(result, ensure_ascii=False, allow_nan=False) if args.json else text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
