"""Nested Python structures of tensors (lists, tuples, dicts)."""

from __future__ import annotations


def flatten(nested) -> list:
    """The leaves of `nested` in order: lists and tuples in place, dicts by their values; anything else is a leaf."""
    out = []
    for item in nested if isinstance(nested, (list, tuple)) else [nested]:
        if isinstance(item, (list, tuple)):
            out.extend(flatten(item))
        elif isinstance(item, dict):
            out.extend(flatten(list(item.values())))
        else:
            out.append(item)
    return out
