"""Data-parallel training runs that test_data_parallel.py spawns on several
processes, and the models and data they share with the single-process
references there. Each rank saves its final parameters to out_dir/rank<r>.pkl."""

from __future__ import annotations

import contextlib
import os
import pickle

import numpy as np

import paddle
import paddle.distributed as dist
from paddle import nn

STEPS = 4
BATCH = 8


def make_mlp(seed: int) -> nn.Layer:
    paddle.seed(seed)
    return nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 3))


class TwoHeads(nn.Layer):
    """head_b takes part only when asked: a parameter some ranks leave unused."""

    def __init__(self, seed: int):
        super().__init__()
        paddle.seed(seed)
        self.body = nn.Linear(6, 8)
        self.head_a = nn.Linear(8, 3)
        self.head_b = nn.Linear(8, 3)

    def forward(self, x, use_b):
        h = paddle.tanh(self.body(x))
        return self.head_a(h) + self.head_b(h) if use_b else self.head_a(h)


def batches(micro: int = 1):
    """STEPS steps of `micro` micro-batches, each BATCH rows of (x, y)."""
    rng = np.random.RandomState(0)
    return [[(rng.randn(BATCH, 6).astype("float32"), rng.randn(BATCH, 3).astype("float32")) for _ in range(micro)]
            for _ in range(STEPS)]


def make_optimizer(params):
    return paddle.optimizer.Adam(learning_rate=0.05, parameters=params, grad_clip=nn.ClipGradByGlobalNorm(0.5))


def shard(a: np.ndarray, rank: int, n: int) -> paddle.Tensor:
    rows = len(a) // n
    return paddle.to_tensor(a[rank * rows:(rank + 1) * rows])


def _save(out_dir: str, results: dict) -> None:
    with open(os.path.join(out_dir, f"rank{dist.get_rank()}.pkl"), "wb") as f:
        pickle.dump(results, f)


def params_of(model) -> dict:
    return {k: v.numpy() for k, v in model.state_dict().items()}


def run_steps(model, micro: int, amp: bool, rows) -> None:
    """Trains `model` on batches(micro), on `rows` of each micro-batch: every micro-batch's loss backward, then one
    step of make_optimizer (through a GradScaler with amp, under bfloat16 autocast). A DataParallel model runs all
    but each step's last micro-batch under no_sync."""
    opt = make_optimizer(model.parameters())
    scaler = paddle.amp.GradScaler(init_loss_scaling=1024.0) if amp else None
    for step in batches(micro):
        for j, (x, y) in enumerate(step):
            quiet = isinstance(model, paddle.DataParallel) and j < len(step) - 1
            with paddle.amp.auto_cast(enable=amp, dtype="bfloat16"), \
                    model.no_sync() if quiet else contextlib.nullcontext():
                loss = nn.functional.mse_loss(model(rows(x)), rows(y))
            (scaler.scale(loss) if amp else loss).backward()
        if amp:
            scaler.step(opt)
            scaler.update()
        else:
            opt.step()
        opt.clear_grad()


def train(out_dir: str, micro: int, bucket_mb: float, amp: bool) -> None:
    """Rank r trains on its rows of every micro-batch; all but the last
    micro-batch of a step under no_sync."""
    dist.init_parallel_env()
    r, n = dist.get_rank(), dist.get_world_size()
    model = paddle.DataParallel(make_mlp(seed=100 + r), comm_buffer_size=bucket_mb, last_comm_buffer_size=bucket_mb)
    initial = params_of(model)
    # How many gradients backward had still to produce when each bucket left (first backward only).
    launches, launch = [], model._reducer._launch
    model._reducer._launch = lambda bucket: (launches.append(sum(p.grad is None for p in model.parameters())),
                                             launch(bucket))
    run_steps(model, micro, amp, lambda a: shard(a, r, n))
    _save(out_dir, {"initial": initial, "final": params_of(model), "first_launches": launches[:len(model._reducer.buckets)]})


def train_unused(out_dir: str, find_unused: bool) -> None:
    """Only rank 0 uses head_b (with find_unused); without find_unused no rank
    does, and the next forward must say so."""
    dist.init_parallel_env()
    r, n = dist.get_rank(), dist.get_world_size()
    model = paddle.DataParallel(TwoHeads(seed=7), find_unused_parameters=find_unused)
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters())
    error = None
    try:
        for step in batches():
            x, y = step[0]
            use_b = r == 0 if find_unused else False
            loss = nn.functional.mse_loss(model(shard(x, r, n), use_b), shard(y, r, n))
            loss.backward()
            opt.step()
            opt.clear_grad()
    except RuntimeError as e:
        error = str(e)
    names = {k: [p.name for p in getattr(model._layers, k).parameters()] for k in ("body", "head_a", "head_b")}
    _save(out_dir, {"final": params_of(model), "error": error, "names": names})


def flat_numpy(state: dict, prefix: str = "") -> dict:
    out = {}
    for k, v in state.items():
        if isinstance(v, dict):
            out.update(flat_numpy(v, f"{prefix}{k}."))
        else:
            out[prefix + k] = v.numpy()
    return out


def train_and_checkpoint(out_dir: str, ckpt: str) -> None:
    """Two training steps, then the model's and the optimizer's state into a distributed checkpoint."""
    dist.init_parallel_env()
    r, n = dist.get_rank(), dist.get_world_size()
    model = paddle.DataParallel(make_mlp(seed=100 + r))
    opt = make_optimizer(model.parameters())
    for step in batches()[:2]:
        x, y = step[0]
        nn.functional.mse_loss(model(shard(x, r, n)), shard(y, r, n)).backward()
        opt.step()
        opt.clear_grad()
    state = {"model": model.state_dict(), "opt": opt.state_dict()}
    dist.save_state_dict(state, ckpt)
    _save(out_dir, {"state": flat_numpy(state)})


def load_checkpoint(out_dir: str, ckpt: str, shapes: dict) -> None:
    """Fills fresh tensors of the given shapes from the checkpoint."""
    dist.init_parallel_env()
    target = {}
    for key, (shape, dtype) in shapes.items():
        outer, inner = key.split(".", 1)
        target.setdefault(outer, {})[inner] = paddle.full(shape, -1.0, dtype=dtype)
    dist.load_state_dict(target, ckpt)
    _save(out_dir, {"state": flat_numpy(target)})


def fleet_train(out_dir: str) -> None:
    """fleet with gradient merge over two micro-batches and a recomputed sublayer."""
    from paddle.distributed import fleet

    strategy = fleet.DistributedStrategy()
    strategy.gradient_merge = True
    strategy.gradient_merge_configs = {"k_steps": 2, "avg": True}
    strategy.recompute = True
    strategy.recompute_configs = {"checkpoints": ["2"]}
    fleet.init(is_collective=True, strategy=strategy)
    r, n = fleet.worker_index(), fleet.worker_num()
    model = fleet.distributed_model(make_mlp(seed=100 + r))
    opt = fleet.distributed_optimizer(paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters()))
    for step in batches(micro=2):
        for x, y in step:
            nn.functional.mse_loss(model(shard(x, r, n)), shard(y, r, n)).backward()
            opt.step()
            opt.clear_grad()
    _save(out_dir, {"final": params_of(model), "kind": type(model).__name__})


def sampler_shards(out_dir: str) -> None:
    """The indices DistributedBatchSampler gives this rank, its ranks taken from the parallel environment."""
    dist.init_parallel_env()
    sampler = paddle.io.DistributedBatchSampler(list(range(10)), batch_size=2, shuffle=True)
    sampler.set_epoch(3)
    _save(out_dir, {"batches": list(sampler), "nranks": sampler.nranks})
