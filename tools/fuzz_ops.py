#!/usr/bin/env python3
"""Fuzzes every op with random shapes, dtypes, attributes and malformed
arguments, and reports crashes (signals, aborts) and hangs, as opposed to
clean Python exceptions. Not part of CI; see docs/guide/fuzzing.md.

    python3 tools/fuzz_ops.py --minutes 10 --seed 0 --workers 2 [--ops add,gather]
    python3 tools/fuzz_ops.py --repro _C_ops.add:42      # re-run one recorded call
    CUSTOM_DEVICE_ROOT=build/pip/test/custom_device python3 tools/fuzz_ops.py --device custom_cpu

Targets: every YAML op as paddle._C_ops.<op>; the public callables of paddle,
paddle.nn.functional and paddle.linalg that are not _C_ops functions
themselves; Tensor methods; Tensor.__getitem__/__setitem__. A call is fully
determined by (target, call seed). Workers are subprocesses fed one call at a
time over a pipe, so a dead or stuck worker names the call that killed it.
"""

from __future__ import annotations

import argparse
import collections
import faulthandler
import glob
import inspect
import json
import os
import random
import re
import resource
import select
import signal
import subprocess
import sys
import tempfile
import time
import traceback

import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
          "complex64", "complex128"]
DIFF_DTYPES = {"float16", "bfloat16", "float32", "float64", "complex64", "complex128"}
EXTREME_INTS = [2**31 - 1, 2**31, 2**40, -2**63, 2**63 - 1, 2**64, -2**31 - 1]
ODD_FLOATS = [float("nan"), float("inf"), float("-inf"), 0.0, -0.0, 1e308, 5e-324, -1e-30]
MALFORMED = [None, "abc", [[1, 2], [3]], {}, (), 1.5, -7, "float32", b"\x00", [None], object, [1.5, "a"]]

# Argument types of public functions that have no YAML entry, guessed from parameter names.
BOOL_NAMES = set("keepdim descending stable training sparse accumulate overwrite broadcast include_self as_tuple "
                 "largest sorted transpose_x transpose_y approximate unbiased reverse upscale flatten stop_gradient "
                 "equal_nan bias_after_scale".split())
TENSOR_NAMES = set("x y arr input condition mask index updates values weight bias mat2 vec other label grid query key"
                   .split())
SHAPE_NAMES = set("shape output_sizes kernel_sizes strides paddings dilations stride padding dilation perm axes "
                  "starts ends repeat_times shifts source destination".split())
INT_NAMES = set("axis start_axis stop_axis k n num_classes groups low high padding_idx seed num offset diagonal "
                "axis1 axis2 num_rows num_columns chunks".split())
SCALAR_NAMES = set("p min max start end step stop alpha beta eps rtol atol scale base porder norm_type".split())
AXIS_NAMES = set("axis axes perm start_axis stop_axis axis1 axis2 source destination".split())
STRINGS = {"reduce": ["assign", "add", "mul", "multiply", "mean", "amin", "amax", "sum"],
           "mode": ["upscale_in_train", "downscale_in_infer"],
           "data_format": ["NCHW", "NCHW", "NHWC", "NCDHW", "NDHWC"] * 2,
           "equation": ["ij,jk->ik", "i,i->", "...ij->...ji", "ii->i", "ij", "->", "a,b,c,d->"]}
# Some ops rarely get past their first checks with random arguments: these get a given rank and paired
# attributes (RANK_HINTS), or mutually consistent shapes and indices (RECIPE_OPS, see Gen.recipe), half the time.
RANK_HINTS = {"conv2d": 4, "unfold": 4, "fold": 3, "dropout2d": 4, "dropout3d": 5, "embedding": 2, "one_hot": 1,
              "conv1d": 3, "conv3d": 5, "conv1d_transpose": 3, "conv2d_transpose": 4, "conv3d_transpose": 5,
              "avg_pool3d": 5, "max_pool3d": 5, "adaptive_avg_pool3d": 5, "adaptive_max_pool3d": 5,
              "grid_sample": 4, "scaled_dot_product_attention": 4, "cross_entropy": 2, "nll_loss": 2}
RECIPE_OPS = set("index_add index_select gather take_along_axis put_along_axis gather_nd put_nd scatter_nd_add "
                 "scatter_nd scatter index_put masked_fill masked_select slice".split())
PAIR_NAMES = set("output_sizes kernel_sizes strides paddings dilations stride padding dilation".split())

SKIP_PUBLIC = re.compile(r"^(set_|get_|is_|seed$|manual_seed$|grad$|no_grad$|enable_grad$|enable_static$|"
                         r"disable_static$|choose_openblas)")  # global state
NOT_OP_METHODS = set("backward clear_grad clear_gradient cpu cuda detach dim element_size is_contiguous is_leaf item "
                     "numpy register_hook retain_grads tolist".split())
CLEAR_MSG = re.compile(r"^\[[A-Za-z_][\w.]*\]")  # the project's rule: messages start with [op_name]
# Arity and keyword mismatches reported by the interpreter or pybind11, not by the op: counted apart.
BINDING_MSG = re.compile(r"^[\w.<>]+\(\) (got an unexpected keyword|got multiple values|missing \d+ required|takes )"
                         r"|^\w+\(\): incompatible function arguments")


# ----------------------------------------------------------------------------- targets

def _hint(name, default=inspect.Parameter.empty):
    if name in BOOL_NAMES or isinstance(default, bool):
        return "bool"
    if name in TENSOR_NAMES:
        return "None|Tensor" if default is None else "Tensor"
    if name == "indices":
        return "Tensor|Tensor[]"
    if name in ("value", "mean", "std", "fill_value", "nan", "posinf", "neginf"):
        return "Scalar|Tensor"
    if name in SHAPE_NAMES:
        return "IntArray|int64_t"
    if name in INT_NAMES or isinstance(default, int):
        return "int64_t|IntArray" if name in AXIS_NAMES else "int64_t"
    if name == "dtype":
        return "DataType"
    if name in STRINGS or isinstance(default, str):
        return "str"
    if name in ("place", "device"):
        return "Place"
    if name in ("name", "data"):
        return name
    if name in SCALAR_NAMES or isinstance(default, float):
        return "Scalar"
    return "None|any" if default is None else "any"


def discover(paddle):
    """{target: (callable or None, [(param, type, has_default)])}. Methods take 'self' first."""
    sys.path.insert(0, os.path.join(REPO, "tools"))
    from codegen.op_spec import load_ops
    specs = {o.name: o for o in load_ops(sorted(glob.glob(os.path.join(REPO, "paddle/phi/ops/yaml/*.yaml"))))}
    targets, C = {}, paddle._C_ops
    for op, spec in sorted(specs.items()):
        if hasattr(C, op):
            targets[f"_C_ops.{op}"] = (getattr(C, op), [(a.name, a.type, a.default is not None) for a in spec.args])
    c_funcs = {id(getattr(C, n)) for n in dir(C)}
    public = {}
    for mod_name in ("paddle", "paddle.nn.functional", "paddle.linalg"):
        mod = sys.modules[mod_name]
        for n in sorted(dir(mod)):
            f = getattr(mod, n)
            if n.startswith("_") or SKIP_PUBLIC.match(n) or id(f) in c_funcs or isinstance(f, type) \
                    or not (inspect.isfunction(f) or inspect.isbuiltin(f)):
                continue
            types = {a.name: a.type for a in specs[n].args} if n in specs else {}
            try:
                params = [(p.name, "Tensor*" if p.kind == p.VAR_POSITIONAL else types.get(p.name)
                           or _hint(p.name, p.default), p.default is not p.empty)
                          for p in inspect.signature(f).parameters.values() if p.kind != p.VAR_KEYWORD]
            except (TypeError, ValueError):  # pybind: `f(a: object, b: object = None) -> ...` in the doc
                m = re.match(r"\w+\((.*)\)\s*->", (f.__doc__ or "").split("\n")[0])
                if not m:
                    continue
                params = [(p.split(":")[0].strip(), types.get(p.split(":")[0].strip()) or
                           _hint(p.split(":")[0].strip()), "=" in p) for p in m.group(1).split(",") if p.strip()]
            targets[f"{mod_name}.{n}"] = (f, params)
            public.setdefault(n, params)
    for m in sorted(dir(paddle.Tensor)):
        if m.startswith("_") or m in NOT_OP_METHODS or not callable(getattr(paddle.Tensor, m)):
            continue
        spec = specs.get(m) or next((s for s in specs.values() if m in s.python_methods), None)
        params = public.get(m) or ([(a.name, a.type, a.default is not None) for a in spec.args] if spec else None)
        if params and params[0][1].startswith("Tensor"):
            targets[f"Tensor.{m}"] = (None, [("self", "Tensor", False)] + params[1:])
    targets["Tensor.__getitem__"] = (None, None)
    targets["Tensor.__setitem__"] = (None, None)
    return targets


# ----------------------------------------------------------------------------- argument generation

class Gen:
    """Random arguments for one call. A call-wide shape and dtype make most tensors fit together;
    `show` renders values back as Python, with T(shape, dtype, view=, grad=) for large tensors."""

    def __init__(self, paddle, seed, op=""):
        self.paddle, self.r, self.np = paddle, random.Random(seed), np.random.RandomState(seed % 2**32)
        self.op, self.hinted = op, op in RANK_HINTS and self.chance(0.6)
        self.shape = [self.r.randint(1, 4) for _ in range(RANK_HINTS[op])] if self.hinted else self.dims()
        if op in RECIPE_OPS and not self.shape:
            self.shape = [self.r.randint(1, 4)]
        self.dtype = self.r.choice(DTYPES + ["float32"] * 4)
        self.desc = {}  # id(value) -> (value, text); holding the value keeps its id unique
        self.leaves = []  # tensors that require grad

    def chance(self, p):
        return self.r.random() < p

    def dims(self):
        return [self.r.choice([0, 1, 1, 2, 3, 4, 5]) for _ in range(self.r.choice([0, 1, 1, 2, 2, 2, 3, 3, 4]))]

    def small_int(self, lo=-3, hi=6):
        return self.r.choice(EXTREME_INTS) if self.chance(0.05) else self.r.randint(lo, hi)

    def data(self, shape, dtype, kind=None, hi=None):
        n = self.np
        if kind == "index":  # positions in [-hi, hi), now and then one step outside
            hi = max(self.shape + [1]) if hi is None else hi
            lo, hi = (-hi - 1, hi + 1) if self.chance(0.1) else (-hi, max(hi, 1))
            return n.randint(lo, hi, shape).astype(self.r.choice(["int64", "int32"]))
        if kind == "mask" or dtype == "bool":
            return n.randint(0, 2, shape).astype(bool)
        if dtype in ("uint8", "int8", "int16", "int32", "int64"):
            return n.randint(0 if dtype == "uint8" else -5, 10, shape).astype(dtype)
        a = np.round(n.standard_normal(shape) * 3, 2)
        if dtype.startswith("complex"):
            a = a + 1j * np.round(n.standard_normal(shape), 2)
        if a.size and self.chance(0.1):
            a.flat[n.randint(0, a.size)] = self.r.choice(ODD_FLOATS)
        return a.astype("float32" if dtype == "bfloat16" else dtype)

    def tensor(self, name="", shape=None, hi=None):
        kind = {"index": "index", "indices": "index", "mask": "mask", "condition": "mask"}.get(name)
        if shape is None and self.hinted:
            shape, kind = self.hinted_shape(name, kind)
        if shape is None:
            shape = self.dims() if self.chance(0.1 if self.hinted else 0.35) else list(self.shape)
            if shape and not self.hinted and self.chance(0.2):  # a broadcast-compatible variant
                shape = [1 if self.chance(0.4) else d for d in shape][self.r.randint(0, len(shape)):]
        dtype = self.r.choice(DTYPES) if self.chance(0.35) else self.dtype
        view = None if not shape or not self.chance(0.15) else "T" if len(shape) > 1 and self.chance(0.5) else "step"
        base = shape[::-1] if view == "T" else shape[:-1] + [2 * shape[-1]] if view else shape
        arr = self.data(base, dtype, kind, hi)
        t = self.paddle.to_tensor(arr, dtype="bfloat16" if dtype == "bfloat16" and kind is None else None)
        t = t.transpose(list(range(len(shape)))[::-1]) if view == "T" else t[..., ::2] if view else t
        dname = str(t.dtype).split(".")[-1]
        grad = dname in DIFF_DTYPES and self.chance(0.3)
        if grad:
            t.stop_gradient = False
            self.leaves.append(t)
        if view is None and arr.size <= 16:
            vals = arr.astype("complex128" if arr.dtype.kind == "c" else "float64").round(4) \
                if arr.dtype.kind in "fc" else arr
            vals = repr(vals.tolist()).replace("nan", "float('nan')").replace("inf", "float('inf')")
            text = f"paddle.to_tensor({vals}, dtype={dname!r}" + (", stop_gradient=False)" if grad else ")")
        else:
            text = f"T({shape}, {dname!r}" + (f", view={view!r}" if view else "") + (", grad=True)" if grad else ")")
        return self.note(t, text)

    def hinted_shape(self, name, kind):
        """The shape (and data kind) of a hinted op's tensor argument that must fit its input, or None."""
        S, r = self.shape, self.r
        if name == "weight" and self.op.startswith("conv"):  # [OC, C, k...], transposed: [C, OC, k...]
            kernel = [r.randint(1, 3)] * (len(S) - 2)
            pair = [S[1], r.randint(1, 3)] if self.op.endswith("transpose") else [r.randint(1, 3), S[1]]
            return pair + kernel, kind
        if name == "weight" and self.op == "embedding":  # [num, dim]
            return [r.randint(1, 6), r.randint(1, 4)], kind
        if name == "x" and self.op in ("embedding", "one_hot"):
            return list(S), "index"
        if name == "grid" and self.op == "grid_sample":  # [N, H_out, W_out, 2]
            return [S[0], r.randint(1, 4), r.randint(1, 4), 2], kind
        if name == "label" and self.op in ("cross_entropy", "nll_loss"):  # class indices of the [N, C] input
            return [S[0]], "index"
        return None, kind

    def note(self, value, text):
        self.desc[id(value)] = (value, text)
        return value

    def recipe(self):
        """Mutually consistent arguments for an indexing op, whose kernel random ones seldom reach."""
        r, S = self.r, self.shape
        rank, a, m = len(S), r.randrange(len(S)), r.randint(0, 4)
        x = self.tensor("x", S)
        out = {"x": x, "arr": x, "input": x, "self": x, "axis": a}
        if self.op in ("index_add", "index_select", "gather"):
            out.update(index=self.tensor("index", [m], S[a]), value=self.tensor("", S[:a] + [m] + S[a + 1:]))
        elif self.op in ("take_along_axis", "put_along_axis"):
            shape = S[:a] + [m] + S[a + 1:]
            out.update(indices=self.tensor("index", shape, S[a]), values=self.tensor("", shape))
        elif self.op in ("gather_nd", "put_nd", "scatter_nd_add", "scatter_nd"):
            j = r.randint(1, rank)
            out.update(index=self.tensor("index", [m, j], min(S[:j])), updates=self.tensor("", [m] + S[j:]), shape=S)
        elif self.op == "scatter":
            out.update(index=self.tensor("index", [m], S[0]), updates=self.tensor("", [m] + S[1:]))
        elif self.op == "index_put":
            j = r.randint(1, rank)
            out.update(indices=tuple(self.tensor("index", [m], S[i]) for i in range(j)),
                       value=self.tensor("", [m] + S[j:]))
        elif self.op in ("masked_fill", "masked_select"):
            out.update(mask=self.tensor("mask", S))
        elif self.op == "slice":
            out["axes"] = r.sample(range(rank), r.randint(1, rank))
            out["starts"], out["ends"] = ([r.randint(-S[i] - 1, S[i] + 1) for i in out["axes"]] for _ in "se")
        return out

    def int_array(self, name):
        rank = len(self.shape)
        if name == "perm" and self.chance(0.7):
            return self.r.sample(range(rank), rank)
        if name in AXIS_NAMES:
            vals = [self.r.randint(-rank - 1, rank) for _ in range(self.r.randint(0, rank + 1))]
        elif name in PAIR_NAMES and (self.hinted or self.chance(0.3)):
            vals = [self.r.randint(0 if name.startswith("padding") else 1, 3) for _ in range(2)]
            vals *= 2 if name == "paddings" and self.chance(0.5) else 1
        elif name == "shape" and self.chance(0.5):
            numel = int(np.prod(self.shape))
            vals = self.r.choice([[numel], [-1], self.shape[::-1], [1] + self.shape, [-1, 1], self.shape])
        else:
            vals = [self.small_int(-1, 5) for _ in range(self.r.randint(0, 4))]
        roll = self.r.random()
        if roll < 0.08 and all(abs(v) < 2**31 for v in vals):
            dt = self.r.choice(["int32", "int64"])
            return self.note(self.paddle.to_tensor(np.array(vals, dt)), f"paddle.to_tensor({vals}, dtype={dt!r})")
        if roll < 0.12 and vals and all(abs(v) < 2**63 for v in vals):
            return [self.note(self.paddle.to_tensor(v), f"paddle.to_tensor({v})") for v in vals]
        return tuple(vals) if roll < 0.2 else vals

    def scalar(self):
        r, roll = self.r, self.r.random()
        if roll < 0.9:
            return self.small_int() if roll < 0.35 else round(r.gauss(0, 3), 3) if roll < 0.7 else \
                r.choice(ODD_FLOATS) if roll < 0.8 else r.choice([True, False]) if roll < 0.85 else \
                complex(r.randint(-2, 2), r.randint(-2, 2))
        t = self.paddle.to_tensor(self.data([], r.choice(DTYPES)))
        return self.note(t, f"paddle.to_tensor({t.item()!r}, dtype={str(t.dtype).split('.')[-1]!r})")

    def index(self, x):
        """A random x[...] index: ints, slices, None, ..., lists, int tensors, bool masks, mixed in tuples."""
        def one():
            dim, roll = (x.shape[self.r.randrange(len(x.shape))] if x.shape else 2), self.r.random()
            if roll < 0.3:
                return self.r.randint(-dim - 1, dim)
            if roll < 0.55:
                bound = lambda: self.r.choice([None, self.r.randint(-dim - 2, dim + 2), 2**40])  # noqa: E731
                return slice(bound(), bound(), self.r.choice([None, 1, 2, -1, -2, 0, 3]))
            if roll < 0.65:
                return self.r.choice([None, Ellipsis, True, False])
            if roll < 0.75:
                return [self.r.randint(-dim - 1, dim) for _ in range(self.r.randint(0, 3))]
            if roll < 0.85:
                return self.tensor("index")
            mask = self.paddle.to_tensor(self.np.randint(0, 2, x.shape[:self.r.randint(0, len(x.shape))]) > 0)
            return self.note(mask, f"T({mask.shape}, 'bool')")
        if self.chance(0.05):
            return self.r.choice(MALFORMED)
        parts = tuple(one() for _ in range(self.r.randint(1, 4)))
        return parts[0] if len(parts) == 1 and self.chance(0.5) else parts

    def value(self, typ, name):
        if "|" in typ:
            typ = self.r.choice(typ.split("|"))
        if self.chance(0.05) and name != "self":
            return self.r.choice(MALFORMED)
        r, P = self.r, self.paddle
        if typ == "Tensor":
            return self.tensor(name)
        if typ in ("Tensor[]", "Tensor*"):
            ts = [self.tensor(name) for _ in range(r.choice([0, 1, 2, 2, 3, 4]))]
            return tuple(ts) if self.chance(0.2) else ts
        if typ in ("IntArray", "int64_t[]"):
            return self.int_array(name)
        if typ in ("int", "int64_t"):
            if name in AXIS_NAMES:
                return r.randint(-len(self.shape) - 1, len(self.shape))
            return 1 if name == "groups" and self.chance(0.7) else self.small_int()
        if typ == "Scalar":
            return self.scalar()
        if typ in ("float", "double"):
            return r.choice([round(r.gauss(0, 2), 3)] * 4 + ODD_FLOATS)
        if typ == "bool":
            return r.choice([True, False] * 4 + [0, 1, None])
        if typ == "str":
            return r.choice(STRINGS.get(name, ["assign", "add"]) * 3 + ["", "xyz", "ASSIGN", "\x00", "a" * 300])
        if typ == "DataType":
            if self.chance(0.1):
                return r.choice(["float8", "int4", "", 42, "Float32"])
            d = r.choice(DTYPES)
            return getattr(P, d) if self.chance(0.7) else d
        if typ == "Place":
            return r.choice([None] * 6 + [P.CPUPlace()] * 6 + [P.CUDAPlace(0), P.CUDAPlace(7), "cpu", "gpu:0"])
        if typ == "name":
            return r.choice([None, None, None, "out", 3])
        if typ == "data":
            roll = r.random()
            return self.scalar() if roll < 0.2 else self.data(self.shape, r.choice(DTYPES)) if roll < 0.5 else \
                self.tensor() if roll < 0.6 else r.choice([[[1, 2], [3]], [], [[]], [1, 2.5, True], [2**70], "abc"])
        if typ == "None":
            return None
        return self.value(r.choice(["Tensor", "IntArray", "int64_t", "Scalar", "bool", "DataType", "str"]), name)

    def show(self, v):
        if id(v) in self.desc:
            return self.desc[id(v)][1]
        if isinstance(v, (list, tuple)):
            inner = ", ".join(map(self.show, v)) + ("," if len(v) == 1 and isinstance(v, tuple) else "")
            return f"[{inner}]" if isinstance(v, list) else f"({inner})"
        if isinstance(v, slice):
            return ":".join("" if p is None else self.show(p) for p in (v.start, v.stop, v.step))
        if isinstance(v, float) and not np.isfinite(v):
            return f"float('{v}')"
        if isinstance(v, np.ndarray):
            return f"np.array({v.tolist()!r}, dtype='{v.dtype}')" if v.size <= 16 else f"<ndarray {v.shape} {v.dtype}>"
        if isinstance(v, self.paddle.Tensor):
            return f"T({v.shape}, {str(v.dtype).split('.')[-1]!r})"
        return "..." if v is Ellipsis else v.__name__ if isinstance(v, type) else \
            str(v) if isinstance(v, self.paddle.dtype) else repr(v)

    def show_index(self, idx):
        return ", ".join(map(self.show, idx)) if isinstance(idx, tuple) and idx else self.show(idx)


def build_call(paddle, targets, target, seed):
    """(thunk, generator, Python text) of the call (target, seed)."""
    g = Gen(paddle, seed, target.rsplit(".", 1)[-1])
    fn, params = targets[target]
    if target in ("Tensor.__getitem__", "Tensor.__setitem__"):
        x = g.tensor()
        idx = g.index(x)
        if target.endswith("getitem"):
            return (lambda: x[idx]), g, f"{g.show(x)}[{g.show_index(idx)}]"
        v = g.value("Scalar|Tensor", "value")

        def setitem():
            x[idx] = v
            return x
        return setitem, g, f"x = {g.show(x)}; x[{g.show_index(idx)}] = {g.show(v)}"
    preset = g.recipe() if g.op in RECIPE_OPS and g.chance(0.5) else {}
    args, kwargs, positional = [], {}, g.chance(0.6)
    cut = len(params)  # a positional call leaves out a random run of trailing defaulted params
    while positional and cut and params[cut - 1][2] and g.chance(0.3):
        cut -= 1
    for name, typ, has_default in params[:cut]:
        if not positional and has_default and g.chance(0.3):
            continue
        v = preset[name] if name in preset and not g.chance(0.05) else g.value(typ, name)
        if typ == "Tensor*":  # variadic: a list of tensors, or (malformed) a single value
            args.extend(v if isinstance(v, (list, tuple)) else [v])
        elif not kwargs and (positional or name == "self" or not has_default and g.chance(0.3)):
            args.append(v)
        else:
            kwargs[name] = v
    is_method = target.startswith("Tensor.")
    if g.chance(0.03):  # a structurally malformed call
        roll = g.r.random()
        if roll < 0.4 and len(args) > is_method:
            args.pop(g.r.randrange(is_method, len(args)))
        elif roll < 0.7:
            args.append(g.value("any", "extra"))
        else:
            kwargs["bogus_kwarg"] = 1
    if is_method:
        method, self_, args = target.split(".", 1)[1], args[0], args[1:]
        thunk, callee = (lambda: getattr(self_, method)(*args, **kwargs)), f"{g.show(self_)}.{method}"
    else:
        thunk, callee = (lambda: fn(*args, **kwargs)), ("paddle." if target.startswith("_C_ops") else "") + target
    text = ", ".join([g.show(a) for a in args] + [f"{k}={g.show(v)}" for k, v in kwargs.items()])
    return thunk, g, f"{callee}({text})"


def execute(paddle, thunk, g, verbose=False):
    """Runs the call, reads every output element, then backpropagates from differentiable outputs.
    Returns None, or (phase, exception class, first line of its message)."""
    phase = "call"
    try:
        out = thunk()
        outs = [o for o in (out if isinstance(out, (list, tuple)) else [out]) if isinstance(o, paddle.Tensor)]
        phase = "use"
        for o in outs:
            if o.size <= 2**22:  # a big legitimate output would only cost time
                o.numpy()  # catches views that point outside their storage
        phase = "backward"
        diff = [o for o in outs if not o.stop_gradient and str(o.dtype).split(".")[-1] in DIFF_DTYPES]
        if diff:
            loss = diff[0].sum()
            for o in diff[1:]:
                loss = loss + o.sum()
            if g.leaves and g.chance(0.5):
                paddle.grad([loss], g.leaves, allow_unused=True)
            else:
                loss.backward()
    except Exception as e:  # noqa: BLE001 -- any exception class is a clean outcome
        if verbose:
            traceback.print_exc()
        return phase, type(e).__name__, (str(e).strip().split("\n") or [""])[0][:300]
    if verbose:
        print(out if all(o.size <= 1000 for o in outs) else [f"Tensor(shape={o.shape}, {o.dtype})" for o in outs])
    return None


# ----------------------------------------------------------------------------- workers

def setup(mem_gb, device):
    import paddle
    if device:  # e.g. a plugin device from CUSTOM_DEVICE_ROOT: every call's tensors go there
        paddle.set_device(device)
    targets = discover(paddle)
    np.seterr(all="ignore")
    faulthandler.enable()  # the Python stack of a crashing call goes to stderr,
    faulthandler.register(signal.SIGUSR1)  # and that of a stuck one when the parent asks
    if mem_gb:  # an oversized allocation should raise MemoryError, not exhaust the machine
        resource.setrlimit(resource.RLIMIT_AS, (int(mem_gb * 2**30),) * 2)
    return paddle, targets


def worker_main(mem_gb, device):
    """Runs calls read from stdin; writes {"start": text} before each and {"done": result} after it."""
    paddle, targets = setup(mem_gb, device)
    out = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # whatever the library prints goes to the log, not into the protocol
    out.write(json.dumps({"ready": len(targets)}) + "\n")
    for line in sys.stdin:
        req = json.loads(line)
        try:
            thunk, g, text = build_call(paddle, targets, req["target"], req["seed"])
        except Exception:  # noqa: BLE001 -- a bug in this script, reported as such
            out.write(json.dumps({"start": "?", "done": ["fuzzer", "", traceback.format_exc()[-600:]]}) + "\n")
            continue
        out.write(json.dumps({"start": text}) + "\n")
        out.write(json.dumps({"done": execute(paddle, thunk, g)}) + "\n")


class Worker:
    def __init__(self, idx, opts):
        self.log = os.path.join(opts.log_dir, f"worker{idx}.log")
        self.log_start = os.path.getsize(self.log) if os.path.exists(self.log) else 0
        # In the log folder: calls such as paddle.save(x, "add") write files where they run.
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker", "--mem-gb",
                                      str(opts.mem_gb), "--device", opts.device], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=open(self.log, "ab"), env=opts.env,
                                     cwd=opts.log_dir)
        self.buf, self.call, self.text, self.since = b"", None, None, None
        msg = self.read(120)
        if not isinstance(msg, dict) or "ready" not in msg:
            raise RuntimeError(f"worker failed to start; see {self.log}")

    def send(self, target, seed):
        self.call, self.text, self.since = (target, seed), None, time.time()
        try:
            self.proc.stdin.write((json.dumps({"target": target, "seed": seed}) + "\n").encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass  # it died; the next read says so

    def read(self, timeout):
        """The next message; None on timeout; "eof" once the worker is gone."""
        deadline = time.time() + timeout
        while b"\n" not in self.buf:
            if not select.select([self.proc.stdout], [], [], max(0.0, deadline - time.time()))[0]:
                return None
            chunk = os.read(self.proc.stdout.fileno(), 1 << 16)
            if not chunk:
                return "eof"
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def tail(self, n=14):
        """The last lines this worker (not an earlier one with the same log) wrote to its log."""
        with open(self.log, "rb") as f:
            f.seek(max(self.log_start, os.path.getsize(self.log) - 8000))
            lines = f.read().decode(errors="replace").splitlines()
        return [ln for ln in lines if ln.strip() and not ln.startswith("Extension modules")][-n:]

    def kill(self):
        """Kills the worker if still running; returns a description of how it ended."""
        if self.proc.poll() is None:
            self.proc.kill()
        rc = self.proc.wait()
        if rc >= 0:
            return f"exited with code {rc}"
        return f"killed by {signal.Signals(-rc).name if -rc in signal.valid_signals() else -rc}"


class Stats:
    def __init__(self):
        self.calls, self.okays, self.classes = collections.Counter(), collections.Counter(), collections.Counter()
        self.unclear, self.bad, self.crashes, self.hangs, self.binding = {}, [], [], [], 0

    def done(self, w, result):
        (target, seed), w.call = w.call, None
        self.calls[target] += 1
        if result is None:
            self.okays[target] += 1
            return
        phase, cls, text = result
        if phase == "fuzzer":
            self.bad.append(f"{target}:{seed}: {text}")
            return
        self.classes[cls if phase == "call" else f"{cls} (in {phase})"] += 1
        if BINDING_MSG.match(text):
            self.binding += 1
        elif not CLEAR_MSG.match(text):  # grouped by message shape: numbers and a leading `func()` vary
            key = (cls, re.sub(r"\d+", "N", re.sub(r"^\w+\(\)", "F()", text))[:100])
            entry = self.unclear.setdefault(key, [0, set(), target, f"{cls}: {text}", seed, w.text])
            entry[0] += 1
            entry[1].add(target)

    def died(self, w, hang, timeout):
        target, seed = w.call
        self.calls[target] += 1
        if hang and w.proc.poll() is None:
            w.proc.send_signal(signal.SIGUSR1)  # faulthandler logs where it is stuck
            time.sleep(0.5)
        how = w.kill()
        (self.hangs if hang else self.crashes).append(dict(
            target=target, seed=seed, call=w.text, log=w.tail(),
            why=f"no result after {timeout} s" if hang else how))

    def report(self, names):
        calls, okays = self.calls, self.okays
        print(f"\n=== {sum(calls.values())} calls over {len(calls)}/{len(names)} targets, "
              f"{sum(okays.values())} returned normally")
        print("calls per target (returned normally / called):")
        cells = [f"{n} {okays[n]}/{calls[n]}" for n in names]
        for i in range(0, len(cells), 3):
            print("  " + "".join(c.ljust(48) for c in cells[i:i + 3]).rstrip())
        never = [n for n in names if not okays[n]]
        print(f"targets that never returned normally: {len(never)} {', '.join(never)}")
        print("exceptions by class:")
        for cls, n in self.classes.most_common():
            print(f"  {n:8d}  {cls}")
        for title, items in (("crashes", self.crashes), ("hangs", self.hangs)):
            groups = collections.defaultdict(list)
            for c in items:
                groups[(c["target"], c["why"])].append(c)
            print(f"{title}: {len(items)} ({len(groups)} distinct target/outcome pairs)")
            for (target, why), cs in groups.items():
                print(f"  {len(cs)}x {target} ({why}); first call:\n    {cs[0]['call']}\n    repro: " +
                      ", ".join(f"python3 tools/fuzz_ops.py --repro {target}:{c['seed']}" for c in cs[:3]))
                print("    worker log tail:\n" + "\n".join("      " + ln for ln in cs[0]["log"]))
        print(f"argument-binding TypeErrors (arity/keyword mismatches from Python or pybind11): {self.binding}")
        print(f"unclear errors (message does not start with [op_name]): {len(self.unclear)} distinct, top 20:")
        for n, where, target, text, seed, call in sorted(self.unclear.values(), key=lambda e: -e[0])[:20]:
            also = f" (and {len(where) - 1} more targets)" if len(where) > 1 else ""
            print(f"  {n:6d}x {target}{also}: {text}\n          --repro {target}:{seed}  {(call or '')[:160]}")
        if self.bad:
            print(f"fuzzer errors (bugs in this script): {len(self.bad)}; the first:\n  {self.bad[0]}")
        return 1 if self.crashes or self.hangs else 0


def fuzz(opts):
    import paddle
    names = sorted(discover(paddle))
    if opts.ops:
        wanted = set(opts.ops.split(","))
        names = [n for n in names if n in wanted or n.rsplit(".", 1)[-1] in wanted]
        if not names:
            sys.exit(f"no target matches --ops {opts.ops}")
    rng, counter, order, st = random.Random(opts.seed), 0, [], Stats()
    workers = [Worker(i, opts) for i in range(opts.workers)]
    deadline = time.time() + opts.minutes * 60
    print(f"fuzzing {len(names)} targets with {opts.workers} workers for {opts.minutes} min, seed {opts.seed}; "
          f"worker logs in {opts.log_dir}", flush=True)
    try:
        while True:
            for w in workers:
                if w.call is None and time.time() < deadline:
                    if not order:  # every target once per round, in a random order
                        order = rng.sample(names, len(names))
                    w.send(order.pop(), opts.seed * 10**9 + counter)
                    counter += 1
            busy = [w for w in workers if w.call is not None]
            if not busy:
                break
            select.select([w.proc.stdout for w in busy if b"\n" not in w.buf], [], [], 0.5)
            for i, w in enumerate(workers):
                while w.call is not None:
                    msg = w.read(0)
                    if msg is None and time.time() - w.since <= opts.timeout:
                        break
                    if msg is None or msg == "eof":
                        st.died(w, msg is None, opts.timeout)
                        workers[i] = w = Worker(i, opts)
                    elif "done" in msg:
                        w.text = msg.get("start", w.text)
                        st.done(w, msg["done"])
                    else:
                        w.text = msg["start"]
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    finally:
        for w in workers:
            w.kill()
    return st.report(names)


def repro(spec, mem_gb, device):
    paddle, targets = setup(mem_gb, device)
    target, seed = spec.rsplit(":", 1)
    thunk, g, text = build_call(paddle, targets, target, int(seed))
    print("# T(shape, dtype, view=, grad=) is a random tensor; view 'T' reverses the dims, 'step' is x[..., ::2]")
    print(text, flush=True)
    print("result (phase, exception, message):", execute(paddle, thunk, g, verbose=True))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--ops", help="comma-separated op or target names (add, _C_ops.add, Tensor.__getitem__)")
    ap.add_argument("--timeout", type=float, default=10, help="seconds after which a call counts as a hang")
    ap.add_argument("--mem-gb", type=float, default=4, help="address-space limit per worker; 0 for none")
    ap.add_argument("--device", default="", help="the device calls run on (paddle.set_device), e.g. custom_cpu")
    ap.add_argument("--log-dir", help="where the workers' stderr goes (default: a new temp dir)")
    ap.add_argument("--repro", metavar="TARGET:SEED", help="re-run one recorded call in this process")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    opts = ap.parse_args()
    if opts.worker:
        return worker_main(opts.mem_gb, opts.device)
    if opts.repro:
        return repro(opts.repro, opts.mem_gb, opts.device)
    opts.log_dir = opts.log_dir or tempfile.mkdtemp(prefix="fuzz_ops_")
    os.makedirs(opts.log_dir, exist_ok=True)
    opts.env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    return fuzz(opts)


if __name__ == "__main__":
    sys.exit(main())
