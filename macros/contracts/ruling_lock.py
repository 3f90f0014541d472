"""The rulings lock: a ruling's ID stands for one meaning, for good.

`contracts/rulings.lock.json` records, for every published ruling, the sha256 of its title and
statement. The file only grows: `python -m scripts.rulings_lock --write` appends the rulings it
does not know yet, and never rewrites an entry. The build (macros/hooks/contract.py) refuses a
ruling whose title or statement no longer matches its entry, or one that has disappeared: a
changed meaning needs a new ruling with the next ID. A wording fix that keeps the meaning (a
typo) goes through `--update R-00NN --reason "..."`, which replaces the entry and records the
old and new digests, the date and the reason under `updates`; the changelog shows every such
update (macros/rulings.py `lock_updates_markdown`).

Only the title and the statement are locked: the date, the linked rules and any status a ruling
gains later (withdrawn, superseded) may change without touching the lock.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from pathlib import Path
from typing import Any, Iterable, Mapping

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "contracts" / "rulings.lock.json"
TOOL = "python -m scripts.rulings_lock"
ABOUT = (
    "Append-only: ruling ID -> sha256 of its title, a newline, and its statement. "
    f"Add new rulings with `{TOOL} --write`; a reviewed wording fix with "
    f"`{TOOL} --update R-00NN --reason \"...\"` (shown in the changelog). Never edit by hand."
)


def digest(title: str, statement: str) -> str:
    return hashlib.sha256(f"{title}\n{statement}".encode("utf-8")).hexdigest()


def digests(rulings: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """ID -> digest for rulings as read from calc/data/rulings.json (dicts) or `rulings.Ruling`s."""
    out = {}
    for r in rulings:
        get = r.get if isinstance(r, Mapping) else lambda key, r=r: getattr(r, key)
        out[get("id")] = digest(get("title"), get("statement"))
    return out


def empty() -> dict[str, Any]:
    return {"about": ABOUT, "rulings": {}, "updates": []}


def read(path: Path | None = None) -> dict[str, Any]:
    path = path or LOCK
    if not path.exists():
        return empty()
    data = json.loads(path.read_text(encoding="utf-8"))
    data.setdefault("rulings", {})
    data.setdefault("updates", [])
    return data


def write(lock: Mapping[str, Any], path: Path | None = None) -> None:
    path = path or LOCK
    out = {"about": ABOUT, "rulings": dict(sorted(lock["rulings"].items())), "updates": list(lock["updates"])}
    path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def problems(lock: Mapping[str, Any], current: Mapping[str, str]) -> list[str]:
    """Locked rulings that changed or vanished. `current`: ID -> digest of the rulings now."""
    found = []
    for rid, locked in lock["rulings"].items():
        if rid not in current:
            found.append(
                f"{rid} is published (in contracts/rulings.lock.json) but no longer in calc/data/rulings.json: "
                "a published ruling is never deleted (mark it withdrawn instead)"
            )
        elif current[rid] != locked:
            found.append(
                f"{rid}: its title or statement changed since it was published. A new meaning needs a new "
                f"ruling with the next ID; a wording fix that keeps the meaning needs a reviewed lock update: "
                f"{TOOL} --update {rid} --reason \"...\""
            )
    return found


def unlocked(lock: Mapping[str, Any], current: Mapping[str, str]) -> list[str]:
    """IDs of rulings not in the lock yet (new rulings: `--write` appends them)."""
    return [rid for rid in current if rid not in lock["rulings"]]


def append_new(lock: dict[str, Any], current: Mapping[str, str]) -> list[str]:
    """Add the rulings the lock does not know; never touch an existing entry. Returns the IDs added."""
    added = unlocked(lock, current)
    for rid in added:
        lock["rulings"][rid] = current[rid]
    return added


def update(lock: dict[str, Any], current: Mapping[str, str], rid: str, reason: str, *, date: str | None = None) -> dict[str, str]:
    """Accept a reviewed wording change of `rid`, recording why. Returns the recorded update."""
    if rid not in lock["rulings"]:
        raise ValueError(f"{rid} is not in the lock: new rulings are added with --write")
    if rid not in current:
        raise ValueError(f"{rid} is not in calc/data/rulings.json")
    if current[rid] == lock["rulings"][rid]:
        raise ValueError(f"{rid} has not changed: nothing to update")
    if len(reason.strip()) < 10:
        raise ValueError("give the reason for the change in a sentence (--reason)")
    entry = {
        "id": rid,
        "date": date or dt.date.today().isoformat(),
        "reason": reason.strip(),
        "previous": lock["rulings"][rid],
        "current": current[rid],
    }
    lock["rulings"][rid] = current[rid]
    lock["updates"].append(entry)
    return entry
