#!/usr/bin/env python3
"""Runs the examples of our public API's docstrings under PaddlePaddle 3.x and
reports where Paddle prints something other than what our docstring says.

A developer tool, not a test (CI does not run it): it needs PaddlePaddle
installed in its own environment, with opencv for Paddle's transforms of NumPy
images (tools/bench/install_peers.sh makes /opt/peers/paddle so). It collects,
with our package (the interpreter that runs this file), the docstrings of
every public name of the modules in paddle_api_names.json that we have
(paddle, paddle.Tensor, paddle.nn, paddle.linalg, ..., and the public methods
of the classes among them), once per object, and hands each docstring with a
``>>>`` example to a worker process started with Paddle's interpreter. The
worker runs the example with doctest in fresh globals (default dtype float32,
dynamic mode, a fixed seed, layer names counted from 0, a fresh working
directory) and compares each statement's output with the expected text as
doctest does (ELLIPSIS, NORMALIZE_WHITESPACE; an expected exception matches on
its type only, IGNORE_EXCEPTION_DETAIL: our error messages are our own). An
example that runs past --timeout seconds is killed with its worker.

Each example (one docstring) is reported as
    match         every statement prints what our docstring expects;
    differ        a statement prints something else under Paddle (shown:
                  ours expected, Paddle's actual);
    not runnable  Paddle raised where our docstring expects no exception (a
                  name Paddle lacks, a GPU-only op, ...), timed out, or crashed;
classified by the first statement that fails.

Usage (from any directory; run it with our interpreter, not Paddle's):
    python3 tools/paddle_compat/check_docstring_examples.py              # report differ + not runnable
    python3 tools/paddle_compat/check_docstring_examples.py --show all   # also list the matches
    python3 tools/paddle_compat/check_docstring_examples.py --only argsort,nn.functional.pad -j 4
    python3 tools/paddle_compat/check_docstring_examples.py --json /tmp/doc_examples.json
"""

from __future__ import annotations

import argparse
import doctest
import importlib
import inspect
import json
import os
import select
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = os.path.join(HERE, "paddle_api_names.json")
PADDLE_PYTHON = "/opt/peers/paddle/bin/python"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.IGNORE_EXCEPTION_DETAIL
MATCH, DIFFER, NOT_RUNNABLE = "match", "differ", "not runnable"


@dataclass
class Example:
    """One docstring with examples: where it is, and what Paddle made of it."""

    name: str  # the public name it documents, e.g. paddle.nn.functional.relu
    where: str  # our source file:line
    doc: str
    status: str = ""
    failures: list[dict] = field(default_factory=list)  # {source, want, got} or {source, error}


# --- collecting (our package) ---------------------------------------------------------------------------------


def _source_line(obj) -> str:
    try:
        target = inspect.unwrap(obj.fget if isinstance(obj, property) else obj)
        path = inspect.getsourcefile(target)
        line = inspect.getsourcelines(target)[1]
        path = os.path.abspath(path)
        package = os.path.dirname(os.path.abspath(sys.modules["paddle"].__file__))
        if path.startswith(package + os.sep):  # the installed copy: name the file of the source tree
            path = os.path.join("python", "paddle", os.path.relpath(path, package))
        return f"{path}:{line}"
    except (TypeError, OSError):
        return "?"


def _ours(obj) -> bool:
    """Whether obj is defined by our package (not numpy's or the standard library's, with their own examples)."""
    target = obj.fget if isinstance(obj, property) else obj
    module = getattr(target, "__module__", None) or getattr(getattr(target, "__objclass__", None), "__module__", "")
    return module == "paddle" or module.startswith("paddle.")


def collect(only: list[str] | None = None) -> list[Example]:
    """The docstrings with examples of every public name (and public method of a public class) we have, once each."""
    import paddle

    with open(NAMES, encoding="utf-8") as f:
        names = json.load(f)["names"]
    parser = doctest.DocTestParser()
    seen: set[int] = set()
    found = []

    def add(qualname, obj):
        doc = getattr(obj, "__doc__", None)
        if id(obj) in seen or not isinstance(doc, str) or ">>>" not in doc or not _ours(obj):
            return
        seen.add(id(obj))
        if only and not any(o in qualname for o in only):
            return
        if parser.get_examples(doc):
            found.append(Example(qualname, _source_line(obj), doc))

    classes = []
    for module_name in sorted(names):  # the public names first: paddle.abs is named so, not paddle.Tensor.abs
        try:
            owner = paddle.Tensor if module_name == "paddle.Tensor" else importlib.import_module(module_name)
        except ImportError:
            continue
        for name in names[module_name]:
            obj = inspect.getattr_static(owner, name, None) if isinstance(owner, type) else getattr(owner, name, None)
            if isinstance(obj, (staticmethod, classmethod)):
                obj = obj.__func__
            if obj is None or inspect.ismodule(obj):
                continue
            add(f"{module_name}.{name}", obj)
            if inspect.isclass(obj):
                classes.append((f"{module_name}.{name}", obj))
    for qualname, cls in classes:  # then the public methods of the public classes
        for attr, member in vars(cls).items():
            if not attr.startswith("_") or attr == "__call__":
                if isinstance(member, (staticmethod, classmethod)):
                    member = member.__func__
                add(f"{qualname}.{attr}", member)
    return found


# --- running (Paddle's interpreter) ---------------------------------------------------------------------------


class _Recorder(doctest.DocTestRunner):
    """Records each failing statement instead of printing doctest's report."""

    def __init__(self):
        super().__init__(optionflags=FLAGS)
        self.recorded = []

    def report_start(self, out, test, example):
        pass

    def report_success(self, out, test, example, got):
        pass

    def report_failure(self, out, test, example, got):
        self.recorded.append({"source": example.source, "want": example.want, "got": got})

    def report_unexpected_exception(self, out, test, example, exc_info):
        error = "".join(traceback.format_exception_only(exc_info[0], exc_info[1])).strip()
        self.recorded.append({"source": example.source, "error": error})


def _run_one(paddle, doc: str, name: str) -> list[dict]:
    if not paddle.in_dynamic_mode():
        paddle.disable_static()
    paddle.set_default_dtype("float32")
    paddle.seed(2024)
    test = doctest.DocTestParser().get_doctest(doc, {"__name__": "__main__"}, name, None, 0)
    runner = _Recorder()
    with tempfile.TemporaryDirectory() as scratch, paddle.utils.unique_name.guard():  # layer names from _0
        os.chdir(scratch)
        try:
            runner.run(test, out=lambda _: None, clear_globs=True)
        finally:
            os.chdir(tempfile.gettempdir())
    return runner.recorded


def worker() -> None:
    """Reads one JSON job a line ({name, doc}) and writes one JSON result a line ({failures}).

    The protocol keeps its own file descriptors: an example that prints from C (a Paddle warning) or reads
    stdin must not corrupt it."""
    jobs = os.fdopen(os.dup(0), "r")
    results = os.fdopen(os.dup(1), "w")
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(2, 1)
    import warnings

    warnings.simplefilter("ignore")
    import paddle

    for line in jobs:
        job = json.loads(line)
        try:
            failures = _run_one(paddle, job["doc"], job["name"])
        except BaseException as e:  # noqa: BLE001 (an example's SystemExit must not end the worker)
            failures = [{"source": "(the example as a whole)", "error": f"{type(e).__name__}: {e}"}]
        results.write(json.dumps({"failures": failures}) + "\n")
        results.flush()


class _Worker:
    def __init__(self, python: str):
        self.proc = subprocess.Popen([python, os.path.abspath(__file__), "--worker"], cwd=tempfile.gettempdir(),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)
        self.example: Example | None = None
        self.started = 0.0

    def send(self, example: Example) -> None:
        self.example, self.started = example, time.monotonic()
        self.proc.stdin.write(json.dumps({"name": example.name, "doc": example.doc}) + "\n")
        self.proc.stdin.flush()

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait()


def _classify(example: Example, failures: list[dict]) -> None:
    example.failures = failures
    example.status = MATCH if not failures else NOT_RUNNABLE if "error" in failures[0] else DIFFER


def run_all(examples: list[Example], python: str, jobs: int, timeout: float, progress: bool) -> None:
    """Runs the examples on `jobs` Paddle workers; a worker that times out or dies is replaced."""
    pending = list(reversed(examples))
    workers = [_Worker(python) for _ in range(min(jobs, len(examples)))]
    idle = list(workers)
    busy: dict[int, _Worker] = {}
    done = 0
    while pending or busy:
        while idle and pending:
            w = idle.pop()
            w.send(pending.pop())
            busy[w.proc.stdout.fileno()] = w
        ready, _, _ = select.select(list(busy), [], [], 1.0)
        for fd in ready:
            w = busy.pop(fd)
            line = w.proc.stdout.readline()
            if line:
                _classify(w.example, json.loads(line)["failures"])
                idle.append(w)
            else:
                code = w.proc.wait()
                _classify(w.example, [{"source": "(the example as a whole)",
                                       "error": f"the Paddle process died (exit status {code})"}])
                idle.append(_Worker(python))
            done += 1
        now = time.monotonic()
        for fd, w in list(busy.items()):
            if now - w.started > timeout:
                del busy[fd]
                w.kill()
                _classify(w.example, [{"source": "(the example as a whole)", "error": f"timed out after {timeout:g} s"}])
                idle.append(_Worker(python))
                done += 1
        if progress:
            print(f"\r{done}/{len(examples)}", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    for w in idle:
        w.proc.stdin.close()
        w.kill()


# --- report ---------------------------------------------------------------------------------------------------


def _indent(text: str, prefix: str = "      ") -> str:
    return "".join(prefix + line + "\n" for line in (text.rstrip("\n") or "(nothing)").split("\n"))


def report(examples: list[Example], show: set[str]) -> str:
    out = []
    for status in (DIFFER, NOT_RUNNABLE, MATCH):
        group = [e for e in examples if e.status == status]
        if status not in show or not group:
            continue
        out.append(f"== {status} ({len(group)})\n")
        for e in group:
            out.append(f"{e.name}  ({e.where})\n")
            if status == DIFFER:
                for f in e.failures:
                    if "error" in f:
                        break  # what follows an error is its consequence
                    out.append(_indent(f["source"], "    >>> "))
                    out.append("    ours:\n" + _indent(f["want"]) + "    Paddle:\n" + _indent(f["got"]))
            elif status == NOT_RUNNABLE:
                f = e.failures[0]
                out.append(_indent(f["source"], "    >>> ") + _indent(f["error"], "    ! "))
        out.append("\n")
    counts = {s: sum(e.status == s for e in examples) for s in (MATCH, DIFFER, NOT_RUNNABLE)}
    out.append(f"{len(examples)} examples: {counts[MATCH]} match, {counts[DIFFER]} differ, "
               f"{counts[NOT_RUNNABLE]} not runnable in Paddle\n")
    return "".join(out)


def main() -> None:
    if sys.argv[1:] == ["--worker"]:
        worker()
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--paddle-python", default=PADDLE_PYTHON, help="the interpreter that has PaddlePaddle")
    ap.add_argument("--only", help="comma-separated substrings: check only the names that contain one")
    ap.add_argument("-j", "--jobs", type=int, default=max(1, (os.cpu_count() or 2) // 2), help="Paddle workers")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds one example may run")
    ap.add_argument("--show", default="differ,not runnable",
                    help="which groups to list: comma-separated of match, differ, 'not runnable', or all")
    ap.add_argument("--json", help="also write every example's result to this file")
    args = ap.parse_args()
    if not os.path.exists(args.paddle_python):
        sys.exit(f"no PaddlePaddle interpreter at {args.paddle_python} (see --paddle-python)")
    examples = collect(args.only.split(",") if args.only else None)
    run_all(examples, args.paddle_python, args.jobs, args.timeout, progress=sys.stderr.isatty())
    show = {MATCH, DIFFER, NOT_RUNNABLE} if args.show == "all" else {s.strip() for s in args.show.split(",")}
    sys.stdout.write(report(examples, show))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump([vars(e) for e in examples], f, indent=1)


if __name__ == "__main__":
    main()
