"""The three games: their docs folders, anchor prefixes and display names."""

from __future__ import annotations

GAMES: dict[str, str] = {
    "sun": "Seventh Sun",
    "rk": "Roll & Keep",
    "pool": "Dice-pool combat and recovery",
}


def game_of(src_uri: str) -> str | None:
    """The game a docs page belongs to, from its folder (`rk/weapons.md` -> `rk`)."""
    head = src_uri.split("/", 1)[0]
    return head if "/" in src_uri and head in GAMES else None
