"""Elastic jobs: `--master etcd://host:port --nnodes MIN:MAX`.

Note [Elastic]
The nodes meet in a real etcd server (its v3 JSON gateway), under
/paddle/<job_id>/:
- nodes/<node id> = "host nproc", bound to a lease the node's launcher
  renews every second: a node that stops (or dies) vanishes within the
  lease's TTL, one that leaves on a signal at once.
- round/<k> = the members of the k-th run of the job, in join order. Once at
  least MIN nodes are alive and the set has not changed for a settling
  moment (or MAX are there), any node proposes the round; an etcd
  transaction lets exactly one proposal in. A node left out (beyond MAX)
  waits for a later round.
- round/<k>/store = the TCPStore (Note [TCP store]) the round's first member
  serves; the round then runs as a fixed job of len(members) nodes
  (Note [Launcher]), with PADDLE_RESTART_COUNT = k.
- round/<k>/stop: any node that sees a member leave, a new node waiting
  while the round has room, or a worker fail sets it; every node then stops
  its workers and the next round starts with the nodes alive then. The
  script resumes from its checkpoint at the new world size. Only failures
  with the same members count against --max_restart.
- round/<k>/done/<node id>: a node whose workers all finished; the round's
  first member keeps its store until every member is done.
"""

from __future__ import annotations

import base64
import copy
import json
import os
import threading
import time
import urllib.error
import urllib.request
import uuid

from paddle import _C
from paddle.distributed.launch.main import _give_up, _local_ip, _log, _Node, _run_attempt

_TTL = 5  # seconds a silent node stays a member
_SETTLE = 2.0  # seconds the set of nodes must hold still before a round is proposed


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


class _Etcd:
    """The calls the launcher makes to etcd's v3 JSON gateway."""

    def __init__(self, url: str):
        self.url = url

    def _call(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as reply:
                return json.loads(reply.read())
        except (urllib.error.URLError, OSError) as e:
            raise SystemExit(f"[launch] etcd at {self.url} did not answer {path}: {e}") from None

    def grant(self, ttl: int) -> str:
        return self._call("/v3/lease/grant", {"TTL": ttl})["ID"]

    def keepalive(self, lease: str) -> None:
        self._call("/v3/lease/keepalive", {"ID": lease})

    def revoke(self, lease: str) -> None:
        self._call("/v3/lease/revoke", {"ID": lease})

    def put(self, key: str, value: str, lease: str | None = None) -> None:
        body = {"key": _b64(key), "value": _b64(value)}
        if lease is not None:
            body["lease"] = lease
        self._call("/v3/kv/put", body)

    def create(self, key: str, value: str) -> bool:
        """Puts `key` unless it exists; whether this call made it."""
        reply = self._call("/v3/kv/txn", {
            "compare": [{"key": _b64(key), "target": "CREATE", "create_revision": "0"}],
            "success": [{"request_put": {"key": _b64(key), "value": _b64(value)}}]})
        return bool(reply.get("succeeded"))

    def get(self, key: str) -> str | None:
        kvs = self._call("/v3/kv/range", {"key": _b64(key)}).get("kvs", [])
        return base64.b64decode(kvs[0].get("value", "")).decode() if kvs else None

    def children(self, prefix: str) -> list[tuple[str, str]]:
        """(name after the prefix, value) of the keys under `prefix`, oldest first."""
        end = prefix[:-1] + chr(ord(prefix[-1]) + 1)
        kvs = self._call("/v3/kv/range", {"key": _b64(prefix), "range_end": _b64(end)}).get("kvs", [])
        kvs.sort(key=lambda kv: int(kv["create_revision"]))
        return [(base64.b64decode(kv["key"]).decode()[len(prefix):], base64.b64decode(kv.get("value", "")).decode())
                for kv in kvs]


def _range(nnodes: str) -> tuple[int, int]:
    low, _, high = str(nnodes).partition(":")
    low, high = int(low), int(high or low)
    if not 1 <= low <= high:
        raise SystemExit(f"[launch] --nnodes {nnodes}: expected MIN:MAX with 1 <= MIN <= MAX")
    return low, high


class _Membership:
    """This node's registration under its lease, renewed on a thread until left."""

    def __init__(self, etcd: _Etcd, prefix: str, value: str):
        self.etcd, self.prefix = etcd, prefix
        self.id = f"{int(time.time() * 1000)}-{uuid.uuid4().hex[:8]}"
        self.lease = etcd.grant(_TTL)
        etcd.put(prefix + "nodes/" + self.id, value, self.lease)
        self._left = threading.Event()
        self._thread = threading.Thread(target=self._renew, daemon=True)
        self._thread.start()

    def _renew(self) -> None:
        while not self._left.wait(1.0):
            try:
                self.etcd.keepalive(self.lease)
            except SystemExit:
                pass  # etcd away for a moment: the next renewal may reach it

    def alive(self) -> list[str]:
        return [name for name, _ in self.etcd.children(self.prefix + "nodes/")]

    def leave(self) -> None:
        self._left.set()
        try:
            self.etcd.revoke(self.lease)
        except SystemExit:
            pass


def _agree(etcd: _Etcd, prefix: str, me: _Membership, k: int, low: int, high: int, timeout: float,
           stopping: list) -> tuple[int, list[str]] | None:
    """The first round from k on that includes this node: (its number, its members); None when stopped."""
    seen, since, deadline = None, time.time(), time.time() + timeout
    while not stopping:
        proposed = etcd.get(f"{prefix}round/{k}")
        if proposed is not None:
            members = json.loads(proposed)
            if me.id in members:
                return k, members
            k += 1  # left out (the round was full): the next one
            continue
        alive = me.alive()
        if alive != seen:
            seen, since = alive, time.time()
        if len(alive) >= high or (len(alive) >= low and time.time() - since >= _SETTLE):
            etcd.create(f"{prefix}round/{k}", json.dumps(alive[:high]))
            continue
        if len(alive) < low and time.time() > deadline:
            raise SystemExit(f"[launch] only {len(alive)} of at least {low} nodes joined within {timeout:.0f} s")
        time.sleep(0.2)
    return None


def launch_elastic(args, nproc: int, devices, stopping: list) -> int:
    host_port = args.master[len("etcd://"):]
    etcd = _Etcd(f"http://{host_port}")
    low, high = _range(args.nnodes)
    host = args.host or _local_ip(host_port.rpartition(":")[0])
    prefix = f"/paddle/{args.job_id}/"
    me = _Membership(etcd, prefix, f"{host} {nproc}")
    rounds = [int(name) for name, _ in etcd.children(prefix + "round/") if name.isdigit()]
    k = max(rounds) + 1 if rounds else 0
    failures, failure = 0, None
    try:
        while True:
            agreed = _agree(etcd, prefix, me, k, low, high, float(args.elastic_timeout), stopping)
            if agreed is None:
                return 128 + stopping[0]
            k, members = agreed
            rank = members.index(me.id)
            store = None
            if rank == 0:
                store = _C.distributed.TCPStore(host, 0, is_master=True, world_size=len(members),
                                                timeout=float(args.elastic_timeout))
                etcd.put(f"{prefix}round/{k}/store", f"{host}:{store.port}")
            address = _wait_for(lambda: etcd.get(f"{prefix}round/{k}/store"), float(args.elastic_timeout), stopping)
            if address is None:
                return 128 + stopping[0]
            fixed = copy.copy(args)
            fixed.master, fixed.nnodes, fixed.rank, fixed.ips = address, str(len(members)), rank, None
            fixed.job_id = f"{args.job_id}/round{k}"
            node = _Node(fixed, nproc, store=store)
            _log(f"Round {k}: {len(members)} nodes ({low}..{high}), node rank {rank}, world size {node.world_size}")

            def interrupted():
                if etcd.get(f"{prefix}round/{k}/stop") is not None:
                    return True
                alive = me.alive()
                left = [m for m in members if m not in alive]
                joined = [a for a in alive if a not in members]
                if left or (joined and len(members) < high):
                    _log(f"Rescaling: {len(left)} node(s) left, {len(joined)} joined")
                    return True
                return False

            outcome, failure = _run_attempt(fixed, node, nproc, k, devices, stopping, interrupted)
            if outcome == "stopped":
                etcd.put(f"{prefix}round/{k}/stop", me.id)
                return 128 + stopping[0]
            if outcome == "done":
                etcd.put(f"{prefix}round/{k}/done/{me.id}", "")
                _wait_for(lambda: len(etcd.children(f"{prefix}round/{k}/done/")) >= len(members) or None,
                          float(args.elastic_timeout), stopping)
                _log("Job completed")
                return 0
            etcd.put(f"{prefix}round/{k}/stop", me.id)
            if outcome == "failed":
                time.sleep(_TTL + 1)  # a dead node's lease runs out: its loss is a rescale, not a failure
                if sorted(me.alive()) == sorted(members):
                    failures += 1
                    if failures > args.max_restart:
                        return _give_up(args, failure)
                    _log(f"Restarting the job ({failures} of {args.max_restart})")
            k += 1
    finally:
        me.leave()


def _wait_for(probe, timeout: float, stopping: list):
    """probe()'s first result other than None, polled until `timeout`; None when stopped."""
    deadline = time.time() + timeout
    while not stopping:
        value = probe()
        if value is not None:
            return value
        if time.time() > deadline:
            raise SystemExit(f"[launch] gave up waiting after {timeout:.0f} s")
        time.sleep(0.1)
    return None
