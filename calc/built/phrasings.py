"""The words a player types around a roll, as data, and the reader that takes a typed roll apart.

"6k3 25", "odds of 6 kept 3 vs TN 25 with two raises", "a pool of 5 dice need 2": the search reads
each one the same way (docs/assets/js/search-answer.js), with the words this module lists, written
into search/answers.json by macros/hooks/search.py (`phrasings()`). `read` here is that reader's
twin, step for step; one table of phrasings (tests/phrasing_table.json) checks both, the page's under
Node. Both run in time linear in what is typed: a scanner over characters makes tokens (a run of
digits, a run of letters, one other character), and a parser reads them left to right, looking at
most two tokens ahead and never going back more than the few tokens of one clause. No regular
expression takes part.

What a reading is (values are text, as the calculators' fields take them):
- `{"kind": "rk", "values": {"rolled", "kept", "tn"?, "raises"?}}`: Roll & Keep; without a TN the
  page shows the roll at `LONE_TNS`; "6l3 25" (a key next to k) adds `"meant": "6k3 25"`;
- `{"kind": "sun", "values": {"die", "bonus", "target"}}`: Seventh Sun; 4d6 with no die named is read
  as the bonus die, with `"plain": {"kind": "sum", ...}`, the same dice added up;
- `{"kind": "pool", "values": {"dice", "black"?, "need"?}}`: a dice pool;
- `{"kind": "dice", "values": {"expr", "target"}}`: any other dice expression;
- any of the first three with `"versus"`: a second roll of the same kind, compared;
- `{"kind": "named", "values": {"name"}}`: a foe named alone ("goon"), answered with the fight
  calculator set to each kind of defender the word may mean (`named()`, figures from calc).

The dice rules stay in calc: this module only reads words, and says what a Raise adds to a TN by
the rules' own number (`calc.roll_keep.rules.RAISE`, from calc/data/rk_numbers.json).
"""

from __future__ import annotations

from typing import Any

from calc.roll_keep.rules import RAISE

MOST = 200                        # longer text is no roll (and is not read)
LONE_TNS = (10, 15, 20, 25, 30)   # a lone "6k3": its chances at these TNs
COUNT_DIGITS = 3                  # dice rolled, kept, in a pool, black: up to 999
NUMBER_DIGITS = 6                 # a TN, a target, a bonus

# Each list: the words (lower case) or single characters that play one part in a phrasing.
WORDS: dict[str, list[str]] = {
    # said around a roll, and read as nothing
    "filler": ["odds", "chance", "chances", "of", "the", "what", "is", "are", "l5r", "roll", "rolling", "to", "do",
               "on", "for", "with", "and", "call", "least", "s", "attacks", "until", "down", "?", ",", ".", "!", ":",
               "'", "’", "%"],
    "article": ["a", "an"],    # read as nothing, but as 1 before a raise ("a raise")
    "keep": ["k", "kept", "keep", "keeps", "keeping"],          # 6k3, 6 kept 3
    "near_keep": ["l", "j", "i", "o", "m"],                     # beside k on a keyboard: 6l3 is 6k3 mistyped
    "d": ["d"],                                                 # 3d6
    "against": ["vs", "v", "versus", "against", "tn", "target", "at", "@", ">", "=", "≥", "need", "needs",
                "needing", "over"],                             # before a TN, a target, the successes needed
    "joiner": ["vs", "v", "versus", "against", "or", "compared"],   # between two rolls
    "raise": ["raise", "raises"],                               # 6k3 25 two raises
    "pool": ["pool"],
    "dice": ["dice", "die"],
    "black": ["black"],
    "success": ["success", "successes", "net", "needed"],
    "bonus": ["bonus"],
    "penalty": ["penalty"],
    "goon": ["goon", "goons", "mook", "mooks", "minion", "minions"],   # a foe who falls fast: either kind below
    "henchman": ["henchman", "henchmen"],
    "brute": ["brute", "brutes"],
    "plus": ["+"],
    "minus": ["-", "−"],
}
# a foe named alone ("goon"): the fight calculator set to each kind of defender the word may mean
NAMED = {"goon": ("henchman", "brute"), "henchman": ("henchman",), "brute": ("brute",)}
NAMED_CALCULATOR = ("rk-fight", "category", {"rules": "summary"})   # the kinds are the summary rules'
NUMBER_WORDS = ["one", "two", "three", "four", "five", "six"]   # each is its place in the list, from 1
# what a dice expression may hold (with spaces), and what may end it before a target
EXPRESSION_CHARACTERS = "0123456789dkhlrofx+-*/()!<>=.,%"
EXPRESSION_ENDS = "_)!%"   # beside a letter or a digit
TARGET_WORDS = ["vs", "against", "tn", "target", "."]   # between a dice expression and its target
SPACES = (0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF)   # beside every code up to 32 and 0x2000-0x200A


# what the answer says of a reading, `{name}` filled in by the page
TEXTS = {
    "meant": "Did you mean {typed}?",
    "lone": "{rolled}k{kept} at each TN:",
    "tn": "TN {tn}",
    "raised": "{raises} Raises on TN {tn}: the roll must reach {n}.",
    "plain": "4d6 all added up ({expr} against {target})",
}


def named() -> dict[str, Any]:
    """For each foe's word: the fight calculator set to each kind it may mean, with its first headline's
    figure at the calculator's other defaults (`Question.answer`), and the address that asks it."""
    from calc.question import Question
    from calc.registry import get

    cid, field, fixed = NAMED_CALCULATOR
    calculator = get(cid)
    headline = calculator.headlines[0]
    kinds = {}
    for kind in sorted({k for ks in NAMED.values() for k in ks}):
        settings = {**calculator.defaults(), **fixed, field: kind}
        result = Question.of(cid, settings).answer()
        address = Question.of(cid, {**fixed, field: kind}).address()   # the rest at the form's defaults
        kinds[kind] = {"href": address, "label": headline.title(result), "figure": headline.shown(result),
                       "words": f"{calculator.param(field).label}: {calculator.param(field).words(kind, settings)}"}
    return {"title": calculator.title, "kinds": kinds, "words": {word: list(ks) for word, ks in NAMED.items()}}


def phrasings() -> dict[str, Any]:
    """The words and numbers the page reads a typed roll with, JSON-ready (in search/answers.json)."""
    return {"named": named(), "most": MOST, "words": {part: " ".join(words) for part, words in WORDS.items()},
            "numbers": " ".join(NUMBER_WORDS), "raise": RAISE, "raise_field": "raises",
            "lone": list(LONE_TNS), "expression": EXPRESSION_CHARACTERS, "ends": EXPRESSION_ENDS,
            "target": TARGET_WORDS, "digits": [COUNT_DIGITS, NUMBER_DIGITS], "texts": TEXTS}


# ---------------------------------------------------------------- characters to tokens
def is_space(ch: str) -> bool:
    code = ord(ch)
    return code <= 32 or code in SPACES or 0x2000 <= code <= 0x200A


def is_digit(ch: str) -> bool:
    return "0" <= ch <= "9"


def is_letter(ch: str) -> bool:
    return "a" <= ch <= "z" or "A" <= ch <= "Z"


def lower(text: str) -> str:
    """A-Z to a-z, and nothing else (the page's twin does the same)."""
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text)


def known_words() -> set[str]:
    return {word for words in WORDS.values() for word in words} | set(NUMBER_WORDS)


def tokens(text: str, known: set[str] | None = None) -> list[dict[str, Any]]:
    """Tokens: `{"t": "n"|"w"|"s", "v": text (lower case), "at", "end", "spaced": whitespace before}`.
    A run of letters and digits is one token when it is a known word ("l5r"), else it splits where
    letters meet digits ("6k3" -> 6, k, 3; "tn25" -> tn, 25)."""
    known = known_words() if known is None else known
    out: list[dict[str, Any]] = []
    i, spaced = 0, False
    while i < len(text):
        ch = text[i]
        if is_space(ch):
            spaced, i = True, i + 1
            continue
        if not (is_digit(ch) or is_letter(ch)):
            out.append({"t": "s", "v": ch, "at": i, "end": i + 1, "spaced": spaced})
            spaced, i = False, i + 1
            continue
        j = i
        while j < len(text) and (is_digit(text[j]) or is_letter(text[j])):
            j += 1
        run = lower(text[i:j])
        if run in known:
            out.append({"t": "w", "v": run, "at": i, "end": j, "spaced": spaced})
        else:
            k = i
            while k < j:
                digits = is_digit(text[k])
                m = k
                while m < j and is_digit(text[m]) == digits:
                    m += 1
                out.append({"t": "n" if digits else "w", "v": lower(text[k:m]), "at": k, "end": m,
                            "spaced": spaced if k == i else False})
                k = m
        spaced, i = False, j
    return out


# ---------------------------------------------------------------- tokens to a roll
def whole(digits: str) -> str:
    """"06" is 6, as the calculators read it; "-05" is -5."""
    return str(int(digits))


class Reader:
    """One typed text's significant tokens (fillers left out), read left to right."""

    def __init__(self, text: str, words: dict[str, list[str]] | None = None) -> None:
        self.text = text
        self.words = {part: set(listed) for part, listed in (words or WORDS).items()}
        raw = [t for t in tokens(text) if t["v"] not in self.words["filler"]]
        self.toks = [t for i, t in enumerate(raw) if t["v"] not in self.words["article"]
                     or (i + 1 < len(raw) and raw[i + 1]["v"] in self.words["raise"])]
        self.heads = self.words["keep"] | self.words["near_keep"] | self.words["d"] | self.words["dice"] \
            | self.words["raise"] | self.words["black"] | self.words["pool"]

    def tok(self, i: int) -> dict[str, Any] | None:
        return self.toks[i] if i < len(self.toks) else None

    def word(self, i: int, part: str) -> bool:
        t = self.tok(i)
        return t is not None and t["t"] != "n" and t["v"] in self.words[part]

    def count(self, i: int) -> str | None:
        """A number of dice at i (up to COUNT_DIGITS digits, or a number's word)."""
        t = self.tok(i)
        if t is None:
            return None
        if t["t"] == "n":
            return whole(t["v"]) if len(t["v"]) <= COUNT_DIGITS else None
        if t["v"] in self.words["article"]:
            return "1"
        return str(NUMBER_WORDS.index(t["v"]) + 1) if t["v"] in NUMBER_WORDS else None

    def number_after(self, i: int) -> tuple[str, int] | None:
        """[against words] [-] N, where N is no count of what follows it (5 dice, 2 black, two raises):
        (N, the index after it), or None."""
        while self.word(i, "against"):
            i += 1
        sign = ""
        t = self.tok(i)
        if t is not None and t["v"] in self.words["minus"] and self.tok(i + 1) is not None \
                and self.toks[i + 1]["t"] == "n" and not self.toks[i + 1]["spaced"]:
            sign, i = "-", i + 1
        t = self.tok(i)
        if t is None or t["t"] != "n" or len(t["v"]) > NUMBER_DIGITS:
            return None
        after = self.tok(i + 1)
        if after is not None and after["t"] != "n" and after["v"] in self.heads:
            return None
        return whole(sign + t["v"]), i + 1

    def raises(self, i: int) -> tuple[str, int] | None:
        """"two raises", "2 raises", "a raise": (the count, the index after), or None."""
        n = self.count(i)
        if n is not None and self.word(i + 1, "raise"):
            return n, i + 2
        return None

    # -- one roll of each kind: (reading, the index after it) or None
    def rk(self, i: int) -> tuple[dict[str, Any], int] | None:
        rolled, kept = self.count(i), self.count(i + 2)
        near = self.word(i + 1, "near_keep")
        if rolled is None or kept is None or self.toks[i]["t"] != "n" or self.toks[i + 2]["t"] != "n" \
                or not (self.word(i + 1, "keep") or near):
            return None
        values, j = {"rolled": rolled, "kept": kept}, i + 3
        while True:
            found = "tn" not in values and self.number_after(j)
            if found:
                values["tn"], j = found
                continue
            found = "raises" not in values and self.raises(j)
            if found:
                values["raises"], j = found
                continue
            break
        reading: dict[str, Any] = {"kind": "rk", "values": values}
        if near:
            t = self.toks[i + 1]
            reading["meant"] = self.text[:t["at"]] + "k" + self.text[t["end"]:]
        return reading, j

    def sun(self, i: int) -> tuple[dict[str, Any], int] | None:
        dice, sides = self.tok(i), self.tok(i + 2)
        if dice is None or sides is None or dice["t"] != "n" or dice["v"] not in ("3", "4") \
                or not self.word(i + 1, "d") or sides["t"] != "n" or whole(sides["v"]) != "6":
            return None
        j, bonus = i + 3, "0"
        sign = self.tok(j)
        number = self.tok(j + 1)
        if sign is not None and number is not None and number["t"] == "n" and len(number["v"]) <= NUMBER_DIGITS \
                and (sign["v"] in self.words["plus"] or sign["v"] in self.words["minus"]):
            bonus = whole(("-" if sign["v"] in self.words["minus"] else "") + number["v"])
            j += 2
        target, die = None, None
        while True:
            if die is None and (self.word(j, "bonus") or self.word(j, "penalty")):
                die = "bonus" if self.word(j, "bonus") else "penalty"
                j += 2 if self.word(j + 1, "dice") else 1
                continue
            found = target is None and self.number_after(j)
            if found:
                target, j = found
                continue
            break
        if target is None:
            return None
        reading: dict[str, Any] = {"kind": "sun", "values": {"die": die or ("bonus" if dice["v"] == "4" else "none"),
                                                             "bonus": bonus, "target": target}}
        if dice["v"] == "4" and die is None:
            added = "4d6" + ("" if bonus == "0" else bonus if bonus.startswith("-") else "+" + bonus)
            reading["plain"] = {"kind": "sum", "values": {"expr": added, "target": target}}
        return reading, j

    def pool(self, i: int) -> tuple[dict[str, Any], int] | None:
        if self.word(i, "pool") and self.count(i + 1) is not None:
            dice, j = self.count(i + 1), i + 2
            if self.word(j, "dice"):
                j += 1
        elif self.count(i) is not None and self.word(i + 1, "dice"):
            dice, j = self.count(i), i + 2
            if self.word(j, "pool"):
                j += 1
        else:
            return None
        values: dict[str, str] = {"dice": str(dice)}
        while True:
            black = self.count(j)
            if "black" not in values and black is not None and self.word(j + 1, "black"):
                values["black"], j = black, j + (3 if self.word(j + 2, "dice") else 2)
                continue
            found = "need" not in values and self.number_after(j)
            if found:
                values["need"], j = found
                while self.word(j, "success"):
                    j += 1
                continue
            break
        return {"kind": "pool", "values": values}, j

    def one(self, i: int) -> tuple[dict[str, Any], int] | None:
        return self.rk(i) or self.sun(i) or self.pool(i)

    def roll(self) -> dict[str, Any] | None:
        """The whole text as one roll, or two of a kind joined by a word that compares them, or a foe named."""
        if len(self.toks) == 1:
            for name in NAMED:
                if self.word(0, name):
                    return {"kind": "named", "values": {"name": name}}
        first = self.one(0)
        if first is None:
            return None
        a, end = first
        if end == len(self.toks):
            return a
        if not self.word(end, "joiner"):
            return None
        second = self.one(end + 1)
        if second is None or second[1] != len(self.toks):
            return None
        b = second[0]
        plain = ("meant", "plain")
        if a["kind"] != b["kind"] or any(k in r for r in (a, b) for k in plain) \
                or any(v.get("raises", "0") != "0" for v in (a["values"], b["values"])) \
                or (a["kind"] == "rk" and not ("tn" in a["values"] and "tn" in b["values"])):
            return None
        return {**a, "versus": b}


# ---------------------------------------------------------------- any other dice expression
def has_dice(text: str) -> bool:
    """A die in it: d followed by a digit, F or % (2d20, d%, 4dF)."""
    for i in range(len(text) - 1):
        if text[i] in "dD" and (is_digit(text[i + 1]) or text[i + 1] in "fF%"):
            return True
    return False


def is_expression(text: str) -> bool:
    return 0 < len(text) <= MOST and all(is_space(c) or lower(c) in EXPRESSION_CHARACTERS for c in text)


def expression(text: str) -> dict[str, Any] | None:
    """Any other dice expression, a number after a space (or vs, TN ...) being its target."""
    if not has_dice(text):
        return None
    toks = tokens(text)
    k = len(toks) - 1
    last = toks[k]
    if last["t"] == "n" and len(last["v"]) <= NUMBER_DIGITS:
        value = last["v"]
        if k > 0 and toks[k - 1]["v"] in WORDS["minus"] and not last["spaced"]:
            value, k = "-" + value, k - 1
        m = k
        while m > 0 and toks[m - 1]["t"] != "n" and toks[m - 1]["v"] in TARGET_WORDS:
            m -= 1
        if m < k or toks[k]["spaced"]:
            expr = text[:toks[m]["at"]].strip()
            if expr and (is_letter(expr[-1]) or is_digit(expr[-1]) or expr[-1] in EXPRESSION_ENDS) and has_dice(expr) and is_expression(expr) \
                    and not any(c in "<>=" for c in expr):
                return {"kind": "dice", "values": {"expr": expr, "target": whole(value)}}
    return {"kind": "dice", "values": {"expr": text, "target": ""}} if is_expression(text) else None


def read(typed: str, most: int = MOST) -> dict[str, Any] | None:
    """What `typed` asks (see the module's docstring), or None: not a roll."""
    text = " ".join(part for part in _split(typed) if part)
    if not text or len(text) > most:
        return None
    return Reader(text).roll() or expression(text)


def _split(typed: str) -> list[str]:
    """The text between runs of spaces (`is_space`)."""
    parts, start = [], 0
    for i, ch in enumerate(typed):
        if is_space(ch):
            parts.append(typed[start:i])
            start = i + 1
    parts.append(typed[start:])
    return parts


__all__ = ["LONE_TNS", "MOST", "NUMBER_WORDS", "WORDS", "Reader", "expression", "phrasings", "read", "tokens"]
