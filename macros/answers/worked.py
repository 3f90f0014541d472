"""Every built question worked out once a build, for both of its writers: the stored answer
(macros/answers/store.py) and the odds page (macros/odds/pages.py).

Each question is answered once (calc's result, read by codex_view's markup and words and by the odds
card). The work is kept in `.cache/worked/` (macros/build_cache.py) under the fingerprint of the code
that answers and words it (`code_fingerprint`: every file of `calc/`, `codex_view/` and `macros/`)
and the question's address: the next build (`mkdocs serve` rebuilding, the test suite's edited
copies of the project, which share the cache) reads it back, and the first works out what is
missing on every core.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from pathlib import Path

from calc.built.questions import built_questions
from calc.in_words import answer_text
from calc.question import Question
from calc.registry import parse_params
from codex_view.render import result_html
from macros.answers.linked import site_questions
from macros.build_cache import cached_batch, code_fingerprint
from macros.odds.card import OddsCard, describe, headline_figures, settings

CACHE = "worked"


@dataclass(frozen=True)
class Worked:
    """One built question, answered: its odds card, calc's headline figures (for the card's check),
    and its stored answer (gzipped, and its size before)."""

    card: OddsCard
    figures: tuple[tuple[str, str], ...]
    answer: bytes
    plain: int

    @property
    def question(self) -> Question:
        return self.card.question


def answer_file(html: str, text: str) -> tuple[bytes, int]:
    """The stored answer as the page fetches it: the worker's `{"html", "text"}` as JSON, gzipped with
    no timestamp (the same bytes every build); and its size before gzip."""
    plain = json.dumps({"html": html, "text": text}, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return gzip.compress(plain, compresslevel=9, mtime=0), len(plain)


def work(question: Question) -> bytes:
    """One question answered, as kept: its card's fields as a JSON line, then the stored answer's bytes."""
    calculator = question.declaration
    clean = parse_params(calculator, question.params())   # as the worker reads the link
    result = calculator.compute(**clean)
    full = settings(question)
    full_result = result if full == clean else calculator.compute(**full)   # the card's: every field given
    card = describe(question, full_result)
    answer, plain = answer_file(result_html(calculator, result, clean), answer_text(calculator, clean, result))
    fields = {name: getattr(card, name) for name in OddsCard.__dataclass_fields__ if name != "question"}
    kept = {"plain": plain, "card": fields, "figures": headline_figures(calculator, full_result)}
    return json.dumps(kept, separators=(",", ":")).encode("utf-8") + b"\n" + answer


def answered(question: Question) -> Worked:
    """One question worked out here, as the build reads it back from `.cache`."""
    return _read(question, work(question))


def _read(question: Question, kept: bytes) -> Worked:
    line, _, answer = kept.partition(b"\n")
    data = json.loads(line)
    fields = data["card"]
    fields["figures"] = _pairs(fields["figures"])
    return Worked(card=OddsCard(question=question, **fields), figures=_pairs(data["figures"]), answer=answer,
                  plain=data["plain"])


def _pairs(listed: list[list[str]]) -> tuple[tuple[str, str], ...]:
    return tuple((title, shown) for title, shown in listed)


def worked_out(site: Path) -> tuple[tuple[Worked, ...], int]:
    """Every built question of the written site (the declarations' set and the pages' links), answered
    once, in the set's order; and how many were worked out here (the rest came from `.cache`)."""
    questions = built_questions(linked=site_questions(site))
    key = code_fingerprint()
    jobs = [(key + b"\0" + question.address().encode("utf-8"), {"question": question}) for question in questions]
    kept, made = cached_batch(CACHE, jobs, work)
    return tuple(_read(question, data) for question, data in zip(questions, kept)), made


__all__ = ["Worked", "answer_file", "answered", "work", "worked_out"]
