"""paddle.incubate's segment reductions: deprecated aliases of paddle.geometric's."""

from __future__ import annotations

from paddle import geometric
from paddle.utils.deprecated import deprecated


def _deprecated_alias(name: str):
    target = getattr(geometric, name)

    def alias(data, segment_ids, name=None):
        return target(data, segment_ids, name)

    alias.__name__ = alias.__qualname__ = name
    alias.__doc__ = (f"Deprecated since Paddle 2.4: :func:`paddle.geometric.{name}`, which it calls (same "
                     f"arguments: data, segment_ids, name).")
    return deprecated(since="2.4.0", update_to=f"paddle.geometric.{name}", level=1,
                      reason=f"paddle.incubate.{name} will be removed in future")(alias)


segment_sum = _deprecated_alias("segment_sum")
segment_mean = _deprecated_alias("segment_mean")
segment_max = _deprecated_alias("segment_max")
segment_min = _deprecated_alias("segment_min")
