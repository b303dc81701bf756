"""paddle.DataParallel with real processes: training on each rank's share
of the batch ends with the parameters of single-process training on the
whole batch, with one or many gradient buckets, no_sync accumulation, AMP
and gradient clipping, and parameters some ranks leave unused."""

from __future__ import annotations

import os
import json
import shutil
import signal
import socket
import subprocess
import sys
import time

import numpy as np
import pytest

import paddle
import paddle.distributed as dist
from paddle import nn

import dist_workers as DW
import dp_workers as W

pytestmark = pytest.mark.slow




def _reference(micro: int, amp: bool) -> dict:
    """One process, whole micro-batches: the mean loss over all rows is the
    mean of the ranks' mean losses, whose gradients DataParallel averages."""
    model = W.make_mlp(seed=100)  # rank 0's initialization, which DataParallel gives every rank
    W.run_steps(model, micro, amp, paddle.to_tensor)
    return W.params_of(model)


@pytest.mark.parametrize("n,micro,bucket_mb,amp", [
    (2, 1, 25, False),       # one bucket
    (2, 1, 0.0005, False),   # a bucket per parameter, launched while backward runs
    (4, 2, 0.001, False),    # four ranks, no_sync accumulation over two micro-batches
    (2, 1, 25, True),        # bfloat16 autocast with a GradScaler
])
def test_data_parallel_training_equals_single_process_training(tmp_path, n, micro, bucket_mb, amp):
    dist.spawn(W.train, args=(str(tmp_path), micro, bucket_mb, amp), nprocs=n)
    got = DW.results(tmp_path, n)
    rank0_init = W.params_of(W.make_mlp(seed=100))
    expected = _reference(micro, amp)
    tol = 2e-2 if amp else 1e-5
    for r, g in enumerate(got):
        for key in expected:
            np.testing.assert_array_equal(g["initial"][key], rank0_init[key], err_msg=f"rank {r} {key} at start")
            np.testing.assert_allclose(g["final"][key], expected[key], rtol=tol, atol=tol,
                                       err_msg=f"rank {r} {key} after training")
        assert any(not np.allclose(expected[k], rank0_init[k]) for k in expected)  # training moved them
        # Small buckets: several, the first leaving while backward still owes gradients (in a first backward,
        # before which no parameter had one).
        pending = g["first_launches"]
        assert (len(pending) > 1) == (bucket_mb < 1), pending
        if micro == 1:
            assert pending == sorted(pending, reverse=True) and pending[-1] == 0
            assert (pending[0] > 0) == (bucket_mb < 1), pending


def test_find_unused_parameters_averages_with_the_ranks_that_used_them(tmp_path):
    dist.spawn(W.train_unused, args=(str(tmp_path), True), nprocs=2)
    got = DW.results(tmp_path, 2)
    # The reference: rank 0's loss (with head_b) and rank 1's (without) averaged in one process.
    model = W.TwoHeads(seed=7)
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters())
    for step in W.batches():
        x, y = step[0]
        losses = [nn.functional.mse_loss(model(W.shard(x, r, 2), r == 0), W.shard(y, r, 2)) for r in range(2)]
        ((losses[0] + losses[1]) / 2).backward()
        opt.step()
        opt.clear_grad()
    expected = W.params_of(model)
    for r, g in enumerate(got):
        assert g["error"] is None
        for key in expected:
            np.testing.assert_allclose(g["final"][key], expected[key], rtol=1e-5, atol=1e-6,
                                       err_msg=f"rank {r} {key}")


def test_an_unused_parameter_without_find_unused_parameters_is_named(tmp_path):
    dist.spawn(W.train_unused, args=(str(tmp_path), False), nprocs=2)
    for g in DW.results(tmp_path, 2):
        assert g["error"] is not None and "find_unused_parameters=True" in g["error"]
        assert all(name in g["error"] for name in g["names"]["head_b"])
        assert not any(name in g["error"] for name in g["names"]["body"] + g["names"]["head_a"])


def test_a_single_process_data_parallel_is_the_model_itself():
    model = W.make_mlp(seed=3)
    dp = paddle.DataParallel(model)
    x = paddle.randn([4, 6])
    np.testing.assert_array_equal(dp(x).numpy(), model(x).numpy())
    assert list(dp.state_dict().keys()) == list(model.state_dict().keys())
    with dp.no_sync():
        dp(x).sum().backward()
    assert all(p.grad is not None for p in model.parameters())


def test_bad_arguments_are_refused():
    with pytest.raises(TypeError, match=r"\[DataParallel\] argument 'layers'"):
        paddle.DataParallel(lambda x: x)
    with pytest.raises(ValueError, match=r"\[DataParallel\] argument 'comm_buffer_size'"):
        paddle.DataParallel(nn.Linear(2, 2), comm_buffer_size=0)


def test_a_checkpoint_saved_by_two_ranks_loads_on_four_and_on_one(tmp_path):
    ckpt = str(tmp_path / "ckpt")
    dist.spawn(W.train_and_checkpoint, args=(str(tmp_path), ckpt), nprocs=2)
    saved = DW.results(tmp_path, 2)
    for key in saved[0]["state"]:
        np.testing.assert_array_equal(saved[0]["state"][key], saved[1]["state"][key])  # replicas agree
    state = saved[0]["state"]
    assert any(k.startswith("opt.") for k in state) and any(k.startswith("model.") for k in state)
    # each rank stored part of it, and the metadata came last
    assert sorted(os.listdir(ckpt)) == ["0.metadata", "0_0.distcp", "1_0.distcp"]
    parts = [paddle.load(os.path.join(ckpt, f"{r}_0.distcp")) for r in range(2)]
    assert parts[0] and parts[1] and not set(parts[0]) & set(parts[1])
    assert set(parts[0]) | set(parts[1]) == set(state)

    shapes = {k: (list(v.shape), str(v.dtype)) for k, v in state.items()}
    out4 = tmp_path / "four"
    out4.mkdir()
    dist.spawn(W.load_checkpoint, args=(str(out4), ckpt, shapes), nprocs=4)
    for got in DW.results(out4, 4):
        for key, value in state.items():
            np.testing.assert_array_equal(got["state"][key], value, err_msg=key)

    model = W.make_mlp(seed=5)
    target = {"model": model.state_dict(), "opt": {k[4:]: paddle.zeros(v.shape, str(v.dtype))
                                                   for k, v in state.items() if k.startswith("opt.")}}
    dist.load_state_dict(target, ckpt)  # one process, no parallel environment
    for key, value in W.flat_numpy(target).items():
        np.testing.assert_array_equal(value, state[key], err_msg=key)


def test_saving_again_adds_a_checkpoint_and_loading_takes_the_latest(tmp_path):
    dist.save_state_dict({"w": paddle.ones([3])}, str(tmp_path))
    dist.save_state_dict({"w": paddle.full([3], 2.0)}, str(tmp_path))
    assert sorted(os.listdir(tmp_path)) == ["0.metadata", "0_0.distcp", "0_1.distcp", "1.metadata"]
    latest, first = {"w": paddle.zeros([3])}, {"w": paddle.zeros([3])}
    dist.load_state_dict(latest, str(tmp_path))
    dist.load_state_dict(first, str(tmp_path), unique_id=0)
    np.testing.assert_array_equal(latest["w"].numpy(), [2, 2, 2])
    np.testing.assert_array_equal(first["w"].numpy(), [1, 1, 1])


def test_checkpoint_errors_name_the_problem(tmp_path):
    with pytest.raises(TypeError, match=r"\[save_state_dict\] state_dict\['a'\]\['b'\]: expected a Tensor"):
        dist.save_state_dict({"a": {"b": 3}}, str(tmp_path))
    dist.save_state_dict({"w": paddle.ones([3])}, str(tmp_path))
    with pytest.raises(KeyError, match=r"\[load_state_dict\] not in the checkpoint .*: v"):
        dist.load_state_dict({"v": paddle.ones([3])}, str(tmp_path))
    with pytest.raises(ValueError, match=r"'w': expected shape \[4\], but the checkpoint holds \[3\]"):
        dist.load_state_dict({"w": paddle.ones([4])}, str(tmp_path))
    with pytest.raises(FileNotFoundError, match="no checkpoint directory"):
        dist.load_state_dict({"w": paddle.ones([3])}, str(tmp_path / "nowhere"))
    (tmp_path / "0.metadata").write_bytes(b"\x80\x04garbage")
    with pytest.raises(ValueError, match="cannot read the checkpoint's metadata"):
        dist.load_state_dict({"w": paddle.ones([3])}, str(tmp_path))


def test_fleet_gradient_merge_and_recompute_equal_single_process_accumulation(tmp_path):
    dist.spawn(W.fleet_train, args=(str(tmp_path),), nprocs=2)
    model = W.make_mlp(seed=100)
    opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters())
    for step in W.batches(micro=2):
        for x, y in step:
            (nn.functional.mse_loss(model(paddle.to_tensor(x)), paddle.to_tensor(y)) / 2).backward()
        opt.step()
        opt.clear_grad()
    expected = W.params_of(model)
    for r, g in enumerate(DW.results(tmp_path, 2)):
        assert g["kind"] == "DataParallel"
        for key in expected:
            np.testing.assert_allclose(g["final"][key], expected[key], rtol=1e-5, atol=1e-6, err_msg=f"rank {r} {key}")


def test_distributed_batch_sampler_gives_each_rank_its_own_share(tmp_path):
    dist.spawn(W.sampler_shards, args=(str(tmp_path),), nprocs=3)
    got = DW.results(tmp_path, 3)
    assert [g["nranks"] for g in got] == [3, 3, 3]
    indices = [i for g in got for batch in g["batches"] for i in batch]
    # 10 indices padded to 12 (two repeated), 4 per rank, every index at least once
    assert len(indices) == 12 and set(indices) == set(range(10))
    assert all(sum(len(b) for b in g["batches"]) == 4 for g in got)


class _Hosts:
    """Two network namespaces joined by a veth pair: two "hosts", 10.77.0.1 and 10.77.0.2."""

    def __init__(self):
        tag = os.getpid() % 100000
        self.names = [f"pdhost{tag}_{i}" for i in range(2)]
        self.addrs = ["10.77.0.1", "10.77.0.2"]
        veth = [f"pdv{tag}a", f"pdv{tag}b"]
        setup = [["ip", "netns", "add", self.names[0]], ["ip", "netns", "add", self.names[1]],
                 ["ip", "link", "add", veth[0], "type", "veth", "peer", "name", veth[1]]]
        for i in range(2):
            setup += [["ip", "link", "set", veth[i], "netns", self.names[i]],
                      ["ip", "-n", self.names[i], "addr", "add", f"{self.addrs[i]}/24", "dev", veth[i]],
                      ["ip", "-n", self.names[i], "link", "set", veth[i], "up"],
                      ["ip", "-n", self.names[i], "link", "set", "lo", "up"]]
        for cmd in setup:
            proc = subprocess.run(cmd, capture_output=True, text=True)
            if proc.returncode != 0:
                self.close()
                pytest.skip(f"cannot make network namespaces here ({' '.join(cmd)}: {proc.stderr.strip()})")

    def run(self, i, cmd, **kwargs):
        return subprocess.Popen(["ip", "netns", "exec", self.names[i], *cmd], **kwargs)

    def close(self):
        for name in self.names:
            subprocess.run(["ip", "netns", "del", name], capture_output=True)


@pytest.mark.parametrize("mode", ["master", "ips"])
def test_two_hosts_of_two_processes_train_through_the_launcher(tmp_path, mode):
    """Each namespace is a host with its own address. With --master and --nnodes the node at the master's address
    serves it; with --ips a node finds its rank by its address, and the first serves the master."""
    hosts = _Hosts()
    try:
        script = tmp_path / "train.py"
        script.write_text("import json, os, sys\nsys.path.insert(0, %r)\nimport dp_workers as W\n"
                          "W.train(%r, 1, 0.001, False)\n"
                          "json.dump(os.environ['PADDLE_CURRENT_ENDPOINT'], open(os.path.join(%r, 'ep' + "
                          "os.environ['PADDLE_TRAINER_ID']), 'w'))\n"
                          % (os.path.dirname(os.path.abspath(__file__)), str(tmp_path), str(tmp_path)))
        launchers = []
        for i in range(2):
            node = (["--ips", ",".join(hosts.addrs)] if mode == "ips" else
                    ["--master", f"{hosts.addrs[0]}:29555", "--nnodes", "2", "--rank", str(i)])
            launchers.append(hosts.run(i, [sys.executable, "-m", "paddle.distributed.launch", *node,
                                           "--nproc_per_node", "2", "--log_dir", str(tmp_path / f"log{i}"),
                                           str(script)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True))
        outputs = [p.communicate(timeout=180)[0] for p in launchers]
        assert [p.returncode for p in launchers] == [0, 0], outputs
    finally:
        hosts.close()
    endpoints = [json.load(open(tmp_path / f"ep{r}")) for r in range(4)]
    assert [e.rsplit(":", 1)[0] for e in endpoints] == [hosts.addrs[0]] * 2 + [hosts.addrs[1]] * 2
    expected = _reference(1, False)
    for r, g in enumerate(DW.results(tmp_path, 4)):
        for key in expected:
            np.testing.assert_allclose(g["final"][key], expected[key], rtol=1e-5, atol=1e-5, err_msg=f"rank {r} {key}")


def test_data_parallel_under_openmpis_mpirun(tmp_path):
    """init_parallel_env takes its rank and size from mpirun's OMPI_COMM_WORLD_* variables."""
    if shutil.which("mpirun") is None:
        pytest.skip("OpenMPI's mpirun is not installed (tools/install_deps.sh installs openmpi-bin)")
    script = tmp_path / "train.py"
    script.write_text("import sys\nsys.path.insert(0, %r)\nimport dp_workers as W\nW.train(%r, 1, 0.001, False)\n"
                      % (os.path.dirname(os.path.abspath(__file__)), str(tmp_path)))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.run(["mpirun", "-np", "2", "--allow-run-as-root", "--oversubscribe", "-x", "MASTER_ADDR=127.0.0.1",
                           "-x", f"MASTER_PORT={port}", "-x", "PYTHONPATH", sys.executable, str(script)],
                          capture_output=True, text=True, timeout=180, cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=os.environ.get("PYTHONPATH", "")))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    expected = _reference(1, False)
    for r, g in enumerate(DW.results(tmp_path, 2)):
        for key in expected:
            np.testing.assert_allclose(g["final"][key], expected[key], rtol=1e-5, atol=1e-5, err_msg=f"rank {r} {key}")


class _Slurm:
    """A one-node Slurm cluster of this machine: munged on a private socket, slurmctld and slurmd."""

    def __init__(self, tmp_path):
        tools = ["munged", "slurmctld", "slurmd", "srun", "sinfo"]
        if os.geteuid() != 0 or any(shutil.which(t) is None for t in tools):
            pytest.skip("a local Slurm cluster needs root and slurm-wlm with munge (tools/install_deps.sh)")
        d = tmp_path / "slurm"
        (d / "state").mkdir(parents=True)
        (d / "spool").mkdir()
        self.procs = []
        munge = d / "munge.sock"
        subprocess.run(["munged", "--force", f"--socket={munge}", f"--pid-file={d / 'munged.pid'}",
                        f"--log-file={d / 'munged.log'}", f"--seed-file={d / 'munged.seed'}"], check=True)
        self.munged_pid = int((d / "munged.pid").read_text())
        ports = [_free_tcp_port(), _free_tcp_port()]
        host = socket.gethostname().split(".")[0]
        (d / "slurm.conf").write_text(f"""ClusterName=test
SlurmctldHost={host}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket={munge}
StateSaveLocation={d / 'state'}
SlurmdSpoolDir={d / 'spool'}
SlurmctldPidFile={d / 'slurmctld.pid'}
SlurmdPidFile={d / 'slurmd.pid'}
SlurmctldPort={ports[0]}
SlurmdPort={ports[1]}
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
NodeName={host} CPUs={os.cpu_count()} State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
""")
        self.env = dict(os.environ, SLURM_CONF=str(d / "slurm.conf"))
        for daemon in (["slurmctld", "-D", "-c", "-i"], ["slurmd", "-D", "-c"]):
            self.procs.append(subprocess.Popen(daemon, env=self.env, stdout=subprocess.DEVNULL,
                                               stderr=subprocess.DEVNULL))
            time.sleep(0.5)
        deadline = time.time() + 30
        while subprocess.run(["sinfo", "-h", "-o", "%t"], env=self.env, capture_output=True,
                             text=True).stdout.strip() != "idle":
            if time.time() > deadline:
                self.close()
                pytest.skip("the local Slurm cluster did not come up (its node never went idle)")
            time.sleep(0.2)

    def close(self):
        for p in self.procs:
            p.kill()
            p.wait()
        try:
            os.kill(self.munged_pid, signal.SIGTERM)
        except (ProcessLookupError, AttributeError):
            pass


def _free_tcp_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_data_parallel_under_slurms_srun(tmp_path):
    """init_parallel_env takes its rank and size from srun's SLURM_* variables and serves the store on the step's
    first node, at a port derived from the job id."""
    slurm = _Slurm(tmp_path)
    try:
        script = tmp_path / "train.py"
        script.write_text("import sys\nsys.path.insert(0, %r)\nimport dp_workers as W\nW.train(%r, 1, 0.001, False)\n"
                          % (os.path.dirname(os.path.abspath(__file__)), str(tmp_path)))
        proc = subprocess.run(["srun", "-n", "2", "--overcommit", sys.executable, str(script)], capture_output=True,
                              text=True, timeout=180, cwd=tmp_path, env=slurm.env)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    finally:
        slurm.close()
    expected = _reference(1, False)
    for r, g in enumerate(DW.results(tmp_path, 2)):
        for key in expected:
            np.testing.assert_allclose(g["final"][key], expected[key], rtol=1e-5, atol=1e-5, err_msg=f"rank {r} {key}")


@pytest.mark.parametrize("nodes,first", [("vm", "vm"), ("a,b", "a"), ("gpu[07-09,12],cpu3", "gpu07"),
                                         ("x[1-2]y,z", "x1y")])
def test_the_store_of_a_slurm_step_is_on_its_first_node(monkeypatch, nodes, first):
    from paddle.distributed.parallel import _slurm_first_node

    monkeypatch.setenv("SLURM_STEP_NODELIST", nodes)
    assert _slurm_first_node() == first
