"""python -m paddle.inference.serve on loopback: JSON and NumPy payloads,
dynamic batching of concurrent requests (each client gets its own rows: no
lost, duplicated or mixed-up responses), metadata, health and readiness,
clear errors for bad payloads and oversized bodies, a client that leaves
mid-request, and a graceful stop on SIGTERM."""

from __future__ import annotations

import http.client
import io
import json
import os
import signal
import socket
import subprocess
import sys
import threading

import numpy as np
import pytest

import paddle

pytestmark = pytest.mark.slow  # a server process


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    paddle.seed(5)
    net = paddle.nn.Sequential(paddle.nn.Linear(6, 16), paddle.nn.ReLU(), paddle.nn.Linear(16, 3),
                               paddle.nn.Softmax())
    net.eval()
    prefix = str(tmp_path_factory.mktemp("serve") / "mlp")
    paddle.jit.save(net, prefix, input_spec=[paddle.static.InputSpec([None, 6], "float32", "x")])
    return net, prefix


def _start(prefix, *extra):
    proc = subprocess.Popen([sys.executable, "-m", "paddle.inference.serve", prefix, "--port", "0", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith("serving"), line + proc.stderr.read()
    return proc, int(line.strip().rsplit(":", 1)[1])


@pytest.fixture(scope="module")
def server(model):
    proc, port = _start(model[1], "--max-wait-ms", "30", "--max-batch-size", "64", "--max-body-mb", "0.01")
    yield port
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) == 0


def _request(port, method, path, body=None, content_type="application/json", timeout=60):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": content_type} if body is not None else {}
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, response.getheader("Content-Type"), data


def _predict_json(port, x):
    status, _, data = _request(port, "POST", "/predict", json.dumps({"inputs": {"x": x.tolist()}}))
    assert status == 200, data
    return np.array(json.loads(data)["outputs"]["fetch_name_0"], "float32")


def test_json_and_numpy_payloads(model, server):
    net, _ = model
    x = np.random.default_rng(0).standard_normal((3, 6)).astype("float32")
    expected = net(paddle.to_tensor(x)).numpy()
    np.testing.assert_allclose(_predict_json(server, x), expected, rtol=1e-5, atol=1e-6)
    buffer = io.BytesIO()
    np.save(buffer, x)
    status, kind, data = _request(server, "POST", "/predict", buffer.getvalue(), "application/x-npy")
    assert status == 200 and kind == "application/x-npy"
    np.testing.assert_allclose(np.load(io.BytesIO(data)), expected, rtol=1e-5, atol=1e-6)
    buffer = io.BytesIO()
    np.savez(buffer, x=x)
    status, kind, data = _request(server, "POST", "/predict", buffer.getvalue(), "application/x-npz")
    assert status == 200 and kind == "application/x-npz"
    np.testing.assert_allclose(np.load(io.BytesIO(data))["fetch_name_0"], expected, rtol=1e-5, atol=1e-6)


def test_metadata_health_and_readiness(server):
    assert _request(server, "GET", "/health")[0] == 200
    status, _, data = _request(server, "GET", "/ready")
    assert status == 200 and json.loads(data) == {"ready": True}
    meta = json.loads(_request(server, "GET", "/metadata")[2])
    assert meta["inputs"] == [{"name": "x", "dtype": "float32", "shape": [-1, 6]}]
    assert meta["outputs"][0]["name"] == "fetch_name_0" and meta["batching"] is True
    assert _request(server, "GET", "/nothing")[0] == 404


def test_concurrent_clients_are_batched_without_mix_ups(model):
    """A batch waits up to 200 ms for more requests: the 16 clients' requests meet in batches even when the
    machine is busy."""
    net, prefix = model
    proc, server = _start(prefix, "--max-wait-ms", "200", "--max-batch-size", "64", "--workers", "2")
    before = json.loads(_request(server, "GET", "/stats")[2])
    results, errors = {}, []

    def client(i):
        try:
            for j in range(8):
                x = np.random.default_rng(1000 * i + j).standard_normal((1 + (i + j) % 3, 6)).astype("float32")
                results[(i, j)] = (x, _predict_json(server, x))
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(results) == 16 * 8
    for x, got in results.values():
        np.testing.assert_allclose(got, net(paddle.to_tensor(x)).numpy(), rtol=1e-5, atol=1e-6)
    after = json.loads(_request(server, "GET", "/stats")[2])
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) == 0
    assert after["requests"] - before["requests"] == 16 * 8
    assert after["batches"] - before["batches"] < 16 * 8 and after["largest_batch"] > 1, after  # batched


@pytest.mark.parametrize("body,content_type,match", [
    (b"{not json", "application/json", "not JSON"),
    (json.dumps({"x": [1]}).encode(), "application/json", "inputs"),
    (json.dumps({"inputs": {"y": [[1.0] * 6]}}).encode(), "application/json", r"unknown \['y'\]"),
    (json.dumps({"inputs": {"x": [[1.0] * 5]}}).encode(), "application/json", r"shape \[-1, 6\]"),
    (json.dumps({"inputs": {"x": [["a"] * 6]}}).encode(), "application/json", "array of float32"),
    (b"garbage", "application/x-npy", "not a NumPy npy file"),
    (b"{}", "text/plain", "Content-Type must be"),
])
def test_bad_payloads_get_400_with_the_reason(server, body, content_type, match):
    import re

    status, _, data = _request(server, "POST", "/predict", body, content_type)
    assert status == 400 and re.search(match, json.loads(data)["error"]), data


def test_oversized_bodies_and_clients_that_leave(server):
    status, _, data = _request(server, "POST", "/predict", b"x" * 20000)
    assert status == 413 and "at most" in json.loads(data)["error"]
    sock = socket.create_connection(("127.0.0.1", server), timeout=10)
    sock.sendall(b"POST /predict HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n"
                 b'{"inputs": ')
    sock.close()  # gone mid-request
    x = np.ones((1, 6), "float32")
    assert _predict_json(server, x).shape == (1, 3)  # the server lives on


def test_sigterm_lets_taken_requests_finish(model):
    net, prefix = model
    proc, port = _start(prefix, "--max-wait-ms", "800")  # a request waits in its batch for 0.8 s
    x = np.random.default_rng(7).standard_normal((2, 6)).astype("float32")
    answer = {}
    client = threading.Thread(target=lambda: answer.update(out=_predict_json(port, x)))
    client.start()
    import time

    time.sleep(0.3)  # the request is taken and waiting for its batch
    proc.send_signal(signal.SIGTERM)
    client.join(timeout=60)
    assert proc.wait(timeout=60) == 0
    np.testing.assert_allclose(answer["out"], net(paddle.to_tensor(x)).numpy(), rtol=1e-5, atol=1e-6)
    with pytest.raises(OSError):
        _request(port, "GET", "/health", timeout=5)
