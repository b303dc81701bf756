"""paddle.Model: training, evaluation, prediction and checkpoints of a network in a few calls.

Note [Model batches]
Each batch from a DataLoader is flattened to a list of Tensors. The first ``n`` are the network's
inputs and the rest its labels, where ``n`` is ``len(inputs)`` when InputSpecs were given, else the
number of positional arguments ``network.forward`` requires (at least 1). ``predict`` passes only the
first ``n`` to the network, so a dataset of (x, y) pairs works for all three modes.
"""

from __future__ import annotations

import contextlib

import inspect
import os
import warnings

import numpy as np

import paddle
from paddle import _checks as check
from paddle._C import Tensor
from paddle.base.nest import flatten
from paddle.hapi.callbacks import config_callbacks
from paddle.io import DataLoader, Dataset, IterableDataset
from paddle.metric import Metric
from paddle.static import InputSpec


def _to_list(value):
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _as_tensor(value):
    return value if isinstance(value, Tensor) else paddle.to_tensor(np.asarray(value))


def _scalar(value) -> float:
    return float(np.asarray(value.numpy() if isinstance(value, Tensor) else value).reshape(-1)[0])


def _rename_optimizer_state(state: dict, renames: dict) -> dict:
    """Optimizer states are keyed by parameter name (``<param name>_<state>_0``, and ``master_weights``
    by the name itself). The network that loads a checkpoint may name its parameters differently (names
    count the layers made so far in the process), so each saved name is mapped to the name of the
    parameter now under the same structured key."""
    if not renames:
        return state
    olds = sorted(renames, key=len, reverse=True)

    def rename(key):
        if key in renames:
            return renames[key]
        for old in olds:
            if key.startswith(old + "_"):
                return renames[old] + key[len(old):]
        return key

    out = {}
    for key, value in state.items():
        if key == "master_weights" and isinstance(value, dict):
            out[key] = {rename(k): v for k, v in value.items()}
        elif key == "LR_Scheduler":
            out[key] = value
        else:
            out[rename(key)] = value
    return out


class Model:
    """Wraps a ``paddle.nn.Layer`` with ``prepare``, ``fit``, ``evaluate``, ``predict``, ``save`` and
    ``load``.

    Args:
        network (paddle.nn.Layer): the network.
        inputs (InputSpec|list[InputSpec], optional): the network's inputs; they tell how many leading
            entries of a batch are inputs (see Note [Model batches]) and give ``summary`` its shapes.
        labels (InputSpec|list[InputSpec], optional): the labels.

    Examples:
        >>> import numpy as np
        >>> import paddle
        >>> from paddle.io import TensorDataset
        >>> from paddle.static import InputSpec
        >>> _ = paddle.seed(0)
        >>> x = paddle.to_tensor(np.random.RandomState(0).randn(64, 4).astype('float32'))
        >>> y = (x.sum(axis=1, keepdim=True) > 0).astype('int64')
        >>> net = paddle.nn.Sequential(paddle.nn.Linear(4, 16), paddle.nn.ReLU(), paddle.nn.Linear(16, 2))
        >>> model = paddle.Model(net, inputs=[InputSpec([None, 4], 'float32', 'x')],
        ...                      labels=[InputSpec([None, 1], 'int64', 'y')])
        >>> model.prepare(paddle.optimizer.Adam(0.05, parameters=model.parameters()),
        ...               paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
        >>> model.fit(TensorDataset([x, y]), epochs=20, batch_size=16, verbose=0)
        >>> result = model.evaluate(TensorDataset([x, y]), batch_size=16, verbose=0)
        >>> sorted(result), result['acc'] > 0.9
        (['acc', 'loss'], True)
        >>> [o.shape for o in model.predict(TensorDataset([x, y]), batch_size=16, stack_outputs=True, verbose=0)]
        [(64, 2)]
    """

    def __init__(self, network, inputs=None, labels=None):
        if not isinstance(network, paddle.nn.Layer):
            raise TypeError(f"[Model] argument 'network': expected a paddle.nn.Layer, but got {check.got(network)}")
        self.network = network
        self._inputs = self._verify_spec("inputs", inputs)
        self._labels = self._verify_spec("labels", labels)
        self._optimizer = None
        self._loss = None
        self._metrics = []
        self._prepared = False
        self._amp_cast, self._scaler = None, None
        self.stop_training = False
        self._save_dir = None

    @staticmethod
    def _verify_spec(arg, specs):
        specs = _to_list(specs) if specs is not None else None
        for s in specs or []:
            if not isinstance(s, InputSpec):
                raise TypeError(f"[Model] argument '{arg}': expected paddle.static.InputSpec (or a list of them), "
                                f"but got {check.got(s)}")
        return specs

    def _num_inputs(self) -> int:
        if self._inputs is not None:
            return len(self._inputs)
        try:
            params = inspect.signature(self.network.forward).parameters.values()
        except (TypeError, ValueError):
            return 1
        required = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
                    and p.default is p.empty]
        return max(len(required), 1)

    # ---- setup

    def prepare(self, optimizer=None, loss=None, metrics=None, amp_configs=None):
        """Sets the optimizer, loss and metrics used by ``fit`` and ``evaluate``.

        Args:
            optimizer (paddle.optimizer.Optimizer, optional): needed for training.
            loss (paddle.nn.Layer|callable, optional): ``loss(*outputs, *labels)``, a Tensor or a list of
                Tensors (which are summed). Needed for training.
            metrics (Metric|list[Metric], optional): the metrics to compute.
            amp_configs (str|dict, optional): mixed precision: None or 'O0' (off), 'O1', 'O2', or a dict
                with ``level``, ``dtype`` ('float16' or 'bfloat16'), ``custom_white_list``,
                ``custom_black_list`` and GradScaler's arguments (``init_loss_scaling``, ``incr_ratio``,
                ``decr_ratio``, ``incr_every_n_steps``, ``decr_every_n_nan_or_inf``,
                ``use_dynamic_loss_scaling``). 'O2' decorates the network and optimizer
                (``paddle.amp.decorate``).
        """
        op = "Model.prepare"
        if optimizer is not None and not isinstance(optimizer, paddle.optimizer.Optimizer):
            raise TypeError(f"[{op}] argument 'optimizer': expected a paddle.optimizer.Optimizer, but got "
                            f"{check.got(optimizer)}")
        if loss is not None and not isinstance(loss, paddle.nn.Layer) and not callable(loss):
            raise TypeError(f"[{op}] argument 'loss': expected a paddle.nn.Layer or a callable, but got "
                            f"{check.got(loss)}")
        metrics = _to_list(metrics)
        for m in metrics:
            if not isinstance(m, Metric):
                raise TypeError(f"[{op}] argument 'metrics': expected paddle.metric.Metric instances, but got "
                                f"{check.got(m)}")
        self._optimizer, self._loss, self._metrics = optimizer, loss, metrics
        self._amp_cast, self._scaler = self._amp_setup(op, amp_configs)
        self._prepared = True

    _SCALER_KEYS = ("init_loss_scaling", "incr_ratio", "decr_ratio", "incr_every_n_steps", "decr_every_n_nan_or_inf",
                    "use_dynamic_loss_scaling")
    _CAST_KEYS = ("dtype", "custom_white_list", "custom_black_list")

    def _amp_setup(self, op: str, amp_configs):
        """(auto_cast arguments, GradScaler) for `amp_configs`; (None, None) without mixed precision."""
        if amp_configs is not None and not isinstance(amp_configs, (str, dict)):
            raise TypeError(f"[{op}] argument 'amp_configs': expected None, a level string or a dict, but got "
                            f"{check.got(amp_configs)}")
        config = dict(amp_configs) if isinstance(amp_configs, dict) else {"level": amp_configs}
        level = config.pop("level", "O1")
        if level in (None, "O0"):
            return None, None
        if level not in ("O1", "O2"):
            raise ValueError(f"[{op}] argument 'amp_configs': expected level 'O0', 'O1' or 'O2', but got {level!r}")
        config.pop("use_fp16_guard", None)
        unknown = set(config) - set(self._SCALER_KEYS) - set(self._CAST_KEYS)
        if unknown:
            raise ValueError(f"[{op}] argument 'amp_configs': unknown keys {sorted(unknown)}")
        cast = {"level": level, **{k: config[k] for k in self._CAST_KEYS if k in config}}
        if level == "O2":
            paddle.amp.decorate(self.network, self._optimizer, level="O2", dtype=cast.get("dtype", "float16"))
        scaler = paddle.amp.GradScaler(**{k: config[k] for k in self._SCALER_KEYS if k in config})
        return cast, scaler

    def _autocast(self):
        if self._amp_cast is None:
            return contextlib.nullcontext()
        return paddle.amp.auto_cast(**self._amp_cast)

    def parameters(self, *args, **kwargs):
        """The network's parameters."""
        return self.network.parameters(*args, **kwargs)

    # ---- one batch

    def _split(self, op, inputs, labels):
        inputs = [_as_tensor(x) for x in _to_list(inputs)]
        labels = [_as_tensor(y) for y in _to_list(labels)]
        if not inputs:
            raise ValueError(f"[{op}] argument 'inputs': expected at least one input, but got none")
        return inputs, labels

    def _compute_loss(self, op, outputs, labels):
        if self._loss is None:
            raise RuntimeError(f"[{op}] no loss: call model.prepare(optimizer, loss, ...) first")
        losses = _to_list(self._loss(*(outputs + labels)))
        for l in losses:
            if not isinstance(l, Tensor):
                raise TypeError(f"[{op}] the loss must return Tensors, but returned {check.got(l)}")
        return losses

    def _update_metrics(self, outputs, labels):
        values = []
        for metric in self._metrics:
            args = _to_list(metric.compute(*(outputs + labels)))
            values.append(metric.update(*args))
        return values

    def train_batch(self, inputs, labels=None, update=True):
        """Runs one training step: forward, loss, backward and (when ``update``) the optimizer step.

        Returns:
            list: the loss values (NumPy arrays), or ``(losses, metrics)`` when metrics were prepared.
        """
        op = "Model.train_batch"
        if not self._prepared or self._optimizer is None or self._loss is None:
            raise RuntimeError(f"[{op}] the model is not ready for training: call "
                               f"model.prepare(optimizer, loss, ...) first")
        inputs, labels = self._split(op, inputs, labels)
        self.network.train()
        with self._autocast():
            outputs = _to_list(self.network(*inputs))
            losses = self._compute_loss(op, outputs, labels)
        final = losses[0]
        for l in losses[1:]:
            final = final + l
        if self._scaler is None:
            final.backward()
            if update:
                self._optimizer.step()
        else:
            self._scaler.scale(final).backward()
            if update:
                self._scaler.step(self._optimizer)
                self._scaler.update()
        if update:
            self._optimizer.clear_grad()
        with paddle.no_grad():
            metrics = self._update_metrics([o.detach() for o in outputs], labels)
        loss_values = [l.numpy() for l in losses]
        return (loss_values, metrics) if self._metrics else loss_values

    def eval_batch(self, inputs, labels=None):
        """Runs one evaluation step (no gradients).

        Returns:
            list: the loss values (empty without a loss), or ``(losses, metrics)`` with metrics.
        """
        op = "Model.eval_batch"
        inputs, labels = self._split(op, inputs, labels)
        self.network.eval()
        with paddle.no_grad(), self._autocast():
            outputs = _to_list(self.network(*inputs))
            losses = self._compute_loss(op, outputs, labels) if self._loss is not None else []
            metrics = self._update_metrics(outputs, labels)
        loss_values = [l.numpy() for l in losses]
        return (loss_values, metrics) if self._metrics else loss_values

    def predict_batch(self, inputs):
        """Runs the network on one batch (no gradients) and returns its outputs as NumPy arrays."""
        inputs, _ = self._split("Model.predict_batch", inputs, None)
        self.network.eval()
        with paddle.no_grad():
            outputs = _to_list(self.network(*inputs))
        return [o.numpy() for o in outputs]

    # ---- loops

    def _loader(self, op, arg, data, batch_size, shuffle, drop_last, num_workers):
        if data is None:
            return None
        if isinstance(data, DataLoader):
            return data
        if isinstance(data, (Dataset, IterableDataset)):
            batch_size = check.integer(op, batch_size, "batch_size", min=1)
            shuffle = shuffle and not isinstance(data, IterableDataset)
            return DataLoader(data, batch_size=batch_size, shuffle=shuffle, drop_last=drop_last,
                              num_workers=num_workers)
        raise TypeError(f"[{op}] argument '{arg}': expected a paddle.io.Dataset or paddle.io.DataLoader, but "
                        f"got {check.got(data)}")

    @staticmethod
    def _len(loader):
        try:
            return len(loader)
        except TypeError:
            return None

    def _metrics_name(self):
        names = ["loss"] if self._loss is not None else []
        for m in self._metrics:
            names.extend(_to_list(m.name()))
        return names

    def _run_one_epoch(self, loader, cbks, mode, num_iters=None, accumulate=1):
        """Runs ``mode`` ('train', 'eval' or 'predict') over the loader; returns the logs (and for predict
        the outputs). Train logs hold the last batch's loss; eval logs the sample-weighted mean loss."""
        logs, outputs = {}, []
        steps = self._len(loader)
        n_in = self._num_inputs()
        loss_sum, loss_count = None, 0
        for m in self._metrics if mode != "predict" else []:
            m.reset()
        for step, data in enumerate(loader):
            if num_iters is not None and step >= num_iters:
                break
            data = flatten(data)
            batch_size = data[0].shape[0] if isinstance(data[0], Tensor) and data[0].shape else 1
            cbks.on_batch_begin(mode, step, logs)
            if mode == "predict":
                outputs.append(self.predict_batch(data[:n_in]))
            else:
                ins, labs = data[:n_in], data[n_in:]
                if mode == "train":
                    last = step + 1 in (steps, num_iters)
                    outs = self.train_batch(ins, labs, update=(step + 1) % accumulate == 0 or last)
                else:
                    outs = self.eval_batch(ins, labs)
                losses = outs[0] if self._metrics else outs
                if self._loss is not None:
                    values = [_scalar(l) for l in losses]
                    if mode == "eval":
                        loss_sum = np.add(loss_sum or 0.0, np.array(values) * batch_size)
                        loss_count += batch_size
                        values = (np.asarray(loss_sum) / loss_count).tolist()
                    logs["loss"] = values
                for m in self._metrics:
                    for k, v in zip(_to_list(m.name()), _to_list(m.accumulate())):
                        logs[k] = v
            logs["step"] = step
            logs["batch_size"] = batch_size
            cbks.on_batch_end(mode, step, logs)
            if mode == "train" and self.stop_training:
                break
        return (logs, outputs) if mode == "predict" else logs

    def fit(self, train_data=None, eval_data=None, batch_size=1, epochs=1, eval_freq=1, log_freq=10,
            save_dir=None, save_freq=1, verbose=2, drop_last=False, shuffle=True, num_workers=0, callbacks=None,
            accumulate_grad_batches=1, num_iters=None):
        """Trains the network.

        Args:
            train_data (Dataset|DataLoader): the training data; a Dataset is batched by a DataLoader with
                ``batch_size``, ``shuffle``, ``drop_last`` and ``num_workers``.
            eval_data (Dataset|DataLoader, optional): evaluated after epochs 0, eval_freq, 2*eval_freq, ...
            batch_size (int, optional): Default 1.
            epochs (int, optional): Default 1.
            eval_freq (int, optional): Default 1.
            log_freq (int, optional): steps between log lines. Default 10.
            save_dir (str, optional): where ModelCheckpoint (and EarlyStopping's best model) save. Default None.
            save_freq (int, optional): epochs between checkpoints. Default 1.
            verbose (int, optional): 0 silent, 1 progress bar, 2 one line per log_freq steps, 3 with the
                reader and batch costs (see ProgBarLogger). Default 2.
            drop_last (bool, optional): Default False.
            shuffle (bool, optional): Default True.
            num_workers (int, optional): Default 0.
            callbacks (Callback|list[Callback], optional): Default None.
            accumulate_grad_batches (int, optional): batches whose gradients add up before each optimizer
                step. Default 1.
            num_iters (int, optional): train this many steps in all, ignoring ``epochs`` (the last epoch
                may be partial). Default None.
        """
        op = "Model.fit"
        if train_data is None:
            raise ValueError(f"[{op}] argument 'train_data': expected a Dataset or DataLoader, but got None")
        if not self._prepared or self._optimizer is None or self._loss is None:
            raise RuntimeError(f"[{op}] the model is not ready for training: call "
                               f"model.prepare(optimizer, loss, ...) first")
        epochs = check.integer(op, epochs, "epochs", min=1)
        eval_freq = check.integer(op, eval_freq, "eval_freq", min=1)
        accumulate = check.integer(op, accumulate_grad_batches, "accumulate_grad_batches", min=1)
        if num_iters is not None:
            num_iters = check.integer(op, num_iters, "num_iters", min=1)
        train_loader = self._loader(op, "train_data", train_data, batch_size, shuffle, drop_last, num_workers)
        eval_loader = self._loader(op, "eval_data", eval_data, batch_size, False, False, num_workers)
        steps = self._len(train_loader)
        if num_iters is not None and steps:
            epochs = -(-num_iters // steps)  # num_iters overrides epochs, as in Paddle
        self._save_dir = save_dir
        cbks = config_callbacks(callbacks, model=self, batch_size=batch_size, epochs=epochs, steps=steps,
                                log_freq=log_freq, verbose=verbose, save_freq=save_freq, save_dir=save_dir,
                                metrics=self._metrics_name())
        self.stop_training = False
        cbks.on_begin("train")
        logs, done = {}, 0
        for epoch in range(epochs):
            cbks.on_epoch_begin(epoch)
            left = None if num_iters is None else num_iters - done
            logs = self._run_one_epoch(train_loader, cbks, "train", num_iters=left, accumulate=accumulate)
            done += logs.get("step", -1) + 1
            cbks.on_epoch_end(epoch, logs)
            if eval_loader is not None and epoch % eval_freq == 0:
                self._run_eval(eval_loader, cbks)
            if self.stop_training or (num_iters is not None and done >= num_iters):
                break
        cbks.on_end("train", logs)

    def _run_eval(self, loader, cbks):
        cbks.on_begin("eval", {"steps": self._len(loader), "metrics": self._metrics_name()})
        logs = self._run_one_epoch(loader, cbks, "eval")
        cbks.on_end("eval", logs)
        return logs

    def evaluate(self, eval_data, batch_size=1, log_freq=10, verbose=2, num_workers=0, callbacks=None,
                 num_iters=None):
        """Evaluates the network: the loss (when prepared with one) and the metrics.

        Returns:
            dict: ``{'loss': [mean loss per loss term], <metric name>: value, ...}``. The loss is the
            sample-weighted mean over the evaluated batches.
        """
        op = "Model.evaluate"
        if not self._prepared:
            raise RuntimeError(f"[{op}] call model.prepare(loss=..., metrics=...) first")
        if self._loss is None and not self._metrics:
            raise RuntimeError(f"[{op}] nothing to evaluate: prepare the model with a loss or metrics")
        if num_iters is not None:
            num_iters = check.integer(op, num_iters, "num_iters", min=1)
        loader = self._loader(op, "eval_data", eval_data, batch_size, False, False, num_workers)
        cbks = config_callbacks(callbacks, model=self, log_freq=log_freq, verbose=verbose,
                                metrics=self._metrics_name(), mode="eval")
        steps = self._len(loader)
        if num_iters is not None and steps is not None:
            steps = min(steps, num_iters)
        cbks.on_begin("eval", {"steps": steps, "metrics": self._metrics_name()})
        logs = self._run_one_epoch(loader, cbks, "eval", num_iters=num_iters)
        cbks.on_end("eval", logs)
        return {k: logs[k] for k in self._metrics_name() if k in logs}

    def predict(self, test_data, batch_size=1, num_workers=0, stack_outputs=False, verbose=1, callbacks=None):
        """Runs the network over ``test_data``.

        Returns:
            list: one entry per network output: a list of per-batch NumPy arrays, or with
            ``stack_outputs`` one array concatenated along the batch axis.
        """
        op = "Model.predict"
        loader = self._loader(op, "test_data", test_data, batch_size, False, False, num_workers)
        cbks = config_callbacks(callbacks, model=self, verbose=verbose, metrics=[], mode="predict")
        cbks.on_begin("predict", {"steps": self._len(loader)})
        logs, outputs = self._run_one_epoch(loader, cbks, "predict")
        outputs = [list(o) for o in zip(*outputs)]
        if stack_outputs:
            outputs = [np.concatenate(o, axis=0) for o in outputs]
        cbks.on_end("predict", logs)
        return outputs

    # ---- checkpoints

    def save(self, path, training=True):
        """Saves the parameters to ``path.pdparams`` and the optimizer state to ``path.pdopt``.

        Args:
            path (str): the path prefix; its directory is created.
            training (bool, optional): True saves for training; False (an inference model through
                paddle.jit) is not available yet. Default True.
        """
        op = "Model.save"
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"[{op}] argument 'path': expected a str, but got {check.got(path)}")
        path = os.fspath(path)
        if not training:
            raise NotImplementedError(f"[{op}] training=False exports an inference model with paddle.jit, which "
                                      f"is not available yet; use training=True")
        if os.path.basename(path) == "":
            raise ValueError(f"[{op}] argument 'path': expected a path prefix such as 'dir/model', but got "
                             f"{path!r}")
        directory = os.path.dirname(path)
        if directory:
            os.makedirs(directory, exist_ok=True)
        paddle.save(self.network.state_dict(), path + ".pdparams")
        if self._optimizer is not None:
            paddle.save(self._optimizer.state_dict(), path + ".pdopt")

    def load(self, path, skip_mismatch=False, reset_optimizer=False):
        """Loads ``path.pdparams`` into the network and, unless ``reset_optimizer``, ``path.pdopt`` (when it
        exists) into the optimizer.

        Args:
            path (str): the path prefix given to ``save`` (a trailing '.pdparams' is accepted).
            skip_mismatch (bool, optional): skip parameters missing from the file or of another shape
                (with a warning) instead of raising. Default False.
            reset_optimizer (bool, optional): leave the optimizer state alone. Default False.

        The optimizer states are matched to the parameters through the structured names of
        ``path.pdparams``, so a network built after others (whose parameters got other generated names)
        still gets its own states back.
        """
        op = "Model.load"
        path = os.fspath(path)
        if path.endswith(".pdparams"):
            path = path[: -len(".pdparams")]
        params_path = path + ".pdparams"
        if not os.path.exists(params_path):
            raise FileNotFoundError(f"[{op}] {params_path} does not exist")
        state = paddle.load(params_path)
        own = self.network.state_dict()
        matched = {}
        for key, param in own.items():
            if key not in state:
                msg = f"[{op}] {key} is not in {params_path}"
            else:
                value = state[key]
                shape = list(value.shape)
                if shape == list(param.shape):
                    matched[key] = value
                    continue
                msg = f"[{op}] {key} has shape {shape} in {params_path}, but the network's is {list(param.shape)}"
            if not skip_mismatch:
                raise ValueError(msg + " (pass skip_mismatch=True to skip it)")
            warnings.warn(msg + "; skipped")
        with warnings.catch_warnings():  # the skipped keys were warned about above
            warnings.simplefilter("ignore")
            self.network.set_state_dict(matched)
        opt_path = path + ".pdopt"
        if reset_optimizer or self._optimizer is None or not os.path.exists(opt_path):
            return
        renames = {getattr(v, "name", None): own[k].name for k, v in matched.items()}
        renames.pop(None, None)
        self._optimizer.set_state_dict(_rename_optimizer_state(paddle.load(opt_path), renames))

    def summary(self, input_size=None, dtype=None):
        """``paddle.summary`` of the network; ``input_size`` defaults to the shapes of ``inputs``."""
        from paddle.hapi.model_summary import summary

        if input_size is None:
            if not self._inputs:
                raise ValueError("[Model.summary] argument 'input_size': expected the input shape(s), or "
                                 "InputSpecs given to Model(inputs=...), but got neither")
            input_size = self._inputs if len(self._inputs) > 1 else self._inputs[0]
        return summary(self.network, input_size, dtypes=dtype)
