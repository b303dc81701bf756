#!/usr/bin/env python3
"""Fuzzes the readers of model files (paddle/serialize): mutated program JSON
and parameter bytes, seeded from the golden inference models, must give a
Python exception, never a crash or a hang (docs/guide/fuzzing.md).

Cases run in batches in worker processes; when a batch dies (a signal) or
hangs, its cases run again one per process to find the culprits, whose
inputs are saved under --out for replay.

Usage:
    python3 tools/fuzz_model_files.py --minutes 10 [--reader json|params|both] [--seed 0] [--workers 2]
                                      [--out /tmp/fuzz_model_files]
The exit code is 1 when a case crashed or hung."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time

_GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "python", "golden")
# The seeds: PaddlePaddle's saved models (save_inference_model's, and jit.save's, whose ops read through the
# YAML's mappings: conv2d, pool2d, batch_norm_, layer_norm).
MODELS = [os.path.join(_GOLDEN, "inference", n) for n in ("mlp", "control_flow")] + \
    [os.path.join(_GOLDEN, "jit", n) for n in ("lenet", "resnet18", "transformer")]
_SPECIALS = [0, -1, -2, 1, 2**31, 2**63 - 1, -(2**63), 1e308, -1e308, 0.5, "", "x", None, True, [], {}, [[]]]


def _nodes(value, out):
    """Every list and dict inside value (value included)."""
    if isinstance(value, (list, dict)):
        out.append(value)
        for child in (value.values() if isinstance(value, dict) else value):
            _nodes(child, out)
    return out


def mutate_json(rng: random.Random, doc):
    """A structural mutation of a parsed program JSON, in place."""
    containers = _nodes(doc, [])
    for _ in range(rng.randint(1, 4)):
        node = rng.choice(containers)
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            continue
        key = rng.choice(keys)
        what = rng.random()
        if what < 0.35:
            node[key] = rng.choice(_SPECIALS)
        elif what < 0.5:
            del node[key]
        elif what < 0.65 and isinstance(node, list):
            node.insert(rng.randrange(len(node) + 1), json.loads(json.dumps(node[key])))
        elif what < 0.8:
            other = rng.choice(containers)
            node[key] = json.loads(json.dumps(other)) if len(json.dumps(other)) < 20000 else None
        elif isinstance(node[key], int) and not isinstance(node[key], bool):
            node[key] += rng.choice([-2, -1, 1, 2, 1000])
        elif isinstance(node[key], str):
            node[key] = node[key][::-1] if rng.random() < 0.5 else node[key] + "x"
    return doc


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        if not data:
            break
        at, what = rng.randrange(len(data)), rng.random()
        if what < 0.4:
            data[at] = rng.randrange(256)
        elif what < 0.6:
            del data[at:at + rng.randint(1, 16)]
        elif what < 0.8:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
        else:
            data[at:at + 8] = rng.choice([b"\xff" * 8, b"\x00" * 8, b"\x7f\xff\xff\xff\xff\xff\xff\xff"])
    return bytes(data)


READERS = "both"  # which reader the cases feed: "json", "params" or "both" (--reader)


def case(seed: int) -> tuple[str, bytes]:
    """The kind ("json" or "params:<count>") and input of case `seed`."""
    rng = random.Random(seed)
    model = rng.choice(MODELS)
    if READERS == "json" or (READERS == "both" and rng.random() < 0.6):
        with open(model + ".json", encoding="utf-8") as f:
            text = f.read()
        if rng.random() < 0.5:
            return "json", json.dumps(mutate_json(rng, json.loads(text))).encode()
        return "json", mutate_bytes(rng, text.encode())
    with open(model + ".pdiparams", "rb") as f:
        data = f.read()
    return f"params:{rng.randint(0, 3)}", mutate_bytes(rng, data)


def run_case(kind: str, data: bytes) -> None:
    """Reads the input as our readers do; a Python exception is a clean outcome."""
    from paddle import _C

    try:
        if kind == "json":
            program = _C.serialize.program_from_json(data.decode("utf-8", errors="replace"), "fuzz.json")
            _C.serialize.program_to_json(program)
        else:
            _C.serialize.tensors_from_bytes(data, int(kind.split(":")[1]), "fuzz.pdiparams")
    except Exception:  # noqa: BLE001 - any Python exception is the clean outcome
        pass


def _worker(seeds) -> None:
    for seed in seeds:
        run_case(*case(seed))


def _run(context, groups, timeout):
    """Runs each group of seeds in its own process: the groups that failed."""
    procs = [(group, context.Process(target=_worker, args=(group,))) for group in groups]
    for _, p in procs:
        p.start()
    failed = []
    for group, p in procs:
        p.join(timeout * len(group))
        if p.is_alive():
            p.kill()
            p.join()
        if p.exitcode != 0:
            failed.append(group)
    return failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batch", type=int, default=200, help="cases per worker process")
    parser.add_argument("--timeout", type=float, default=20, help="seconds a case may take")
    parser.add_argument("--out", default="/tmp/fuzz_model_files")
    parser.add_argument("--reader", choices=["json", "params", "both"], default="both")
    args = parser.parse_args()
    global READERS
    READERS = args.reader
    os.makedirs(args.out, exist_ok=True)
    deadline = time.time() + args.minutes * 60
    seed, cases, bad = args.seed, 0, 0
    context = multiprocessing.get_context("fork")
    while time.time() < deadline:
        groups = [list(range(seed + w * args.batch, seed + (w + 1) * args.batch)) for w in range(args.workers)]
        for group in _run(context, groups, args.timeout):
            for culprit in _run(context, [[s] for s in group], args.timeout):
                bad += 1
                kind, data = case(culprit[0])
                path = os.path.join(args.out, f"case_{culprit[0]}.{kind.replace(':', '_')}")
                with open(path, "wb") as f:
                    f.write(data)
                print(f"case {culprit[0]} ({kind}) crashed or hung: saved {path}", flush=True)
        seed += args.workers * args.batch
        cases += args.workers * args.batch
    print(f"{cases} cases, {bad} crashes or hangs")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
