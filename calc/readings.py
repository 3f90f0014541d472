"""The readings an answer used, said in one line: each ruling its notes cite, as a short clause with its ID.

The notes a result carries are what the page shows under the answer (`result["notes"]`); a note that
rests on one of the Codex's rulings names it ("... (the Codex's reading of ties, R-0045)"). Copy as
text, the command line and the search's answers say those same rulings after the figures, each in
the words `calc/data/readings.json` gives it, so one source (the notes) decides which are said.
A ruling cited with no clause there stops the build (`KeyError`): no reading goes unsaid.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from calc import data

CLAUSES: Mapping[str, str] = data.load("readings")["clauses"]
RULING_ID = re.compile(r"\bR-[0-9]{4}\b")


def cited(notes: Iterable[str]) -> list[str]:
    """The ruling IDs the notes name, each once, in the order first named."""
    return list(dict.fromkeys(found for note in notes for found in RULING_ID.findall(note)))


def readings_line(results: Iterable[Mapping[str, Any]]) -> str:
    """"Readings: a total equal to its TN succeeds (R-0045); ..." for the rulings the results' notes cite
    ("" when they cite none)."""
    ids = cited(note for result in results for note in result.get("notes") or ())
    if not ids:
        return ""
    return "Readings: " + "; ".join(f"{CLAUSES[i]} ({i})" for i in ids) + "."


__all__ = ["CLAUSES", "cited", "readings_line"]
