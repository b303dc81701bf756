"""The op generator: golden output for a tiny YAML (reviewed by hand when
it changes; regenerate with UPDATE_GOLDEN=1), and clear errors for malformed
entries."""

from __future__ import annotations

import glob
import os
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from codegen.__main__ import generate  # noqa: E402
from codegen.op_spec import SpecError, parse_op  # noqa: E402

GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "codegen")


def test_generator_output_matches_golden(tmp_path):
    files = generate([os.path.join(GOLDEN, "tiny_ops.yaml")], str(tmp_path))
    for rel in files:
        produced = (tmp_path / rel).read_text()
        golden_path = os.path.join(GOLDEN, os.path.basename(rel) + ".golden")
        if os.environ.get("UPDATE_GOLDEN"):
            with open(golden_path, "w") as f:
                f.write(produced)
        with open(golden_path) as f:
            assert produced == f.read(), f"{rel} differs from {golden_path}"


def test_unchanged_files_are_not_rewritten(tmp_path):
    yaml_path = os.path.join(GOLDEN, "tiny_ops.yaml")
    files = generate([yaml_path], str(tmp_path))
    before = {rel: os.stat(tmp_path / rel).st_mtime_ns for rel in files}
    generate([yaml_path], str(tmp_path))
    assert before == {rel: os.stat(tmp_path / rel).st_mtime_ns for rel in files}


@pytest.mark.parametrize("entry,match", [
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(out)"}, r"\[f\] missing field 'infer_meta'"),
    ({"op": "f", "args": "(Tenser x)", "output": "Tensor(out)", "infer_meta": "M"}, r"unknown type 'Tenser'"),
    ({"op": "f", "args": "Tensor x", "output": "Tensor(out)", "infer_meta": "M"}, r"parenthesised"),
    ({"op": "f", "args": "(Tensor x, Tensor x)", "output": "Tensor(out)", "infer_meta": "M"}, r"duplicate"),
    ({"op": "f", "args": "(Tensor x)", "output": "out", "infer_meta": "M"}, r"output must be Tensor"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o), Tensor(o)", "infer_meta": "M"}, r"duplicate output"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(x)", "infer_meta": "M"}, r"clash with argument"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M", "promote": ["y"]}, r"promote"),
    ({"op": "f", "args": "(int n)", "output": "Tensor(o)", "infer_meta": "M"}, r"needs kernel.backend"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M", "colour": 1}, r"unknown fields"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": {"func": "M", "param": ["z"]}},
     r"infer_meta.param names 'z'"),
    ({"op": "f_", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M", "inplace": {"y": "o"}},
     r"inplace names 'y'"),
    ({"op": "f_", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M", "inplace": {"x": "p"}},
     r"not an output"),
    ({"op": "f_", "args": "(Tensor x, Tensor y)", "output": "Tensor(o), Tensor(p)", "infer_meta": "M",
      "inplace": {"x": "o"}}, r"writes every output into an input"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M", "inplace": {"x": "o"}},
     r"ends with '_'"),
    ({"op": "f_", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M", "inplace": {"x": "o"},
      "backward": {"x": "grad"}}, r"has no backward"),
    ({"op": "f_", "args": "(Tensor x, Tensor y)", "output": "Tensor(o)", "infer_meta": "M", "inplace": {"x": "o"},
      "promote": ["x", "y"]}, r"cannot be promoted"),
    ({"op": "f", "args": "(Tensor x, Tensor y)", "output": "Tensor(o)", "infer_meta": "M",
      "backward": {"x, y": "G(grad)", "y": "grad"}}, r"more than one formula"),
    ({"op": "f", "args": "(Tensor x, Tensor[] y)", "output": "Tensor(o)", "infer_meta": "M",
      "backward": {"x, y": "G(grad)"}}, r"single Tensors only"),
    ({"op": "f", "args": "(Tensor x, Tensor y)", "output": "Tensor(o)", "infer_meta": "M",
      "backward": {"x, z": "G(grad)"}}, r"names 'z'"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor[](o), Tensor(p)", "infer_meta": "M",
      "backward": {"x": "grad"}}, r"only output"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor[](o)", "infer_meta": "M"}, r"needs backward formulas"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor[](o)", "infer_meta": "M", "backward": {"x": "G(o)"}},
     r"read grad \(a list\)"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "decomposition": "x"}, r"missing field 'infer_meta'"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M", "amp": "fp16"}, r"amp must be low"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M", "decomposition": "x",
      "backward": {"x": "grad"}}, r"without kernels takes no 'backward'"),
    ({"op": "f", "args": "(Tensor x, Tensor y)", "output": "Tensor(o)", "infer_meta": "M", "decomposition": "x",
      "promote": ["x", "y"]}, r"without kernels takes no 'promote'"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M", "decomposition": " "},
     r"decomposition must be a C\+\+ expression"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor[](o)", "infer_meta": "M", "kernel": {"dtypes": "all"},
      "decomposition": "G(x)", "backward": {"x": "join(grad)"}}, r"take no decomposition"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M", "kernel": {}},
     r"\[f\] missing kernel.dtypes"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M", "kernel": {"dtypes": "float128"}},
     r"unknown dtype 'float128'"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M",
      "kernel": {"dtypes": "any, float32"}}, r"`any` alone"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M", "kernel": {"dtypes": []}},
     r"must list dtypes"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M",
      "kernel": {"dtypes": {"cpu": "float32", "tpu": "float32"}}}, r"per backend takes \['cpu', 'gpu'\]"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M", "python": {"aliases": {"z": "a"}}},
     r"python.aliases names 'z'"),
    ({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M", "python": {"aliases": ["x"]}},
     r"python.aliases must map"),
])
def test_malformed_entries_are_rejected(entry, match):
    entry = {"paddle": {"none": "a test op"}, **entry}
    if "kernel" not in entry and "decomposition" not in entry:
        entry["kernel"] = {"dtypes": "floating"}
    with pytest.raises(SpecError, match=match):
        parse_op(entry)


def test_real_yaml_parses_and_every_exported_op_is_bound():
    import paddle
    from codegen.op_spec import load_ops

    ops = load_ops(sorted(glob.glob(os.path.join(ROOT, "paddle", "phi", "ops", "yaml", "*.yaml"))))
    for op in ops:
        assert hasattr(paddle._C_ops, op.name), op.name
        for module in op.python_modules:
            target = sys.modules[module]
            assert hasattr(target, op.name), f"{module}.{op.name}"


def test_every_op_needs_a_paddle_field():
    with pytest.raises(SpecError, match=r"\[f\] missing field 'paddle'"):
        parse_op({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M",
                  "kernel": {"dtypes": "floating"}})


@pytest.mark.parametrize("dtypes,expected", [
    ("floating", ("float16", "bfloat16", "float32", "float64")),
    ("[bool, integral]", ("bool", "uint8", "int8", "int16", "int32", "int64")),
    ("[int64, complex, int32]", ("int32", "int64", "complex64", "complex128")),
    ("all", ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
             "complex64", "complex128")),
    ("any", "any"),
])
def test_kernel_dtypes_expand_groups_for_every_backend(dtypes, expected):
    import yaml

    op = parse_op({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M",
                   "paddle": {"none": "a test op"}, "kernel": {"dtypes": yaml.safe_load(dtypes)}})
    assert op.kernel_dtypes == {"CPU": expected, "GPU": expected}


def test_kernel_dtypes_per_backend_register_only_where_listed():
    op = parse_op({"op": "f", "args": "(Tensor x)", "output": "Tensor(o)", "infer_meta": "M",
                   "paddle": {"none": "a test op"}, "kernel": {"dtypes": {"gpu": ["float16", "float32"]}}})
    assert op.kernel_dtypes == {"GPU": ("float16", "float32")}


CONV = {"op": "conv", "args": "(Tensor x, Tensor weight, int64_t[] strides, int64_t[] paddings, int64_t groups=1)",
        "output": "Tensor(out)", "infer_meta": "M", "kernel": {"dtypes": "floating"}}
CONV2D = {"input": "x", "filter": "weight", "strides": "strides", "paddings": {"arg": "paddings", "permute": [1, 0]},
          "padding_algorithm": {"const": "EXPLICIT"}, "dilations": [1, 1], "groups": "groups",
          "data_format": {"const": "NCHW"}}
SIGNATURES = {
    "pd_op.conv2d": {"inputs": ["input", "filter"], "outputs": ["out"], "attrs": [
        ["strides", "std::vector<int>", None], ["paddings", "std::vector<int>", None],
        ["padding_algorithm", "std::string", None], ["dilations", "std::vector<int>", None], ["groups", "int", None],
        ["data_format", "std::string", None]]},
    "pd_op.relu": {"inputs": ["x"], "attrs": [], "outputs": ["out"]},
    "pd_op.norm2": {"inputs": ["x"], "attrs": [["begin_norm_axis", "int", None]], "outputs": ["out", "mean",
                                                                                         "variance"]},
}


def _checked(paddle, **entry):
    from codegen import paddle_map

    paddle_map.check(parse_op({**CONV, **entry, "paddle": paddle}), SIGNATURES)


def test_paddle_mappings_that_fit_the_signature_pass():
    _checked({"op": "conv2d", "args": CONV2D})
    _checked("relu", args="(Tensor x)")
    _checked({"decompose": "no such Paddle op"}, decomposition="relu(x)")
    _checked({"none": "an internal op"})
    _checked({"op": "conv2d", "args": {**CONV2D, "paddings": {"arg": "paddings", "permute": [1, 0], "symmetric": 4,
                                                              "if_empty": [0, 0, 0, 0]}}})
    _checked({"op": "norm2", "args": {"x": "x", "begin_norm_axis": "axis"}, "outputs": {"out": "out", "rstd": None},
              "extra": {"mean": {"dims_before": "axis"},
                                                                             "variance": {"like_input": True}}},
             args="(Tensor x, int64_t axis=1)", output="Tensor(out), Tensor(rstd)")


@pytest.mark.parametrize("paddle,match", [
    ({"op": "conv3x"}, r"pd_op.conv3x is not a PaddlePaddle op"),
    ("conv2d", r"pd_op.conv2d takes \['input', .*bind them with paddle.args"),
    ({"op": "conv2d", "args": {k: v for k, v in CONV2D.items() if k != "data_format"}}, r"in its order"),
    ({"op": "conv2d", "args": {**CONV2D, "groups": 1}}, r"our arguments \['groups'\] reach no input"),
    ({"op": "conv2d", "args": {**CONV2D, "padding_algorithm": "EXPLICIT"}}, r"string constant is written"),
    ({"op": "conv2d", "args": {**CONV2D, "strides": "groups"}}, r"ints attribute cannot take our int64_t"),
    ({"op": "conv2d", "args": {**CONV2D, "paddings": {"arg": "paddings", "permute": [0, 0]}}},
     r"not a permutation"),
    ({"op": "conv2d", "args": {**CONV2D, "groups": 1.5}}, r"does not fit"),
    ({"op": "conv2d", "args": CONV2D, "outputs": {"out": "y"}}, r"has no output 'y'"),
    ({"decompose": "no such Paddle op"}, r"needs the op's decomposition"),
    ({"op": "conv2d", "args": {**CONV2D, "paddings": {"arg": "paddings", "symmetric": 3}}}, r"positive even number"),
    ({"op": "conv2d", "args": {**CONV2D, "paddings": {"arg": "paddings", "if_empty": "none"}}},
     r"if_empty must be a list"),
    ({"op": "conv2d", "args": CONV2D, "outputs": {"out": "out"}, "extra": {"out": {}}}, r"paddle.extra must describe"),
])
def test_paddle_mappings_that_do_not_fit_are_rejected(paddle, match):
    from codegen.paddle_map import PaddleMapError

    with pytest.raises(PaddleMapError, match=match):
        _checked(paddle)


def test_a_paddle_rank_must_be_a_rank():
    with pytest.raises(Exception, match=r"paddle.rank must be a rank"):
        _checked({"op": "conv2d", "args": CONV2D, "rank": -1})


def test_paddle_signatures_match_an_installed_paddlepaddle():
    """With PADDLE_REFERENCE_PYTHON naming an interpreter that has PaddlePaddle 3.x (in its own
    environment), the committed signatures must be what that Paddle declares."""
    import subprocess

    python = os.environ.get("PADDLE_REFERENCE_PYTHON")
    if not python:
        pytest.skip("set PADDLE_REFERENCE_PYTHON to a Python with PaddlePaddle installed to compare signatures")
    script = os.path.join(ROOT, "tools", "paddle_compat", "extract_pd_ops.py")
    proc = subprocess.run([python, script, "--check"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_amp_lists_are_the_yaml_amp_fields():
    import paddle
    from codegen.op_spec import load_ops

    ops = load_ops(sorted(glob.glob(os.path.join(ROOT, "paddle", "phi", "ops", "yaml", "*.yaml"))))
    assert paddle.amp.white_list() == {o.name for o in ops if o.amp == "low"}
    assert paddle.amp.black_list() == {o.name for o in ops if o.amp == "float32"}
    assert {"matmul", "conv2d"} <= paddle.amp.white_list() and {"softmax", "layer_norm"} <= paddle.amp.black_list()
