import os
import sys

import pytest

# Let the tests import the shared harness modules next to them.
sys.path.insert(0, os.path.dirname(__file__))


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
