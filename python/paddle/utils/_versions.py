"""Version strings as comparable lists of numbers."""

from __future__ import annotations


def numeric_version(text: str) -> list[int]:
    """The numeric parts of a version, padded to four: '2.4' -> [2, 4, 0, 0];
    parts that are not numbers ('dev0') are left out."""
    numbers = [int(part) for part in text.split(".") if part.isdigit()]
    return (numbers + [0, 0, 0, 0])[:4]
