"""paddle.utils.unique_name: unique names for layers, parameters and variables.

``generate("fc")`` gives ``fc_0``, then ``fc_1``; each key counts on its own.
The counters are those of ``paddle.base.unique_name``, which names layers and
parameters, so ``guard()`` also restarts layer names (``linear_0.w_0``).

Examples:
    >>> from paddle.utils import unique_name
    >>> with unique_name.guard():
    ...     unique_name.generate("fc"), unique_name.generate("fc"), unique_name.generate("conv")
    ('fc_0', 'fc_1', 'conv_0')
    >>> with unique_name.guard("block_"):
    ...     unique_name.generate("fc")
    'block_fc_0'
"""

from __future__ import annotations

import contextlib
from collections import defaultdict

from paddle.base import unique_name as _counters


class UniqueNameGenerator:
    """A set of per-key counters and a prefix put before every name generated.

    Args:
        prefix (str, optional): the prefix. Default none.
    """

    def __init__(self, prefix=None):
        if prefix is not None and not isinstance(prefix, str):
            raise TypeError(f"[UniqueNameGenerator] argument 'prefix': expected a str, but got "
                            f"{type(prefix).__name__}")
        self.ids = defaultdict(int)
        self.prefix = prefix or ""

    def __call__(self, key):
        return self.generate(key)

    def generate(self, key):
        """``prefix + key + "_" + n``, n counting the names made from `key`."""
        number = self.ids[key]
        self.ids[key] += 1
        return f"{self.prefix}{key}_{number}"


# The prefix of the active generator; its counters live in paddle.base.unique_name.
_prefix = ""
_name_checker = None


def generate(key: str) -> str:
    """A new unique name made from `key`: ``key_0``, then ``key_1``, ...
    (after the active prefix, if a guard set one).

    Examples:
        >>> from paddle.utils import unique_name
        >>> with unique_name.guard():
        ...     unique_name.generate("w"), unique_name.generate("w")
        ('w_0', 'w_1')
    """
    if not isinstance(key, str):
        raise TypeError(f"[unique_name.generate] argument 'key': expected a str, but got {type(key).__name__}")
    return _prefix + _counters.generate(key)


def switch(new_generator=None, new_para_name_checker=None):
    """Makes `new_generator` (a fresh one when None) the active generator.

    Args:
        new_generator (UniqueNameGenerator|tuple, optional): the generator, or the tuple a previous
            switch returned. Default None.
        new_para_name_checker (object, optional): kept and handed back by the next switch, as Paddle
            does with its parameter-name checker. Default None.

    Returns:
        tuple: ``(old_generator, old_para_name_checker)``, which ``switch`` accepts to restore them.
    """
    global _prefix, _name_checker
    if isinstance(new_generator, tuple) and len(new_generator) == 2:
        new_generator, new_para_name_checker = new_generator
    if new_generator is None:
        new_generator = UniqueNameGenerator()
    if not isinstance(new_generator, UniqueNameGenerator):
        raise TypeError(f"[unique_name.switch] argument 'new_generator': expected a UniqueNameGenerator, but got "
                        f"{type(new_generator).__name__}")
    old_generator = UniqueNameGenerator(_prefix)
    old_generator.ids = _counters.switch(new_generator.ids)
    old_checker = _name_checker
    _prefix, _name_checker = new_generator.prefix, new_para_name_checker
    return old_generator, old_checker


@contextlib.contextmanager
def guard(new_generator=None):
    """Generates names with `new_generator` inside the block: a fresh generator
    when None, one with that prefix for a str (or bytes), or the given
    UniqueNameGenerator. The previous one is active again after the block.

    Examples:
        >>> import paddle
        >>> from paddle.utils import unique_name
        >>> with unique_name.guard():
        ...     paddle.nn.Linear(2, 2).weight.name
        'linear_0.w_0'
    """
    if isinstance(new_generator, bytes):
        new_generator = new_generator.decode()
    if isinstance(new_generator, str):
        new_generator = UniqueNameGenerator(new_generator)
    if new_generator is not None and not isinstance(new_generator, UniqueNameGenerator):
        raise TypeError(f"[unique_name.guard] argument 'new_generator': expected a str, bytes or "
                        f"UniqueNameGenerator, but got {type(new_generator).__name__}")
    old = switch(new_generator)
    try:
        yield
    finally:
        switch(old)
