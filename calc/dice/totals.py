"""A distribution's totals in a bounded number of rows: for a chart or a table that must stay small.

A dice expression can reach tens of thousands of totals (`3d100*100+1d100`: 29,800). A result's
chart and table draw at most a few hundred; past that, runs of consecutive totals share one row,
whose chance is the sum of theirs. Each row keeps what a reader reads from it: the lowest and
highest total it holds, the chance of landing in it, and the chance of at least its lowest total.
"""

from __future__ import annotations

from math import ceil, fsum
from typing import NamedTuple, Sequence


class Run(NamedTuple):
    """Consecutive totals `low`..`high` (equal for a single total) of a distribution."""

    low: int
    high: int
    chance: float     # of a total from low to high
    at_least: float   # of a total of low or more


def at_least(pmf: Sequence[Sequence[float]]) -> list[float]:
    """The chance of each total or more, summed from the top down (subtracting from 1 leaves float
    dust, and the last total would read "at least 0%"), never above 1."""
    out, running = [], 0.0
    for _, p in reversed(pmf):
        running += p
        out.append(min(running, 1.0))
    return out[::-1]


def single(pmf: Sequence[Sequence[float]]) -> list[Run]:
    """One run per total."""
    return [Run(int(x), int(x), p, up) for (x, p), up in zip(pmf, at_least(pmf))]


def run_size(count: int, *, most: int) -> int:
    """How many consecutive totals share a run when `count` totals must fit in `most` runs."""
    if most < 1:
        raise ValueError("most must be at least 1")
    return max(1, ceil(count / most))


def grouped(pmf: Sequence[Sequence[float]], *, most: int, above: float = 0.0) -> list[Run]:
    """The totals in at most `most` runs of equal length (the last may be shorter); `above` is the
    chance of the totals past the last one given (a chart's window leaves its tail out)."""
    size = run_size(len(pmf), most=most)
    ups = at_least(pmf)
    runs = []
    for start in range(0, len(pmf), size):
        part = pmf[start : start + size]
        runs.append(Run(int(part[0][0]), int(part[-1][0]), fsum(p for _, p in part), min(ups[start] + above, 1.0)))
    return runs


def ends_and_ranges(pmf: Sequence[Sequence[float]], *, ends: int, middle: int) -> list[Run]:
    """The first and last `ends` totals one by one and the totals between them in at most `middle`
    runs: a table a reader can scroll, whose ends (the extremes people ask about) stay exact."""
    if len(pmf) <= 2 * ends + middle:
        return single(pmf)
    rows = single(pmf)
    last = len(pmf) - ends
    between = grouped(pmf[ends:last], most=middle, above=rows[last].at_least if ends else 0.0)
    return rows[:ends] + between + rows[last:]


__all__ = ["Run", "at_least", "ends_and_ranges", "grouped", "run_size", "single"]
