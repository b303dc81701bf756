import os
import sys
from pathlib import Path

import pytest

# Let the tests import the shared harness modules next to them.
sys.path.insert(0, os.path.dirname(__file__))

# Every op that runs as its decomposition checks its outputs against its
# infer_meta (Note [Decompositions] in tools/codegen/gen_eager.py).
os.environ.setdefault("FLAGS_check_decomposition_meta", "1")
# Every op called from Python is also built into a graph, whose inferred
# types must be the eager outputs' (Note [Graph type check] in
# paddle/pybind/graph_check.h).
os.environ.setdefault("FLAGS_check_graph_types", "1")


# The sample plugin device (test/custom_device), built by tools/build.sh.
CUSTOM_CPU_PLUGIN = Path(
    os.environ.get(
        "PADDLE_CUSTOM_CPU_PLUGIN",
        Path(__file__).resolve().parents[2] / "build/pip/test/custom_device/libcustom_cpu.so",
    )
)


@pytest.fixture(scope="session")
def custom_cpu():
    """Loads the sample plugin device "custom_cpu" into this process (once)."""
    import paddle
    from paddle import _C

    assert CUSTOM_CPU_PLUGIN.is_file(), f"the sample plugin is built by tools/build.sh into {CUSTOM_CPU_PLUGIN}"
    if "custom_cpu" not in paddle.device.get_all_custom_device_type():
        assert _C.load_custom_device_plugin(str(CUSTOM_CPU_PLUGIN)) == "custom_cpu"
    return "custom_cpu"


def _gpu_count() -> int:
    import paddle

    return paddle.device.cuda.device_count()


def pytest_collection_modifyitems(config, items):
    if _gpu_count() > 0:
        return
    skip = pytest.mark.skip(reason="no CUDA GPU on this machine")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)
