"""paddle.static.save_inference_model / load_inference_model in
PaddlePaddle 3.x's files (Note [Program JSON], Note [Tensor stream]): our
models round-trip with equal outputs, PaddlePaddle's own files (golden,
tools/paddle_compat/make_inference_golden.py) load and give Paddle's
outputs, the bytes follow Paddle's layout (checked by hand), and malformed
or hostile files give errors naming the file."""

from __future__ import annotations

import json
import os
import struct

import numpy as np
import pytest

import paddle
from paddle import _C

GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "inference")


@pytest.fixture(autouse=True)
def eager_afterwards():
    yield
    paddle.disable_static()


def _fresh(build):
    """(main, startup, feeds, fetches, extra) of build() in new programs, the
    startup program run in a new global scope."""
    paddle.enable_static()
    paddle.seed(7)
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        built = build()
    return main, startup, built


def _convnet():
    x = paddle.static.data("x", [-1, 1, 6, 6], "float32")
    label = paddle.static.data("label", [-1, 1], "int64")
    h = paddle.static.nn.batch_norm(paddle.static.nn.conv2d(x, 2, 3), act="relu")
    h = paddle.nn.functional.dropout(paddle.flatten(h, 1), 0.5)
    logits = paddle.static.nn.fc(h, 3)
    loss = paddle.nn.functional.cross_entropy(logits, label)
    paddle.optimizer.Adam(0.01).minimize(loss)
    return {"feeds": [x], "fetches": [paddle.nn.functional.softmax(logits)], "loss": loss, "label": label}


def _control_flow():
    x = paddle.static.data("x", [2, 3], "float32")
    w = paddle.static.create_parameter([3, 3], "float32", name="w")
    h = paddle.matmul(x, w)
    y = paddle.static.nn.cond(paddle.sum(h) > 0, lambda: paddle.exp(h), lambda: paddle.tanh(h))
    i = paddle.full([], 0, "int64")
    _, z = paddle.static.nn.while_loop(lambda i, v: i < 3, lambda i, v: [i + 1, paddle.sin(v) + y], [i, h])
    return {"feeds": [x], "fetches": [y, z], "loss": None}


@pytest.mark.parametrize("build", [_convnet, _control_flow], ids=["convnet", "control_flow"])
def test_our_models_round_trip(tmp_path, build):
    """Saved, loaded into a new scope and run: the outputs equal the
    original program's in test mode (batch norm on its running statistics,
    no dropout), computed before saving."""
    main, startup, built = _fresh(build)
    feeds, fetches, loss = built["feeds"], built["fetches"], built["loss"]
    rng = np.random.default_rng(0)
    feed = {"x": rng.standard_normal([2] + [d for d in feeds[0].shape[1:]]).astype("float32")}
    if loss is not None:
        feed["label"] = np.array([[0], [2]], "int64")
    exe = paddle.static.Executor()
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        if loss is not None:  # train a step, so the saved values are not the initial ones
            exe.run(main, feed=feed, fetch_list=[loss])
        prefix = str(tmp_path / "model")
        paddle.static.save_inference_model(prefix, feeds, fetches, exe, program=main)
        inference = _C.serialize.inference_program(main, feeds, fetches)
        expected = exe.run(inference, feed={"x": feed["x"]}, fetch_list=_C.serialize.inputs_and_outputs(inference)[1])
    with paddle.static.scope_guard(paddle.static.Scope()):
        program, feed_names, fetch_targets = paddle.static.load_inference_model(prefix, exe)
        got = exe.run(program, feed={"x": feed["x"]}, fetch_list=fetch_targets)
    assert feed_names == ["x"] and len(fetch_targets) == len(fetches)
    for g, e in zip(got, expected):
        np.testing.assert_array_equal(g, e)
    # the file holds the program: the same ops (a constant's number may come back as a float: Paddle's full
    # holds a double)
    assert program.op_names() == inference.op_names()
    text = open(prefix + ".json").read()
    assert text == json.dumps(json.loads(text), separators=(",", ":"), sort_keys=True)  # Paddle's layout


def test_a_loop_whose_gradient_was_built_saves_without_its_history(tmp_path):
    """Note [Gradients of pd_op.while]: the forward loop pushes its
    iterations for the backward; the inference program has no backward, so
    the pushes and the stack go, and the model runs as the forward does."""
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [3], "float32")
        i = paddle.full([], 0, "int64")
        _, y = paddle.static.nn.while_loop(lambda i, v: i < 3, lambda i, v: [i + 1, paddle.sin(v) * 2.0], [i, x])
        paddle.static.gradients([paddle.sum(y)], [x])
    assert '"cf.tuple_push"' in str(main)
    inference = _C.serialize.inference_program(main, [x], [y])
    assert "cf." not in str(inference).replace('"cf.yield"', "")
    prefix = str(tmp_path / "loop")
    exe = paddle.static.Executor()
    paddle.static.save_inference_model(prefix, [x], [y], exe, program=main)
    assert "stack" not in open(prefix + ".json").read()
    program, feeds, fetches = paddle.static.load_inference_model(prefix, exe)
    xs = np.array([0.1, -0.5, 1.0], "float32")
    got, = exe.run(program, feed={"x": xs}, fetch_list=fetches)
    expected = xs
    for _ in range(3):
        expected = np.sin(expected) * 2.0
    np.testing.assert_allclose(got, expected, rtol=1e-6)


def test_the_inference_program_is_pruned_and_in_test_mode():
    main, startup, built = _fresh(_convnet)
    feeds, fetches = built["feeds"], built["fetches"]
    inference = _C.serialize.inference_program(main, feeds, fetches)
    text = str(inference)
    assert "scheduled_adam_" not in text and "_grad" not in text and "set_parameter" not in text
    assert "label" not in text  # the loss's input is not needed for the softmax
    assert "is_test:true" in text and "pd_op.dropout" not in text
    assert text.count('"pd_op.fetch"') == 1 and 'name:"fetch_name_0"' in text
    # a fetched input keeps its own name, as Paddle names it
    named = _C.serialize.inference_program(main, feeds, [feeds[0], fetches[0]])
    assert 'col:0,name:"x"' in str(named) and 'col:1,name:"fetch_name_1"' in str(named)
    with pytest.raises(ValueError, match=r"\[save_inference_model\] the feed 'label' is not used to compute the "
                                         r"fetch_vars"):
        _C.serialize.inference_program(main, feeds + [built["label"]], fetches)
    with pytest.raises(ValueError, match=r"feed_vars\[0\] must be an input of the program"):
        _C.serialize.inference_program(main, fetches, fetches)



@pytest.mark.parametrize("name", ["mlp", "control_flow"])
def test_paddles_inference_models_load_and_give_paddles_outputs(name):
    """Models PaddlePaddle 3.3.1 saved (parameters from its own seeded
    initializers) give the outputs Paddle's executor gave. control_flow holds
    cond, while_loop, and Paddle's forms of sum (its axis a full_int_array
    operand) and scale (its factor a full operand), read into ours through
    the YAML's op mappings (Note [Paddle's ops])."""
    io = np.load(os.path.join(GOLDEN, f"{name}_io.npz"))
    paddle.enable_static()
    exe = paddle.static.Executor()
    with paddle.static.scope_guard(paddle.static.Scope()):
        program, feeds, fetches = paddle.static.load_inference_model(os.path.join(GOLDEN, name), exe)
        got = exe.run(program, feed={"x": io["x"]}, fetch_list=fetches)
    assert feeds == ["x"] and len(got) == len([k for k in io.files if k.startswith("out")])
    for i, g in enumerate(got):
        np.testing.assert_allclose(g, io[f"out{i}"], rtol=1e-6, atol=1e-7)
    if name == "control_flow":
        text = str(program)
        assert '"pd_op.sum" (%2) {axis:[]' in text and '"pd_op.scale" (%arg_0) {bias:1,bias_after_scale:true,factor:1.0' in text


def _control_flow_json():
    return json.load(open(os.path.join(GOLDEN, "control_flow.json")))


def _op_named(doc, name):
    def walk(region):
        for block in region["blocks"]:
            for op in block["ops"]:
                if op["#"] == name:
                    return op
                for inner in op.get("regions", []):
                    found = walk(inner)
                    if found:
                        return found
        return None

    return walk(doc["program"]["regions"][0])


def test_paddle_ops_this_framework_cannot_take_are_named():
    """A Paddle op whose list argument is computed when the program runs, and
    one with a setting our op does not stand for, are refused by name."""
    doc = _control_flow_json()
    total = _op_named(doc, "1.sum")
    total["I"][1] = total["I"][0]  # the axis: the matmul's result, not a full_int_array
    with pytest.raises(NotImplementedError, match=r"\[load\] cf.json: pd_op.sum.axis is a value computed when the "
                                                  r"program runs"):
        _C.serialize.program_from_json(json.dumps(doc), "cf.json")
    # Paddle's cumsum with exclusive set: our cumsum stands for exclusive false only
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [4], "float32")
        y = paddle.cumsum(x, axis=0)
    doc = json.loads(_C.serialize.program_to_json(main))
    cumsum = _op_named(doc, "1.cumsum")
    assert [a["N"] for a in cumsum["A"]] == ["flatten", "exclusive", "reverse"] and len(cumsum["I"]) == 2
    back = _C.serialize.program_from_json(json.dumps(doc), "c.json")
    assert str(back) == str(main)
    next(a for a in cumsum["A"] if a["N"] == "exclusive")["AT"]["D"] = True
    with pytest.raises(ValueError, match=r"\[load\] c.json: pd_op.cumsum.exclusive is true; this framework has "
                                         r"pd_op.cumsum only with exclusive false"):
        _C.serialize.program_from_json(json.dumps(doc), "c.json")
    doc = _control_flow_json()
    _op_named(doc, "1.exp")["#"] = "1.frobnicate"
    with pytest.raises(ValueError, match=r"\[load\] cf.json holds the op pd_op.frobnicate, which this framework does "
                                         r"not have"):
        _C.serialize.program_from_json(json.dumps(doc), "cf.json")


def test_parameter_bytes_follow_paddles_tensor_stream():
    """By hand: u32 0, u64 0 (no LoD), u32 0, i32 the TensorDesc's size, the
    TensorDesc (field 1 data_type varint: FP32 = 5; field 2 dims unpacked),
    then the values; records one after another, nothing else."""
    a = paddle.to_tensor(np.array([0.5, 1.5, 2.5], "float32"))
    b = paddle.to_tensor(np.arange(12, dtype="int64").reshape(4, 3))
    c = paddle.to_tensor(np.array(True))
    data = _C.serialize.tensors_to_bytes([a, b, c])
    expected = (struct.pack("<IQIi", 0, 0, 0, 4) + bytes([0x08, 5, 0x10, 3]) + np.array([0.5, 1.5, 2.5], "<f4").tobytes()
                + struct.pack("<IQIi", 0, 0, 0, 6) + bytes([0x08, 3, 0x10, 4, 0x10, 3])
                + np.arange(12, dtype="<i8").tobytes()
                + struct.pack("<IQIi", 0, 0, 0, 2) + bytes([0x08, 0]) + b"\x01")
    assert data == expected
    back = _C.serialize.tensors_from_bytes(data, 3, "t.pdiparams")
    for got, want in zip(back, [a, b, c]):
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_array_equal(got.numpy(), want.numpy())
    assert _C.serialize.tensors_from_bytes(open(os.path.join(GOLDEN, "mlp.pdiparams"), "rb").read(), 2,
                                           "mlp.pdiparams")[0].shape == [3]


@pytest.mark.parametrize("cut", [3, 10, 19, 23, 30])
def test_truncated_or_padded_parameter_files_are_refused(cut):
    data = _C.serialize.tensors_to_bytes([paddle.ones([2, 3])])
    with pytest.raises(ValueError, match=r"\[load\] p.pdiparams: tensor 0 (is cut off|is malformed: expected values "
                                         r"that fit in the file)"):
        _C.serialize.tensors_from_bytes(data[:cut], 1, "p.pdiparams")
    with pytest.raises(ValueError, match=r"\[load\] p.pdiparams holds more than the program's 1 parameters"):
        _C.serialize.tensors_from_bytes(data + b"\x00", 1, "p.pdiparams")
    with pytest.raises(ValueError, match=r"\[load\] p.pdiparams holds 1 tensors, but the program has 2 parameters"):
        _C.serialize.tensors_from_bytes(data, 2, "p.pdiparams")


def test_hostile_parameter_headers_are_refused_without_allocating():
    def record(desc, payload=b""):
        return struct.pack("<IQIi", 0, 0, 0, len(desc)) + desc + payload

    huge = bytes([0x08, 5]) + b"".join(bytes([0x10]) + _varint(1 << 40) for _ in range(3))
    cases = [
        (record(huge), r"is malformed: expected values that fit in the file"),
        (record(bytes([0x08, 99, 0x10, 1]), b"\x00"), r"has the dtype code 99, which is not one of a dense tensor's"),
        (record(bytes([0x08, 5, 0x10])), r"is malformed: expected a TensorDesc message"),
        (record(bytes([0x08, 5]) + bytes([0x10]) + _varint((1 << 64) - 1)), r"is malformed: expected dims >= 0"),
        (struct.pack("<IQ", 0, 1 << 62), r"is cut off in a LoD level"),
        (struct.pack("<IQIi", 7, 0, 0, 0), r"is malformed: expected version 0"),
        (struct.pack("<IQIi", 0, 0, 0, -5), r"is malformed: expected a TensorDesc size >= 0"),
    ]
    for data, message in cases:
        with pytest.raises(ValueError, match=r"\[load\] h.pdiparams: tensor 0 " + message):
            _C.serialize.tensors_from_bytes(data, 1, "h.pdiparams")


def _varint(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _mlp_json():
    return json.load(open(os.path.join(GOLDEN, "mlp.json")))


def _edited(edit):
    doc = _mlp_json()
    edit(doc)
    return json.dumps(doc)


def _ops(doc):
    return doc["program"]["regions"][0]["blocks"][0]["ops"]


@pytest.mark.parametrize("text,error,message", [
    ("{not json", ValueError, r"m.json is not JSON"),
    (json.dumps({"base_code": {"magic": "onnx"}}), ValueError, r"has no base_code.magic \"pir\""),
    (json.dumps({"base_code": {"magic": "pir"}, "program": {"regions": []}}), ValueError,
     r"program.regions must hold the module's one region"),
    (_edited(lambda d: _ops(d)[2].__setitem__("#", "7.matmul")), ValueError, r"holds the op 7.matmul of dialect 7"),
    (_edited(lambda d: _ops(d)[3]["A"].append({"N": "alpha", "AT": {"#": "0.a_f32", "D": 1.0}})), ValueError,
     r"pd_op.matmul has no attribute alpha"),
    (_edited(lambda d: _ops(d)[3]["I"].__setitem__(0, {"%": 99})), ValueError,
     r"expected operands of pd_op.matmul defined before it"),
    (_edited(lambda d: _ops(d)[3]["O"][0].__setitem__("%", 2)), ValueError, r"expected each value id defined once"),
    (_edited(lambda d: _ops(d)[3]["O"][0]["TT"]["D"].__setitem__(1, [-1, 3, -7])), ValueError,
     r"expected dims >= -1"),
    (_edited(lambda d: _ops(d)[3]["O"][0]["TT"]["D"].__setitem__(0, {"#": "0.t_f4"})), ValueError,
     r"holds tensors of element type \"0.t_f4\", which this framework does not have"),
    (_edited(lambda d: _ops(d)[3]["A"][0]["AT"].__setitem__("D", "yes")), ValueError, r"transpose_x \(a bool\)"),
    (_edited(lambda d: _ops(d)[3]["A"][0].__setitem__("AT", {"#": "0.a_str", "D": "x"})), ValueError,
     r"pd_op.matmul.transpose_x must be Bool, but the file has 0.a_str"),
    (_edited(lambda d: _ops(d)[2]["A"].__setitem__(1, {"AT": {"#": "1.a_intarray", "D": [-1, 5]}, "N": "shape"})),
     ValueError, r"holds an invalid program"),
])
def test_malformed_program_files_name_the_file(text, error, message):
    with pytest.raises(error, match=r"\[load\] .*" + message):
        _C.serialize.program_from_json(text, "m.json")


@pytest.mark.parametrize("op,operand,message", [
    ("1.fetch", 0, r"\[pd_op.fetch\] operand x is a null value"),
    ("1.if", 0, r"\[pd_op.if\] its condition is a null value"),
    ("1.while", 2, r"\[pd_op.while\] the results must be \(tensor<1xi64>, <<NULL TYPE>>\)"),
])
def test_empty_operands_are_refused(op, operand, message):
    """Found by tools/fuzz_model_files.py: an empty operand ({"%": 0}) where
    an op needs a value crashed the verifier; now a clear error."""
    doc = _control_flow_json()
    _op_named(doc, op)["I"][operand] = {"%": 0}
    with pytest.raises(ValueError, match=r"\[load\] e.json holds an invalid program: " + message):
        _C.serialize.program_from_json(json.dumps(doc), "e.json")


def test_deeply_nested_regions_are_refused():
    inner = {"#": "block_x", "args": [], "ops": []}
    for _ in range(70):
        inner = {"#": "b", "args": [], "ops": [{"#": "1.if", "I": [{"%": 1}], "O": [], "A": [], "regions": [
            {"#": "r", "blocks": [inner]}, {"#": "r", "blocks": [{"#": "b", "args": [], "ops": []}]}]}]}
    doc = {"base_code": {"magic": "pir", "version": 4, "trainable": False}, "program": {"regions": [
        {"#": "region_0", "blocks": [{"#": "block_0", "args": [], "ops": [
            {"#": "1.full", "I": [], "O": [{"%": 1, "TT": {"#": "0.t_dtensor", "D": [{"#": "0.t_bool"}, [], "NCHW",
                                                                                   [], 0]}}],
             "A": [{"N": "shape", "AT": {"#": "1.a_intarray", "D": []}},
                   {"N": "value", "AT": {"#": "0.a_f64", "D": 1.0}},
                   {"N": "dtype", "AT": {"#": "1.a_dtype", "D": "bool"}},
                   {"N": "place", "AT": {"#": "1.a_place", "D": [1, 0, ""]}}]}] + inner["ops"]}]}]}}
    with pytest.raises(ValueError, match=r"expected regions nested at most 64 deep"):
        _C.serialize.program_from_json(json.dumps(doc), "deep.json")
    # JSON nested far deeper than any program: read without recursion, refused for what it is
    with pytest.raises(ValueError, match=r"deeper.json is not a program file Paddle writes"):
        _C.serialize.program_from_json("[" * 200000 + "]" * 200000, "deeper.json")


def test_special_floats_and_missing_files(tmp_path):
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [3], "float32")
        y = paddle.maximum(x, paddle.full([3], float("-inf"), "float32")) + paddle.full([3], float("inf"))
    text = _C.serialize.program_to_json(main)
    assert '"VD":"-INF"' in text and '"VD":"INF"' in text
    back = _C.serialize.program_from_json(text.replace('"VD":"INF"', '"VD":"inf"'), "f.json")
    assert str(back) == str(main)
    with pytest.raises(FileNotFoundError, match=r"\[load_inference_model\] no model file .*nothing.json"):
        paddle.static.load_inference_model(str(tmp_path / "nothing"), paddle.static.Executor())
    with pytest.raises(ValueError, match=r"\[save_inference_model\] path_prefix must be a path prefix"):
        paddle.static.save_inference_model(str(tmp_path) + "/", [x], [y], paddle.static.Executor(), program=main)


def test_serialize_and_deserialize_programs_and_persistables(tmp_path):
    """The in-memory forms of save_inference_model's two files: bytes equal
    the files' bytes, and deserializing them gives the same program and
    parameters."""
    main, startup, built = _fresh(_control_flow)
    feeds, fetches = built["feeds"], built["fetches"]
    exe = paddle.static.Executor()
    xs = np.random.default_rng(3).standard_normal((2, 3)).astype("float32")
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe.run(startup)
        program_bytes = paddle.static.serialize_program(feeds, fetches, program=main)
        param_bytes = paddle.static.serialize_persistables(feeds, fetches, exe, program=main)
        prefix = str(tmp_path / "m")
        paddle.static.save_inference_model(prefix, feeds, fetches, exe, program=main)
        normalized = paddle.static.normalize_program(main, feeds, fetches)
        expected = exe.run(normalized, feed={"x": xs}, fetch_list=_C.serialize.inputs_and_outputs(normalized)[1])
    assert program_bytes == paddle.static.load_from_file(prefix + ".json")
    assert param_bytes == paddle.static.load_from_file(prefix + ".pdiparams")
    program = paddle.static.deserialize_program(program_bytes)
    assert program.op_names() == normalized.op_names()
    with paddle.static.scope_guard(paddle.static.Scope()):
        paddle.static.deserialize_persistables(program, param_bytes, exe)
        got = exe.run(program, feed={"x": xs}, fetch_list=_C.serialize.inputs_and_outputs(program)[1])
    for g, e in zip(got, expected):
        np.testing.assert_array_equal(g, e)
    paddle.static.save_to_file(str(tmp_path / "copy.json"), program_bytes)
    assert paddle.static.load_from_file(str(tmp_path / "copy.json")) == program_bytes
    with pytest.raises(TypeError, match=r"\[save_to_file\] content must be bytes, but got str"):
        paddle.static.save_to_file(str(tmp_path / "x"), "text")
    with pytest.raises(TypeError, match=r"\[deserialize_program\] data must be bytes"):
        paddle.static.deserialize_program("{}")
    with pytest.raises(ValueError, match=r"\[load\] the serialized parameters holds 0 tensors, but the program has 1"):
        paddle.static.deserialize_persistables(program, b"", exe)


PEER_PYTHON = "/opt/peers/paddle/bin/python"


def _mlp():
    x = paddle.static.data("x", [-1, 4], "float32")
    h = paddle.static.nn.fc(paddle.nn.functional.dropout(x, 0.3), 8, activation="relu")
    return {"feeds": [x], "fetches": [paddle.nn.functional.softmax(paddle.static.nn.fc(h, 3))], "loss": None}


@pytest.mark.skipif(not os.path.exists(PEER_PYTHON), reason="no PaddlePaddle install at /opt/peers/paddle")
@pytest.mark.parametrize("build", [_mlp, _control_flow], ids=["mlp", "control_flow"])
def test_paddlepaddle_runs_our_inference_models(tmp_path, build):
    """The other way: PaddlePaddle 3.x loads the models we save (our sum,
    scale, full written in Paddle's signatures, Note [Paddle's ops]) and
    gives our outputs. (Ops whose mapping is more than bindings, such as
    batch_norm with Paddle's extra output, are still written in our
    signature: the export issue's.)"""
    import subprocess
    import textwrap

    main, startup, built = _fresh(build)
    feeds, fetches = built["feeds"], built["fetches"]
    xs = np.random.default_rng(5).standard_normal([2] + list(feeds[0].shape[1:])).astype("float32")
    exe = paddle.static.Executor()
    with paddle.static.scope_guard(paddle.static.Scope()):
        exe.run(startup)
        prefix = str(tmp_path / "model")
        paddle.static.save_inference_model(prefix, feeds, fetches, exe, program=main)
        inference = _C.serialize.inference_program(main, feeds, fetches)
        expected = exe.run(inference, feed={"x": xs}, fetch_list=_C.serialize.inputs_and_outputs(inference)[1])
    np.save(tmp_path / "x.npy", xs)
    script = textwrap.dedent(f"""
        import numpy as np, paddle
        paddle.enable_static()
        exe = paddle.static.Executor(paddle.CPUPlace())
        program, feeds, fetches = paddle.static.load_inference_model({prefix!r}, exe)
        outs = exe.run(program, feed={{feeds[0]: np.load({str(tmp_path / "x.npy")!r})}}, fetch_list=fetches)
        np.savez({str(tmp_path / "theirs.npz")!r}, *outs)
    """)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    proc = subprocess.run([PEER_PYTHON, "-c", script], env=env, timeout=600, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    theirs = np.load(tmp_path / "theirs.npz")
    assert len(theirs.files) == len(expected)
    for i, e in enumerate(expected):
        np.testing.assert_allclose(theirs[f"arr_{i}"], e, rtol=1e-5, atol=1e-6)
