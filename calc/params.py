"""Parameter types: how a calculator's inputs are described, validated and converted.

Values may arrive as Python objects (tests, the build) or as strings (a URL query or a form).
Each parameter type turns either into a clean value or raises `InputError` with a one-sentence
message that names the field and what is allowed.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from calc.errors import InputError

_INT_TEXT = re.compile(r"[+-]?[0-9]{1,9}", re.ASCII)
TRUE_WORDS = frozenset({"true", "1", "yes", "on"})   # a yes, as a link may write it (the page reads them from the form)
_FALSE = frozenset({"false", "0", "no", "off"})
MAX_TEXT = 200  # the longest string any parameter accepts


SHOWN_BITS = 72  # a rejected whole number this long or longer is named by its length, not written out


def _shown(raw: object) -> str:
    """A short, printable rendering of a rejected value for an error message.

    A long whole number is not written out: Python refuses to turn one of more than 4,300 digits
    into text (a ValueError of its own), and no reader needs its digits. One of more than
    SHOWN_BITS bits is at least 2**SHOWN_BITS, so it has more digits than that power's floor(log10).
    """
    if isinstance(raw, int) and not isinstance(raw, bool) and raw.bit_length() > SHOWN_BITS:
        return f"a whole number of more than {math.floor(SHOWN_BITS * math.log10(2))} digits"
    text = repr(raw)
    return text if len(text) <= 24 else text[:21] + "..."


def canonical(value: object) -> str:
    """The one string form of a value that "does this field apply?" compares, here and on the page.

    A yes/no is "true" or "false" (what a ticked or unticked checkbox sends), a blank is "",
    anything else its `str`. `shown_when` lists values in this form, the form writes them in
    this form, and the page script reads its fields in this form (docs/assets/js/form-state.js).
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


Condition = tuple[tuple[str, tuple[Any, ...]], ...]   # (field, the values under which it holds), all of them


def _written(condition: Condition) -> dict[str, list[str]]:
    """A condition as the page reads it: each field's values in the canonical form; a field named twice
    holds only the values both name."""
    out: dict[str, list[str]] = {}
    for name, values in condition:
        listed = [canonical(v) for v in values]
        out[name] = [v for v in out[name] if v in listed] if name in out else listed
    return out


def _holds(when: Mapping[str, list[str]], values: Mapping[str, object]) -> bool:
    return all(canonical(values.get(name)) in allowed for name, allowed in when.items())


TRAILING_NOTE = re.compile(r"\s*\([^()]*\)\s*$")


def field_title(label: str) -> str:
    """A field's label as a message names it: without a trailing note such as "(optional)" or "(X)"."""
    return TRAILING_NOTE.sub("", label).strip() or label


@dataclass(frozen=True)
class Param:
    """Common description of one calculator input.

    Attributes:
        name: the key in `evaluate`'s params, the URL query and the form.
        label: a short human label.
        default: the value the form starts with (and the prerendered result uses).
        help: one sentence shown under the field.
        required: when False, a missing value takes `default`; when True, it is an error.
        shown_when: the field matters only when each named field holds one of the listed
            values, e.g. `(("rules", ("house",)),)`, a yes/no written "true" or "false"
            (see `canonical`), a blank "" (so `("damage", ("",))` is "while Damage is blank");
            the page hides it otherwise, and neither the link nor the question in words
            carries it (the value is still validated and passed, and the calculator must
            ignore it: tests/test_fields_used.py checks that).
        shown_any: besides `shown_when`, the field matters only when at least one of these
            conditions holds, each written as `shown_when` is (Brawn counts for a hand weapon,
            for a throwable one not thrown, or for an Other weapon used in hand). `and_any`
            adds such a condition to a field; `when` gives both to the page.
        more: a rarely used field, shown behind "More options" on the page.
        replaced_by: the fields that take this one's place when each of them applies and holds
            a value (a Stat and a Skill in place of the dice rolled and kept): the field then
            does not apply, and the page disables it with the reason. `Calculator.applies`
            decides, since whether those fields apply depends on the whole declaration.
        unit: written after a value in words ("%" for a threshold: "60%"), where the label's note
            gave it on the form ("(%)"), since a question leaves the note out.
        hero: the value of a reader's hero that fills this field (`calc.hero.GAMES` names them per
            game: "brawn", "attack_knack", "weapon"); the form, compare mode, Copy as text and
            `python -m calc --hero` read it here. "" when no hero value fills it.
    """

    name: str
    label: str
    default: Any
    help: str = ""
    required: bool = True
    shown_when: Condition = ()
    more: bool = False
    replaced_by: tuple[str, ...] = ()
    shown_any: tuple[Condition, ...] = ()
    unit: str = ""
    hero: str = ""

    kind = "text"

    def parse(self, raw: object) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def when(self) -> dict[str, list[str]] | list[dict[str, list[str]]]:
        """When the field applies, as the page gets it: each deciding field's values, in the canonical
        form; with `shown_any`, a list of such conditions, one of which must hold."""
        if not self.shown_any:
            return _written(self.shown_when)
        return [_written(self.shown_when + clause) for clause in self.shown_any]

    def deciding(self) -> tuple[str, ...]:
        """The fields whose values decide whether this one applies, in the order the conditions name them."""
        names = [name for clause in (self.shown_when, *self.shown_any) for name, _ in clause]
        return tuple(dict.fromkeys(names))

    def applies(self, values: Mapping[str, object]) -> bool:
        """Whether the field matters for these values: each deciding field holds a listed value (in one
        of the `shown_any` conditions at least, when there are some).

        The page evaluates the same `when()` data with the same rule (form-state.js `applies`);
        a deciding field missing from `values` counts as blank.
        """
        when = self.when()
        return any(_holds(one, values) for one in when) if isinstance(when, list) else _holds(when, values)

    def and_any(self, *conditions: Condition) -> "Param":
        """This field, applying only where it did and one of `conditions` holds as well."""
        if not self.shown_any:
            return replace(self, shown_any=tuple(conditions))
        return replace(self, shown_any=tuple(mine + other for mine in self.shown_any for other in conditions))

    def allowed(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def for_hero(self, value: str) -> "Param":
        """This field, filled by the hero value `value` when a reader chooses a hero."""
        return replace(self, hero=value)

    @property
    def title(self) -> str:
        """The label as a message names the field (the player never sees the parameter's name)."""
        return field_title(self.label)

    def hint(self) -> str:
        """What the form shows beside the field about the values it takes ("" when the control says it)."""
        return ""

    def words(self, value: object, values: Mapping[str, object]) -> str:
        """A value of this field in words, as the form shows it under these settings (`values`, all
        the fields): the one wording of a setting that "Asked", Copy as text, compare and print use."""
        return "" if value is None else f"{value}{self.unit}"

    def missing(self) -> InputError:
        return InputError(self.name, f"{self.title} is needed: give {self.allowed()}.")

    def refused(self, shown: str) -> InputError:
        """A value outside what the field takes: the field, what it takes, and the value as `shown`."""
        return InputError(self.name, f"{self.title} must be {self.allowed()}; got {shown}.", quoted=f"; got {shown}")


@dataclass(frozen=True)
class IntParam(Param):
    """A whole number in [minimum, maximum]; `optional` ones also accept blank (None)."""

    minimum: int = 0
    maximum: int = 0
    optional: bool = False

    kind = "int"

    def allowed(self) -> str:
        text = f"a whole number from {self.minimum} to {self.maximum}"
        return text + ", or blank" if self.optional else text

    def hint(self) -> str:
        return self.allowed()

    def parse(self, raw: object) -> int | None:
        value: int
        if raw is None or (isinstance(raw, str) and raw.strip() == ""):
            if self.optional:
                return None
            raise self.missing()
        if isinstance(raw, bool):
            raise self.refused(_shown(raw))
        if isinstance(raw, int):
            value = raw
        elif isinstance(raw, float) and math.isfinite(raw) and raw.is_integer():
            value = int(raw)
        elif isinstance(raw, str) and len(raw) <= 16 and _INT_TEXT.fullmatch(raw.strip()):
            value = int(raw.strip())
        else:
            raise self.refused(_shown(raw))
        if not self.minimum <= value <= self.maximum:
            raise self.refused(_shown(value))
        return value


@dataclass(frozen=True)
class ChoiceParam(Param):
    """One of a fixed list of values; `choices` pairs each value with its label."""

    choices: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    # Options that depend on another field: `filtered_by` names it, and `offered` gives each value
    # its label under each value of that field, e.g. ("buckler", (("house", "Buckler: 2k2"),)).
    # The page offers only the options of the current value; the calculator checks the pair.
    filtered_by: str = ""
    offered: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()

    kind = "choice"

    def options(self, values: Mapping[str, object]) -> tuple[tuple[str, str], ...]:
        """The choices offered for these values, each with its label under them.

        Without `filtered_by`, every choice. With it, the choices whose `offered` entry names the
        current value of that field (canonical form), labelled as that entry says; the page shows
        the same ones from the `data-offered` list each option carries.
        """
        if not self.filtered_by:
            return self.choices
        current = canonical(values.get(self.filtered_by))
        offered = {value: dict(labels) for value, labels in self.offered}
        return tuple(
            (value, offered[value][current]) for value, _ in self.choices if current in offered.get(value, {})
        )

    def words(self, value: object, values: Mapping[str, object]) -> str:
        """The option's label under these settings (a weapon's damage under the chosen rules), as the
        form shows it; a value the settings do not offer keeps its general label."""
        for choice, label in (*self.options(values), *self.choices):
            if choice == value:
                return label
        return super().words(value, values)

    def check_offered(self, values: Mapping[str, object], by: Param) -> None:
        """Refuse a value that the current value of the field it depends on (`by`, its `filtered_by`) does
        not offer: one sentence for every such field, naming both (the registry asks, once, for every
        field that applies: calc/registry.py `parse_params`)."""
        value = values.get(self.name)
        if not self.filtered_by or any(choice == value for choice, _ in self.options(values)):
            return
        label = field_title(dict(self.choices).get(str(value), str(value)).split(":")[0])
        under = field_title(by.words(values.get(by.name), values))
        raise InputError(self.name, f"{self.title}: \u201c{label}\u201d is not offered under \u201c{under}\u201d; "
                                    f"choose one from the list, or change {by.title}.")

    def allowed(self) -> str:
        labels = [label for _, label in self.choices]
        if len(labels) <= 4 and all(len(label) <= 40 for label in labels):
            return "one of " + ", ".join(f"\u201c{label}\u201d" for label in labels)
        return "one of the choices in its list"

    def parse(self, raw: object) -> str:
        if raw is None or raw == "":
            if not self.required:
                return self.default
            raise self.missing()
        if isinstance(raw, str):
            for value, _ in self.choices:
                if raw == value:
                    return value
        raise self.refused(_shown(raw))


@dataclass(frozen=True)
class BoolParam(Param):
    """Yes or no; strings `true/false`, `1/0`, `yes/no`, `on/off` are accepted."""

    kind = "bool"

    def allowed(self) -> str:
        return "yes or no (ticked or not)"

    def words(self, value: object, values: Mapping[str, object]) -> str:
        return "yes" if value else "no"

    def parse(self, raw: object) -> bool:
        if raw is None or raw == "":
            if not self.required:
                return bool(self.default)
            raise self.missing()
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and len(raw) <= 8:
            low = raw.strip().lower()
            if low in TRUE_WORDS:
                return True
            if low in _FALSE:
                return False
        raise self.refused(_shown(raw))


@dataclass(frozen=True)
class TextParam(Param):
    """A short line of text (for example a dice expression), at most `max_length` characters."""

    max_length: int = 80

    kind = "text"

    def allowed(self) -> str:
        return f"at most {min(self.max_length, MAX_TEXT)} characters of text"

    def parse(self, raw: object) -> str:
        if raw is None or raw == "":
            if not self.required:
                return str(self.default)
            raise InputError(self.name, f"{self.title} is empty: type up to {min(self.max_length, MAX_TEXT)} characters.")
        if not isinstance(raw, str) or len(raw) > min(self.max_length, MAX_TEXT):
            raise self.refused(_shown(raw))
        if not raw.isprintable():
            raise InputError(self.name, f"{self.title} must be {self.allowed()} on one line, with no control characters.")
        return raw
