"""The build's hooks (mkdocs.yml `hooks:`): every event of the package `macros/hooks/`, in its order.

MkDocs imports this file by its path with its folder, the project root, importable while it does;
the package's modules then import `calc` and `macros` plainly, with no path set-up of their own.
"""

from macros.hooks import *  # noqa: F401,F403  (the package's `on_*` events: EVENTS)
