"""MkDocs hook: codex.css is shipped with the selectors of a link's calculator as it lands
(macros/landing_style.py), one per calculator of the site."""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from calc import CALCULATORS
from macros.landing_style import STYLESHEET, shipped


def on_files(files: Files, *, config: MkDocsConfig) -> Files:
    source = files.get_file_from_path(STYLESHEET)
    files.remove(source)
    files.append(File.generated(config, STYLESHEET, content=shipped(source.content_string, CALCULATORS)))
    return files
