"""The Codex as data at `api/v1/` (rulings, sections, calculators, each with its schema).

The files say what the share pages say: the sections and their cards come from the share hook's
own reading of the built pages (`macros.share.index`, filled by the share hook) and its
`shares()`, with the Roll & Keep rule sets each section covers, read from its page's Markdown
(macros/share/rule_sets.py). Runs before the security hook, which leaves `api/` out of the offline
copy; the files are written after the sitemap, which lists pages only.

`make build` logs their count and bytes, plain and gzipped (what a bot downloads from a
compressing host).
"""

from __future__ import annotations

import gzip
import logging
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from macros import api, heroes, rulings

from macros.share import index as shares
from macros.mdsource import heading_index

log = logging.getLogger("mkdocs.hooks.api")
_sources: dict[str, str] = {}                  # `rk/damage/` -> `rk/damage.md`


def on_pre_build(*, config: MkDocsConfig) -> None:
    _sources.clear()


def on_page_markdown(markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    _sources[page.url] = page.file.src_uri
    return markdown


def contents(config: MkDocsConfig) -> dict[str, dict[str, Any]]:
    """Each file's content, by name."""
    site = config.site_url or "/"
    index = heading_index(Path(config.docs_dir))
    log_ = {r.anchor: r for r in rulings.load()}
    touching = rulings.touching(log_.values())
    out: dict[str, list[dict[str, Any]]] = {"rulings": [], "sections": []}
    for item in shares.shares(config):
        image = shares.card_image(item)
        if item.anchor in log_:
            out["rulings"].append(api.ruling_entry(log_[item.anchor], item, image, index))
            continue
        built = shares.built_section(item.target)
        if built is None:
            raise ValueError(f"the api hook: the share page {item.anchor} leads to {item.target}, which was not built")
        page_url, _, anchor = item.target.partition("#")
        src = f"{_sources.get(page_url, '')}#{anchor}"
        out["sections"].append(api.section_entry(
            item, built, rule_sets=item.rule_sets, rulings=[r.id for r in touching.get(src, ())],
            image=image,
        ))
    return {**{name: api.document(name, site, entries) for name, entries in out.items()},
            "calculators": api.calculators(site)}


def on_post_build(*, config: MkDocsConfig) -> None:
    folder = Path(config.site_dir) / api.FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    plain = zipped = 0
    for name, content in contents(config).items():
        for path, data in ((folder / f"{name}.json", api.encoded(content)),
                           (folder / f"{name}.schema.json", api.schema(name))):
            path.write_bytes(data)
            plain += len(data)
            zipped += len(gzip.compress(data, mtime=0))
    heroes_file = Path(config.site_dir) / heroes.FILE   # what the hero scripts read (macros/heroes.py)
    heroes_file.write_bytes(api.encoded(heroes.document()))
    hero = api.schema("hero")   # a file of heroes (the hero page's Export): a schema with no file beside it
    (folder / "hero.schema.json").write_bytes(hero)
    log.info("api: %d files in %s/, %.0f kB (%.0f kB gzipped)", 2 * len(api.NAMES) + 1, api.FOLDER,
             (plain + len(hero)) / 1e3, (zipped + len(gzip.compress(hero, mtime=0))) / 1e3)
