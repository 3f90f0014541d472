"""The build's MkDocs hooks, as one package: each module holds the events of one concern.

MkDocs loads hook files by their path (mkdocs.yml `hooks:`), each with its own folder importable
only while it loads. The project lists one file, `hooks.py` at its root, which imports this
package: the root is then importable, so these modules import `calc` and `macros` as any module
does. Here each event becomes one function that calls the modules' handlers of that event in
`ORDER`, passing the item each returns on to the next, as MkDocs itself chains the handlers of
separate hook files (`PluginCollection.run_event`).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Callable

from macros.hooks import answers, api, contract, forum, jump, rolls, scripts, search, security, share, site, styles

ORDER: tuple[ModuleType, ...] = (
    site,       # ships Pyodide, the wheel, the trimmed standard library and the snapshot
    forum,      # social cards, link previews, rulings (backlinks, rulings.xml)
    jump,       # "Jump to the calculator" near the top of a page whose calculator is far down
    search,     # search terms: glossary homes, ruling IDs as typed (before security)
    share,      # a share page and card per rule anchor and ruling (before security and contract)
    api,        # rulings, sections and calculators as JSON at api/v1/ (after share, before security)
    rolls,      # each page's roll data, rolls.json beside it (before security)
    answers,    # every built question answered: its answer.json.gz and its odds page, q/<calculator>/<slug>/ (before security)
    scripts,    # the Codex's scripts shipped without their comment lines
    styles,     # codex.css with the selectors of a link's calculator as it lands
    security,   # after site: CSP meta tag, offline service worker manifest
    contract,   # published anchors and the rulings lock: a broken promise stops the build
)


def handlers(event: str, modules: tuple[ModuleType, ...] = ORDER) -> tuple[Callable[..., Any], ...]:
    """The modules' handlers of `event` ("on_files"), in their order."""
    return tuple(getattr(module, event) for module in modules if callable(getattr(module, event, None)))


def chained(event: str, modules: tuple[ModuleType, ...] = ORDER) -> Callable[..., Any]:
    """One handler for `event` that runs every module's in order. Like MkDocs between hook files,
    an event's item (its one positional argument, when it has one) is replaced by what a handler
    returns unless that is None; the other arguments are passed to each handler as they came."""
    steps = handlers(event, modules)

    def run(*item: Any, **context: Any) -> Any:
        for step in steps:
            result = step(*item, **context)
            if item and result is not None:
                item = (result,)
        return item[0] if item else None

    run.__name__ = run.__qualname__ = event
    return run


EVENTS = sorted({name for module in ORDER for name, value in vars(module).items()
                 if name.startswith("on_") and callable(value)})
globals().update({event: chained(event) for event in EVENTS})

__all__ = list(EVENTS)
