"""What the offline tests share: the service worker's manifest as a build wrote it, and a listener for blocked requests."""

from __future__ import annotations

import json
from pathlib import Path
import re
from typing import Any

CSP_LISTEN = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.effectiveDirective + ' ' + e.blockedURI));
"""


def manifest(site: Path) -> dict[str, Any]:
    """The offline manifest the build wrote into a built site's sw.js."""
    return manifest_of((site / "sw.js").read_text(encoding="utf-8"))


def manifest_of(text: str) -> dict[str, Any]:
    """The manifest in a service worker's text."""
    start = re.search(r"\bconst MANIFEST\s*=\s*", text).end()   # as written, or as esbuild ships it
    return json.JSONDecoder().raw_decode(text, start)[0]
