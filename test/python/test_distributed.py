"""paddle.distributed with real processes on this machine (Gloo over
loopback): every collective against NumPy with 2 and 4 ranks, subgroups,
object collectives, refused mismatches, timeouts, spawn, and the launcher's
environment, logs, restarts from a checkpoint and shutdown."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import paddle.distributed as dist

import dist_workers as W

pytestmark = pytest.mark.slow




def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


REDUCE = {"SUM": np.sum, "MAX": np.max, "MIN": np.min, "PROD": np.prod, "AVG": np.mean}


@pytest.mark.parametrize("n", [2, 4])
def test_every_collective_matches_numpy(tmp_path, n):
    dist.spawn(W.collectives, args=(str(tmp_path),), nprocs=n)
    _check_collectives(W.results(tmp_path, n), n, W.DTYPES, "gloo")


@pytest.mark.parametrize("n", [2, 4])
def test_every_collective_over_a_plugin_devices_collectives(tmp_path, n):
    """The xccl backend: each rank on its own device of the sample plugin, which moves the data itself."""
    from conftest import CUSTOM_CPU_PLUGIN

    dist.spawn(W.plugin_collectives, args=(str(tmp_path), str(CUSTOM_CPU_PLUGIN), n), nprocs=n)
    _check_collectives(W.results(tmp_path, n), n, W.PLUGIN_DTYPES, "xccl")


def _gpus() -> int:
    import paddle

    return paddle.device.cuda.device_count()


@pytest.mark.gpu
@pytest.mark.skipif(_gpus() < 2, reason="NCCL between ranks needs two GPUs (NCCL refuses two ranks on one GPU)")
def test_every_collective_over_nccl(tmp_path):
    n = min(_gpus(), 4)
    dist.spawn(W.nccl_collectives, args=(str(tmp_path),), nprocs=n)
    _check_collectives(W.results(tmp_path, n), n, W.NCCL_DTYPES, "nccl")


@pytest.mark.gpu
@pytest.mark.skipif(_gpus() < 1, reason="needs a GPU")
def test_a_one_gpu_nccl_group(tmp_path):
    dist.spawn(W.nccl_single_gpu, args=(str(tmp_path),), nprocs=1)
    (g,) = W.results(tmp_path, 1)
    assert g["backend"] == "nccl" and g["place"] == "Place(gpu:0)"
    np.testing.assert_array_equal(g["all_reduce"], [1.0, 2.0, 3.0])
    np.testing.assert_array_equal(g["all_gather"][0], [[4, 5]])
    np.testing.assert_array_equal(g["broadcast"], [7.0])


@pytest.mark.skipif(_gpus() > 0, reason="checks the message of a machine without GPUs")
def test_the_nccl_backend_without_a_gpu_says_so(tmp_path):
    with pytest.raises(RuntimeError, match="the nccl backend needs a GPU, but this build or machine has none"):
        dist.spawn(W.init_only, args=(str(tmp_path),), nprocs=2, backend="nccl")
    with pytest.raises(ValueError, match=r"\[spawn\] option 'backend'"):
        dist.spawn(W.init_only, args=(str(tmp_path),), nprocs=2, backend="mpi")


def test_a_plugin_without_collectives_is_named(tmp_path):
    from conftest import CUSTOM_CPU_PLUGIN

    dist.spawn(W.plugin_without_collectives, args=(str(tmp_path), str(CUSTOM_CPU_PLUGIN)), nprocs=2)
    for g in W.results(tmp_path, 2):
        assert g["error"].startswith("[init_parallel_env] the plugin of 'custom_cpu' (") and \
            g["error"].endswith("has no collectives: device_ext.h's ccl_* functions are unset")


def _check_collectives(got, n, dtypes, backend):
    for r, g in enumerate(got):
        assert (g["rank"], g["world_size"], g["backend"]) == (r, n, backend)
        for dtype in dtypes:
            data = np.stack([W.rank_data(k, dtype) for k in range(n)])
            for op, fn in REDUCE.items():
                if op == "AVG" and dtype.startswith("int"):
                    continue
                with np.errstate(over="ignore"):  # float16 products of 4 ranks pass 65504: inf on both sides
                    expected = fn(data.astype("float64"), axis=0).astype(dtype).astype("float64")
                np.testing.assert_allclose(g[("all_reduce", dtype, op)].astype("float64"), expected, rtol=2e-3,
                                           err_msg=f"all_reduce {op} {dtype}")
                assert g[("all_reduce", dtype, op)].dtype == np.dtype(dtype)
            np.testing.assert_array_equal(g[("broadcast", dtype)], data[n - 1])
            # reduce: the destination holds the sum; the others keep their tensors
            np.testing.assert_array_equal(g[("reduce", dtype)], data.sum(0).astype(dtype) if r == 0 else data[r])
            for k in range(n):
                np.testing.assert_array_equal(g[("all_gather", dtype)][k], data[k])
            if r == 1:
                assert len(g[("gather", dtype)]) == n
                for k in range(n):
                    np.testing.assert_array_equal(g[("gather", dtype)][k], data[k])
            np.testing.assert_array_equal(g[("scatter", dtype)], W.rank_data(100 + r, dtype))
            contributions = [W.rank_data(k * n + r, dtype) for k in range(n)]  # every rank's part r
            np.testing.assert_allclose(g[("reduce_scatter", dtype)].astype("float64"),
                                       np.sum(np.stack(contributions).astype("float64"), 0), rtol=2e-3)
            for k in range(n):  # alltoall: part r of rank k's list
                np.testing.assert_array_equal(g[("alltoall", dtype)][k], W.rank_data(k * n + r, dtype))
        expected_rows = np.concatenate([np.full([r + 1, 2], 100 * k + r, "float32") for k in range(n)])
        np.testing.assert_array_equal(g["alltoall_single"], expected_rows)
        np.testing.assert_array_equal(g["ring"], np.full([3], float((r - 1) % n)))
        np.testing.assert_array_equal(g["async_all_reduce"],
                                      np.sum([W.rank_data(k, "float32") for k in range(n)], axis=0))
        for elements in (32768, 32769, 300_000):  # float64: 256 KB rides along, one more element does not
            parts = [np.arange(elements, dtype="float64") % 7 + k for k in range(n)]
            np.testing.assert_array_equal(g[("all_reduce_sized", elements, "SUM")], np.sum(parts, axis=0))
            np.testing.assert_array_equal(g[("all_reduce_sized", elements, "MAX")], np.max(parts, axis=0))
        assert g["all_gather_object"] == [{"rank": k, "name": f"worker-{k}" * (k + 1)} for k in range(n)]
        assert g["broadcast_object_list"] == [{"from": 0}, 0]


def test_subgroups_run_among_their_members(tmp_path):
    dist.spawn(W.subgroups, args=(str(tmp_path),), nprocs=4)
    got = W.results(tmp_path, 4)
    for r, g in enumerate(got):
        members = [0, 2] if r % 2 == 0 else [1, 3]
        assert g["ranks"] == members and g["group_rank"] == members.index(r) == g["get_rank"] and g["size"] == 2
        assert g["outside"] is None
        np.testing.assert_array_equal(g["sum"], [float(sum(m + 1 for m in members))])
        assert [int(p[0]) for p in g["gathered"]] == members
        np.testing.assert_array_equal(g["broadcast"], [float(members[-1])])


def test_mismatched_shapes_raise_on_every_rank(tmp_path):
    dist.spawn(W.mismatched_shapes, args=(str(tmp_path),), nprocs=2)
    for r, g in enumerate(W.results(tmp_path, 2)):
        other = 1 - r
        assert g["error"] == (f"[all_reduce] rank {other}'s tensor has {other + 2} elements, rank {r}'s {r + 2}: "
                              "the ranks' tensors must have the same shape")
        np.testing.assert_array_equal(g["after"], [2.0, 2.0])
        sizes = {0: 2, 1: 100_000}
        assert g["errors"][0] == (f"[all_reduce] rank {other}'s tensor has {sizes[other]} elements, rank {r}'s "
                                  f"{sizes[r]}: the ranks' tensors must have the same shape")
        dtypes = {0: "int32", 1: "float32"}
        assert g["errors"][1] == (f"[all_reduce] rank {other} gave {dtypes[other]}, rank {r} {dtypes[r]}: the ranks' "
                                  "tensors must share a dtype")
        if r == 1:
            assert g["errors"][2] == ("[recv] rank 0 sent 3 elements of float32, but the receiving tensor holds 2 of "
                                      "float32")


def test_spawn_reports_the_failing_rank_with_its_traceback(tmp_path):
    with pytest.raises(RuntimeError, match=r"(?s)\[spawn\] rank 1 failed:.*KeyError: 'rank 1 gives up'"):
        dist.spawn(W.failing, args=(str(tmp_path),), nprocs=2)


def test_a_rank_that_never_joins_times_out_by_name(tmp_path):
    env = dict(os.environ, PADDLE_TRAINER_ID="0", PADDLE_TRAINERS_NUM="2", PADDLE_PG_TIMEOUT="1500",
               PADDLE_MASTER=f"127.0.0.1:{_free_port()}")
    script = "import paddle.distributed as dist\ndist.init_parallel_env()\n"
    # Not a hang: the run ends (the subprocess timeout guards that) with the error of the 1500 ms given.
    proc = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    assert "TimeoutError: [TCPStore] waited 1500 ms for key" in proc.stderr
    assert "which no process set (did every rank start?)" in proc.stderr


def test_collectives_before_init_and_bad_arguments_are_refused():
    import paddle

    with pytest.raises(RuntimeError, match=r"\[all_reduce\] the default group does not exist"):
        dist.all_reduce(paddle.ones([2]))
    assert dist.get_rank() == 0 and dist.get_world_size() == 1 and not dist.is_initialized()


def _wait_until(condition, what: str, details=lambda: "", limit: float = 60) -> None:
    """Polls `condition` until it holds; a guard against hanging, not a speed target: after `limit` seconds the
    test fails saying what it waited for."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {limit:.0f} s for {what}; {details()}")
        time.sleep(0.1)


def _launch(tmp_path, script_text, *flags, env=None, timeout=120):
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(script_text))
    cmd = [sys.executable, "-m", "paddle.distributed.launch", "--log_dir", str(tmp_path / "log"), *flags,
           str(script)]
    return subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, **(env or {})))


def test_launcher_gives_each_worker_paddles_environment_and_a_log(tmp_path):
    proc = _launch(tmp_path, """
        import json, os, sys
        keys = ["PADDLE_TRAINER_ID", "PADDLE_TRAINERS_NUM", "PADDLE_TRAINER_ENDPOINTS", "PADDLE_CURRENT_ENDPOINT",
                "PADDLE_MASTER", "PADDLE_GLOBAL_SIZE", "PADDLE_LOCAL_SIZE", "PADDLE_GLOBAL_RANK", "PADDLE_LOCAL_RANK",
                "PADDLE_NNODES", "PADDLE_DISTRI_BACKEND"]
        env = {k: os.environ[k] for k in keys}
        json.dump(env, open(f"env{env['PADDLE_TRAINER_ID']}.json", "w"))
        print("hello from rank", env["PADDLE_TRAINER_ID"])
    """, "--nproc_per_node", "3")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    import json

    envs = [json.load(open(tmp_path / f"env{r}.json")) for r in range(3)]
    endpoints = envs[0]["PADDLE_TRAINER_ENDPOINTS"].split(",")
    assert len(set(endpoints)) == 3
    for r, env in enumerate(envs):
        assert env["PADDLE_TRAINER_ID"] == env["PADDLE_GLOBAL_RANK"] == env["PADDLE_LOCAL_RANK"] == str(r)
        assert env["PADDLE_TRAINERS_NUM"] == env["PADDLE_GLOBAL_SIZE"] == env["PADDLE_LOCAL_SIZE"] == "3"
        assert env["PADDLE_NNODES"] == "1" and env["PADDLE_DISTRI_BACKEND"] == "gloo"
        assert env["PADDLE_CURRENT_ENDPOINT"] == endpoints[r] and env["PADDLE_MASTER"] == envs[0]["PADDLE_MASTER"]
        assert (tmp_path / "log" / f"workerlog.{r}").read_text() == f"hello from rank {r}\n"
    assert "hello from rank 0" in proc.stdout and "hello from rank 1" not in proc.stdout


TRAIN = """
    import os, signal, sys
    import numpy as np
    import paddle, paddle.distributed as dist

    dist.init_parallel_env()
    r, n = dist.get_rank(), dist.get_world_size()
    ckpt, kill_at = sys.argv[1], int(sys.argv[2])
    rng = np.random.default_rng(0)
    X = rng.standard_normal([64, 4]).astype("float32")
    Y = X @ np.array([1.0, -2.0, 3.0, 0.5], "float32")
    w, start = paddle.zeros([4]), 0
    if os.path.exists(ckpt):
        state = paddle.load(ckpt)
        w, start = state["w"], int(state["step"])
    for step in range(start, 40):
        if step == kill_at and r == 1 and os.environ["PADDLE_RESTART_COUNT"] == "0":
            os.kill(os.getpid(), signal.SIGKILL)
        xb, yb = paddle.to_tensor(X[r::n]), paddle.to_tensor(Y[r::n])
        grad = 2.0 * paddle.matmul(paddle.t(xb), paddle.matmul(xb, w) - yb) / X.shape[0]
        dist.all_reduce(grad)  # the gradient of the whole batch
        w = w - 0.2 * grad
        if r == 0:
            paddle.save({"w": w, "step": step + 1}, ckpt)
        dist.barrier()
    if r == 0:
        np.save("final.npy", w.numpy())
"""


def test_a_killed_worker_restarts_the_job_from_its_checkpoint(tmp_path):
    full = tmp_path / "full"
    full.mkdir()
    train = TRAIN.replace("sys.argv[1], int(sys.argv[2])", "'ckpt.pd', -1")
    assert _launch(full, train, "--nproc_per_node", "2").returncode == 0
    killed = tmp_path / "killed"
    killed.mkdir()
    proc = _launch(killed, TRAIN.replace("sys.argv[1], int(sys.argv[2])", "'ckpt.pd', 5"), "--nproc_per_node", "2")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Rank 1 exited with code -9" in proc.stdout and "Restarting the job (1 of 3)" in proc.stdout
    np.testing.assert_allclose(np.load(killed / "final.npy"), np.load(full / "final.npy"), rtol=1e-6)
    # the uninterrupted run converges, so the comparison means something
    np.testing.assert_allclose(np.load(full / "final.npy"), [1.0, -2.0, 3.0, 0.5], atol=0.2)


TRAIN_DP = """
    import os, signal, sys
    import numpy as np
    import paddle, paddle.distributed as dist
    sys.path.insert(0, %r)
    import dp_workers as W

    dist.init_parallel_env()
    r, n = dist.get_rank(), dist.get_world_size()
    kill_at = int(sys.argv[1])
    model = paddle.DataParallel(W.make_mlp(seed=100))
    opt = W.make_optimizer(model.parameters())
    step0 = paddle.zeros([1], dtype="int64")
    if os.path.exists("ckpt"):
        # the optimizer's state exists once it stepped: a step on zero gradients makes it, the checkpoint fills it
        for p in model.parameters():
            p.grad = paddle.zeros_like(p)
        opt.step()
        state = {"model": model.state_dict(), "opt": opt.state_dict(), "step": step0}
        dist.load_state_dict(state, "ckpt")
        opt.set_state_dict(state["opt"])
    batches = W.batches(micro=1) * 3
    for step in range(int(step0.item()), len(batches)):
        if step == kill_at and r == 1 and os.environ["PADDLE_RESTART_COUNT"] == "0":
            os.kill(os.getpid(), signal.SIGKILL)
        x, y = batches[step][0]
        paddle.nn.functional.mse_loss(model(W.shard(x, r, n)), W.shard(y, r, n)).backward()
        opt.step()
        opt.clear_grad()
        dist.save_state_dict({"model": model.state_dict(), "opt": opt.state_dict(),
                              "step": paddle.to_tensor([step + 1])}, "ckpt")
    if r == 0:
        np.savez("final.npz", **W.params_of(model))
""" % os.path.dirname(os.path.abspath(__file__))


def test_data_parallel_resumes_from_its_distributed_checkpoint_after_a_kill(tmp_path):
    runs = {}
    for name, kill_at in (("full", -1), ("killed", 5)):
        where = tmp_path / name
        where.mkdir()
        proc = _launch(where, TRAIN_DP.replace("int(sys.argv[1])", str(kill_at)), "--nproc_per_node", "2")
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert ("Restarting the job (1 of 3)" in proc.stdout) == (name == "killed")
        runs[name] = np.load(where / "final.npz")
    for key in runs["full"].files:
        np.testing.assert_allclose(runs["killed"][key], runs["full"][key], rtol=1e-6, atol=1e-7, err_msg=key)


def test_a_job_that_always_fails_stops_after_max_restart_showing_the_log(tmp_path):
    proc = _launch(tmp_path, """
        import paddle.distributed as dist
        dist.init_parallel_env()
        if dist.get_rank() == 1:
            raise ValueError("rank 1 is broken for good")
        dist.barrier()
    """, "--nproc_per_node", "2", "--max_restart", "2")
    assert proc.returncode == 1
    assert proc.stdout.count("Restarting the job") == 2 and "The job failed after 2 restarts" in proc.stdout
    assert "rank 1's log" in proc.stderr and "ValueError: rank 1 is broken for good" in proc.stderr


def test_sigterm_stops_every_worker(tmp_path):
    script = tmp_path / "script.py"
    script.write_text("import os, time\nopen(f'pid{os.environ[\"PADDLE_TRAINER_ID\"]}', 'w').write(str(os.getpid()))\n"
                      "time.sleep(120)\n")
    launcher = subprocess.Popen([sys.executable, "-m", "paddle.distributed.launch", "--nproc_per_node", "2",
                                 "--log_dir", str(tmp_path / "log"), str(script)], cwd=tmp_path,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    _wait_until(lambda: all((tmp_path / f"pid{r}").exists() and (tmp_path / f"pid{r}").read_text() for r in range(2)),
                "the workers to start")
    pids = [int((tmp_path / f"pid{r}").read_text()) for r in range(2)]
    launcher.send_signal(signal.SIGTERM)
    assert launcher.wait(timeout=30) == 128 + signal.SIGTERM
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_log_level_warning_keeps_only_the_workers_output(tmp_path):
    proc = _launch(tmp_path, "print('rank output')\n", "--nproc_per_node", "2", "--log_level", "WARNING")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "rank output" in proc.stdout and "LAUNCH" not in proc.stdout
    loud = _launch(tmp_path, "print('rank output')\n", "--nproc_per_node", "2")
    assert "Job completed" in loud.stdout


ELASTIC_TRAIN = """
    import os, sys, time
    import numpy as np
    import paddle, paddle.distributed as dist

    dist.init_parallel_env()
    r, n = dist.get_rank(), dist.get_world_size()
    rng = np.random.default_rng(0)
    X = rng.standard_normal([60, 4]).astype("float32")
    Y = X @ np.array([1.0, -2.0, 3.0, 0.5], "float32")
    w, start = paddle.zeros([4]), 0
    if os.path.exists("ckpt.pd"):
        state = paddle.load("ckpt.pd")
        w, start = state["w"], int(state["step"])
    for step in range(start, STEPS):
        # The test may hold the job (from step 5) until it runs with the world size the file names, so that
        # no phase it waits for can be skipped by a job that ran ahead on a loaded machine.
        while step >= 5 and os.path.exists("hold_for") and open("hold_for").read() != str(n):
            time.sleep(0.05)
        xb, yb = paddle.to_tensor(X[r::n]), paddle.to_tensor(Y[r::n])
        grad = 2.0 * paddle.matmul(paddle.t(xb), paddle.matmul(xb, w) - yb) / X.shape[0]
        dist.all_reduce(grad)  # the whole batch's gradient, whatever the number of ranks
        w = w - 0.05 * grad
        dist.barrier()
        if r == 0:
            paddle.save({"w": w, "step": step + 1}, "ckpt.pd")
            with open("sizes.txt", "a") as f:
                f.write(f"{step} {n}\\n")
        time.sleep(PAUSE)
    if r == 0:
        np.save("final.npy", w.numpy())
"""


def _etcd(tmp_path):
    import shutil

    if shutil.which("etcd") is None:
        pytest.skip("etcd is not installed (tools/install_deps.sh installs etcd-server)")
    client, peer = _free_port(), _free_port()
    proc = subprocess.Popen(["etcd", "--data-dir", str(tmp_path / "etcd"), "--listen-client-urls",
                             f"http://127.0.0.1:{client}", "--advertise-client-urls", f"http://127.0.0.1:{client}",
                             "--listen-peer-urls", f"http://127.0.0.1:{peer}"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def answers():
        try:
            with socket.create_connection(("127.0.0.1", client), timeout=1):
                return True
        except OSError:
            return False

    _wait_until(answers, "etcd to start")
    return proc, client


def _sizes(path):
    return [int(line.split()[1]) for line in open(path).read().split("\n") if line]


def _elastic_node(work, port: int, job: str, i: int, *flags):
    """A node's launcher of the elastic job in `work` (its train.py), meeting at etcd on `port`."""
    return subprocess.Popen([sys.executable, "-m", "paddle.distributed.launch", "--master", f"etcd://127.0.0.1:{port}",
                             "--nnodes", "2:3", "--job_id", job, "--log_dir", str(work / f"log{i}"), *flags,
                             str(work / "train.py")], cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)


def _elastic_work(tmp_path):
    work = tmp_path / "elastic"
    work.mkdir()
    (work / "train.py").write_text(textwrap.dedent(ELASTIC_TRAIN).replace("STEPS", "60").replace("PAUSE", "0.1"))
    return work


def _wait_for_size(work, n: int) -> None:
    """Until the job's last step ran with n ranks."""
    sizes = work / "sizes.txt"
    _wait_until(lambda: sizes.exists() and _sizes(sizes)[-1:] == [n], f"a step with {n} ranks",
                lambda: sizes.read_text() if sizes.exists() else "no steps")


def _check_against_a_fixed_job(tmp_path, work, size_changes: list) -> None:
    """The world sizes the elastic job went through end with `size_changes`; its result is a fixed job's."""
    sizes = _sizes(work / "sizes.txt")
    changes = [s for i, s in enumerate(sizes) if i == 0 or s != sizes[i - 1]]
    assert changes[-len(size_changes):] == size_changes, sizes
    fixed = tmp_path / "fixed"
    fixed.mkdir()
    train = textwrap.dedent(ELASTIC_TRAIN).replace("STEPS", "60").replace("PAUSE", "0")
    assert _launch(fixed, train, "--nproc_per_node", "2").returncode == 0
    np.testing.assert_allclose(np.load(work / "final.npy"), np.load(fixed / "final.npy"), rtol=1e-5, atol=1e-6)


def test_an_elastic_job_grows_and_shrinks_as_nodes_join_and_leave(tmp_path):
    """Two nodes start a 2:3 job; a third joins (the job rescales to three ranks, resuming from its checkpoint),
    then leaves on SIGTERM (back to two). The result is the one a fixed job computes."""
    etcd, port = _etcd(tmp_path)
    work = _elastic_work(tmp_path)
    nodes = []
    try:
        (work / "hold_for").write_text("3")
        nodes = [_elastic_node(work, port, "grow", 0), _elastic_node(work, port, "grow", 1)]
        _wait_for_size(work, 2)
        nodes.append(_elastic_node(work, port, "grow", 2))
        _wait_for_size(work, 3)
        (work / "hold_for").write_text("2")
        nodes[2].send_signal(signal.SIGTERM)
        assert nodes[2].wait(timeout=30) == 128 + signal.SIGTERM
        outputs = [p.communicate(timeout=120)[0] for p in nodes[:2]]
        assert [p.returncode for p in nodes[:2]] == [0, 0], outputs
    finally:
        for p in nodes:
            if p.poll() is None:
                p.kill()
        etcd.kill()
    _check_against_a_fixed_job(tmp_path, work, [2, 3, 2])


def test_an_elastic_job_survives_a_node_that_dies(tmp_path):
    """Three nodes of a 2:3 job; the one serving the round's store dies with its workers (SIGKILL): the others'
    collectives and store break, and once its lease runs out they carry on as two, from the checkpoint, to the
    fixed job's result."""
    etcd, port = _etcd(tmp_path)
    work = _elastic_work(tmp_path)
    nodes = []
    try:
        (work / "hold_for").write_text("3")
        for i in range(3):  # one after the other: the first registered is rank 0 of the round, serving its store
            time.sleep(0.5 if i else 0)
            nodes.append(_elastic_node(work, port, "die", i, "--max_restart", "0"))
        _wait_for_size(work, 3)
        (work / "hold_for").write_text("2")
        victim = nodes[0]
        children = subprocess.run(["pgrep", "-P", str(victim.pid)], capture_output=True, text=True).stdout.split()
        for pid in [victim.pid] + [int(c) for c in children]:
            os.kill(int(pid), signal.SIGKILL)
        outputs = [p.communicate(timeout=120)[0] for p in nodes[1:]]
        assert [p.returncode for p in nodes[1:]] == [0, 0], outputs
        assert all("Restarting the job" not in out for out in outputs)  # a lost node is no failure of the job
    finally:
        for p in nodes:
            if p.poll() is None:
                p.kill()
        etcd.kill()
    _check_against_a_fixed_job(tmp_path, work, [3, 2])
