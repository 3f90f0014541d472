"""The one exception type that `calc` raises for bad input."""

from __future__ import annotations


class InputError(ValueError):
    """A parameter was missing, malformed or out of range.

    Attributes:
        field: the name of the offending parameter (as in the URL and the form),
            or ``"calculator"`` for an unknown calculator id.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field

    @property
    def message(self) -> str:
        return str(self.args[0])
