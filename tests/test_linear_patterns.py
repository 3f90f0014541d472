"""Issue 50 item 2: nothing a link or a reader supplies can freeze a page.

Every regular expression in the page's scripts (docs/assets/js/*.js, worker.mjs and docs/sw.js: each literal, found by a small
lexer here, and each pattern made with `new RegExp`, which must be listed below with where its text
comes from) is run under Node on adversarial texts of 1,000 characters (separators, " @" and " x"
repeated, spaces, digits, brackets, each with a character at its end that makes a match fail), by
`exec`, `replace` and `split`: each run must take under 50 ms (a pattern that can match the same text
several ways takes seconds to years there; a linear one, well under a millisecond). The search's reader
(`readRoll`, no pattern at all) is timed on the same texts, its length cap lifted.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from calc.built.phrasings import phrasings
from calc.params import TRAILING_NOTE
from tests.support import ROOT

JS = sorted([*(ROOT / "docs" / "assets" / "js").glob("*.*js"), ROOT / "docs" / "sw.js"])
NODE = shutil.which("node")
LIMIT_MS = 50
# each `new RegExp(...)` of a page script, by file: the pattern's text (and flags) as the page gets it
DYNAMIC = {"asked.js": [(TRAILING_NOTE.pattern, "")]}   # data-note-pattern, written by codex_view/render.py

PIECES = [" ", " @", " x", "  ", "vs ", "6k3 ", "1", "12", " 1", "(", "((", ")", "-", "- ", "\t", "a", "r0",
          "@", "x ", ", ", "+1", "d6", "{a}", "[", "\\", "/", "%", "#", ".", "k"]


def adversarial() -> list[str]:
    texts = []
    for piece in PIECES:
        body = (piece * (1000 // len(piece) + 1))[:999]
        texts += [body + "!", "6k3" + body[:996] + "!"]
    texts += [("6k3" + " @ x" * 250)[:1000], ("6k3" + " @" * 499)[:999] + "x", " x" * 500, "5 dice " + "2 " * 496 + "!"]
    return texts


def regex_literals(source: str) -> list[tuple[str, str]]:
    """(pattern, flags) of each regular-expression literal: a `/` where an expression starts, outside
    strings, comments and the text of templates (their `${...}` is code, and is read)."""
    found: list[tuple[str, str]] = []
    depth: list[int] = []   # for each template whose `${` we are in: the braces open inside it
    i, last = 0, ""
    while i < len(source):
        ch = source[i]
        if source.startswith("//", i):
            end = source.find("\n", i)
            i = len(source) if end < 0 else end
            continue
        if source.startswith("/*", i):
            i = source.index("*/", i) + 2
            continue
        if ch in "\"'" or (ch == "}" and depth and depth[-1] == 0) or ch == "`":
            if ch == "}":
                depth.pop()
                ch = "`"   # back in the template's text
            j = i + 1
            while source[j] != ch and not (ch == "`" and source.startswith("${", j)):
                j += 2 if source[j] == "\\" else 1
            if ch == "`" and source.startswith("${", j):
                depth.append(0)
                i, last = j + 2, "("
                continue
            i, last = j + 1, ch
            continue
        if ch in "{}" and depth:
            depth[-1] += 1 if ch == "{" else -1
        if ch == "/" and (last == "" or last in "(,=:[!&|?{};+-*%<>~^" or last == "return"):
            j, in_class = i + 1, False
            while source[j] != "/" or in_class:
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                j += 1
            k = j + 1
            while k < len(source) and source[k].isalpha():
                k += 1
            found.append((source[i + 1:j], source[j + 1:k]))
            i, last = k, "/"
            continue
        if ch.isalnum() or ch in "_$":
            k = i
            while k < len(source) and (source[k].isalnum() or source[k] in "_$"):
                k += 1
            i, last = k, "return" if source[i:k] == "return" else "a"
            continue
        if not ch.isspace():
            last = ch
        i += 1
    return found


def patterns() -> list[tuple[str, str, str]]:
    out = []
    for path in JS:
        source = path.read_text(encoding="utf-8")
        out += [(path.name, pattern, flags) for pattern, flags in regex_literals(source)]
        if "new RegExp(" in source:
            assert path.name in DYNAMIC, f"{path.name} makes a pattern with new RegExp: list it in DYNAMIC"
            out += [(path.name, pattern, flags) for pattern, flags in DYNAMIC[path.name]]
    return out


TIME_ALL = """
import { readRoll } from %s;
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { patterns, texts, words } = JSON.parse(input);
const best = (run) => { let least = Infinity; for (let i = 0; i < 3; i += 1) { const t = performance.now(); run(); least = Math.min(least, performance.now() - t); } return least; };
const slow = [];
for (const [file, source, flags] of patterns) {
  const once = new RegExp(source, flags.replace("g", ""));
  const every = new RegExp(source, flags.includes("g") ? flags : flags + "g");
  for (const text of texts) {
    const ms = Math.max(best(() => once.exec(text)), best(() => text.replace(every, "")), best(() => text.split(once)));
    if (ms >= %d) slow.push([file, source, text.slice(0, 40), ms]);
  }
}
for (const text of texts) {
  const ms = best(() => readRoll(text, words, Infinity));
  if (ms >= %d) slow.push(["search-answer.js", "readRoll", text.slice(0, 40), ms]);
}
console.log(JSON.stringify(slow));
"""


def test_the_lexer_finds_the_literals() -> None:
    assert regex_literals('const a = /x+/g; // /not/\nconst b = "/no/"; if (/^y$/.test(s)) f(a / 2 / 3);') == [
        ("x+", "g"), ("^y$", "")]
    assert len(patterns()) >= 15


@pytest.mark.skipif(NODE is None, reason="needs Node")
def test_every_pattern_of_the_page_scripts_is_fast_on_adversarial_texts() -> None:
    found = patterns()
    script = TIME_ALL % (json.dumps((ROOT / "docs/assets/js/search-answer.js").as_uri()), LIMIT_MS, LIMIT_MS)
    try:
        done = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, check=True,
                              timeout=120, input=json.dumps({"patterns": found, "texts": adversarial(),
                                                             "words": phrasings()}))
    except subprocess.TimeoutExpired:
        pytest.fail("a pattern ran for minutes on a 1,000-character text")
    assert json.loads(done.stdout) == []
