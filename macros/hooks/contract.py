"""MkDocs hook: the link contract, enforced by the build that deploys (not only by the tests).

Published anchors
    `contracts/published_anchors.txt` lists every `page/#anchor` a forum post may cite. After the
    build, each must still be a heading on its page, or be declared moved in
    `docs/anchor_redirects.json` to a `page/#anchor` that is built (links.js follows it).
    A renamed heading or a deleted ruling (`rulings/#r-00NN`) stops the build. Each of them, and
    each ruling, must also have its share page, `s/<anchor>/` (macros/hooks/share.py).
    MkDocs' own `validation: anchors: warn` (mkdocs.yml) adds the links between pages: with
    `--strict`, a link to an anchor that no longer exists stops the build too.

Rulings lock
    `contracts/rulings.lock.json` (macros/contracts/ruling_lock.py) holds each published ruling's digest of
    title and statement. A locked ruling that changed or vanished stops the build before any page
    is rendered. Rulings not locked yet are reported (tests/test_deploy_contract.py requires them
    locked, so nothing reaches the deploy unlocked). Reviewed wording fixes are listed in the changelog.

`mkdocs serve` reports these problems as warnings instead, so a half-finished edit keeps serving.
"""

from __future__ import annotations

import logging
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the project

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from macros import rulings

from macros.contracts import ruling_lock
from macros.links import share_path
from macros.contracts.published import REDIRECTS, read_published, read_redirects
from macros.contracts.site_index import published_anchors

CHANGELOG = "changelog.md"
log = logging.getLogger("mkdocs.hooks.contract")

_serving = False


def on_startup(*, command: str, dirty: bool) -> None:
    global _serving
    _serving = command == "serve"


def _fail(title: str, problems: list[str]) -> None:
    message = f"{title}:\n  " + "\n  ".join(problems)
    if _serving:
        log.warning(message)
    else:
        raise PluginError(message)


def lost_anchors(published: set[str], built: set[str], redirects: dict[str, str]) -> list[str]:
    """What breaks the promise: a published anchor neither built nor redirected, or a redirect to nowhere."""
    found = []
    for old, new in sorted(redirects.items()):
        if new not in built:
            found.append(f"{REDIRECTS}: {old} -> {new}, but {new} is not built")
    for anchor in sorted(published - built):
        if anchor not in redirects:
            found.append(
                f"{anchor} is published but no longer built: restore its heading's {{ #anchor }}, or map it "
                f"to its new place in docs/{REDIRECTS}"
            )
    return found


def missing_shares(site: Path, published: set[str], ruling_anchors: list[str]) -> list[str]:
    """Each published anchor and each ruling whose share page (`s/<anchor>/`) was not written."""
    anchors = sorted({a.partition("#")[2] for a in published} | set(ruling_anchors))
    return [
        f"{anchor} has no share page ({share_path(anchor)}index.html): macros/hooks/share.py writes one per "
        "published anchor and ruling"
        for anchor in anchors if not (site / share_path(anchor) / "index.html").is_file()
    ]


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """The rulings lock is checked first, before any hook's files (and their Node steps) are made."""
    lock = ruling_lock.read()
    current = ruling_lock.digests(rulings.load())
    wrong = ruling_lock.problems(lock, current)
    if wrong:
        _fail(f"published rulings changed ({ruling_lock.LOCK.relative_to(ROOT)})", wrong)
    new = ruling_lock.unlocked(lock, current)
    if new:
        log.info("rulings not locked yet: %s; run `%s --write` before publishing", ", ".join(new), ruling_lock.TOOL)
    return config


def on_page_markdown(markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """The changelog lists the reviewed wording fixes of published rulings, before its dated entries."""
    if page.file.src_uri != CHANGELOG:
        return markdown
    section = rulings.lock_updates_markdown(ruling_lock.read()["updates"], from_uri=CHANGELOG)
    if not section:
        return markdown
    lines = markdown.split("\n")
    at = next((n for n, line in enumerate(lines) if line.startswith("## ")), len(lines))
    return "\n".join(lines[:at] + [section] + lines[at:])


def on_post_build(*, config: MkDocsConfig) -> None:
    site = Path(config.site_dir)
    redirects = read_redirects(config.docs_dir)
    published = read_published()
    lost = lost_anchors(published, published_anchors(site), redirects)
    if lost:
        _fail("published anchors lost (contracts/published_anchors.txt)", lost)
    unshared = missing_shares(site, published, [r.anchor for r in rulings.load()])
    if unshared:
        _fail("share pages missing", unshared)
