"""What the search loads when the reader opens it, beyond Material's own index: the answers to a
roll typed into it (written by the search hook from calc/built/search_answers.py), the module that shows
them and its styles. No page load carries them; the security hook keeps them offline when the
search first loads them, not when the service worker installs.
"""

from __future__ import annotations

ANSWERS = "search/answers.json"   # fetched by docs/assets/js/search-answer.js when the search opens
LOADED_ON_OPEN = ("assets/js/search-answer.js", "assets/css/search-answer.css", ANSWERS)

__all__ = ["ANSWERS", "LOADED_ON_OPEN"]
