"""python -m paddle.distributed.launch: starts a training script as the ranks
of a collective job, on this node and (with --master and --nnodes) others.

Note [Launcher]
- The launcher of node 0 serves the rendezvous store (Note [TCP store]) and
  keeps it through the workers' restarts; the workers connect to it
  (PADDLE_STORE_SERVED=1).
- Nodes agree on their ranks through the store: each takes the next node
  rank (or its --rank), publishes its address and process count, and waits
  for --nnodes of them; global ranks follow node order.
- Each worker gets Paddle's environment (PADDLE_TRAINER_ID, ...), writes to
  log_dir/workerlog.<local rank>, and runs in its own process group, so that
  stopping it stops whatever it started; rank 0's output is echoed.
- When a worker exits non-zero or dies, the launcher stops the others (and
  tells the other nodes through the store), then restarts the whole job, up
  to --max_restart times; each attempt rendezvouses afresh
  (PADDLE_RESTART_COUNT). After the last one it exits non-zero with the
  failing rank's log tail. SIGINT and SIGTERM stop every worker first."""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import time

from paddle import _C

_TAIL_LINES = 40
_IPS_MASTER_PORT = 6170
_quiet = [False]  # --log_level WARNING or ERROR


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m paddle.distributed.launch",
                                description="Launch a distributed training script (Paddle's flags).")
    p.add_argument("--master", default=None, help="the master/rendezvous server, ip:port")
    p.add_argument("--rank", type=int, default=-1, help="the node rank")
    p.add_argument("--log_level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"],
                   help="log level: INFO and DEBUG print the launcher's progress, WARNING and ERROR only failures. "
                        "Default INFO")
    p.add_argument("--nnodes", default="1", help="the number of nodes, i.e. pod/node number")
    p.add_argument("--nproc_per_node", type=int, default=None, help="the number of processes in a pod")
    p.add_argument("--log_dir", default="log", help="the path for each process's log. Default ./log")
    p.add_argument("--run_mode", default="collective", help="run mode of the job, collective/ps/ps-heter")
    p.add_argument("--job_id", default="default", help="unique id of the job. Default default")
    p.add_argument("--devices", "--gpus", "--npus", "--xpus", default=None, help="accelerate devices. as --gpus,npus,xpus")
    p.add_argument("--host", default=None, help="host ip")
    p.add_argument("--ips", default=None, help="nodes ips, e.g. 10.10.1.1,10.10.1.2: the nodes in rank order; the "
                   f"first serves the master at port {_IPS_MASTER_PORT} unless --master says otherwise")
    p.add_argument("--start_port", type=int, default=None, help="fix port start with")
    p.add_argument("--max_restart", type=int, default=3, help="the times can restart. Default 3")
    p.add_argument("--elastic_timeout", type=int, default=30, help="seconds to wait for the nodes to join")
    p.add_argument("training_script", help="the full path of py script, followed by arguments for the training script")
    p.add_argument("training_script_args", nargs=argparse.REMAINDER)
    return p


def _log(message: str, failure: bool = False) -> None:
    if _quiet[0] and not failure:
        return
    print(f"LAUNCH INFO {time.strftime('%Y-%m-%d %H:%M:%S')} {message}", flush=True)


def _free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def _local_ip(master_host: str) -> str:
    """The address of this node's interface towards the master."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect((master_host, 1))  # no packet is sent: only the route is chosen
        return s.getsockname()[0]


class _Node:
    """This node's place in the job, agreed through the store (`store`: one this node serves already)."""

    def __init__(self, args, nproc: int, store=None):
        ips = args.ips.split(",") if args.ips else None
        self.nnodes = len(ips) if ips else int(str(args.nnodes).split(":")[0])
        if self.nnodes < 1:
            raise SystemExit(f"[launch] --nnodes must be >= 1, but got {args.nnodes}")
        if ips and not args.master:
            args.master = f"{ips[0]}:{_IPS_MASTER_PORT}"
        if args.master:
            master_host, _, port = args.master.rpartition(":")
            master_port = int(port)
        elif self.nnodes == 1:
            master_host, master_port = "127.0.0.1", 0
        else:
            raise SystemExit("[launch] a job of several nodes needs --master ip:port (node 0's address)")
        self.host = args.host or ("127.0.0.1" if master_host in ("127.0.0.1", "localhost") else _local_ip(master_host))
        if ips and args.rank < 0:
            if self.host not in ips:
                raise SystemExit(f"[launch] --ips {args.ips} does not name this node's address {self.host}")
            args.rank = ips.index(self.host)
        serves = args.rank == 0 or (self.nnodes == 1 and args.rank < 0)
        if self.nnodes > 1 and args.rank < 0:
            serves = self.host == master_host  # the node at the master's address serves it
        timeout = float(args.elastic_timeout) if self.nnodes > 1 else 60.0
        self.store = store or _C.distributed.TCPStore(master_host, master_port, is_master=serves,
                                                      world_size=self.nnodes, timeout=max(timeout, 1.0))
        self.master = f"{master_host}:{self.store.port}"
        # Wait for workers' rendezvous at the job's pace, not the nodes' join timeout.
        self.rank = args.rank if args.rank >= 0 else self.store.add(f"{args.job_id}/node_count", 1) - 1
        if self.rank >= self.nnodes:
            raise SystemExit(f"[launch] node rank {self.rank} is not below --nnodes {self.nnodes}")
        self.store.set(f"{args.job_id}/node/{self.rank}", f"{self.host} {nproc}".encode())
        nodes = []
        for r in range(self.nnodes):
            host, count = self.store.get(f"{args.job_id}/node/{r}").decode().split()
            nodes.append((host, int(count)))
        self.first_rank = sum(count for _, count in nodes[: self.rank])
        self.world_size = sum(count for _, count in nodes)
        start = args.start_port
        self.endpoints = []
        for host, count in nodes:
            for i in range(count):
                port = start + i if start else 0
                self.endpoints.append(f"{host}:{port}")
        if not start:  # each node names free ports of its own; the others read them
            mine = [f"{self.host}:{_free_port(self.host)}" for _ in range(nproc)]
            self.store.set(f"{args.job_id}/endpoints/{self.rank}", ",".join(mine).encode())
            self.endpoints = []
            for r in range(self.nnodes):
                self.endpoints += self.store.get(f"{args.job_id}/endpoints/{r}").decode().split(",")


def _worker_env(node: _Node, local_rank: int, nproc: int, attempt: int, devices: list[str] | None) -> dict:
    rank = node.first_rank + local_rank
    env = dict(os.environ)
    env.update({
        "PADDLE_TRAINER_ID": str(rank), "PADDLE_TRAINERS_NUM": str(node.world_size),
        "PADDLE_GLOBAL_RANK": str(rank), "PADDLE_GLOBAL_SIZE": str(node.world_size),
        "PADDLE_LOCAL_RANK": str(local_rank), "PADDLE_RANK_IN_NODE": str(local_rank),
        "PADDLE_LOCAL_SIZE": str(nproc), "PADDLE_NNODES": str(node.nnodes),
        "PADDLE_MASTER": node.master, "PADDLE_STORE_SERVED": "1",
        "PADDLE_CURRENT_ENDPOINT": node.endpoints[rank], "PADDLE_TRAINER_ENDPOINTS": ",".join(node.endpoints),
        "PADDLE_DISTRI_BACKEND": "nccl" if devices else "gloo", "PADDLE_RESTART_COUNT": str(attempt),
    })
    if devices:
        env["FLAGS_selected_gpus"] = devices[local_rank]
    return env


class _Workers:
    """One attempt's worker processes on this node."""

    def __init__(self, args, node: _Node, nproc: int, attempt: int, devices):
        os.makedirs(args.log_dir, exist_ok=True)
        self.logs = [os.path.join(args.log_dir, f"workerlog.{i}") for i in range(nproc)]
        self.procs = []
        command = [sys.executable, "-u", args.training_script, *args.training_script_args]
        for i in range(nproc):
            with open(self.logs[i], "a" if attempt else "w") as log:
                self.procs.append(subprocess.Popen(command, env=_worker_env(node, i, nproc, attempt, devices),
                                                   stdout=log, stderr=subprocess.STDOUT, start_new_session=True))
        self.echo = open(self.logs[0]) if node.rank == 0 else None  # rank 0's output, as it comes
        if self.echo is not None and attempt:
            self.echo.seek(0, os.SEEK_END)

    def echo_output(self) -> None:
        if self.echo is not None:
            text = self.echo.read()
            if text:
                sys.stdout.write(text)
                sys.stdout.flush()

    def failed(self) -> list:
        """(local rank, exit code) of each worker that failed so far."""
        return [(i, p.poll()) for i, p in enumerate(self.procs) if p.poll() not in (None, 0)]

    def done(self) -> bool:
        return all(p.poll() == 0 for p in self.procs)

    def stop(self, grace: float = 5.0) -> None:
        """SIGTERM to every worker's process group, SIGKILL after the grace time."""
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for p in self.procs:
                if p.poll() is None:
                    try:
                        os.killpg(p.pid, sig)
                    except ProcessLookupError:
                        pass
            deadline = time.time() + grace
            while time.time() < deadline and any(p.poll() is None for p in self.procs):
                time.sleep(0.05)
        for p in self.procs:
            p.wait()
        self.echo_output()


def _failed_for_its_own_reason(log: str, code: int) -> bool:
    """False for a worker that only followed a peer's failure: a broken connection or a peer that stopped answering
    (the collective errors of paddle/distributed), or killed by the launcher's own signals."""
    if code in (-signal.SIGTERM, -signal.SIGKILL):
        return False
    tail = _tail(log)
    return "the connection to a peer broke" not in tail and "a peer did not answer in time" not in tail


def _tail(path: str) -> str:
    with open(path, errors="replace") as f:
        return "".join(f.readlines()[-_TAIL_LINES:])


def launch(argv=None) -> int:
    args = _parser().parse_args(argv)
    _quiet[0] = args.log_level in ("WARNING", "ERROR")
    if args.run_mode != "collective":
        raise SystemExit(f"[launch] --run_mode {args.run_mode}: this framework runs collective jobs")
    devices = args.devices.split(",") if args.devices else None
    nproc = args.nproc_per_node or (len(devices) if devices else 1)
    if devices and len(devices) < nproc:
        raise SystemExit(f"[launch] --devices names {len(devices)} devices for {nproc} processes")
    stopping = []

    def on_signal(signum, frame):
        stopping.append(signum)

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    if args.master and args.master.startswith("etcd://"):
        from paddle.distributed.launch.elastic import launch_elastic

        return launch_elastic(args, nproc, devices, stopping)
    node = _Node(args, nproc)
    _log(f"Job: {args.job_id}, mode {args.run_mode}, nodes {node.nnodes}, node rank {node.rank}, "
         f"{nproc} processes here, world size {node.world_size}, master {node.master}")
    failure = None
    for attempt in range(args.max_restart + 1):
        if attempt:
            _log(f"Restarting the job ({attempt} of {args.max_restart})")
        outcome, failure = _run_attempt(args, node, nproc, attempt, devices, stopping)
        if outcome == "stopped":
            return 128 + stopping[0]
        if outcome == "done":
            if node.nnodes > 1:  # node 0 serves the store: it leaves once every node is done
                node.store.add(f"{args.job_id}/done/{attempt}", 1)
                if node.rank == 0:
                    _wait_count(node.store, f"{args.job_id}/done/{attempt}", node.nnodes)
            _log("Job completed")
            return 0
    return _give_up(args, failure)


def _run_attempt(args, node: _Node, nproc: int, attempt: int, devices, stopping: list, interrupted=None):
    """Runs one attempt's workers on this node until they finish, one fails (here or on another node), a signal
    stops the launcher, or `interrupted()` (asked about once a second) says so. Returns (outcome, failure):
    outcome "done", "failed", "stopped" or "interrupted"; failure (rank, exit code, log) when "failed"."""
    workers = _Workers(args, node, nproc, attempt, devices)
    failed_key = f"{args.job_id}/failed/{attempt}"
    failure, outcome, asked = None, "done", time.time()
    while True:
        workers.echo_output()
        if stopping:
            workers.stop()
            _log(f"Stopped by signal {stopping[0]}", failure=True)
            return "stopped", None
        failed = workers.failed()
        if failed:
            # The first to exit is the one whose log tells why; its peers follow within moments, when their
            # connections to it break. Of those seen exiting together, one that failed for its own reason.
            first = max(failed, key=lambda f: _failed_for_its_own_reason(workers.logs[f[0]], f[1]))
            time.sleep(0.2)
            for local, code in workers.failed():
                _log(f"Rank {node.first_rank + local} exited with code {code}", failure=True)
            failure, outcome = (node.first_rank + first[0], first[1], workers.logs[first[0]]), "failed"
            try:
                node.store.set(failed_key, str(failure[0]).encode())  # the other nodes stop too
            except (RuntimeError, OSError):
                pass  # the store's node is gone: the other nodes see their own workers fail
            break
        try:
            failed_elsewhere = node.nnodes > 1 and node.store.check([failed_key])
            if failed_elsewhere:
                failure = (int(node.store.get(failed_key)), None, None)
        except (RuntimeError, OSError) as e:  # the node serving the store is gone
            failed_elsewhere, failure = True, ("?", None, None)
            _log(f"The job's store is gone ({e})", failure=True)
        if failed_elsewhere:
            outcome = "failed"
            _log(f"Rank {failure[0]} failed on another node", failure=True)
            break
        if workers.done():
            break
        if interrupted is not None and time.time() - asked > 1.0:
            asked = time.time()
            if interrupted():
                outcome = "interrupted"
                break
        time.sleep(0.02)
    workers.stop()
    return outcome, failure


def _give_up(args, failure) -> int:
    rank, code, log = failure
    if log is not None:
        print(f"---- the last {_TAIL_LINES} lines of rank {rank}'s log ({log}) ----\n{_tail(log)}", file=sys.stderr)
    _log(f"The job failed after {args.max_restart} restarts", failure=True)
    return 1


def _wait_count(store, key: str, n: int) -> None:
    while store.add(key, 0) < n:
        time.sleep(0.1)
