"""paddle.Model, paddle.callbacks, paddle.summary and paddle.flops."""

import csv
import json
import os
import re

import numpy as np
import pytest

import paddle
from paddle import nn
from paddle.io import DataLoader, Dataset
from paddle.static import InputSpec


class Blobs(Dataset):
    """Two Gaussian blobs in 2-D, centred at (-2, -2) (class 0) and (2, 2) (class 1)."""

    def __init__(self, n=200, seed=0, flip=False):
        rng = np.random.RandomState(seed)
        self.y = rng.randint(0, 2, size=(n, 1)).astype("int64")
        self.x = (rng.randn(n, 2) + (self.y * 4 - 2)).astype("float32")
        if flip:
            self.y = 1 - self.y

    def __getitem__(self, i):
        return self.x[i], self.y[i]

    def __len__(self):
        return len(self.x)


# What Paddle's ProgBarLogger prints first when training.
LOSS_NOTE = ("The loss value printed in the log is the current step, and the metric is the average value of previous "
             "steps.")


def mlp():
    return nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 2))


def make_model(lr=0.05, metrics=True, opt=paddle.optimizer.Adam, with_specs=True):
    paddle.seed(0)
    net = mlp()
    specs = dict(inputs=[InputSpec([None, 2], "float32", "x")], labels=[InputSpec([None, 1], "int64", "y")])
    model = paddle.Model(net, **(specs if with_specs else {}))
    model.prepare(opt(learning_rate=lr, parameters=model.parameters()), nn.CrossEntropyLoss(),
                  paddle.metric.Accuracy() if metrics else None)
    return model


class Recorder(paddle.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.events = []

    def __getattribute__(self, name):
        if name.startswith("on_"):
            events = object.__getattribute__(self, "events")
            return lambda *args: events.append(name)
        return object.__getattribute__(self, name)


@pytest.mark.parametrize("amp_configs", [{"level": "O1", "dtype": "bfloat16", "init_loss_scaling": 256.0},
                                         {"level": "O2", "dtype": "bfloat16"}])
def test_fit_in_mixed_precision(amp_configs):
    paddle.seed(0)
    net = mlp()
    model = paddle.Model(net)
    model.prepare(paddle.optimizer.Adam(learning_rate=0.05, parameters=model.parameters()), nn.CrossEntropyLoss(),
                  paddle.metric.Accuracy(), amp_configs=amp_configs)
    model.fit(Blobs(), batch_size=20, epochs=4, verbose=0)
    assert model.evaluate(Blobs(seed=1), batch_size=50, verbose=0)["acc"] > 0.95
    expected = paddle.bfloat16 if amp_configs["level"] == "O2" else paddle.float32
    assert net[0].weight.dtype == expected
    assert model._scaler.get_init_loss_scaling() == amp_configs.get("init_loss_scaling", 65536.0)


def test_fit_reaches_high_accuracy_and_evaluate_reports_it():
    model = make_model()
    model.fit(Blobs(), batch_size=20, epochs=4, verbose=0)
    result = model.evaluate(Blobs(seed=1), batch_size=50, verbose=0)
    assert set(result) == {"loss", "acc"}
    assert result["acc"] > 0.95
    assert isinstance(result["loss"], list) and len(result["loss"]) == 1 and result["loss"][0] < 0.3
    # evaluate's loss is the sample-weighted mean over the whole set
    data = Blobs(seed=1)
    with paddle.no_grad():
        logits = model.network(paddle.to_tensor(data.x))
        full = float(nn.functional.cross_entropy(logits, paddle.to_tensor(data.y)))
        acc = float(paddle.metric.accuracy(logits, paddle.to_tensor(data.y)))
    assert result["loss"][0] == pytest.approx(full, rel=1e-4)
    assert result["acc"] == pytest.approx(acc)


def test_fit_without_input_specs_and_with_a_dataloader():
    model = make_model(with_specs=False)
    loader = DataLoader(Blobs(), batch_size=25, shuffle=True)
    model.fit(loader, eval_data=Blobs(seed=3), epochs=3, verbose=0)
    assert model.evaluate(DataLoader(Blobs(seed=4), batch_size=40), verbose=0)["acc"] > 0.95


def test_callback_hooks_are_called_in_order():
    model = make_model()
    rec = Recorder()
    model.fit(Blobs(n=40), eval_data=Blobs(n=20), batch_size=20, epochs=2, verbose=0, callbacks=[rec])
    epoch = (["on_epoch_begin"] + ["on_train_batch_begin", "on_train_batch_end"] * 2 + ["on_epoch_end",
             "on_eval_begin"] + ["on_eval_batch_begin", "on_eval_batch_end"] + ["on_eval_end"])
    assert rec.events == ["on_train_begin"] + epoch * 2 + ["on_train_end"]
    rec.events.clear()
    model.predict(Blobs(n=10), batch_size=5, verbose=0, callbacks=rec)
    assert rec.events == ["on_predict_begin"] + ["on_predict_batch_begin", "on_predict_batch_end"] * 2 + \
        ["on_predict_end"]


def test_early_stopping_stops_when_loss_stops_improving(tmp_path):
    # A learning rate of 0 keeps the evaluation loss constant: the first evaluation sets the best value,
    # the second does not improve it, so with patience=0 training stops after epoch 2 of 10.
    model = make_model(lr=0.0, opt=paddle.optimizer.SGD)
    rec = Recorder()
    stop = paddle.callbacks.EarlyStopping(monitor="loss", patience=0, verbose=0)
    model.fit(Blobs(n=40), eval_data=Blobs(n=20, seed=5), batch_size=20, epochs=10, verbose=0,
              save_dir=str(tmp_path), callbacks=[stop, rec])
    assert rec.events.count("on_epoch_end") == 2 and model.stop_training
    assert os.path.exists(tmp_path / "best_model.pdparams")
    # patience=2 tolerates two flat evaluations
    stop = paddle.callbacks.EarlyStopping(monitor="loss", patience=2, verbose=0, save_best_model=False)
    rec = Recorder()
    model.fit(Blobs(n=40), eval_data=Blobs(n=20, seed=5), batch_size=20, epochs=10, verbose=0,
              callbacks=[stop, rec])
    assert rec.events.count("on_epoch_end") == 4


def test_early_stopping_mode_and_baseline(capsys):
    # 'acc' monitors are maximized; an unreachable baseline stops at the first evaluation.
    model = make_model()
    stop = paddle.callbacks.EarlyStopping(monitor="acc", patience=0, baseline=1.01, save_best_model=False)
    assert stop.monitor_op is np.greater
    rec = Recorder()
    model.fit(Blobs(n=40), eval_data=Blobs(n=20), batch_size=20, epochs=5, verbose=0, callbacks=[stop, rec])
    assert rec.events.count("on_epoch_end") == 1
    assert "Early stopping" in capsys.readouterr().out
    assert paddle.callbacks.EarlyStopping(monitor="loss", mode="max").monitor_op is np.greater


def test_model_checkpoint_files_restore_the_same_predictions(tmp_path):
    model = make_model()
    model.fit(Blobs(n=60), batch_size=20, epochs=3, save_dir=str(tmp_path), save_freq=2, verbose=0)
    names = sorted(os.listdir(tmp_path))
    assert names == ["0.pdopt", "0.pdparams", "2.pdopt", "2.pdparams", "final.pdopt", "final.pdparams"]
    expected = model.predict(Blobs(n=30, seed=9), batch_size=30, stack_outputs=True, verbose=0)[0]
    fresh = make_model(lr=0.01)
    fresh.network.set_state_dict({k: v * 0 for k, v in fresh.network.state_dict().items()})
    fresh.load(str(tmp_path / "final"))
    got = fresh.predict(Blobs(n=30, seed=9), batch_size=30, stack_outputs=True, verbose=0)[0]
    np.testing.assert_array_equal(got, expected)


def test_model_checkpoint_callback_saves_paddles_epochs_with_their_weights(tmp_path, capsys, monkeypatch):
    # Paddle's ModelCheckpoint saves the epochs (counted from 0) that save_freq divides, then 'final'.
    class Snapshot(paddle.callbacks.Callback):
        def __init__(self):
            super().__init__()
            self.weights = {}

        def on_epoch_end(self, epoch, logs=None):
            self.weights[epoch] = {k: v.numpy().copy() for k, v in self.model.network.state_dict().items()}

    model, snapshot = make_model(), Snapshot()
    checkpoint = paddle.callbacks.ModelCheckpoint(save_freq=2, save_dir=str(tmp_path))
    model.fit(Blobs(n=60), batch_size=20, epochs=5, verbose=0, callbacks=[checkpoint, snapshot])
    assert sorted(os.listdir(tmp_path)) == ["0.pdopt", "0.pdparams", "2.pdopt", "2.pdparams", "4.pdopt",
                                            "4.pdparams", "final.pdopt", "final.pdparams"]
    for name, epoch in (("0", 0), ("2", 2), ("4", 4), ("final", 4)):
        saved = paddle.load(str(tmp_path / f"{name}.pdparams"))
        assert sorted(saved) == sorted(snapshot.weights[epoch])
        for key, value in saved.items():
            np.testing.assert_array_equal(np.asarray(value), snapshot.weights[epoch][key])
    assert not np.array_equal(snapshot.weights[0]["0.weight"], snapshot.weights[2]["0.weight"])
    printed = capsys.readouterr().out.splitlines()
    assert printed == [f"save checkpoint at {tmp_path / name}" for name in ("0", "2", "4", "final")]
    # without save_dir it writes nothing
    monkeypatch.chdir(tmp_path / "..")
    before = sorted(os.listdir("."))
    make_model().fit(Blobs(n=20), batch_size=20, epochs=2, verbose=0, callbacks=[paddle.callbacks.ModelCheckpoint()])
    assert sorted(os.listdir(".")) == before and capsys.readouterr().out == ""


def _np_cross_entropy(net, x, y):
    """The loss of the MLP (Linear, ReLU, Linear; Paddle's Linear is x @ W + b) in NumPy, and its predictions."""
    w1, b1, w2, b2 = (p.numpy().astype(np.float64) for p in net.parameters())
    logits = np.maximum(x @ w1 + b1, 0) @ w2 + b2
    log_p = logits - logits.max(1, keepdims=True)
    log_p -= np.log(np.exp(log_p).sum(1, keepdims=True))
    return -log_p[np.arange(len(y)), y[:, 0]].mean(), logits.argmax(1) == y[:, 0]


def test_prog_bar_logger_prints_each_log_freq_steps_loss_and_running_accuracy(capsys):
    # A learning rate of 0 keeps the network fixed, so every batch's loss is computed here in NumPy.
    model = make_model(lr=0.0, opt=paddle.optimizer.SGD)
    data = Blobs(n=40, seed=3)
    data.y = np.random.RandomState(1).randint(0, 2, size=(40, 1)).astype("int64")  # labels at random: acc ~ 1/2
    logger = paddle.callbacks.ProgBarLogger(log_freq=2, verbose=2)
    model.fit(data, batch_size=10, epochs=1, shuffle=False, verbose=0, callbacks=[logger])  # the given logger prints
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [LOSS_NOTE, "Epoch 1/1"] and len(lines) == 4
    for step, line in zip((2, 4), lines[2:]):
        batch = slice((step - 1) * 10, step * 10)
        loss, _ = _np_cross_entropy(model.network, data.x[batch].astype(np.float64), data.y[batch])
        _, hits = _np_cross_entropy(model.network, data.x[:step * 10].astype(np.float64), data.y[:step * 10])
        fields = line.split(" - ")
        assert fields[0] == f"step {step}/4" and fields[1].startswith("loss: ") and fields[2].startswith("acc: ")
        assert float(fields[1][len("loss: "):]) == pytest.approx(loss, rel=1e-3, abs=1e-4)  # that batch's loss
        assert float(fields[2][len("acc: "):]) == pytest.approx(hits.mean(), abs=1e-4)  # all so far
        assert len(fields) == 4 and re.fullmatch(r"\d+(s|ms|us)/step", fields[3])  # the mean time per step
    logger = paddle.callbacks.ProgBarLogger(verbose=0)
    model.fit(data, batch_size=10, epochs=1, callbacks=[logger])
    assert capsys.readouterr().out == ""


def test_save_load_round_trip_of_model_and_optimizer(tmp_path):
    model = make_model()
    model.fit(Blobs(n=40), batch_size=20, epochs=1, verbose=0)
    model.save(str(tmp_path / "sub" / "ckpt"))
    assert os.path.exists(tmp_path / "sub" / "ckpt.pdparams") and os.path.exists(tmp_path / "sub" / "ckpt.pdopt")
    other = make_model()
    other.load(str(tmp_path / "sub" / "ckpt.pdparams"))
    for (k, a), b in zip(model._optimizer.state_dict().items(), other._optimizer.state_dict().values()):
        if isinstance(a, paddle.Tensor):
            np.testing.assert_array_equal(a.numpy(), b.numpy(), err_msg=k)
    batch = [paddle.to_tensor(Blobs(n=8, seed=7).x)], [paddle.to_tensor(Blobs(n=8, seed=7).y)]
    model.train_batch(*batch)
    other.train_batch(*batch)
    for a, b in zip(model.parameters(), other.parameters()):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-5, atol=1e-6)  # beta pows round-trip as float32
    # reset_optimizer leaves the optimizer untouched
    third = make_model()
    third.load(str(tmp_path / "sub" / "ckpt"), reset_optimizer=True)
    assert not any(isinstance(v, paddle.Tensor) for v in third._optimizer.state_dict().values())


def test_load_mismatch(tmp_path):
    model = make_model()
    model.save(str(tmp_path / "m"))
    wide = paddle.Model(nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 2)))
    with pytest.raises(ValueError, match=r"\[Model.load\] 0.weight has shape \[2, 16\]"):
        wide.load(str(tmp_path / "m"))
    with pytest.warns(UserWarning, match="skipped"):
        wide.load(str(tmp_path / "m"), skip_mismatch=True)
    with pytest.raises(FileNotFoundError, match="nothing.pdparams"):
        model.load(str(tmp_path / "nothing"))


class TwoHeads(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 3)

    def forward(self, x):
        h = self.fc(x)
        return h, h.sum(axis=1, keepdim=True)


def test_predict_output_shapes():
    model = paddle.Model(TwoHeads())
    out = model.predict(Blobs(n=10), batch_size=4, verbose=0)
    assert len(out) == 2
    assert [o.shape for o in out[0]] == [(4, 3), (4, 3), (2, 3)]
    assert [o.shape for o in out[1]] == [(4, 1), (4, 1), (2, 1)]
    stacked = model.predict(Blobs(n=10), batch_size=4, stack_outputs=True, verbose=0)
    assert [o.shape for o in stacked] == [(10, 3), (10, 1)]
    np.testing.assert_allclose(stacked[1], stacked[0].sum(axis=1, keepdims=True), rtol=1e-5)
    assert [o.shape for o in model.predict_batch([Blobs(n=5).x])] == [(5, 3), (5, 1)]


def test_train_and_eval_batch_return_values():
    model = make_model()
    x, y = paddle.to_tensor(Blobs(n=8).x), paddle.to_tensor(Blobs(n=8).y)
    losses, metrics = model.train_batch([x], [y])
    assert len(losses) == 1 and np.asarray(losses[0]).size == 1 and len(metrics) == 1
    plain = make_model(metrics=False)
    losses = plain.eval_batch([x], [y])
    assert isinstance(losses, list) and len(losses) == 1


def test_accumulate_grad_batches_and_num_iters():
    model = make_model()
    steps = []
    original = model._optimizer.step
    model._optimizer.step = lambda: (steps.append(1), original())
    model.fit(Blobs(n=100), batch_size=20, epochs=1, verbose=0, accumulate_grad_batches=2)
    assert len(steps) == 3   # after batches 2, 4 and the last (5)
    rec = Recorder()
    model.fit(Blobs(n=100), batch_size=20, epochs=5, verbose=0, num_iters=7, callbacks=[rec])
    assert rec.events.count("on_train_batch_end") == 7 and rec.events.count("on_epoch_end") == 2


def test_lr_scheduler_callback_steps_the_scheduler():
    paddle.seed(0)
    net = mlp()
    sched = paddle.optimizer.lr.StepDecay(0.1, step_size=1, gamma=0.5)
    model = paddle.Model(net)
    model.prepare(paddle.optimizer.SGD(learning_rate=sched, parameters=net.parameters()), nn.CrossEntropyLoss())
    model.fit(Blobs(n=60), batch_size=20, epochs=2, verbose=0)       # default: by step
    assert sched.last_epoch == 6
    model.fit(Blobs(n=60), batch_size=20, epochs=2, verbose=0,
              callbacks=[paddle.callbacks.LRScheduler(by_step=False, by_epoch=True)])
    assert sched.last_epoch == 8
    with pytest.raises(ValueError, match="by_step and by_epoch"):
        paddle.callbacks.LRScheduler(by_step=True, by_epoch=True)


def test_csv_and_json_loggers(tmp_path):
    model = make_model()
    csv_file, json_file = tmp_path / "logs" / "train.csv", tmp_path / "train.jsonl"
    model.fit(Blobs(n=40), eval_data=Blobs(n=20), batch_size=20, epochs=3, eval_freq=2, verbose=0,
              callbacks=[paddle.callbacks.CSVLogger(str(csv_file)), paddle.callbacks.JSONLogger(str(json_file))])
    with open(csv_file, newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["epoch", "loss", "acc", "eval_loss", "eval_acc"]
    assert [r[0] for r in rows[1:]] == ["0", "1", "2"]
    assert rows[2][3:] == ["", ""] and rows[1][3] != "" and rows[3][3] != ""   # evaluated at epochs 0 and 2
    for r in rows[1:]:
        assert 0 <= float(r[2]) <= 1 and float(r[1]) >= 0
    records = [json.loads(line) for line in open(json_file)]
    assert [r["epoch"] for r in records] == [0, 1, 2]
    assert set(records[0]) == {"epoch", "loss", "acc", "eval_loss", "eval_acc"} and "eval_loss" not in records[1]
    assert records[2]["eval_acc"] == pytest.approx(float(rows[3][4]))
    final = model.evaluate(Blobs(n=20), batch_size=20, verbose=0)
    assert records[2]["eval_loss"] == pytest.approx(final["loss"][0], rel=1e-5)


def test_progbar_logger_output(capsys):
    model = make_model()
    model.fit(Blobs(n=100), eval_data=Blobs(n=40), batch_size=10, epochs=1, log_freq=5, verbose=2)
    out = capsys.readouterr().out
    assert out.startswith(LOSS_NOTE + "\nEpoch 1/1\n")
    assert "step  5/10" in out and "step 10/10" in out and "step  3/10" not in out  # Paddle pads the count
    assert "loss:" in out and "acc:" in out and "s/step" in out and "ips:" not in out
    assert "Eval begin..." in out and "Eval samples: 40" in out
    model.fit(Blobs(n=40), batch_size=10, epochs=1, log_freq=2, verbose=3)  # 3 adds the reader and batch costs
    line = capsys.readouterr().out.splitlines()[2]
    assert re.fullmatch(r"step 2/4 - loss: \S+ - acc: \S+ - avg_reader_cost: \d\.\d{5} sec - avg_batch_cost: "
                        r"\d\.\d{5} sec - ips: \d+\.\d{5} samples/sec - \d+(s|ms|us)/step", line)
    model.fit(Blobs(n=40), batch_size=10, epochs=1, log_freq=2, verbose=1)
    bars = capsys.readouterr().out.split("\n")[2].split("\r")  # redrawn in place, at steps 2 and 4
    assert bars[1].startswith("step 2/4 [" + "=" * 14 + ">" + "." * 15 + "] - loss: ") and " - ETA: " in bars[1]
    assert bars[2].startswith("step 4/4 [" + "=" * 30 + "] - loss: ") and " - ETA: " not in bars[2]
    model.fit(Blobs(n=40), batch_size=10, epochs=1, verbose=0)
    model.evaluate(Blobs(n=40), batch_size=10, verbose=0)
    assert capsys.readouterr().out == ""


def test_clear_errors():
    net = mlp()
    model = paddle.Model(net)
    with pytest.raises(RuntimeError, match=r"\[Model.fit\] .*prepare"):
        model.fit(Blobs(n=10))
    with pytest.raises(RuntimeError, match=r"\[Model.train_batch\] .*prepare"):
        model.train_batch([paddle.ones([1, 2])], [paddle.zeros([1, 1], dtype="int64")])
    with pytest.raises(RuntimeError, match=r"\[Model.evaluate\]"):
        model.evaluate(Blobs(n=10))
    with pytest.raises(TypeError, match=r"\[Model.prepare\] argument 'metrics'"):
        model.prepare(metrics=["acc"])
    with pytest.raises(TypeError, match=r"\[Model.prepare\] argument 'loss'"):
        model.prepare(loss="cross_entropy")
    with pytest.raises(TypeError, match=r"\[Model.prepare\] argument 'optimizer'"):
        model.prepare(optimizer=0.1)
    with pytest.raises(ValueError, match=r"\[Model.prepare\] argument 'amp_configs'"):
        model.prepare(amp_configs="O3")
    with pytest.raises(ValueError, match="unknown keys"):
        model.prepare(amp_configs={"level": "O1", "scale": 2})
    with pytest.raises(TypeError, match="amp_configs"):
        model.prepare(amp_configs=2)
    with pytest.raises(TypeError, match=r"\[Model\] argument 'network'"):
        paddle.Model(lambda x: x)
    with pytest.raises(TypeError, match=r"\[Model\] argument 'inputs'"):
        paddle.Model(net, inputs=[[None, 2]])
    model.prepare(paddle.optimizer.SGD(parameters=net.parameters()), nn.CrossEntropyLoss())
    with pytest.raises(TypeError, match=r"\[Model.fit\] argument 'train_data'"):
        model.fit([(np.zeros(2), 0)])
    with pytest.raises(TypeError, match=r"\[Model.fit\] argument 'callbacks'"):
        model.fit(Blobs(n=10), callbacks=[print], verbose=0)
    with pytest.raises(NotImplementedError, match="training=False"):
        model.save("x", training=False)


def test_summary_counts_parameters():
    class Net(nn.Layer):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2D(3, 4, 3)
            self.bn = nn.BatchNorm2D(4)
            self.head = nn.Sequential(nn.Flatten(), nn.Linear(4 * 6 * 6, 5))
            self.head[1].bias.stop_gradient = True

        def forward(self, x):
            return self.head(self.bn(self.conv(x)))

    net = Net()
    info = paddle.summary(net, (None, 3, 8, 8))
    total = sum(int(np.prod(p.shape)) for p in net.parameters())
    frozen = sum(int(np.prod(p.shape)) for p in net.parameters() if p.stop_gradient)
    assert info == {"total_params": total, "trainable_params": total - frozen}
    assert net.training   # restored
    model = paddle.Model(net, inputs=InputSpec([None, 3, 8, 8], "float32", "img"))
    assert model.summary() == info
    assert paddle.summary(net, input=paddle.ones([2, 3, 8, 8])) == info
    two = paddle.summary(TwoHeads(), [(4, 2)], dtypes=["float32"])
    assert two == {"total_params": 9, "trainable_params": 9}
    with pytest.raises(ValueError, match=r"\[summary\] argument 'input_size'"):
        paddle.summary(net)
    with pytest.raises(TypeError, match=r"\[summary\] argument 'net'"):
        paddle.summary(model, (1, 3, 8, 8))


def test_flops_of_linear_and_conv(capsys):
    # Linear: in_features multiplies per output element, no bias term: 10 * (3 * 5)
    assert paddle.flops(nn.Linear(10, 5), [3, 10]) == 150
    # Conv2D(3 -> 8, 3x3, pad 1) on 16x16: per output element 3 * 9 MACs + 1 bias
    assert paddle.flops(nn.Conv2D(3, 8, 3, padding=1), [1, 3, 16, 16]) == 8 * 16 * 16 * (3 * 9 + 1)
    # grouped, no bias: 2 * 8 * 8 * 8 outputs, each 4 / 2 * 9
    assert paddle.flops(nn.Conv2D(4, 8, 3, groups=2, bias_attr=False), [2, 4, 10, 10]) == 1024 * 18
    net = nn.Sequential(nn.Conv2D(1, 2, 3), nn.BatchNorm2D(2), nn.ReLU(), nn.LeakyReLU(),
                        nn.AdaptiveAvgPool2D(2), nn.Flatten(), nn.Linear(8, 3))
    conv, bn, leaky = 2 * 6 * 6 * 10, 2 * 72, 72
    pool = 8 * (3 * 3 + 1)
    assert paddle.flops(net, [1, 1, 8, 8], print_detail=True) == conv + bn + leaky + pool + 8 * 3
    out = capsys.readouterr().out
    assert "Layer Name" in out and f"Total Flops: {conv + bn + leaky + pool + 24}" in out
    assert f"Total Params: {20 + 4 + 27}" in out
    custom = paddle.flops(net, [1, 1, 8, 8], custom_ops={nn.ReLU: lambda m, x, y: x[0].size})
    assert custom == conv + bn + leaky + pool + 24 + 72
    with pytest.raises(ValueError, match=r"\[flops\] argument 'input_size'"):
        paddle.flops(net, "1x1x8x8")


def test_guide_examples_run(tmp_path, monkeypatch, capsys):
    """The ```python blocks of docs/guide/hapi.md run as they are (in a scratch directory, since they
    write checkpoints), and its >>> examples pass as doctests."""
    import doctest
    import re

    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    with open(os.path.join(root, "docs", "guide", "hapi.md")) as f:
        text = f.read()
    monkeypatch.chdir(tmp_path)
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    code = [b for b in blocks if not b.startswith(">>>")]
    assert code
    for block in code:
        exec(compile(block, "docs/guide/hapi.md", "exec"), {"__name__": "guide"})
    assert "'acc':" in capsys.readouterr().out
    assert os.path.exists(tmp_path / "checkpoints" / "blobs.pdopt")
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for i, block in enumerate(b for b in blocks if b.startswith(">>>")):
        runner.run(parser.get_doctest(block, {}, f"hapi.md[{i}]", "docs/guide/hapi.md", 0))
    assert runner.summarize(verbose=False).failed == 0
