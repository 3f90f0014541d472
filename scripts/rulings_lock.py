"""Keep the rulings lock (contracts/rulings.lock.json); see macros/contracts/ruling_lock.py.

    python -m scripts.rulings_lock                      # report: locked, new, changed
    python -m scripts.rulings_lock --write              # append the rulings not locked yet
    python -m scripts.rulings_lock --update R-0007 --reason "Typo: 'Raies' for 'Raises'."

`--update` is for a reviewed wording fix that keeps the ruling's meaning; it is recorded with
its reason and date and listed in the changelog. A change of meaning is a new ruling.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from macros.contracts import ruling_lock

RULINGS = Path(__file__).resolve().parent.parent / "calc" / "data" / "rulings.json"


def current_digests(path: Path | None = None) -> dict[str, str]:
    return ruling_lock.digests(json.loads((path or RULINGS).read_text(encoding="utf-8"))["rulings"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write", action="store_true", help="append the rulings not in the lock yet")
    ap.add_argument("--update", metavar="ID", help="accept a reviewed wording change of this ruling")
    ap.add_argument("--reason", default="", help="why the wording changed (required with --update)")
    args = ap.parse_args(argv)

    lock = ruling_lock.read()
    current = current_digests()
    if args.update:
        try:
            entry = ruling_lock.update(lock, current, args.update, args.reason)
        except ValueError as err:
            print(f"not updated: {err}", file=sys.stderr)
            return 2
        ruling_lock.write(lock)
        print(f"updated {entry['id']} ({entry['reason']})")
    wrong = ruling_lock.problems(lock, current)
    if args.write and not wrong:
        added = ruling_lock.append_new(lock, current)
        ruling_lock.write(lock)
        print(f"locked {len(added)} new ruling(s): {', '.join(added) or 'none'}")
    new = ruling_lock.unlocked(lock, current)
    print(f"{len(lock['rulings'])} rulings locked; {len(new)} not locked yet; {len(wrong)} changed or missing")
    for rid in new:
        print(f"  new: {rid} (run with --write)")
    for problem in wrong:
        print(f"  {problem}")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
