"""paddle.inference: Config, create_predictor, Predictor and its tensor
handles, on models jit.save wrote and on PaddlePaddle 3.x's own files
(golden), against the eager layer's outputs; clones run in parallel threads;
bad use gets clear errors."""

from __future__ import annotations

import os
import threading

import numpy as np
import pytest

import paddle
from paddle import inference

GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "inference")


class _ConvNet(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = paddle.nn.Conv2D(3, 4, 3, padding=1)
        self.bn = paddle.nn.BatchNorm2D(4)
        self.fc = paddle.nn.Linear(4 * 4 * 4, 5)

    def forward(self, x):
        h = paddle.nn.functional.max_pool2d(paddle.nn.functional.relu(self.bn(self.conv(x))), 2)
        return paddle.nn.functional.softmax(self.fc(paddle.flatten(h, 1)))


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    paddle.seed(4)
    net = _ConvNet()
    net.train()
    for _ in range(3):
        net(paddle.randn([4, 3, 8, 8]))
    net.eval()
    directory = tmp_path_factory.mktemp("convnet")
    prefix = str(directory / "inference")
    paddle.jit.save(net, prefix, input_spec=[paddle.static.InputSpec([None, 3, 8, 8], "float32", "image")])
    return net, prefix


def _images(n, seed=0):
    return np.random.default_rng(seed).standard_normal((n, 3, 8, 8)).astype("float32")


def test_handles_and_list_runs_match_the_eager_layer(saved):
    net, prefix = saved
    config = inference.Config(prefix + ".json", prefix + ".pdiparams")
    config.set_cpu_math_library_num_threads(2)
    predictor = inference.create_predictor(config)
    assert predictor.get_input_names() == ["image"] and predictor.get_output_names() == ["fetch_name_0"]
    x = _images(3)
    handle = predictor.get_input_handle("image")
    assert handle.shape() == [-1, 3, 8, 8] and handle.type() == inference.DataType.FLOAT32
    handle.reshape([3, 3, 8, 8])
    handle.copy_from_cpu(x)
    assert predictor.run() is None
    out = predictor.get_output_handle("fetch_name_0")
    expected = net(paddle.to_tensor(x)).numpy()
    assert out.shape() == [3, 5] and str(out.type()) == "PaddleDType.FLOAT32"
    # the inference passes fold the batch norm into the convolution: equal up to rounding
    np.testing.assert_allclose(out.copy_to_cpu(), expected, rtol=1e-5, atol=1e-6)
    results = predictor.run([_images(2, 1)])
    assert isinstance(results[0], paddle.Tensor)
    np.testing.assert_allclose(results[0].numpy(), net(paddle.to_tensor(_images(2, 1))).numpy(), rtol=1e-5,
                               atol=1e-6)


def test_inference_passes_fold_batch_norm_and_can_be_turned_off(saved):
    net, prefix = saved
    x = _images(2)
    expected = net(paddle.to_tensor(x)).numpy()
    optimized = inference.create_predictor(inference.Config(prefix + ".json", prefix + ".pdiparams"))
    program = optimized._predictor._kernel_program
    assert '"pd_op.batch_norm"' not in program and "batch_norm(phi_kernel)" not in program
    plain_config = inference.Config(prefix + ".json", prefix + ".pdiparams")
    plain_config.switch_ir_optim(False)
    plain = inference.create_predictor(plain_config)
    assert '"pd_op.batch_norm"' in plain._predictor._kernel_program
    np.testing.assert_array_equal(plain.run([x])[0].numpy(), expected)  # the same kernels as eager
    kept_config = inference.Config(prefix + ".json", prefix + ".pdiparams")
    kept_config.delete_pass("conv_bn_fold")
    assert '"pd_op.batch_norm"' in inference.create_predictor(kept_config)._predictor._kernel_program


def test_predictors_of_different_weights_one_after_another(tmp_path):
    """A predictor's convolutions keep their reordered weights while the weights live (Note [Frozen weights]):
    predictors made and dropped in turn, whose weights may land at the same addresses, each give their own
    model's outputs, run after run."""
    x = _images(2, 7)
    for seed in range(4):
        paddle.seed(100 + seed)
        net = paddle.nn.Sequential(paddle.nn.Conv2D(3, 16, 3, padding=1), paddle.nn.ReLU(),
                                   paddle.nn.Conv2D(16, 32, 3, stride=2))
        net.eval()
        prefix = str(tmp_path / f"model{seed}")
        paddle.jit.save(net, prefix, input_spec=[paddle.static.InputSpec([None, 3, 8, 8], "float32", "image")])
        expected = net(paddle.to_tensor(x)).numpy()
        predictor = inference.create_predictor(inference.Config(prefix + ".json", prefix + ".pdiparams"))
        for _ in range(2):
            np.testing.assert_allclose(predictor.run([x])[0].numpy(), expected, rtol=1e-5, atol=1e-6)
        del predictor, net


def test_clones_share_weights_and_run_in_parallel_threads(saved):
    net, prefix = saved
    predictor = inference.create_predictor(inference.Config(os.path.dirname(prefix)))
    clones = [predictor.clone() for _ in range(4)]
    assert all(c._predictor._model_id == predictor._predictor._model_id for c in clones)
    errors, results = [], {}

    def work(i, clone):
        try:
            for step in range(10):
                x = _images(1 + (i + step) % 3, seed=100 * i + step)
                results[(i, step)] = (x, clone.run([x])[0].numpy())
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i, c)) for i, c in enumerate(clones)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(results) == 40
    for x, got in results.values():
        np.testing.assert_allclose(got, net(paddle.to_tensor(x)).numpy(), rtol=1e-5, atol=1e-6)


def test_paddlepaddles_golden_models_serve(tmp_path):
    io = np.load(os.path.join(GOLDEN, "mlp_io.npz"))
    config = inference.Config(os.path.join(GOLDEN, "mlp.json"), os.path.join(GOLDEN, "mlp.pdiparams"))
    predictor = inference.create_predictor(config)
    outputs = predictor.run([io["x"]])
    np.testing.assert_allclose(outputs[0].numpy(), io["out0"], rtol=1e-5, atol=1e-6)


def test_config_summary_and_options():
    config = inference.Config("model.json", "model.pdiparams")
    config.enable_use_gpu(256, 0)
    assert config.use_gpu() and config.gpu_device_id() == 0 and config.memory_pool_init_size_mb() == 256
    config.disable_gpu()
    config.enable_memory_optim()
    config.enable_mkldnn()
    text = config.summary()
    assert "| model_file " in text and "model.json" in text and "| memory_optim " in text
    assert "| use_gpu         | false" in text or "false" in text.split("use_gpu")[1].split("\n")[0]
    assert inference.Config("some/dir").model_dir() == "some/dir"
    assert inference.get_num_bytes_of_data_type(inference.DataType.INT64) == 8
    assert inference.get_version().startswith("version: ")


def test_bad_use_gets_clear_errors(saved, tmp_path):
    _, prefix = saved
    with pytest.raises(FileNotFoundError, match="no model file"):
        inference.create_predictor(inference.Config(str(tmp_path / "x.json"), str(tmp_path / "x.pdiparams")))
    with pytest.raises(FileNotFoundError, match="no parameter file|there is no"):
        inference.create_predictor(inference.Config(prefix + ".json", str(tmp_path / "missing.pdiparams")))
    with pytest.raises(ValueError, match="names no model"):
        inference.create_predictor(inference.Config())
    with pytest.raises(FileNotFoundError, match="exactly one .json"):
        inference.create_predictor(inference.Config(str(tmp_path)))
    with pytest.raises(TypeError, match="must be a paddle.inference.Config"):
        inference.create_predictor("model.json")
    predictor = inference.create_predictor(inference.Config(prefix + ".json", prefix + ".pdiparams"))
    handle = predictor.get_input_handle("image")
    with pytest.raises(TypeError, match="input 'image' is float32, but the array is float64"):
        handle.copy_from_cpu(np.zeros((1, 3, 8, 8)))
    with pytest.raises(ValueError, match=r"\[-1, 3, 8, 8\]"):
        handle.reshape([1, 3, 9, 8])
    with pytest.raises(ValueError, match="has no input 'label'"):
        predictor.get_input_handle("label")
    with pytest.raises(ValueError, match="input 'image' has no value"):
        inference.create_predictor(inference.Config(prefix + ".json", prefix + ".pdiparams")).run()
    with pytest.raises(RuntimeError, match="is an output"):
        predictor.get_output_handle("fetch_name_0").copy_from_cpu(np.zeros(1, "float32"))
    with pytest.raises(ValueError, match="expected a list of 1 inputs"):
        predictor.run([_images(1), _images(1)])
    with pytest.raises(ValueError, match=r"input 'image' must be float32\[-1, 3, 8, 8\]"):
        predictor.run([np.zeros((1, 3, 7, 8), "float32")])
    with pytest.raises(ValueError, match="at least 1 thread"):
        inference.Config().set_cpu_math_library_num_threads(0)


class _ResidualNet(paddle.nn.Layer):
    """ResNet's pattern, small: conv+bn+relu, a max pool, a basic block with a 1x1 downsampling shortcut, and
    a second block whose shortcut is its input, then global pooling and a classifier."""

    def __init__(self):
        super().__init__()
        nn = paddle.nn
        self.stem = nn.Sequential(nn.Conv2D(3, 16, 3, stride=2, padding=1, bias_attr=False), nn.BatchNorm2D(16),
                                  nn.ReLU(), nn.MaxPool2D(3, 2, 1))
        self.block1 = paddle.vision.models.resnet.BasicBlock(
            16, 32, stride=2, downsample=nn.Sequential(nn.Conv2D(16, 32, 1, stride=2, bias_attr=False),
                                                       nn.BatchNorm2D(32)))
        self.block2 = paddle.vision.models.resnet.BasicBlock(32, 32)
        self.head = nn.Sequential(nn.AdaptiveAvgPool2D(1), nn.Flatten(), nn.Linear(32, 5))

    def forward(self, x):
        return self.head(self.block2(self.block1(self.stem(x))))


def test_cpu_predictor_fuses_convolutions_and_runs_them_in_nhwc(tmp_path):
    """conv_add_act_fusion makes each conv+bias(+residual)(+relu) one fused_conv2d(_add); conv_nhwc_layout
    runs them and the max pool in NHWC, with transposes only at the input and before the global pooling
    (Note [NHWC predictor]). The outputs equal eager's up to rounding; without mkldnn, or with the layout pass
    deleted, the program keeps NCHW."""
    paddle.seed(21)
    net = _ResidualNet()
    with paddle.no_grad():  # batch norms whose statistics are not the identity
        for layer in net.sublayers():
            if isinstance(layer, paddle.nn.BatchNorm2D):
                c = layer.weight.shape[0]
                layer._mean[:] = paddle.rand([c]) * 0.2
                layer._variance[:] = paddle.rand([c]) + 0.5
                layer.weight[:] = paddle.rand([c]) + 0.5
                layer.bias[:] = paddle.rand([c]) - 0.5
    net.eval()
    prefix = str(tmp_path / "residual")
    paddle.jit.save(net, prefix, input_spec=[paddle.static.InputSpec([None, 3, 16, 16], "float32", "x")])
    x = np.random.default_rng(22).standard_normal([3, 3, 16, 16]).astype("float32")
    expected = net(paddle.to_tensor(x)).numpy()

    def predictor(configure=None):
        config = inference.Config(prefix + ".json", prefix + ".pdiparams")
        if configure:
            configure(config)
        p = inference.create_predictor(config)
        np.testing.assert_allclose(p.run([x])[0].numpy(), expected, rtol=1e-4, atol=1e-5)
        return p._predictor._kernel_program

    program = predictor()
    # stem, block1's two and its shortcut, block2's two: relu fused into four, the residual into two
    assert program.count('"fused_conv2d(phi_kernel)"') == 4 and program.count('"fused_conv2d_add(phi_kernel)"') == 2
    assert program.count('data_format:"NHWC"') == 6 and '"max_pool2d_nhwc(phi_kernel)"' in program
    assert program.count('"transpose(phi_kernel)"') == 2
    for name in ("conv2d", "add", "relu", "max_pool"):
        assert f'"{name}(phi_kernel)"' not in program
    nchw = predictor(lambda c: c.delete_pass("conv_nhwc_layout"))
    assert nchw.count('data_format:"NCHW"') == 6 and '"max_pool(phi_kernel)"' in nchw and "transpose" not in nchw
    plain = predictor(lambda c: c.disable_mkldnn())
    assert "fused_conv2d" not in plain and plain.count('"conv2d(phi_kernel)"') == 6
