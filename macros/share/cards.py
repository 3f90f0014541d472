"""Social cards: the 1200x630 PNG a forum or chat shows when someone pastes a Codex link.

Drawn with Pillow's built-in scalable font (`ImageFont.load_default(size=...)`, Pillow 10.1+),
so a build needs no font file and downloads nothing. The bytes depend only on the text and
the pinned Pillow version: the same page gives the same card on every build.
"""

from __future__ import annotations

import io
import json
import math
from functools import lru_cache
from pathlib import Path

import PIL
from PIL import Image, ImageDraw, ImageFont

from macros.build_cache import cached_batch

WIDTH, HEIGHT = 1200, 630
MARGIN = 80
BACKGROUND = (33, 28, 26)
ACCENT = (255, 87, 34)         # Material "deep orange", the site's primary colour
AMBER = (255, 193, 7)          # the site's accent colour
TEXT = (250, 246, 242)
MUTED = (200, 190, 182)
TITLE_SIZES = (88, 76, 64, 54, 46)
LEADING = 1.18
PALETTE_COLOURS = 64
FOOTER = "Rules, rulings and exact odds"   # under the title of every card


def card_path(src_uri: str) -> str:
    """Where a page's card is published: `rk/damage.md` -> `assets/cards/rk/damage.png`."""
    stem = src_uri[:-3] if src_uri.endswith(".md") else src_uri
    return f"assets/cards/{stem}.png"


@lru_cache(maxsize=None)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _wrap(draw: ImageDraw.ImageDraw, text: str, font: object, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and draw.textlength(f"{lines[-1]} {word}", font=font) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _fit(draw: ImageDraw.ImageDraw, text: str, width: int, height: int) -> tuple[object, int, list[str]]:
    """The largest title size whose wrapped lines fit the box; at the smallest, cut with an ellipsis."""
    for size in TITLE_SIZES:
        font = _font(size)
        lines = _wrap(draw, text, font, width)
        fits = len(lines) * int(size * LEADING) <= height
        if fits and all(draw.textlength(line, font=font) <= width for line in lines):
            return font, size, lines
    lines = lines[: max(1, height // int(size * LEADING))]
    while len(lines[-1]) > 1 and draw.textlength(lines[-1] + "…", font=font) > width:
        lines[-1] = lines[-1][:-1]
    lines[-1] = lines[-1].rstrip() + "…"
    return font, size, lines


def _sun(draw: ImageDraw.ImageDraw, cx: int, cy: int, r: int) -> None:
    """The Codex's mark: a sun with seven rays, drawn, not loaded."""
    for k in range(7):
        angle = math.pi / 2 + k * 2 * math.pi / 7
        inner, outer = r * 1.25, r * 1.75
        draw.line(
            [(cx + inner * math.cos(angle), cy - inner * math.sin(angle)),
             (cx + outer * math.cos(angle), cy - outer * math.sin(angle))],
            fill=AMBER, width=max(4, r // 8),
        )
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=ACCENT)


def card_png(*, site_name: str, title: str, game: str | None = None, footer: str = "") -> bytes:
    """A 1200x630 PNG: site name, the game (if any) and the page title, with an optional footer."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, 24, HEIGHT], fill=ACCENT)
    _sun(draw, WIDTH - 150, 140, 48)
    draw.text((MARGIN, 70), site_name, font=_font(44), fill=AMBER)
    y = 160
    if game and game != title:
        draw.text((MARGIN, y), game, font=_font(40), fill=MUTED)
        y += 74
    # clear of the sun mark while level with it; above the footer rule in any case
    width = WIDTH - 2 * MARGIN - (180 if y < 240 else 0)
    font, size, lines = _fit(draw, title, width, HEIGHT - 130 - y)
    for line in lines:
        draw.text((MARGIN, y), line, font=font, fill=TEXT)
        y += int(size * LEADING)
    draw.rectangle([MARGIN, HEIGHT - 110, MARGIN + 120, HEIGHT - 104], fill=ACCENT)
    if footer:
        draw.text((MARGIN, HEIGHT - 86), footer, font=_font(32), fill=MUTED)
    # 64 colours hold the flat fills and the text's anti-aliasing: a third of the bytes of RGB,
    # and quicker to compress. Both steps are deterministic, and no metadata is written.
    out = io.BytesIO()
    image.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE).save(out, format="PNG", compress_level=6)
    return out.getvalue()



# A card's bytes depend on its text, this drawing code and Pillow only: kept across builds
# (macros/build_cache.py) under those, each card is drawn once.
_CODE = Path(__file__).read_bytes() + PIL.__version__.encode()


def drawn(cards: list[dict[str, str | None]]) -> tuple[list[bytes], int]:
    """`card_png(**c)` for each set of keyword arguments, from `.cache/cards` when drawn before;
    the missing ones are drawn on every core. Returns the PNGs in order and how many were drawn."""
    jobs = [(_CODE + json.dumps(c, sort_keys=True).encode(), c) for c in cards]
    return cached_batch("cards", jobs, card_png)
