"""MkDocs hook: the Codex's scripts are shipped minified (macros/runtime/shipped_js.py, esbuild).

Each script under docs/assets/js is replaced, for the build, by a generated file of the same
address holding the minified text; docs/sw.js is minified where the security hook writes it with
its manifest. The sources keep their comments.
"""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from macros.runtime.shipped_js import minified, ships


def on_files(files: Files, *, config: MkDocsConfig) -> Files:
    scripts = [f for f in files if ships(f.src_uri) and f.src_uri != "sw.js"]
    shipped = minified({f.src_uri: f.content_string for f in scripts})
    for file in scripts:
        files.remove(file)
        files.append(File.generated(config, file.src_uri, content=shipped[file.src_uri]))
    return files
