"""MkDocs hook: the Codex's scripts are shipped without their comment lines (macros/runtime/shipped_js.py).

Each script under docs/assets/js is replaced, for the build, by a generated file of the same
address holding the trimmed text; docs/sw.js is trimmed where the security hook writes it with
its manifest. The sources keep their comments.
"""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from macros.runtime.shipped_js import ships, without_comment_lines


def on_files(files: Files, *, config: MkDocsConfig) -> Files:
    for file in [f for f in files if ships(f.src_uri) and f.src_uri != "sw.js"]:
        files.remove(file)
        files.append(File.generated(config, file.src_uri,
                                    content=without_comment_lines(file.content_string, file.src_uri)))
    return files
