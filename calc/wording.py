"""How calc writes numbers in words: percentages, averages, signed changes, XkY and plurals.

One place for the formats the notes use and the views show (`codex_view.format` delegates here),
so a figure reads the same in a note, a table and a headline.
"""

from __future__ import annotations

from math import isclose


def percent(p: float, *, places: int = 2, exact: bool = False) -> str:
    """A chance as every surface writes it (page, popover, search, command line, cards): the one
    formatter of probabilities. `places` decimals of a percent ("36.58%"); a chance nearer 0 or 1
    than that can write is said in words, never rounded to a false "0%" or "100%": "less than
    0.01%", "more than 99.99%" (only an impossible chance is "0%", only a certain one "100%"). The
    ends themselves are figures like any other: exactly 0.01% is "0.01%". With `exact` (a table,
    where the reader asks for figures) a chance below the least written also gives its value in
    scientific notation: "less than 0.01% (9.8e-19%)"."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    least = 10.0 ** -(places + 2)   # the smallest chance the digits write: 0.0001 is 0.01%
    if p < least and not isclose(p, least, rel_tol=1e-9):
        said = f"less than {least * 100:.{places}f}%"
        return f"{said} ({p * 100:.1e}%)" if exact else said
    if p > 1 - least and not isclose(p, 1 - least, rel_tol=1e-9):
        return f"more than {(1 - least) * 100:.{places}f}%"
    return f"{p * 100:.{places}f}%"


def left_out_note(tail: float) -> list[str]:
    """The note on the chance a truncated explosion leaves out (none when nothing is)."""
    if tail <= 0:
        return []
    return ["Exploding dice are followed until less than one chance in ten trillion is left; "
            f"the probability left out is {percent(tail, exact=True)}."]


def rough_percent(p: float) -> str:
    """A chance to the whole percent, for a sentence ("88%"; "less than 1%" near the ends): `percent`."""
    return percent(p, places=0)


def number(x: float) -> str:
    """A mean or other real number to two decimals; a whole number stays whole ("3"), but a value
    that only rounds to one keeps its decimals ("3.00" for 3.0024), so it never looks exact."""
    if not isinstance(x, float):
        return str(x)
    if x.is_integer():
        return str(int(x))
    return f"{x:.2f}"


# An average count at or above this is written by its size alone. Such a count is one over a tiny
# chance (a blow that lands once in a billion attacks), and that chance comes out of sums and
# differences of probabilities near 1, so only its first few digits are exact; below it, one
# decimal is at most eight significant digits, well inside what the sums keep.
EXACT_AVERAGE_BELOW = 1_000_000


def average(x: float | None) -> str:
    """An average count of attempts ("8.2"): "never" for none, "more than a million" past the digits it has."""
    if x is None:
        return "never"
    if x >= EXACT_AVERAGE_BELOW:
        return "more than a million"
    return f"{x:.1f}"


def figure(value: object, kind: str, *, exact: bool = False) -> str:
    """A result's figure as a headline shows it (`kind`: percent, integer, number, average; anything else
    as text); `exact` for a table's cell (a tiny chance with its value: `percent`)."""
    if kind == "percent" and isinstance(value, (int, float)):
        return percent(float(value), exact=exact)
    if kind == "average" and isinstance(value, (int, float)) and value >= EXACT_AVERAGE_BELOW:
        return average(float(value))
    if kind == "integer" and isinstance(value, (int, float)):
        return str(int(value))
    if isinstance(value, (int, float)):
        return number(float(value))
    return str(value)


def apart(a: float, b: float, *, as_percent: bool = False) -> tuple[str, str]:
    """Two figures written with the fewest decimals (0 to 4) that show they differ, for a sentence that
    compares them ("94.46%, against 96.55%"); equal figures keep four decimals. Chances are written
    by `percent`."""
    first = 0 if as_percent else 2
    for places in range(first, 5):
        x, y = ((percent(a, places=places), percent(b, places=places)) if as_percent
                else (f"{a:.{places}f}", f"{b:.{places}f}"))
        if x != y:
            return x, y
    return x, y


def signed(n: int) -> str:
    """A change with its sign: "+5", "0", "\u22123" (a true minus sign)."""
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"\u2212{-n}")


def xky(rolled: int, kept: int) -> str:
    """Roll & Keep dice as written: 5k3."""
    return f"{rolled}k{kept}"


def raises_words(n: int) -> str:
    """A number of raises in a sentence: "no raises", "1 raise", "3 raises"."""
    return "no raises" if n == 0 else plural(n, "raise")


COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count_words(n: int) -> str:
    """A small count in words, as a sentence says it ("two raises"); past ten, in digits."""
    return COUNTS[n] if 0 <= n < len(COUNTS) else str(n)


def times_words(n: int) -> str:
    """A multiple in words: "once", "twice", "3 times"."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def plural(n: int, word: str) -> str:
    """`n` and the word, with an s unless n is 1: "1 raise", "3 raises"."""
    return f"{n} {word}{'s' if n != 1 else ''}"


def rules_words(rules: str) -> str:
    """Which Roll & Keep rules, as a sentence names them (house rules, or summary rules)."""
    return "house rules" if rules == "house" else "summary rules"
