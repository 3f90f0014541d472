"""The one exception type that `calc` raises for bad input."""

from __future__ import annotations


class InputError(ValueError):
    """A parameter was missing, malformed or out of range.

    Attributes:
        field: the name of the offending parameter (as in the URL and the form),
            or ``"calculator"`` for an unknown calculator id.
        quoted: the part of the message that repeats the refused input ("; got 'NaN'", or
            " “28d100kl19ro5”"), so that a page which shows the input itself beside the message
            (the field, or a link's input under the calculator's title) can say it once (`plain`).
    """

    def __init__(self, field: str, message: str, *, quoted: str = "") -> None:
        super().__init__(message)
        self.field = field
        self.quoted = quoted if quoted in message else ""

    @property
    def message(self) -> str:
        return str(self.args[0])

    @property
    def plain(self) -> str:
        """The message without the refused input it repeats."""
        return self.message.replace(self.quoted, "", 1) if self.quoted else self.message
