"""Number formats shared by every calculator view (the formats themselves live in `calc.wording`)."""

from __future__ import annotations

from calc.wording import figure, number, percent



def size_words(size: int) -> str:
    """A file's size in bytes as a reader weighs a download: "870 bytes", "12 kB", "1.1 MB" (1 kB = 1000 bytes)."""
    if size < 1000:
        return f"{size} bytes"
    if size < 999_500:
        kb = size / 1000
        return f"{kb:.1f} kB" if kb < 9.95 else f"{kb:.0f} kB"
    return f"{size / 1_000_000:.1f} MB"


__all__ = ["figure", "number", "percent", "size_words"]
