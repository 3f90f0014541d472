"""Marking pieces of running text in a page's Markdown tree (ruling IDs as links, rolls as buttons).

One walk for every treeprocessor that turns words into elements: each text node outside the
elements left alone is offered to a `split` function, which returns it as plain strings and new
elements in order (or None to leave it as it is). Text and tails are visited in document order.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree
from typing import Callable, Sequence

Split = Callable[[str, Sequence[etree.Element]], "list[str | etree.Element] | None"]
LEFT_ALONE = frozenset({"a", "code", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "script", "style"})


def mark_text(root: etree.Element, split: Split, left_alone: frozenset[str] = LEFT_ALONE) -> None:
    """Offer every text node under `root` to `split(text, ancestors)`, ancestors ending with the
    element the text sits in, and put the pieces it returns in the text's place."""
    _visit(root, [root], split, left_alone)


def _visit(parent: etree.Element, chain: list[etree.Element], split: Split, left_alone: frozenset[str]) -> None:
    children = list(parent)
    if parent.text:
        pieces = split(parent.text, chain)
        if pieces:
            parent.text = pieces[0]
            _insert(parent, 0, pieces[1:])
    for child in children:
        if child.tag not in left_alone:
            _visit(child, [*chain, child], split, left_alone)
        if child.tail:
            pieces = split(child.tail, chain)
            if pieces:
                child.tail = pieces[0]
                _insert(parent, list(parent).index(child) + 1, pieces[1:])


def _insert(parent: etree.Element, at: int, pieces: Sequence[str | etree.Element]) -> None:
    """Insert alternating elements and strings (each string the tail of the element before it)."""
    for piece in pieces:
        if isinstance(piece, str):
            parent[at - 1].tail = piece
        else:
            parent.insert(at, piece)
            at += 1


__all__ = ["LEFT_ALONE", "mark_text"]
