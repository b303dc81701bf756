#!/usr/bin/env python3
"""Which ops' infer-meta mishandle a dim known only when a graph runs (-1).

Builds every op sample as a one-op static program twice, with the inputs'
full shapes and with their first dim -1, and lists the samples whose -1
build fails (counted by error class; `-v` prints each) or infers a known
dim that the full build contradicts (a silently wrong type). For the "-1
everywhere" work of the static-graph issue.

Usage: cd test/python && python3 ../../tools/dynamic_dims_audit.py [-v]
"""

from __future__ import annotations

import collections
import sys
import zlib

import numpy as np

sys.path.insert(0, ".")  # the test harness: op samples and their inputs

import paddle  # noqa: E402
from op_samples import SAMPLES  # noqa: E402
from op_test import sample_inputs, to_paddle  # noqa: E402
from test_static import NOT_YET_STATIC  # noqa: E402


def _built_shape(fn, tensors, first_dim_unknown: bool):
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            values = []
            for i, t in enumerate(tensors):
                shape = [-1 if first_dim_unknown and j == 0 else d for j, d in enumerate(t.shape)]
                values.append(paddle.static.data(f"input_{i}", shape, t.dtype))
            return fn(*values).shape
    finally:
        paddle.disable_static()


def main() -> None:
    verbose = "-v" in sys.argv
    wrong, errors = [], collections.Counter()
    for sample in SAMPLES:
        if sample.name in NOT_YET_STATIC:
            continue
        dtype = "float32" if "float32" in sample.dtypes else sample.dtypes[0]
        rng = np.random.default_rng(zlib.crc32(f"{sample.name}-{dtype}".encode()))
        tensors = [to_paddle(a, dtype) for a in sample_inputs(sample, rng, sample.shapes[0], dtype)]
        if not any(len(t.shape) for t in tensors):
            continue
        full = _built_shape(sample.paddle_fn, tensors, False)
        try:
            unknown = _built_shape(sample.paddle_fn, tensors, True)
        except Exception as e:  # noqa: BLE001  (an audit: every failure is a finding)
            errors[type(e).__name__] += 1
            if verbose:
                print(f"error  {sample.name}: {type(e).__name__}: {str(e)[:150]}")
            continue
        if len(unknown) != len(full) or any(u not in (-1, f) for u, f in zip(unknown, full)):
            wrong.append((sample.name, unknown, full))
    print(f"failed with a -1 dim: {sum(errors.values())} {dict(errors)}")
    print(f"wrong known dims: {len(wrong)}")
    for name, unknown, full in wrong:
        print(f"  {name}: {unknown} with a -1 input dim, {full} with full shapes")


if __name__ == "__main__":
    main()
