"""Models move both ways between this framework and PaddlePaddle 3.x:
An MLP with dropouts, LeNet, a ResNet-18-structured network and a Transformer encoder that
Paddle's paddle.jit.save wrote (golden, tools/paddle_compat/make_jit_golden.py)
load here with paddle.jit.load and paddle.inference and give Paddle's
outputs; the same models saved by our paddle.jit.save run in Paddle (when a
PaddlePaddle interpreter is given) with our outputs. Their ops read through
the YAML's mappings (Note [Paddle's ops]): conv2d's reordered and symmetric
paddings, pool2d for max_pool and avg_pool, batch_norm_ with its reserve
space, layer_norm's statistics, dropout's mode string for our upscale flag."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import paddle
from paddle import inference

GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "jit")
PEER_PYTHON = os.environ.get("PADDLE_PEER_PYTHON", "/opt/peers/paddle/bin/python")
MODELS = ["lenet", "resnet18", "transformer", "mlp"]


@pytest.mark.parametrize("name", MODELS)
def test_paddles_saved_models_give_paddles_outputs(name):
    io = np.load(os.path.join(GOLDEN, f"{name}_io.npz"))
    layer = paddle.jit.load(os.path.join(GOLDEN, name))
    np.testing.assert_allclose(layer(paddle.to_tensor(io["x"])).numpy(), io["out"], rtol=1e-4, atol=1e-5)
    predictor = inference.create_predictor(inference.Config(os.path.join(GOLDEN, f"{name}.json"),
                                                            os.path.join(GOLDEN, f"{name}.pdiparams")))
    np.testing.assert_allclose(predictor.run([io["x"]])[0].numpy(), io["out"], rtol=1e-4, atol=1e-5)


def test_paddles_ops_read_into_ours():
    text = str(paddle.jit.load(os.path.join(GOLDEN, "resnet18")).program())
    assert '"pd_op.max_pool"' in text and '"pd_op.avg_pool"' in text and '"pd_op.batch_norm"' in text
    assert "paddings:[3,3,3,3]" in text  # the stem's symmetric [3, 3]
    text = str(paddle.jit.load(os.path.join(GOLDEN, "transformer")).program())
    assert '"pd_op.layer_norm"' in text


def test_paddles_inference_dropouts_read_with_their_modes():
    """Paddle exports an inference dropout as is: is_test true, its mode a string. Ours reads it with
    is_test and the mode as upscale (upscale_in_train: identity; downgrade_in_infer: times 1 - p), the
    uint8 mask Paddle declares standing for ours; the golden output checks the arithmetic."""
    text = str(paddle.jit.load(os.path.join(GOLDEN, "mlp")).program())
    assert text.count('"pd_op.dropout"') == 2 and text.count("is_test:true") == 2
    assert "upscale:true" in text and "upscale:false" in text


def test_dropout_writes_paddles_mode_and_refuses_an_unknown_one():
    """Our writer translates upscale back to Paddle's mode string; a mode this framework lacks is refused
    by name on reading."""
    import json

    from paddle import _C

    program = paddle.jit.load(os.path.join(GOLDEN, "mlp")).program()
    doc = json.loads(_C.serialize.program_to_json(program))
    dropouts = [op for op in doc["program"]["regions"][0]["blocks"][0]["ops"] if op["#"] == "1.dropout"]
    modes = [next(a["AT"]["D"] for a in op["A"] if a["N"] == "mode") for op in dropouts]
    assert modes == ["upscale_in_train", "downgrade_in_infer"]
    for op in dropouts:
        attrs = {a["N"]: a["AT"] for a in op["A"]}
        assert attrs["is_test"] == {"#": "0.a_bool", "D": True} and attrs["mode"]["#"] == "0.a_str"
        assert op["O"][1]["TT"]["D"][0] == {"#": "0.t_ui8"}  # Paddle's mask
    next(a for a in dropouts[0]["A"] if a["N"] == "mode")["AT"]["D"] = "sometimes"
    with pytest.raises(ValueError, match=r"pd_op.dropout.mode is \"sometimes\"; this framework has pd_op.dropout "
                       r"only with mode \"upscale_in_train\" or \"downgrade_in_infer\""):
        _C.serialize.program_from_json(json.dumps(doc), "modes.json")


def test_a_result_ours_lacks_is_refused_by_name(tmp_path):
    """A file whose op reads batch_norm_'s reserve space cannot be read here: the error names it."""
    import json

    doc = json.load(open(os.path.join(GOLDEN, "resnet18.json")))
    ops = doc["program"]["regions"][0]["blocks"][0]["ops"]
    bn = next(op for op in ops if op["#"] == "1.batch_norm_")
    reserve = bn["O"][5]["%"]
    fetch = next(op for op in ops if op["#"] == "1.fetch")
    fetch["I"][0]["%"] = reserve
    (tmp_path / "m.json").write_text(json.dumps(doc))
    (tmp_path / "m.pdiparams").write_bytes(open(os.path.join(GOLDEN, "resnet18.pdiparams"), "rb").read())
    with pytest.raises(NotImplementedError, match=r"pd_op.fetch reads pd_op.batch_norm's result 5, which this framework's op does not have"):
        paddle.jit.load(str(tmp_path / "m"))


def test_an_empty_input_of_a_mapped_op_is_refused(tmp_path):
    """Found by tools/fuzz_model_files.py: pool2d (read as max_pool, for inputs of rank 4) with an empty
    input ({"%": 0}) crashed the reader's rank check; now the op's own check names it."""
    import json

    doc = json.load(open(os.path.join(GOLDEN, "resnet18.json")))
    pool = next(op for op in doc["program"]["regions"][0]["blocks"][0]["ops"] if op["#"] == "1.pool2d")
    pool["I"][0] = {"%": 0}
    from paddle import _C

    with pytest.raises(ValueError, match=r"\[pd_op.max_pool\] operand x must be a tensor"):
        _C.serialize.program_from_json(json.dumps(doc), "empty.json")


def _our_model(name):
    """The golden model's architecture built here (random weights, warmed batch norm statistics)."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools", "paddle_compat"))
    from make_jit_golden import ResNet18

    paddle.seed(7)
    if name == "lenet":
        return paddle.vision.models.LeNet(), [None, 1, 28, 28]
    if name == "mlp":
        nn = paddle.nn
        return nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Dropout(0.3), nn.Linear(16, 4),
                             nn.Dropout(0.25, mode="downscale_in_infer")), [None, 8]
    if name == "resnet18":
        model = ResNet18()
        model.train()
        for _ in range(3):
            model(paddle.randn([4, 3, 32, 32]))
        return model, [None, 3, 32, 32]
    return paddle.nn.TransformerEncoder(paddle.nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0), 2), [None, 5, 16]


@pytest.mark.skipif(not os.path.exists(PEER_PYTHON), reason=f"no PaddlePaddle interpreter at {PEER_PYTHON} "
                    "(set PADDLE_PEER_PYTHON)")
@pytest.mark.parametrize("name", MODELS)
def test_paddlepaddle_runs_the_models_we_save(tmp_path, name):
    """The other way: our paddle.jit.save writes Paddle's signatures (conv2d, pool2d, batch_norm with its
    reserve space, layer_norm with its statistics, matmul + add for linear) and Paddle's paddle.jit.load runs
    the files with our outputs."""
    model, shape = _our_model(name)
    model.eval()
    x = np.load(os.path.join(GOLDEN, f"{name}_io.npz"))["x"]
    expected = model(paddle.to_tensor(x)).numpy()
    prefix = str(tmp_path / name)
    paddle.jit.save(model, prefix, input_spec=[paddle.static.InputSpec(shape, "float32", "x")])
    np.save(tmp_path / "x.npy", x)
    script = textwrap.dedent(f"""
        import numpy as np, paddle
        layer = paddle.jit.load({prefix!r})
        np.save({str(tmp_path / "theirs.npy")!r}, layer(paddle.to_tensor(np.load({str(tmp_path / "x.npy")!r}))).numpy())
    """)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    proc = subprocess.run([PEER_PYTHON, "-c", script], env=env, timeout=600, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    np.testing.assert_allclose(np.load(tmp_path / "theirs.npy"), expected, rtol=1e-4, atol=1e-5)
