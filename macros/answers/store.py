"""The built answers on disk: each built question's full answer, as the worker would reply it.

Each is the worker's own reply (codex_view.browser `reply`, worked out by macros/answers/worked.py):
its `html` (the answer's markup) and its `text` (the question and answer in words, for Copy as
text), so a built answer and a live one are the same, figure for figure. Each is stored as JSON,
gzipped (`ANSWER_FILE`, beside the odds page `q/<calculator>/<slug>/index.html`): a linked answer
is one small fetch (at most about 10 kB), and thousands of them stay within the deploy's budget on
disk. The page inflates it (docs/assets/js/built-answer.js).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from calc.built.addresses import ROOT, odds_path, odds_slug
from calc.question import Question
from macros.answers.worked import Worked

ANSWER_FILE = "answer.json.gz"
# per calculator, the slugs of its built questions (`q/<calculator>/built.json`): the page looks a
# link's address up there, fetched as the page opens, and fetches an answer only when it is built
# (a file that is not there would be a failed request in the reader's console)
INDEX_FILE = "built.json"


def index_path(calculator: str) -> str:
    """Where a calculator's list of built slugs is, from the site's root: `q/rk-check/built.json`."""
    return f"{ROOT}/{calculator}/{INDEX_FILE}"


def answer_path(question: Question) -> str:
    """Where a question's built answer is, from the site's root: `q/rk-check/rolled-6_tn-25/answer.json.gz`."""
    return odds_path(question) + ANSWER_FILE


@dataclass
class Written:
    """What the store added: files per calculator, bytes on disk (gzipped) and before, seconds taken."""

    per_calculator: Counter = field(default_factory=Counter)
    stored: int = 0
    plain: int = 0
    largest: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        counts = ", ".join(f"{cid} {n}" for cid, n in sorted(self.per_calculator.items()))
        return (f"built answers: {sum(self.per_calculator.values())} ({counts}); {self.stored / 1e6:.1f} MB stored "
                f"gzipped ({self.plain / 1e6:.1f} MB before), the largest {self.largest / 1e3:.1f} kB; {self.seconds:.1f} s")


def write(site: Path, worked: Iterable[Worked]) -> Written:
    """Write each worked question's answer under `site` (macros/answers/worked.py gzips it with no
    timestamp: the same bytes every build), and each calculator's list of slugs."""
    started = time.perf_counter()
    worked = tuple(worked)
    done = Written()
    for item in worked:
        path = site / answer_path(item.question)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(item.answer)
        done.per_calculator[item.question.calculator] += 1
        done.stored += len(item.answer)
        done.plain += item.plain
        done.largest = max(done.largest, len(item.answer))
    slugs: dict[str, list[str]] = {}
    for item in worked:
        slugs.setdefault(item.question.calculator, []).append(odds_slug(item.question))
    for calculator, listed in slugs.items():
        data = json.dumps({"slugs": listed}, separators=(",", ":")).encode("utf-8")
        (site / index_path(calculator)).write_bytes(data)
        done.stored += len(data)
    done.seconds = time.perf_counter() - started
    return done


__all__ = ["ANSWER_FILE", "INDEX_FILE", "Written", "answer_path", "index_path", "write"]
