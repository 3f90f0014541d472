"""MkDocs hook: the Codex as data at `api/v1/` (rulings, sections, calculators, each with its schema).

The files say what the share pages say: the sections and their cards come from the share hook's
own reading of the built pages and its `shares()`. MkDocs loads each hook file as a module of its
own, so that reading is not reachable from here by import: this hook runs the share hook's
page reading on a copy of its module, fed the same events (as a package of hooks, importing the
share hook's module would give its reading directly, and the two forwarding events go).
Each section also gets the Roll & Keep rule sets it covers, from its page's Markdown
(macros/rule_sets.py). Runs before security_hook, which leaves `api/` out of the offline copy;
the files are written after the sitemap, which lists pages only.

`make build` logs their count and bytes, plain and gzipped (what a bot downloads from a
compressing host).
"""

from __future__ import annotations

import gzip
import logging
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.structure.files import Files  # noqa: E402
from mkdocs.structure.pages import Page  # noqa: E402

from macros import api, rulings  # noqa: E402
from macros import share_hook as shares  # noqa: E402  (a copy of the share hook: see above)
from macros.mdsource import heading_index  # noqa: E402
from macros.rule_sets import rule_sets  # noqa: E402

log = logging.getLogger("mkdocs.hooks.api")
_rule_sets: dict[str, tuple[str, ...]] = {}   # `rk/damage/#rk-wound-checks` -> ("summary", "house")
_sources: dict[str, str] = {}                  # `rk/damage/` -> `rk/damage.md`


def on_pre_build(*, config: MkDocsConfig) -> None:
    _rule_sets.clear()
    _sources.clear()
    shares.on_pre_build(config=config)


def on_page_markdown(markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    _sources[page.url] = page.file.src_uri
    for anchor, covered in rule_sets(markdown, page.file.src_uri).items():
        _rule_sets[f"{page.url}#{anchor}"] = covered
    return markdown


def on_page_content(html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    return shares.on_page_content(html, page=page, config=config, files=files)


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
            raise ValueError(f"api_hook: the share page {item.anchor} leads to {item.target}, which was not built")
        page_url, _, anchor = item.target.partition("#")
        src = f"{_sources.get(page_url, '')}#{anchor}"
        out["sections"].append(api.section_entry(
            item, built, rule_sets=_rule_sets.get(item.target, ()), rulings=[r.id for r in touching.get(src, ())],
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
    log.info("api: %d files in %s/, %.0f kB (%.0f kB gzipped)", 2 * len(api.NAMES), api.FOLDER, plain / 1e3, zipped / 1e3)
