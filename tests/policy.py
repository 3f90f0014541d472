"""The Content-Security-Policy as the build writes it: the meta tag's pattern, the directives every page needs, and readers for a policy and a page's inline hashes."""

from __future__ import annotations

import base64
import hashlib
import re

META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')
SCRIPT = re.compile(r"<script(\s[^>]*)?>(.*?)</script>", re.S | re.I)
REQUIRED = {
    "default-src": {"'self'"},
    "script-src": {"'self'"},   # the page compiles no WebAssembly: only the worker does (its own policy)
    "worker-src": {"'self'"},
    "connect-src": {"'self'"},
    "img-src": {"'self'", "data:"},
    "style-src": {"'self'"},
    "font-src": {"'self'"},
    "object-src": {"'none'"},
    "media-src": {"'none'"},
    "frame-src": {"'none'"},
    "base-uri": {"'none'"},
    "form-action": {"'self'"},
}


def parse_policy(text: str) -> dict[str, list[str]]:
    out = {}
    for part in text.split(";"):
        name, *values = part.split()
        out[name] = values
    return out


def inline_hashes(html: str) -> set[str]:
    """Computed here independently of the hook: sha256 of each inline script that would run."""
    found = set()
    for attrs, body in SCRIPT.findall(html):
        attrs = attrs or ""
        kind = re.search(r'type="([^"]*)"', attrs)
        if "src=" in attrs or (kind and kind.group(1) not in ("module", "text/javascript")):
            continue
        found.add("'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'")
    return found
