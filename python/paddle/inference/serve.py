"""python -m paddle.inference.serve MODEL_PREFIX --port 8080: serves a saved
model (paddle.jit.save's or save_inference_model's files, ours or
PaddlePaddle's) over HTTP.

Endpoints:
    POST /predict   inputs by name, as JSON ({"inputs": {"x": [[...]]}}, a list in input order also
                    works) or as NumPy (Content-Type application/x-npz: an .npz of the inputs by name;
                    application/x-npy: an .npy of a model's one input); the outputs by name come back
                    in the request's form (JSON, or .npz / .npy of the first output)
    GET /health     200 while the process runs
    GET /ready      200 when the model is loaded and the server is not stopping, 503 otherwise
    GET /metadata   the model's inputs and outputs (names, dtypes, shapes) and the batching limits
    GET /stats      requests served, batches run, the largest batch

Note [Dynamic batching]: requests wait in a queue; a worker (one per
predictor clone, --workers) takes the first and, for up to --max-wait-ms,
the next ones whose inputs have the same dims after the first, as long as
the rows add up to at most --max-batch-size; it runs them as one batch
(concatenated along dim 0, which the model must leave to the feeds) and
hands each request its rows of the outputs. A model whose dim 0 is fixed,
or whose outputs do not keep the batch rows, runs each request alone.

Bad payloads get 400 with the reason, an unknown path 404, a body over
--max-body-mb 413 before it is read, a request not answered within
--timeout-s 504. SIGTERM (or SIGINT) stops accepting requests and exits once
the requests already taken are answered."""

from __future__ import annotations

import argparse
import io
import json
import queue
import signal
import sys
import threading
import time
from concurrent.futures import Future
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np

_JSON, _NPZ, _NPY = "application/json", "application/x-npz", "application/x-npy"


class BadRequest(ValueError):
    """A payload the model cannot take; answered with 400."""


class _Request:
    def __init__(self, inputs):
        self.inputs = inputs  # name -> array, in the model's input order
        self.rows = next(iter(inputs.values())).shape[0] if inputs and next(iter(inputs.values())).ndim else 0
        self.future = Future()

    def key(self):
        """What requests batched together must share: each input's dtype and dims after the first."""
        return tuple((a.dtype.str, a.shape[1:]) for a in self.inputs.values())


class ModelServer:
    """The predictors, the batching queue and its workers (Note [Dynamic batching])."""

    def __init__(self, prefix, max_batch_size=32, max_wait_ms=5.0, workers=1, threads=1):
        from paddle import inference

        config = inference.Config(prefix + ".json", prefix + ".pdiparams")
        config.set_cpu_math_library_num_threads(threads)
        first = inference.create_predictor(config)
        self.predictors = [first] + [first.clone() for _ in range(workers - 1)]
        self.input_names = first.get_input_names()
        self.output_names = first.get_output_names()
        handles = [first.get_input_handle(n) for n in self.input_names]
        self.input_specs = [(n, h.type().name.lower(), h.shape()) for n, h in zip(self.input_names, handles)]
        self.output_specs = [(n, first.get_output_handle(n).type().name.lower(), first.get_output_handle(n).shape())
                             for n in self.output_names]
        self.batchable = all(shape and shape[0] == -1 for _, _, shape in self.input_specs)
        self.max_batch_size = max(1, max_batch_size)
        self.max_wait = max_wait_ms / 1000.0
        self.queue = queue.Queue()
        self.stats = {"requests": 0, "batches": 0, "largest_batch": 0}
        self._lock = threading.Lock()
        self._stopping = False
        self._workers = [threading.Thread(target=self._work, args=(p,), daemon=True) for p in self.predictors]
        for w in self._workers:
            w.start()

    # ---- requests -----------------------------------------------------------

    def parse(self, inputs):
        """The inputs of a request by name, as arrays of the model's dtypes; BadRequest naming what is wrong."""
        if isinstance(inputs, (list, tuple)):
            if len(inputs) != len(self.input_names):
                raise BadRequest(f"the model takes {len(self.input_names)} inputs ({', '.join(self.input_names)}), "
                                 f"but the request gives {len(inputs)}")
            inputs = dict(zip(self.input_names, inputs))
        if not isinstance(inputs, dict):
            raise BadRequest("inputs must be an object of arrays by input name, or a list in input order")
        unknown = sorted(set(inputs) - set(self.input_names))
        missing = [n for n in self.input_names if n not in inputs]
        if unknown or missing:
            raise BadRequest(f"the model's inputs are {self.input_names}; unknown {unknown}, missing {missing}")
        arrays = {}
        for name, dtype, shape in self.input_specs:
            try:
                array = np.asarray(inputs[name], dtype=dtype)
            except (TypeError, ValueError) as e:
                raise BadRequest(f"input '{name}' must be an array of {dtype}: {e}") from None
            if array.ndim != len(shape) or any(m != -1 and m != d for m, d in zip(shape, array.shape)):
                raise BadRequest(f"input '{name}' must have shape {shape} (-1: any size), but has "
                                 f"{list(array.shape)}")
            arrays[name] = np.ascontiguousarray(array)
        if self.batchable and len({a.shape[0] for a in arrays.values()}) > 1:
            raise BadRequest("the inputs must have the same batch size (dim 0)")
        return arrays

    def submit(self, arrays):
        if self._stopping:
            raise RuntimeError("the server is stopping")
        request = _Request(arrays)
        self.queue.put(request)
        return request.future

    # ---- the workers ----------------------------------------------------------

    def _work(self, predictor):
        while True:
            first = self.queue.get()
            if first is None:  # stop
                return
            batch = [first]
            if self.batchable and first.rows <= self.max_batch_size:
                deadline = time.monotonic() + self.max_wait
                rows, held = first.rows, []
                while rows < self.max_batch_size:
                    try:
                        nxt = self.queue.get(timeout=max(0.0, deadline - time.monotonic()))
                    except queue.Empty:
                        break
                    if nxt is None:
                        held.append(nxt)
                        break
                    if nxt.key() == first.key() and rows + nxt.rows <= self.max_batch_size:
                        batch.append(nxt)
                        rows += nxt.rows
                    else:
                        held.append(nxt)
                for h in held:  # back for the next round (a stop mark too)
                    self.queue.put(h)
            self._run(predictor, batch)

    def _run(self, predictor, batch):
        try:
            if len(batch) == 1:
                outputs = predictor.run([batch[0].inputs[n] for n in self.input_names])
                results = [[o.numpy() for o in outputs]]
            else:
                joined = [np.concatenate([r.inputs[n] for r in batch]) for n in self.input_names]
                outputs = [o.numpy() for o in predictor.run(joined)]
                total = sum(r.rows for r in batch)
                if any(o.ndim == 0 or o.shape[0] != total for o in outputs):  # not row-wise: one at a time
                    for r in batch:
                        self._run(predictor, [r])
                    return
                results, start = [], 0
                for r in batch:
                    results.append([o[start:start + r.rows] for o in outputs])
                    start += r.rows
            with self._lock:
                self.stats["requests"] += len(batch)
                self.stats["batches"] += 1
                self.stats["largest_batch"] = max(self.stats["largest_batch"], len(batch))
            for r, out in zip(batch, results):
                r.future.set_result(dict(zip(self.output_names, out)))
        except Exception as e:  # noqa: BLE001 - every waiting request gets the error
            for r in batch:
                if not r.future.done():
                    r.future.set_exception(e)

    def stop(self):
        """Takes no more requests; the workers finish the queued ones, then return."""
        self._stopping = True
        for _ in self._workers:
            self.queue.put(None)
        for w in self._workers:
            w.join()

    @property
    def ready(self):
        return not self._stopping

    def metadata(self):
        return {"inputs": [{"name": n, "dtype": d, "shape": s} for n, d, s in self.input_specs],
                "outputs": [{"name": n, "dtype": d, "shape": s} for n, d, s in self.output_specs],
                "max_batch_size": self.max_batch_size, "max_wait_ms": self.max_wait * 1000.0,
                "batching": self.batchable}


def _handler(model, max_body, timeout):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *args):  # noqa: A002 - quiet: one line per request is too much
            pass

        def _send(self, status, body, content_type=_JSON):
            data = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
            try:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client left

        def _error(self, status, message):
            self._send(status, {"error": message})

        def do_GET(self):  # noqa: N802 - http.server's name
            if self.path == "/health":
                self._send(200, {"status": "ok"})
            elif self.path == "/ready":
                self._send(200 if model.ready else 503, {"ready": model.ready})
            elif self.path == "/metadata":
                self._send(200, model.metadata())
            elif self.path == "/stats":
                self._send(200, dict(model.stats))
            else:
                self._error(404, f"no endpoint {self.path}")

        def do_POST(self):  # noqa: N802 - http.server's name
            if self.path != "/predict":
                return self._error(404, f"no endpoint {self.path}")
            length = self.headers.get("Content-Length")
            if length is None or not length.isdigit():
                return self._error(411, "a request needs a Content-Length")
            if int(length) > max_body:
                self.close_connection = True
                return self._error(413, f"the body has {length} bytes; the server takes at most {max_body}")
            try:
                body = self.rfile.read(int(length))
            except (ConnectionResetError, TimeoutError):
                self.close_connection = True
                return None
            if len(body) != int(length):
                self.close_connection = True  # the client left mid-request
                return None
            kind = (self.headers.get("Content-Type") or _JSON).split(";")[0].strip()
            try:
                inputs = _decode(kind, body, model.input_names)
                future = model.submit(model.parse(inputs))
            except BadRequest as e:
                return self._error(400, str(e))
            except RuntimeError as e:
                return self._error(503, str(e))
            try:
                outputs = future.result(timeout=timeout)
            except TimeoutError:
                return self._error(504, f"no answer within {timeout} s")
            except (ValueError, TypeError) as e:
                return self._error(400, str(e))
            except Exception as e:  # noqa: BLE001 - the model failed: the client hears why
                return self._error(500, f"{type(e).__name__}: {e}")
            self._send(200, *_encode(kind, outputs))

    return Handler


def _decode(kind, body, input_names):
    if kind == _JSON:
        try:
            doc = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            raise BadRequest(f"the body is not JSON: {e}") from None
        if not isinstance(doc, dict) or "inputs" not in doc:
            raise BadRequest('a JSON request is {"inputs": {name: array, ...}}')
        return doc["inputs"]
    try:
        if kind == _NPZ:
            with np.load(io.BytesIO(body), allow_pickle=False) as npz:
                return {name: npz[name] for name in npz.files}
        if kind == _NPY:
            if len(input_names) != 1:
                raise BadRequest(f"an .npy body fits a model of one input; this one takes {input_names}")
            return {input_names[0]: np.load(io.BytesIO(body), allow_pickle=False)}
    except BadRequest:
        raise
    except (ValueError, OSError, EOFError) as e:
        raise BadRequest(f"the body is not a NumPy {kind[len('application/x-'):]} file: {e}") from None
    raise BadRequest(f"Content-Type must be {_JSON}, {_NPZ} or {_NPY}, not {kind}")


def _encode(kind, outputs):
    if kind == _NPZ:
        buffer = io.BytesIO()
        np.savez(buffer, **outputs)
        return buffer.getvalue(), _NPZ
    if kind == _NPY:
        buffer = io.BytesIO()
        np.save(buffer, next(iter(outputs.values())))
        return buffer.getvalue(), _NPY
    return {"outputs": {name: value.tolist() for name, value in outputs.items()}}, _JSON


class _Server(ThreadingHTTPServer):
    # The listen backlog: the default of 5 resets connections when many clients arrive at once.
    request_queue_size = 1024
    daemon_threads = False  # shutdown waits for the handlers of taken requests
    block_on_close = True


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m paddle.inference.serve", description=__doc__.split("\n")[0])
    parser.add_argument("model", help="the model's path prefix (MODEL.json, MODEL.pdiparams)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080, help="0 picks a free port (printed at start)")
    parser.add_argument("--max-batch-size", type=int, default=32, help="the most rows one run takes")
    parser.add_argument("--max-wait-ms", type=float, default=5.0, help="how long a batch waits for more requests")
    parser.add_argument("--workers", type=int, default=1, help="predictor clones running batches in parallel")
    parser.add_argument("--threads", type=int, default=1, help="CPU math threads of each predictor")
    parser.add_argument("--timeout-s", type=float, default=30.0, help="a request's answer deadline")
    parser.add_argument("--max-body-mb", type=float, default=64.0, help="the largest request body")
    args = parser.parse_args(argv)
    model = ModelServer(args.model, args.max_batch_size, args.max_wait_ms, max(1, args.workers), args.threads)
    server = _Server((args.host, args.port), _handler(model, int(args.max_body_mb * 2**20), args.timeout_s))

    def stop(signum, frame):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(f"serving {args.model} on http://{server.server_address[0]}:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    finally:
        server.server_close()  # waits for the handler threads (block_on_close)
        model.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
