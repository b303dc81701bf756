"""Writes the public names of PaddlePaddle 3.x's eager modules (each
module's __all__; Tensor's public attributes) as JSON, for
tools/api_coverage.py. Run it with the interpreter of an environment that
has paddlepaddle installed (tools/bench/install_peers.sh makes one):

    /opt/peers/paddle/bin/python tools/paddle_compat/collect_api_names.py > tools/paddle_compat/paddle_api_names.json
"""

from __future__ import annotations

import importlib
import json
import sys

MODULES = (
    "paddle", "paddle.nn", "paddle.nn.functional", "paddle.nn.initializer", "paddle.nn.utils", "paddle.linalg",
    "paddle.fft", "paddle.signal", "paddle.distribution", "paddle.sparse", "paddle.sparse.nn",
    "paddle.sparse.nn.functional", "paddle.audio", "paddle.audio.features", "paddle.audio.functional",
    "paddle.audio.backends", "paddle.geometric", "paddle.vision", "paddle.vision.ops", "paddle.vision.models",
    "paddle.vision.transforms", "paddle.vision.datasets", "paddle.utils", "paddle.utils.dlpack",
    "paddle.incubate", "paddle.incubate.autograd", "paddle.incubate.optimizer", "paddle.optimizer",
    "paddle.optimizer.lr", "paddle.autograd", "paddle.device", "paddle.amp", "paddle.io", "paddle.metric",
    "paddle.regularizer", "paddle.callbacks", "paddle.jit",
)


def main() -> None:
    import paddle

    names = {"paddle.Tensor": sorted(n for n in dir(paddle.Tensor) if not n.startswith("_"))}
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        names[module_name] = sorted(set(getattr(module, "__all__", ())))
    sys.stdout.write(dump(paddle.__version__, names))


def dump(version: str, names: dict) -> str:
    """The JSON with one module per line, so a diff shows which module's names changed."""
    modules = ",\n".join(f"  {json.dumps(m)}: {json.dumps(names[m])}" for m in sorted(names))
    return f'{{"paddle_version": {json.dumps(version)}, "names": {{\n{modules}\n}}}}\n'


if __name__ == "__main__":
    main()
