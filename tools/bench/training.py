"""Training-step scenarios (issue 5): one optimizer step (forward, backward, Adam update, clearing
the gradients) of the MLP, LeNet, ResNet-18 and GPT the issue names, the same model written once
over either framework's nn API; plus the DataLoader's throughput with 2 workers.

Each scenario returns (step function, work per step); the work is images or tokens per step.
"""

from __future__ import annotations

import numpy as np

TRAINING_SCENARIOS = ["train_mlp", "train_lenet", "train_lenet_static", "train_resnet18", "train_gpt",
                      "train_gpt_static", "train_lstm", "train_gru", "dataloader_lenet"]


class _NN:
    """The bits of nn API that differ in name between torch and paddle."""

    def __init__(self, framework: str):
        self.torch = framework == "torch"
        if self.torch:
            import torch

            torch.set_grad_enabled(True)
            self.lib, self.nn, self.F = torch, torch.nn, torch.nn.functional
            self.Module = torch.nn.Module
            self.conv = lambda i, o, k, s=1, p=0: torch.nn.Conv2d(i, o, k, s, p, bias=False)
            self.conv_bias = lambda i, o, k, s=1, p=0: torch.nn.Conv2d(i, o, k, s, p)
            self.bn = torch.nn.BatchNorm2d
            self.maxpool = torch.nn.MaxPool2d
            self.avgpool = lambda: torch.nn.AdaptiveAvgPool2d(1)
            self.layers = torch.nn.ModuleList
        else:
            import paddle

            self.lib, self.nn, self.F = paddle, paddle.nn, paddle.nn.functional
            self.Module = paddle.nn.Layer
            self.conv = lambda i, o, k, s=1, p=0: paddle.nn.Conv2D(i, o, k, s, p, bias_attr=False)
            self.conv_bias = lambda i, o, k, s=1, p=0: paddle.nn.Conv2D(i, o, k, s, p)
            self.bn = paddle.nn.BatchNorm2D
            self.maxpool = paddle.nn.MaxPool2D
            self.avgpool = lambda: paddle.nn.AdaptiveAvgPool2D(1)
            self.layers = paddle.nn.LayerList

    def tensor(self, array):
        return self.lib.from_numpy(array) if self.torch else self.lib.to_tensor(array)

    def adam(self, model, lr=1e-3):
        if self.torch:
            return self.lib.optim.Adam(model.parameters(), lr=lr)
        return self.lib.optimizer.Adam(learning_rate=lr, parameters=model.parameters())

    def zero_grad(self, opt):
        if self.torch:
            opt.zero_grad(set_to_none=True)
        else:
            opt.clear_grad(set_to_zero=False)


def _step(api: _NN, model, inputs, labels, loss_of=None):
    opt = api.adam(model)
    loss_of = loss_of or (lambda out: api.F.cross_entropy(out, labels))

    def step():
        loss = loss_of(model(inputs))
        loss.backward()
        opt.step()
        api.zero_grad(opt)
    return step


def _mlp(api: _NN, rng):
    nn = api.nn
    model = nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10))
    x = api.tensor(rng.random((128, 784), dtype=np.float32))
    y = api.tensor(rng.integers(0, 10, 128))
    return _step(api, model, x, y), 128


def _lenet(api: _NN, rng):
    nn = api.nn
    model = nn.Sequential(api.conv_bias(1, 6, 3, 1, 1), nn.ReLU(), api.maxpool(2, 2),
                          api.conv_bias(6, 16, 5), nn.ReLU(), api.maxpool(2, 2), nn.Flatten(),
                          nn.Linear(400, 120), nn.Linear(120, 84), nn.Linear(84, 10))
    x = api.tensor(rng.random((64, 1, 28, 28), dtype=np.float32))
    y = api.tensor(rng.integers(0, 10, 64))
    return _step(api, model, x, y), 64


def _resnet18(api: _NN, rng):
    nn = api.nn

    class Block(api.Module):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.conv1, self.bn1 = api.conv(cin, cout, 3, stride, 1), api.bn(cout)
            self.conv2, self.bn2 = api.conv(cout, cout, 3, 1, 1), api.bn(cout)
            self.down = None
            if stride != 1 or cin != cout:
                self.down = nn.Sequential(api.conv(cin, cout, 1, stride), api.bn(cout))

        def forward(self, x):
            out = api.F.relu(self.bn1(self.conv1(x)))
            out = self.bn2(self.conv2(out))
            return api.F.relu(out + (x if self.down is None else self.down(x)))

    blocks = []
    cin = 64
    for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
        blocks += [Block(cin, cout, stride), Block(cout, cout, 1)]
        cin = cout
    model = nn.Sequential(api.conv(3, 64, 7, 2, 3), api.bn(64), nn.ReLU(), api.maxpool(3, 2, 1), *blocks,
                          api.avgpool(), nn.Flatten(), nn.Linear(512, 10))
    x = api.tensor(rng.random((32, 3, 32, 32), dtype=np.float32))
    y = api.tensor(rng.integers(0, 10, 32))
    return _step(api, model, x, y), 32


_GPT_SIZES = {"layers": 6, "width": 256, "heads": 4, "context": 128, "batch": 16, "vocab": 256}


def _gpt_model(api: _NN, positions, layers, width, heads, context, batch, vocab):
    """A GPT of `layers` pre-norm blocks; `positions` [1, context] are its
    position ids (a tensor, or in static mode a program input)."""
    nn, F = api.nn, api.F

    class Block(api.Module):
        def __init__(self):
            super().__init__()
            self.norm1, self.norm2 = nn.LayerNorm(width), nn.LayerNorm(width)
            self.qkv, self.proj = nn.Linear(width, 3 * width), nn.Linear(width, width)
            self.fc1, self.fc2 = nn.Linear(width, 4 * width), nn.Linear(4 * width, width)

        def forward(self, x):
            b, s = x.shape[0], x.shape[1]
            qkv = self.qkv(self.norm1(x)).reshape([b, s, 3, heads, width // heads])
            if api.torch:  # torch's sdpa takes [batch, heads, seq, dim]
                q, k, v = qkv.permute(2, 0, 3, 1, 4).unbind(0)
                att = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2)
            else:  # paddle's takes [batch, seq, heads, dim]
                q, k, v = qkv.unbind(axis=2)
                att = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + self.proj(att.reshape([b, s, width]))
            return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))

    class GPT(api.Module):
        def __init__(self):
            super().__init__()
            self.token, self.position = nn.Embedding(vocab, width), nn.Embedding(context, width)
            self.blocks = api.layers([Block() for _ in range(layers)])
            self.norm, self.head = nn.LayerNorm(width), nn.Linear(width, vocab)

        def forward(self, tokens):
            x = self.token(tokens) + self.position(positions)
            for block in self.blocks:
                x = block(x)
            return self.head(self.norm(x))

    return GPT()


def _gpt(api: _NN, rng, **overrides):
    sizes = {**_GPT_SIZES, **overrides}
    batch, context, vocab = sizes["batch"], sizes["context"], sizes["vocab"]
    model = _gpt_model(api, api.tensor(np.arange(context)[None, :]), **sizes)
    tokens = api.tensor(rng.integers(0, vocab, (batch, context)))
    targets = api.tensor(rng.integers(0, vocab, (batch * context,)))
    loss_of = lambda logits: api.F.cross_entropy(logits.reshape([batch * context, vocab]), targets)  # noqa: E731
    return _step(api, model, tokens, targets, loss_of), batch * context


def _recurrent(api: _NN, rng, kind="LSTM", batch=32, steps=32, features=64, hidden=128, layers=2):
    """A 2-layer LSTM (or GRU) over [batch, steps, features] sequences classifying each by its last output."""
    if api.torch:
        rnn = getattr(api.nn, kind)(features, hidden, layers, batch_first=True)
    else:
        rnn = getattr(api.nn, kind)(features, hidden, layers)
    head = api.nn.Linear(hidden, 10)

    class Model(api.Module):
        def __init__(self):
            super().__init__()
            self.rnn, self.head = rnn, head

        def forward(self, x):
            return self.head(self.rnn(x)[0][:, -1])

    x = api.tensor(rng.random((batch, steps, features), dtype=np.float32))
    y = api.tensor(rng.integers(0, 10, batch))
    return _step(api, Model(), x, y), batch * steps


def _gpt_static(rng):
    """train_gpt's model, batch and Adam as a static program (ours and
    PaddlePaddle's; torch has no static mode)."""
    import paddle

    sizes = _GPT_SIZES
    batch, context, vocab = sizes["batch"], sizes["context"], sizes["vocab"]
    paddle.enable_static()
    api = _NN("paddle")
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        positions = paddle.static.data("positions", [1, context], "int64")
        tokens = paddle.static.data("tokens", [batch, context], "int64")
        targets = paddle.static.data("targets", [batch * context], "int64")
        model = _gpt_model(api, positions, **sizes)
        loss = api.F.cross_entropy(model(tokens).reshape([batch * context, vocab]), targets)
        paddle.optimizer.Adam(learning_rate=1e-3, parameters=model.parameters()).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    feed = {"positions": np.arange(context)[None, :].astype(np.int64),
            "tokens": rng.integers(0, vocab, (batch, context)).astype(np.int64),
            "targets": rng.integers(0, vocab, (batch * context,)).astype(np.int64)}
    return (lambda: exe.run(main, feed=feed, fetch_list=[loss])), batch * context


def _dataloader(framework: str, rng):
    """Batches of 64 digit-sized images (normalized in the workers) from a 2-worker DataLoader."""
    if framework == "torch":
        import torch.utils.data as io
    else:
        import paddle.io as io

    images = rng.random((64 * 64, 1, 28, 28), dtype=np.float32)
    labels = rng.integers(0, 10, 64 * 64)

    class Digits(io.Dataset):
        def __len__(self):
            return len(labels)

        def __getitem__(self, i):
            return (images[i] - 0.5) / 0.5, labels[i]

    loader = io.DataLoader(Digits(), batch_size=64, shuffle=True, num_workers=2, persistent_workers=True)
    batches = iter(())

    def step():
        nonlocal batches
        try:
            next(batches)
        except StopIteration:
            batches = iter(loader)
            next(batches)
    return step, 64


def _lenet_static(rng):
    """train_lenet's model, batch and Adam as a static program (Paddle's
    static API, layers included: ours and PaddlePaddle's; torch has none)."""
    import paddle

    paddle.enable_static()
    api = _NN("paddle")
    nn = api.nn
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        model = nn.Sequential(api.conv_bias(1, 6, 3, 1, 1), nn.ReLU(), api.maxpool(2, 2),
                              api.conv_bias(6, 16, 5), nn.ReLU(), api.maxpool(2, 2), nn.Flatten(),
                              nn.Linear(400, 120), nn.Linear(120, 84), nn.Linear(84, 10))
        x = paddle.static.data("x", [64, 1, 28, 28], "float32")
        y = paddle.static.data("y", [64], "int64")
        loss = api.F.cross_entropy(model(x), y)
        paddle.optimizer.Adam(learning_rate=1e-3, parameters=model.parameters()).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    feed = {"x": rng.random((64, 1, 28, 28), dtype=np.float32), "y": rng.integers(0, 10, 64).astype(np.int64)}
    return (lambda: exe.run(main, feed=feed, fetch_list=[loss])), 64


def training_scenario(name: str, framework: str):
    rng = np.random.default_rng(0)
    if name == "dataloader_lenet":
        return _dataloader(framework, rng)
    if name in ("train_lenet_static", "train_gpt_static"):
        if framework == "torch":
            raise KeyError(f"{name}: PyTorch has no static mode")
        return (_lenet_static if name == "train_lenet_static" else _gpt_static)(rng)
    api = _NN(framework)
    if not api.torch:
        api.lib.seed(0)
    else:
        api.lib.manual_seed(0)
    build = {"train_mlp": _mlp, "train_lenet": _lenet, "train_resnet18": _resnet18, "train_gpt": _gpt,
             "train_lstm": _recurrent, "train_gru": lambda api_, rng_: _recurrent(api_, rng_, "GRU")}[name]
    return build(api, rng)
