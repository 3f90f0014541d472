"""MkDocs hook: an odds page for every built question, `q/<calculator>/<slug>/index.html` (macros/odds/pages.py).

Once every page is written, each built question (calc/built/questions.py) gets its page, and each
calculator with one its card (`assets/cards/q/<calculator>.png`, drawn once and kept in
`.cache/cards`), and `ODDS_TARGETS` lists where each address leads, for the service worker to send
an odds address on offline when the reader has kept the Codex (docs/sw.js). Every page's words,
figures, embed and link are checked (macros/odds/check.py); a fault is logged as an error, which
stops the strict build. Runs after the share hook and before the security hook, which gives these
pages their content policy and keeps them out of the offline copy, as it keeps the share pages.

`make build` prints a line with the count of pages, their bytes and the time they took.
"""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from calc.built.questions import built_questions
from calc.registry import evaluate
from macros.answers.linked import site_questions
from macros.odds import check
from macros.odds.card import describe, settings
from macros.odds.pages import TARGETS as ODDS_TARGETS, card_image, card_spec, embed_payload, page_html
from macros.share import cards

log = logging.getLogger("mkdocs.hooks.odds")


def on_post_build(*, config: MkDocsConfig) -> None:
    started = time.perf_counter()
    site = Path(config.site_dir)
    base = config.site_url or "/"
    base = base if base.endswith("/") else base + "/"
    found = []   # each card with calc's answer to its question, worked out once for its words and its check
    for question in built_questions(linked=site_questions(site)):   # the set macros/hooks/answers.py stores
        result = evaluate(question.calculator, settings(question))
        found.append((describe(question, result), result))
    faults: list[str] = []
    written = 0
    for card, result in found:
        payload = embed_payload(card, base=base)
        faults += check.problems(card, payload=payload, site=base, result=result)
        html = page_html(card, site_url=base, site_name=config.site_name, payload=payload).encode("utf-8")
        path = site / card.path / "index.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(html)
        written += len(html)
    if faults:
        log.error("%d odds pages fail the odds card check (macros/odds/check.py):\n  %s", len(faults), "\n  ".join(faults))
    firsts = {card.question.calculator: card for card, _ in reversed(found)}
    pngs, made = cards.drawn([card_spec(card, config.site_name) for card in firsts.values()])
    for calculator, png in zip(firsts, pngs):
        image = site / card_image(calculator)
        image.parent.mkdir(parents=True, exist_ok=True)
        image.write_bytes(png)
        written += len(png)
    targets = json.dumps({card.path: card.target for card, _ in found}, separators=(",", ":")).encode("utf-8")
    (site / ODDS_TARGETS).write_bytes(targets)
    written += len(targets)
    log.info("odds pages: %d pages, %d cards (%d drawn), %s, %.1f MB; %.1f s", len(found), len(firsts), made,
             ODDS_TARGETS, written / 1e6, time.perf_counter() - started)
