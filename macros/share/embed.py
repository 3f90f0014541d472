"""Discord's component embed: a page's own layout for its preview in Discord, beside the Open Graph tags.

Discord reads `<script id="discord:component-embed" type="application/json">` from the served HTML
(Discord developer documentation, Link Previews › Component Embeds) and shows its components in
place of the Open Graph preview; where it cannot (over a limit, a reader on an older client), the
Open Graph tags stay the preview. The document is one object, `{"component": container}`: a single
container (type 17) holding text displays (type 10) and one action row (type 1) with a link button
(type 2, style 5). Discord's limits, checked for every page by `problems`: at most `MOST_BYTES`
bytes as served (an escape such as `\\u003c` counts at its full length), one container and no other
container inside it, at most `MOST_COMPONENTS` components in all, `MOST_IN_CONTAINER` in the
container, `MOST_BUTTONS` buttons in a row, a button's label at most `MOST_LABEL` characters.

Text displays take Discord's Markdown: what the Codex writes there is escaped (`markdown`), so a
rule's words never turn into formatting. A button's address is absolute and inside the site, so a
preview never leads off it.
"""

from __future__ import annotations

import json
from typing import Any, Iterator, Sequence

ID = "discord:component-embed"
CONTAINER, TEXT, ROW, BUTTON = 17, 10, 1, 2
LINK_STYLE = 5
MOST_BYTES = 3000
MOST_COMPONENTS = 40
MOST_IN_CONTAINER = 10
MOST_BUTTONS = 5
MOST_LABEL = 80
MOST_TEXT = 4000            # characters of text in all the text displays together
_MARKDOWN = "\\*_~`|[]"        # formatting anywhere in a line
_LINE_START = "#->"               # a heading, a list or a quote when a line opens with it
_ESCAPED = str.maketrans({ch: f"\\{ch}" for ch in _MARKDOWN})
_SCRIPT_SAFE = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026"})


def markdown(text: str) -> str:
    """`text` with Discord's Markdown characters escaped, read as plain words."""
    out = text.translate(_ESCAPED)
    return f"\\{out}" if out[:1] in _LINE_START and out else out


def text(content: str) -> dict[str, Any]:
    return {"type": TEXT, "content": content}


def link_row(label: str, url: str) -> dict[str, Any]:
    return {"type": ROW, "components": [{"type": BUTTON, "style": LINK_STYLE, "label": label, "url": url}]}


def document(parts: Sequence[dict[str, Any]], *, accent: tuple[int, int, int]) -> str:
    """The embed's JSON as it goes into the page: one container of `parts`, with `<`, `>` and `&`
    escaped so no text can end the script element."""
    colour = (accent[0] << 16) | (accent[1] << 8) | accent[2]
    body = json.dumps({"component": {"type": CONTAINER, "accent_color": colour, "components": list(parts)}},
                      ensure_ascii=False, separators=(",", ":"))
    return body.translate(_SCRIPT_SAFE)


def script(payload: str) -> str:
    """The element Discord reads (payload from `document`, already safe inside a script element)."""
    return f'<script id="{ID}" type="application/json">{payload}</script>'


def _walk(component: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield component
    for child in component.get("components", ()):
        yield from _walk(child)
    if isinstance(component.get("accessory"), dict):
        yield from _walk(component["accessory"])


def problems(payload: str, *, site: str) -> list[str]:
    """What in an embed Discord would refuse, or what would lead off the site ([] when nothing)."""
    size = len(payload.encode("utf-8"))
    out = [f"{size} bytes, over {MOST_BYTES}"] if size > MOST_BYTES else []
    try:
        data = json.loads(payload)
    except ValueError as err:
        return out + [f"not JSON ({err})"]
    root = data.get("component") if isinstance(data, dict) else None
    if not isinstance(data, dict) or set(data) != {"component"} or not isinstance(root, dict) \
            or root.get("type") != CONTAINER:
        return out + ["not one container under `component`"]
    found = list(_walk(root))
    if len(found) > MOST_COMPONENTS:
        out.append(f"{len(found)} components, over {MOST_COMPONENTS}")
    if len(root.get("components", ())) > MOST_IN_CONTAINER:
        out.append(f"{len(root['components'])} components in the container, over {MOST_IN_CONTAINER}")
    if sum(c.get("type") == CONTAINER for c in found) != 1:
        out.append("a container inside the container")
    if sum(len(c.get("content", "")) for c in found if c.get("type") == TEXT) > MOST_TEXT:
        out.append(f"over {MOST_TEXT} characters of text")
    for c in found:
        if c.get("type") == ROW and len(c.get("components", ())) > MOST_BUTTONS:
            out.append(f"a row of {len(c['components'])} buttons, over {MOST_BUTTONS}")
        if c.get("type") == BUTTON:
            if c.get("style") != LINK_STYLE or not str(c.get("url", "")).startswith(site):
                out.append(f"a button that is no link into the site ({c.get('url')!r})")
            if not c.get("label") or len(c["label"]) > MOST_LABEL:
                out.append(f"a button label of {len(c.get('label') or '')} characters (1 to {MOST_LABEL})")
    if not any(c.get("type") == BUTTON for c in found):
        out.append("no button")
    return out


__all__ = ["ID", "MOST_BYTES", "MOST_COMPONENTS", "document", "link_row", "markdown", "problems", "script", "text"]
