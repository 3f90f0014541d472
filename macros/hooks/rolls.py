"""MkDocs hook: each page's roll data, `rolls.json` beside it (macros/rolls/draws.py).

The rolls of a page's text (macros/rolls/marks.py) and its calculators' built answers
(macros/widgets.py) are gathered while the page renders; once it has, this hook writes them.
It runs before the security hook, whose manifest (written after the build) then finds the files.
"""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

from macros.rolls import draws as roll_draws


def on_pre_build(*, config: MkDocsConfig) -> None:
    roll_draws.reset()


def on_post_page(output: str, *, page: Page, config: MkDocsConfig) -> str:
    roll_draws.write(page.file.src_uri, config.site_dir, page.file.dest_uri)
    return output
