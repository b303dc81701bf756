"""Containers: Sequential, LayerList, LayerDict, ParameterList."""

from __future__ import annotations

from collections import OrderedDict

from paddle import _checks as check
from paddle.base.framework import EagerParamBase
from paddle.nn.layer.layers import Layer


def _index(op: str, idx, length: int) -> int:
    """An int index in [-length, length) as a position in [0, length)."""
    idx = check.integer(op, idx, "idx")
    if not -length <= idx < length:
        raise IndexError(f"[{op}] index {idx} is out of range for {length} items")
    return idx % length


class Sequential(Layer):
    """Runs its layers one after another, each on the previous one's output.

    Args:
        *layers (Layer|tuple): layers (named "0", "1", ...), or (name, layer) pairs.

    Examples:
        >>> import paddle
        >>> net = paddle.nn.Sequential(paddle.nn.Linear(4, 3), paddle.nn.ReLU())
        >>> len(net), type(net[0]).__name__, net(paddle.ones([2, 4])).shape
        (2, 'Linear', paddle.Size([2, 3]))
        >>> named = paddle.nn.Sequential(("fc", paddle.nn.Linear(4, 3)), ("act", paddle.nn.ReLU()))
        >>> named["fc"] is named[0]
        True
    """

    def __init__(self, *layers):
        super().__init__()
        if len(layers) == 1 and isinstance(layers[0], (OrderedDict, dict)):
            layers = tuple(layers[0].items())
        for i, item in enumerate(layers):
            if isinstance(item, (tuple, list)):
                if len(item) != 2 or not isinstance(item[0], str):
                    raise TypeError(f"[Sequential] argument 'layers': expected Layers or (name, Layer) pairs, "
                                    f"but got {item!r}")
                self.add_sublayer(item[0], item[1])
            else:
                if not isinstance(item, Layer):
                    raise TypeError(f"[Sequential] argument 'layers': expected Layers or (name, Layer) pairs, "
                                    f"but got an element {check.got(item)}")
                self.add_sublayer(str(i), item)

    def __getitem__(self, name):
        if isinstance(name, slice):
            return Sequential(*list(self._sub_layers.values())[name])
        if isinstance(name, str):
            return self._sub_layers[name]
        return list(self._sub_layers.values())[_index("Sequential", name, len(self))]

    def __setitem__(self, name, layer):
        key = name if isinstance(name, str) else list(self._sub_layers)[_index("Sequential", name, len(self))]
        self.add_sublayer(key, layer)

    def __delitem__(self, name):
        key = name if isinstance(name, str) else list(self._sub_layers)[_index("Sequential", name, len(self))]
        del self._sub_layers[key]

    def __len__(self) -> int:
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers.values())

    def forward(self, input):
        for layer in self._sub_layers.values():
            input = layer(input)
        return input


class LayerList(Layer):
    """A list of layers whose parameters the owner registers (a Python list would hide them).

    Args:
        sublayers (iterable of Layer, optional): the initial layers.

    Examples:
        >>> import paddle
        >>> layers = paddle.nn.LayerList([paddle.nn.Linear(2, 2) for _ in range(3)])
        >>> layers.append(paddle.nn.Linear(2, 1))
        LayerList(...)
        >>> len(layers), len(layers.parameters())
        (4, 8)
    """

    def __init__(self, sublayers=None):
        super().__init__()
        if sublayers is not None:
            self.extend(sublayers)

    def _check(self, op, layer):
        if not isinstance(layer, Layer):
            raise TypeError(f"[LayerList.{op}] argument 'sublayer': expected a Layer, but got {check.got(layer)}")
        return layer

    def _renumber(self, layers) -> None:
        self._sub_layers.clear()
        for i, layer in enumerate(layers):
            self._sub_layers[str(i)] = layer

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return LayerList(list(self._sub_layers.values())[idx])
        return self._sub_layers[str(_index("LayerList", idx, len(self)))]

    def __setitem__(self, idx, sublayer):
        self._sub_layers[str(_index("LayerList", idx, len(self)))] = self._check("__setitem__", sublayer)

    def __delitem__(self, idx):
        layers = list(self._sub_layers.values())
        if isinstance(idx, slice):
            del layers[idx]
        else:
            del layers[_index("LayerList", idx, len(self))]
        self._renumber(layers)

    def __len__(self) -> int:
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers.values())

    def append(self, sublayer):
        """Adds `sublayer` at the end; returns self."""
        self._sub_layers[str(len(self))] = self._check("append", sublayer)
        return self

    def insert(self, index, sublayer) -> None:
        """Inserts `sublayer` before position `index`."""
        layers = list(self._sub_layers.values())
        index = check.integer("LayerList.insert", index, "index")
        layers.insert(index, self._check("insert", sublayer))
        self._renumber(layers)

    def extend(self, sublayers):
        """Adds every layer of `sublayers` at the end; returns self."""
        for layer in sublayers:
            self.append(layer)
        return self


class LayerDict(Layer):
    """A dict of layers (insertion-ordered) whose parameters the owner registers.

    Args:
        sublayers (dict|iterable of (str, Layer), optional): the initial layers.

    Examples:
        >>> import paddle
        >>> d = paddle.nn.LayerDict({"fc": paddle.nn.Linear(2, 2), "act": paddle.nn.ReLU()})
        >>> list(d.keys()), "fc" in d, len(d)
        (['fc', 'act'], True, 2)
    """

    def __init__(self, sublayers=None):
        super().__init__()
        if sublayers is not None:
            self.update(sublayers)

    def __getitem__(self, key):
        return self._sub_layers[key]

    def __setitem__(self, key, sublayer):
        self.add_sublayer(key, sublayer)

    def __delitem__(self, key):
        del self._sub_layers[key]

    def __len__(self) -> int:
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers)

    def __contains__(self, key) -> bool:
        return key in self._sub_layers

    def clear(self) -> None:
        self._sub_layers.clear()

    def pop(self, key):
        return self._sub_layers.pop(key)

    def keys(self):
        return self._sub_layers.keys()

    def items(self):
        return self._sub_layers.items()

    def values(self):
        return self._sub_layers.values()

    def update(self, sublayers) -> None:
        """Adds the layers of a dict/LayerDict or of an iterable of (name, layer) pairs."""
        items = sublayers.items() if hasattr(sublayers, "items") else sublayers
        for item in items:
            if not isinstance(item, (tuple, list)) or len(item) != 2:
                raise TypeError(f"[LayerDict.update] argument 'sublayers': expected a dict or (name, Layer) pairs, "
                                f"but got an element {check.got(item)}")
            self.add_sublayer(item[0], item[1])


class ParameterList(Layer):
    """A list of parameters the owner registers.

    Args:
        parameters (iterable of Parameter, optional): the initial parameters.

    Examples:
        >>> import paddle
        >>> params = paddle.nn.ParameterList([paddle.create_parameter([2], "float32") for _ in range(3)])
        >>> len(params), [name for name, _ in params.named_parameters()]
        (3, ['0', '1', '2'])
    """

    def __init__(self, parameters=None):
        super().__init__()
        if parameters is not None:
            for p in parameters:
                self.append(p)

    def __getitem__(self, idx):
        return self._parameters[str(_index("ParameterList", idx, len(self)))]

    def __setitem__(self, idx, param):
        self.add_parameter(str(_index("ParameterList", idx, len(self))), param)

    def __len__(self) -> int:
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters.values())

    def append(self, parameter):
        """Adds `parameter` at the end; returns self."""
        if not isinstance(parameter, EagerParamBase):
            raise TypeError(f"[ParameterList.append] argument 'parameter': expected a Parameter, but got "
                            f"{check.got(parameter)}")
        self.add_parameter(str(len(self)), parameter)
        return self
