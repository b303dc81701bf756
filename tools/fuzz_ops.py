#!/usr/bin/env python3
"""Fuzzes every op with random shapes, dtypes, attributes and malformed
arguments, and reports crashes (signals, aborts) and hangs, as opposed to
clean Python exceptions. Not part of CI; see docs/guide/fuzzing.md.

    python3 tools/fuzz_ops.py --minutes 10 --seed 0 --workers 2 [--ops add,gather]
    python3 tools/fuzz_ops.py --repro _C_ops.add:42      # re-run one recorded call

Targets: every YAML op as paddle._C_ops.<op>, the public callables of paddle,
paddle.nn.functional and paddle.linalg that are not _C_ops functions
themselves, Tensor methods, and Tensor.__getitem__/__setitem__. A call is
fully determined by (target, call seed); workers are subprocesses fed one call
at a time over a pipe, so a dead or stuck worker names the call that killed it.
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
import time
import traceback

import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
          "complex64", "complex128"]
DIFF_DTYPES = {"float16", "bfloat16", "float32", "float64", "complex64", "complex128"}
EXTREME_INTS = [2**31 - 1, 2**31, 2**40, -2**63, 2**63 - 1, 2**64, -2**31 - 1]
ODD_FLOATS = [float("nan"), float("inf"), float("-inf"), 0.0, -0.0, 1e308, 5e-324, -1e-30]
BOOL_NAMES = {"keepdim", "descending", "stable", "training", "sparse", "accumulate", "overwrite", "broadcast",
              "include_self", "as_tuple", "largest", "sorted", "transpose_x", "transpose_y", "approximate",
              "unbiased", "reverse", "upscale", "flatten", "stop_gradient", "equal_nan", "bias_after_scale"}
TENSOR_NAMES = {"x", "y", "arr", "input", "condition", "mask", "index", "updates", "values", "weight", "bias",
                "mat2", "vec", "other"}
SHAPE_NAMES = {"shape", "output_sizes", "kernel_sizes", "strides", "paddings", "dilations", "stride", "padding",
               "dilation", "perm", "axes", "starts", "ends", "repeat_times", "shifts", "source", "destination"}
INT_NAMES = {"axis", "start_axis", "stop_axis", "k", "n", "num_classes", "groups", "low", "high", "padding_idx",
             "seed", "num", "offset", "diagonal", "axis1", "axis2", "num_rows", "num_columns", "chunks"}
STRINGS = {"reduce": ["assign", "add", "mul", "multiply", "mean", "amin", "amax", "sum"],
           "mode": ["upscale_in_train", "downscale_in_infer"], "data_format": ["NCHW", "NCHW", "NHWC", "NCDHW", "NDHWC"] * 2,
           "equation": ["ij,jk->ik", "i,i->", "...ij->...ji", "ii->i", "ij", "->", "a,b,c,d->"]}
PAIR_NAMES = {"output_sizes", "kernel_sizes", "strides", "paddings", "dilations", "stride", "padding", "dilation"}
RANK_HINTS = {"conv2d": 4, "unfold": 4, "fold": 3, "dropout2d": 4, "dropout3d": 5, "embedding": 2, "one_hot": 1}
AXIS_NAMES = {"axis", "axes", "perm", "start_axis", "stop_axis", "axis1", "axis2", "source", "destination"}
SKIP_PUBLIC = re.compile(r"^(set_|get_|is_|seed$|grad$|no_grad$|enable_grad$|choose_openblas)")
NOT_OP_METHODS = {"backward", "clear_grad", "clear_gradient", "cpu", "cuda", "detach", "dim", "element_size",
                  "is_contiguous", "is_leaf", "item", "numpy", "register_hook", "retain_grads", "tolist"}
CLEAR_MSG = re.compile(r"^\[[A-Za-z_][\w.]*\]")
MALFORMED = [None, "abc", [[1, 2], [3]], {}, (), 1.5, -7, "float32", b"\x00", [None], object, [1.5, "a"]]


# ----------------------------------------------------------------------------- targets

def load_specs():
    sys.path.insert(0, os.path.join(REPO, "tools"))
    from codegen.op_spec import load_ops
    return {o.name: o for o in load_ops(sorted(glob.glob(os.path.join(REPO, "paddle/phi/ops/yaml/*.yaml"))))}


def _doc_params(fn):
    """Parameters of a pybind function from its first doc line: `f(a: object, b: object = None)`."""
    m = re.match(r"\w+\((.*)\)\s*->", (fn.__doc__ or "").split("\n")[0])
    if not m:
        return None
    return [(p.split(":")[0].strip(), "=" in p) for p in m.group(1).split(",") if p.strip()]


def _hint(name, default=inspect.Parameter.empty):
    if name in BOOL_NAMES or isinstance(default, bool):
        return "bool"
    if name in TENSOR_NAMES:
        return "Tensor"
    if name in ("indices",):
        return "Tensor|Tensor[]"
    if name in ("value", "mean", "std", "fill_value", "nan", "posinf", "neginf"):
        return "Scalar|Tensor"
    if name in SHAPE_NAMES:
        return "IntArray|int64_t"
    if name in INT_NAMES or (isinstance(default, int) and default is not None):
        return "int64_t|IntArray" if name in AXIS_NAMES else "int64_t"
    if name in STRINGS or isinstance(default, str) and name != "dtype":
        return "str"
    if name == "dtype":
        return "DataType"
    if name in ("place", "device"):
        return "Place"
    if name == "name":
        return "name"
    if name == "data":
        return "data"
    if default is None:
        return "None|any"
    if isinstance(default, float) or name in ("p", "min", "max", "start", "end", "step", "stop", "alpha", "beta",
                                              "eps", "rtol", "atol", "scale", "base", "porder", "norm_type"):
        return "Scalar"
    return "any"


def discover(paddle, specs):
    """{target name: (callable or None, [(param, type, has_default)])}; 'self' marks a Tensor receiver."""
    targets, C = {}, paddle._C_ops
    for op, spec in sorted(specs.items()):
        if hasattr(C, op):
            targets[f"_C_ops.{op}"] = (getattr(C, op), [(a.name, a.type, a.default is not None) for a in spec.args])
    c_funcs = {id(getattr(C, n)) for n in dir(C) if callable(getattr(C, n))}
    public = {}
    for mod_name in ("paddle", "paddle.nn.functional", "paddle.linalg"):
        mod = sys.modules[mod_name]
        for n in sorted(dir(mod)):
            f = getattr(mod, n)
            if n.startswith("_") or SKIP_PUBLIC.match(n) or isinstance(f, type) or id(f) in c_funcs:
                continue
            if not (inspect.isfunction(f) or inspect.isbuiltin(f)):
                continue
            spec_types = {a.name: a.type for a in specs[n].args} if n in specs else {}
            try:
                params = []
                for p in inspect.signature(f).parameters.values():
                    if p.kind == p.VAR_KEYWORD:
                        continue
                    t = "Tensor*" if p.kind == p.VAR_POSITIONAL else spec_types.get(p.name) or _hint(p.name, p.default)
                    params.append((p.name, t, p.default is not p.empty))
            except (TypeError, ValueError):
                doc = _doc_params(f)
                if doc is None:
                    continue
                params = [(n2, spec_types.get(n2) or _hint(n2), d) for n2, d in doc]
            targets[f"{mod_name}.{n}"] = (f, params)
            public.setdefault(n, params)
    for m in sorted(dir(paddle.Tensor)):
        if m.startswith("_") or m in NOT_OP_METHODS or not callable(getattr(paddle.Tensor, m)):
            continue
        spec = specs.get(m) or next((s for s in specs.values() if m in s.python_methods), None)
        params = public.get(m) or ([(a.name, a.type, a.default is not None) for a in spec.args] if spec else None)
        if params and params[0][1].startswith("Tensor"):
            targets[f"Tensor.{m}"] = (None, [("self", "Tensor", False)] + params[1:])
    targets["Tensor.__getitem__"] = (None, [("self", "Tensor", False), ("index", "index", False)])
    targets["Tensor.__setitem__"] = (None, [("self", "Tensor", False), ("index", "index", False),
                                            ("value", "Scalar|Tensor", False)])
    return targets


# ----------------------------------------------------------------------------- argument generation

class Gen:
    """Random values for one call; `show` renders them back as (near-)Python."""

    def __init__(self, paddle, seed, op=""):
        self.paddle, self.r, self.np = paddle, random.Random(seed), np.random.RandomState(seed % 2**32)
        self.op, self.hinted = op, op in RANK_HINTS and self.chance(0.6)
        self.shape = [self.r.randint(1, 4) for _ in range(RANK_HINTS[op])] if self.hinted else self.dims()
        self.dtype = self.r.choice(DTYPES + ["float32"] * 4)
        self.desc = {}  # id(value) -> description
        self.leaves = []  # tensors requiring grad

    def chance(self, p):
        return self.r.random() < p

    def dims(self):
        return [self.r.choice([0, 1, 1, 2, 3, 4, 5]) for _ in range(self.r.choice([0, 1, 1, 2, 2, 2, 3, 3, 4]))]

    def small_int(self, lo=-3, hi=6):
        return self.r.choice(EXTREME_INTS) if self.chance(0.05) else self.r.randint(lo, hi)

    def data(self, shape, dtype, kind):
        n, hi = self.np, max(self.shape + [2])
        if kind == "index":
            return n.randint(-2, hi + 1, shape).astype(self.r.choice(["int64", "int64", "int32"]))
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

    def tensor(self, name=""):
        kind = "index" if name in ("index", "indices") else "mask" if name in ("mask", "condition") else None
        shape = self.dims() if self.chance(0.1 if self.hinted else 0.35) else list(self.shape)
        if self.hinted and name == "weight":  # conv2d: [OC, C, kh, kw]; embedding: [num, dim]
            shape = [self.r.randint(1, 3), self.shape[1]] + [self.r.randint(1, 3)] * 2 if self.op == "conv2d" \
                else [self.r.randint(1, 6), self.r.randint(1, 4)]
        elif self.hinted and self.op in ("embedding", "one_hot") and name == "x":
            kind = "index"
        if self.chance(0.2) and shape and not self.hinted:  # broadcast-compatible variant
            shape = [1 if self.chance(0.4) else d for d in shape][self.r.randint(0, len(shape)):]
        dtype = self.r.choice(DTYPES) if self.chance(0.35) else self.dtype
        view = None
        if shape and self.chance(0.15):
            view = "T" if len(shape) >= 2 and self.chance(0.5) else "step"
        base = shape[::-1] if view == "T" else shape[:-1] + [shape[-1] * 2] if view == "step" else shape
        arr = self.data(base, dtype, kind)
        t = self.paddle.to_tensor(arr, dtype="bfloat16" if dtype == "bfloat16" and kind is None else None)
        if view == "T":
            t = t.transpose(list(range(len(shape)))[::-1])
        elif view == "step":
            t = t[..., ::2]
        dname = str(t.dtype).split(".")[-1]
        grad = dname in DIFF_DTYPES and self.chance(0.3)
        if grad:
            t.stop_gradient = False
            self.leaves.append(t)
        if view is None and arr.size <= 16:
            vals = repr(arr.astype("complex128" if arr.dtype.kind == "c" else "float64").round(4).tolist()
                        if arr.dtype.kind in "fc" else arr.tolist()).replace("nan", "float('nan')").replace("inf", "float('inf')")
            d = f"paddle.to_tensor({vals}, dtype={dname!r}" + (", stop_gradient=False)" if grad else ")")
        else:
            d = f"T({shape}, {dname!r}" + (f", view={view!r}" if view else "") + (", grad=True)" if grad else ")")
        self.desc[id(t)] = d
        return t

    def int_array(self, name):
        rank = len(self.shape)
        if name in AXIS_NAMES:
            if name == "perm" and self.chance(0.7):
                return self.r.sample(range(rank), rank)
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
            return self.paddle.to_tensor(np.array(vals, dtype=self.r.choice(["int32", "int64"])))
        if roll < 0.12 and vals:
            return [self.paddle.to_tensor(v) for v in vals]
        if roll < 0.2:
            return tuple(vals)
        return vals

    def scalar(self):
        roll = self.r.random()
        if roll < 0.35:
            return self.small_int()
        if roll < 0.7:
            return round(self.r.gauss(0, 3), 3)
        if roll < 0.8:
            return self.r.choice(ODD_FLOATS)
        if roll < 0.85:
            return self.r.choice([True, False])
        if roll < 0.9:
            return complex(self.r.randint(-2, 2), self.r.randint(-2, 2))
        t = self.paddle.to_tensor(self.data([], self.r.choice(DTYPES), None))
        self.desc[id(t)] = f"paddle.to_tensor({t.item()!r}, dtype={str(t.dtype).split('.')[-1]!r})"
        return t

    def index(self, x):
        def one():
            dim = x.shape[self.r.randrange(len(x.shape))] if x.shape else 2
            roll = self.r.random()
            if roll < 0.3:
                return self.r.randint(-dim - 1, dim)
            if roll < 0.55:
                pick = lambda: self.r.choice([None, self.r.randint(-dim - 2, dim + 2), 2**40])  # noqa: E731
                return slice(pick(), pick(), self.r.choice([None, 1, 2, -1, -2, 0, 3]))
            if roll < 0.65:
                return self.r.choice([None, Ellipsis, True, False])
            if roll < 0.75:
                return [self.r.randint(-dim - 1, dim) for _ in range(self.r.randint(0, 3))]
            if roll < 0.85:
                return self.tensor("index")
            mask = self.paddle.to_tensor(self.np.randint(0, 2, x.shape[:self.r.randint(0, len(x.shape))]) > 0)
            self.desc[id(mask)] = f"T({mask.shape}, 'bool')"
            return mask
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
            if name == "groups" and self.chance(0.7):
                return 1
            return self.small_int()
        if typ in ("float", "double", "Scalar"):
            return self.scalar() if typ == "Scalar" else r.choice([round(r.gauss(0, 2), 3)] * 4 + ODD_FLOATS)
        if typ == "bool":
            return r.choice([True, False, True, False, 0, 1, None])
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
            return r.choice([self.scalar(), self.data(self.shape, r.choice(DTYPES), None),
                             [[1, 2], [3]], [], [[]], [1, 2.5, True], [2**70], "abc", self.tensor()])
        if typ in ("index", "None"):
            return None
        return self.value(r.choice(["Tensor", "IntArray", "int64_t", "Scalar", "bool", "DataType", "str"]), name)

    def show(self, v):
        if id(v) in self.desc:
            return self.desc[id(v)]
        if isinstance(v, list):
            return "[" + ", ".join(map(self.show, v)) + "]"
        if isinstance(v, tuple):
            return "(" + ", ".join(map(self.show, v)) + ("," if len(v) == 1 else "") + ")"
        if isinstance(v, slice):
            return ":".join("" if p is None else self.show(p) for p in (v.start, v.stop, v.step))
        if v is Ellipsis:
            return "..."
        if isinstance(v, float) and not np.isfinite(v):
            return f"float('{v}')"
        if isinstance(v, type):
            return v.__name__
        if isinstance(v, np.ndarray):
            return f"np.array({v.tolist()!r}, dtype='{v.dtype}')"
        if isinstance(v, self.paddle.dtype):
            return str(v)
        if isinstance(v, self.paddle.Tensor):
            return f"T({v.shape}, {str(v.dtype).split('.')[-1]!r})"
        return repr(v)

    def show_index(self, idx):
        return ", ".join(map(self.show, idx)) if isinstance(idx, tuple) and idx else self.show(idx)


def build_call(paddle, targets, target, seed):
    """Returns (thunk, source text) for the call (target, seed)."""
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
    args, kwargs, positional = [], {}, g.chance(0.6)
    for i, (name, typ, has_default) in enumerate(params):
        if has_default and g.chance(0.3) and (not positional or i == len(params) - 1):
            continue
        v = g.value(typ, name)
        if typ == "Tensor*":
            args.extend(v)
        elif positional or name == "self" or (i < len(params) and not has_default and g.chance(0.3)):
            if kwargs:  # keep positional args in front of keyword ones
                kwargs[name] = v
            else:
                args.append(v)
        else:
            kwargs[name] = v
    if g.chance(0.03):  # structurally malformed call
        roll = g.r.random()
        if roll < 0.4 and args:
            args.pop(g.r.randrange(len(args)))
        elif roll < 0.7:
            args.append(g.value("any", "extra"))
        else:
            kwargs["bogus_kwarg"] = 1
    if target.startswith("Tensor."):
        method = target.split(".", 1)[1]
        self_, rest = args[0], args[1:]
        thunk = lambda: getattr(self_, method)(*rest, **kwargs)  # noqa: E731
        callee, shown = f"{g.show(self_)}.{method}", rest
    else:
        thunk = lambda: fn(*args, **kwargs)  # noqa: E731
        callee, shown = "paddle." + target if target.startswith("_C_ops") else target, args
    text = ", ".join([g.show(a) for a in shown] + [f"{k}={g.show(v)}" for k, v in kwargs.items()])
    return thunk, g, f"{callee}({text})"


def execute(paddle, thunk, g, verbose=False):
    """Runs one call plus a backward pass over differentiable outputs.
    Returns None or (phase, exception class, first line of the message)."""
    phase = "call"
    try:
        out = thunk()
        outs = [o for o in (out if isinstance(out, (list, tuple)) else [out]) if isinstance(o, paddle.Tensor)]
        phase = "use"
        for o in outs:
            o.numpy()  # touches every element: catches views pointing out of bounds
        phase = "backward"
        diff = [o for o in outs if not o.stop_gradient and str(o.dtype).split(".")[-1] in DIFF_DTYPES]
        if diff:
            loss = diff[0].sum()
            for o in diff[1:]:
                loss = loss + o.sum()
            if g.chance(0.5) or not g.leaves:
                loss.backward()
            else:
                paddle.grad([loss], g.leaves, allow_unused=True)
    except Exception as e:  # noqa: BLE001 -- every exception class is a clean outcome
        if verbose:
            traceback.print_exc()
        return phase, type(e).__name__, (str(e).strip().split("\n") or [""])[0][:300]
    if verbose:
        print(out)
    return None


# ----------------------------------------------------------------------------- worker and pool

def import_paddle():
    import paddle
    return paddle, discover(paddle, load_specs())


def worker_main(mem_gb):
    paddle, targets = import_paddle()
    np.seterr(all="ignore")
    faulthandler.enable()  # Python stack of the crashing call goes to the worker's stderr log
    if mem_gb:
        limit = int(mem_gb * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    out = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # anything the library prints goes to the log, not into the protocol
    out.write(json.dumps({"ready": len(targets)}) + "\n")
    for line in sys.stdin:
        req = json.loads(line)
        try:
            thunk, g, text = build_call(paddle, targets, req["target"], req["seed"])
        except Exception:  # noqa: BLE001 -- a bug in this script, reported as such
            out.write(json.dumps({"start": "?", "done": ["fuzzer", "error", traceback.format_exc()[-600:]]}) + "\n")
            continue
        out.write(json.dumps({"start": text}) + "\n")
        out.write(json.dumps({"done": execute(paddle, thunk, g)}) + "\n")


class Worker:
    def __init__(self, idx, opts):
        self.log = os.path.join(opts.log_dir, f"worker{idx}.log")
        cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--mem-gb", str(opts.mem_gb)]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=open(self.log, "ab"), env=opts.env)
        self.buf, self.call, self.text, self.since = b"", None, None, None
        msg = self.read(120)
        if not msg or "ready" not in msg:
            raise RuntimeError(f"worker failed to start; see {self.log}")

    def send(self, target, seed):
        self.call, self.text, self.since = (target, seed), None, time.time()
        try:
            self.proc.stdin.write((json.dumps({"target": target, "seed": seed}) + "\n").encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass  # the worker died between calls; the next read reports it

    def read(self, timeout):
        """The next message, None on timeout, "eof" when the worker died."""
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

    def tail(self, n=12):
        with open(self.log, "rb") as f:
            f.seek(max(0, os.path.getsize(self.log) - 8000))
            return "\n".join(f.read().decode(errors="replace").splitlines()[-n:])

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
        return self.proc.wait()


def describe_exit(rc):
    if rc is not None and rc < 0:
        try:
            return f"killed by {signal.Signals(-rc).name}"
        except ValueError:
            return f"killed by signal {-rc}"
    return f"exited with code {rc}"


def fuzz(opts):
    paddle, targets = import_paddle()
    del paddle
    names = sorted(targets)
    if opts.ops:
        wanted = set(opts.ops.split(","))
        names = [n for n in names if n in wanted or n.rsplit(".", 1)[-1] in wanted]
        if not names:
            sys.exit(f"no target matches --ops {opts.ops}")
    rng, counter, order = random.Random(opts.seed), 0, []
    st = Stats()
    workers = [Worker(i, opts) for i in range(opts.workers)]
    deadline = time.time() + opts.minutes * 60
    print(f"fuzzing {len(names)} targets with {opts.workers} workers for {opts.minutes} min; logs in {opts.log_dir}",
          flush=True)
    try:
        while True:
            for w in workers:  # feed idle workers
                if w.call is None and time.time() < deadline:
                    if not order:
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
                        st.dead(w, opts.timeout if msg is None else None)
                        workers[i] = w = Worker(i, opts)  # replace the dead or stuck worker
                    elif "done" in msg:
                        st.done(w, msg)
                    else:
                        w.text = msg["start"]
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    finally:
        for w in workers:
            w.kill()
    return st.report(names)


class Stats:
    def __init__(self):
        self.calls, self.okays, self.classes = collections.Counter(), collections.Counter(), collections.Counter()
        self.unclear, self.bad, self.crashes, self.hangs = {}, [], [], []

    def done(self, w, msg):
        (target, seed), res = w.call, msg["done"]
        if "start" in msg:
            w.text = msg["start"]
        self.calls[target] += 1
        w.call = None
        if res is None:
            self.okays[target] += 1
        elif res[0] == "fuzzer":
            self.bad.append(f"{target}:{seed}: {res[2]}")
        else:
            phase, cls, text = res
            self.classes[cls if phase == "call" else f"{cls} (in {phase})"] += 1
            if not CLEAR_MSG.match(text):  # group by message shape: numbers and a leading `func()` vary
                key = (cls, re.sub(r"\d+", "N", re.sub(r"^\w+\(\)", "F()", text))[:100])
                entry = self.unclear.setdefault(key, [0, set(), target, f"{cls}: {text}", seed, w.text])
                entry[0] += 1
                entry[1].add(target)

    def dead(self, w, timeout):
        target, seed = w.call
        self.calls[target] += 1
        if timeout:
            w.kill()
            self.hangs.append(dict(target=target, seed=seed, call=w.text, why=f"no result after {timeout} s"))
        else:
            self.crashes.append(dict(target=target, seed=seed, call=w.text, why=describe_exit(w.kill()),
                                     log=w.tail()))

    def report(self, names):
        calls, okays = self.calls, self.okays
        total = sum(calls.values())
        print(f"\n=== {total} calls over {len(calls)}/{len(names)} targets, {sum(okays.values())} returned normally")
        print("calls per target (returned normally / called):")
        cells = [f"{n} {okays[n]}/{calls[n]}" for n in names]
        for i in range(0, len(cells), 3):
            print("  " + "".join(c.ljust(48) for c in cells[i:i + 3]).rstrip())
        never_ok = [n for n in names if not okays[n]]
        if never_ok:
            print(f"targets that never returned normally ({len(never_ok)}): {', '.join(never_ok)}")
        print("exceptions by class:")
        for cls, n in self.classes.most_common():
            print(f"  {n:8d}  {cls}")
        for title, items in (("crashes", self.crashes), ("hangs", self.hangs)):
            print(f"{title}: {len(items)}")
            for c in items:
                print(f"  {c['target']} ({c['why']})\n    call: {c['call']}\n"
                      f"    repro: python3 tools/fuzz_ops.py --repro {c['target']}:{c['seed']}")
                if c.get("log"):
                    print("    worker log tail:\n" + "\n".join("      " + ln for ln in c["log"].splitlines()))
        print(f"unclear errors (message does not start with [op_name]): {len(self.unclear)} distinct, top 20:")
        for n, where, target, text, seed, call in sorted(self.unclear.values(), key=lambda e: -e[0])[:20]:
            also = f" (and {len(where) - 1} other targets)" if len(where) > 1 else ""
            print(f"  {n:6d}x {target}{also}: {text}\n          --repro {target}:{seed}  {(call or '')[:160]}")
        if self.bad:
            print(f"fuzzer errors (bugs in this script): {len(self.bad)}; first ones:")
            for b in sorted(set(self.bad), key=self.bad.index)[:5]:
                print("  " + b.replace("\n", "\n    "))
        return 1 if self.crashes or self.hangs else 0


def repro(spec):
    target, seed = spec.rsplit(":", 1)
    paddle, targets = import_paddle()
    thunk, g, text = build_call(paddle, targets, target, int(seed))
    print(f"# T(shape, dtype, view, grad) is a random tensor; 'T' views are transposes, 'step' ones x[..., ::2]\n{text}",
          flush=True)
    faulthandler.enable()
    print("result (phase, exception, message):", execute(paddle, thunk, g, verbose=True))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minutes", type=float, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--ops", help="comma-separated op or target names (add, _C_ops.add, Tensor.__getitem__)")
    ap.add_argument("--timeout", type=float, default=10, help="seconds before a call counts as a hang")
    ap.add_argument("--mem-gb", type=float, default=4, help="address-space limit per worker (0: none)")
    ap.add_argument("--log-dir", default=None, help="where worker stderr logs go (default: a temp dir)")
    ap.add_argument("--repro", metavar="TARGET:SEED", help="re-run one recorded call in this process")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    opts = ap.parse_args()
    if opts.worker:
        return worker_main(opts.mem_gb)
    if opts.repro:
        return repro(opts.repro)
    opts.log_dir = opts.log_dir or __import__("tempfile").mkdtemp(prefix="fuzz_ops_")
    os.makedirs(opts.log_dir, exist_ok=True)
    opts.env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    return fuzz(opts)


if __name__ == "__main__":
    sys.exit(main())
