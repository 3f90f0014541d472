"""Icons come from the theme's own set, never an emoji (issue 35 item 8).

"⏳" showed as an empty box on a phone without that glyph. The Codex's own icons are CSS variables
named for a file of Material's bundled icon set (`--cx-icon-material-timer-sand` is
`material/timer-sand.svg`), and each holds exactly that file.
"""

from __future__ import annotations

import re
from pathlib import Path

import material

ROOT = Path(__file__).resolve().parent.parent
CSS = ROOT / "docs" / "assets" / "css"
ICONS = Path(material.__file__).parent / "templates" / ".icons"
# emoji and pictographs, and the hourglasses and watches of Miscellaneous Technical
EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\u231A\u231B\u23E9-\u23FA\uFE0F]")


def test_each_codex_icon_is_the_theme_file_it_is_named_for() -> None:
    found = re.findall(r"--cx-icon-([a-z]+)-([a-z0-9-]+):\s*url\('data:image/svg\+xml;charset=utf-8,(.*?)'\)",
                       (CSS / "codex.css").read_text())
    assert {name for _, name, _ in found} >= {"timer-sand", "unfold-more-horizontal"}
    for family, name, svg in found:
        assert svg == (ICONS / family / f"{name}.svg").read_text().strip(), name


def test_the_busy_line_and_a_calculators_disclosures_use_those_icons() -> None:
    css = (CSS / "codex.css").read_text()
    busy = re.search(r'\.cx-status--busy::before \{(.*?)\}', css, re.S)
    assert busy and "var(--cx-icon-material-timer-sand)" in busy.group(1) and 'content: ""' in busy.group(1)
    assert re.search(r"\.cx-calc details \{ --md-admonition-icon--note: var\(--cx-icon-material-unfold-more-horizontal\)",
                     css)


def test_no_emoji_in_what_the_site_draws() -> None:
    files = [*CSS.glob("*.css"), *(ROOT / "docs" / "assets" / "js").glob("*.js"),
             *(ROOT / "codex_view").glob("*.py"), *(ROOT / "calc").glob("*.py")]
    found = {f.name: EMOJI.findall(f.read_text()) for f in files}
    assert {name: chars for name, chars in found.items() if chars} == {}
