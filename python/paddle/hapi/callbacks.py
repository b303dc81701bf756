"""Callbacks: hooks that paddle.Model calls around training, evaluation and prediction.

``Model.fit/evaluate/predict`` build a ``CallbackList`` with ``config_callbacks``: the user's callbacks
plus a ``ProgBarLogger`` (when verbose), a ``ModelCheckpoint`` and an ``LRScheduler`` unless the user
gave one of each. ``logs`` is a dict: per batch it holds ``step``, ``batch_size``, ``loss`` (a list, one
float per loss) and each metric by name; at the end of an epoch or an evaluation it holds the values
of the epoch.

``CSVLogger`` and ``JSONLogger`` are this project's own (Paddle logs through VisualDL or WandB).
"""

from __future__ import annotations

import csv
import json
import numbers
import os
import sys
import time
import warnings

import numpy as np

from paddle import _checks as check
from paddle.optimizer.lr import LRScheduler as _Scheduler


def config_callbacks(callbacks=None, model=None, batch_size=None, epochs=None, steps=None, log_freq=2,
                     verbose=2, save_freq=1, save_dir=None, metrics=None, mode="train"):
    """The CallbackList ``Model`` runs: the given callbacks plus the default logger, checkpoint and
    learning-rate stepping."""
    cbks = callbacks or []
    cbks = list(cbks) if isinstance(cbks, (list, tuple)) else [cbks]
    for cb in cbks:
        if not isinstance(cb, Callback):
            raise TypeError(f"[Model.{'fit' if mode == 'train' else mode}] argument 'callbacks': expected "
                            f"paddle.callbacks.Callback instances, but got {check.got(cb)}")
    if not any(isinstance(k, ProgBarLogger) for k in cbks) and verbose:
        cbks = [ProgBarLogger(log_freq, verbose=verbose)] + cbks
    if not any(isinstance(k, ModelCheckpoint) for k in cbks):
        cbks = cbks + [ModelCheckpoint(save_freq, save_dir)]
    for k in cbks:
        if isinstance(k, EarlyStopping):
            k.save_dir = save_dir
    if not any(isinstance(k, LRScheduler) for k in cbks):
        cbks = cbks + [LRScheduler()]
    cbk_list = CallbackList(cbks)
    cbk_list.set_model(model)
    cbk_list.set_params({"batch_size": batch_size, "epochs": epochs, "steps": steps, "verbose": verbose,
                         "metrics": list(metrics or [])})
    return cbk_list


class Callback:
    """The base class: override the hooks you need. ``self.model`` is the ``paddle.Model`` and
    ``self.params`` holds ``batch_size``, ``epochs``, ``steps``, ``verbose`` and ``metrics``.

    Examples:
        >>> import paddle
        >>> class EpochCounter(paddle.callbacks.Callback):
        ...     def on_train_begin(self, logs=None):
        ...         self.epochs_seen = 0
        ...     def on_epoch_end(self, epoch, logs=None):
        ...         self.epochs_seen += 1
        >>> counter = EpochCounter()
        >>> counter.on_train_begin(); counter.on_epoch_end(0)
        >>> counter.epochs_seen
        1
    """

    def __init__(self):
        self.model = None
        self.params = {}

    def set_params(self, params):
        self.params = params

    def set_model(self, model):
        self.model = model

    def on_train_begin(self, logs=None):
        """Before training."""

    def on_train_end(self, logs=None):
        """After training."""

    def on_eval_begin(self, logs=None):
        """Before evaluation; logs holds ``steps`` and ``metrics``."""

    def on_eval_end(self, logs=None):
        """After evaluation; logs holds the evaluation's loss and metrics."""

    def on_predict_begin(self, logs=None):
        """Before prediction."""

    def on_predict_end(self, logs=None):
        """After prediction."""

    def on_epoch_begin(self, epoch, logs=None):
        """Before each training epoch (0-based)."""

    def on_epoch_end(self, epoch, logs=None):
        """After each training epoch; logs holds the epoch's last loss and its metrics."""

    def on_train_batch_begin(self, step, logs=None):
        """Before each training batch."""

    def on_train_batch_end(self, step, logs=None):
        """After each training batch."""

    def on_eval_batch_begin(self, step, logs=None):
        """Before each evaluation batch."""

    def on_eval_batch_end(self, step, logs=None):
        """After each evaluation batch."""

    def on_predict_batch_begin(self, step, logs=None):
        """Before each prediction batch."""

    def on_predict_batch_end(self, step, logs=None):
        """After each prediction batch."""


class CallbackList:
    """Calls every callback of a list in order."""

    def __init__(self, callbacks=None):
        self.callbacks = list(callbacks or [])
        self.params = {}
        self.model = None

    def append(self, callback):
        self.callbacks.append(callback)

    def __iter__(self):
        return iter(self.callbacks)

    def set_params(self, params):
        self.params = params
        for c in self.callbacks:
            c.set_params(params)

    def set_model(self, model):
        self.model = model
        for c in self.callbacks:
            c.set_model(model)

    def _call(self, name, *args):
        for c in self.callbacks:
            getattr(c, name)(*args)

    def on_begin(self, mode, logs=None):
        self._call(f"on_{mode}_begin", logs)

    def on_end(self, mode, logs=None):
        self._call(f"on_{mode}_end", logs)

    def on_epoch_begin(self, epoch=None, logs=None):
        self._call("on_epoch_begin", epoch, logs)

    def on_epoch_end(self, epoch=None, logs=None):
        self._call("on_epoch_end", epoch, logs)

    def on_batch_begin(self, mode, step=None, logs=None):
        self._call(f"on_{mode}_batch_begin", step, logs)

    def on_batch_end(self, mode, step=None, logs=None):
        self._call(f"on_{mode}_batch_end", step, logs)


def _format_value(v):
    """A logged value as Paddle's progress bar writes it: a float with 4 decimals, in e-notation at or
    below 1e-3 in size (0 included), a list as its items."""
    if isinstance(v, (list, tuple, np.ndarray)):
        return " ".join(_format_value(x) for x in np.asarray(v).reshape(-1).tolist())
    if isinstance(v, numbers.Real) and not isinstance(v, (bool, numbers.Integral)):
        return f"{v:.4f}" if abs(v) > 1e-3 else f"{v:.4e}"
    return str(v)


def _format_time(seconds: float) -> str:
    if seconds >= 1 or seconds == 0:
        return f"{seconds:.0f}s"
    return f"{seconds * 1e3:.0f}ms" if seconds >= 1e-3 else f"{seconds * 1e6:.0f}us"


def _format_eta(seconds: int) -> str:
    if seconds > 3600:
        return f"{seconds // 3600}:{(seconds % 3600) // 60:02}:{seconds % 60:02}"
    return f"{seconds // 60}:{seconds % 60:02}" if seconds > 60 else f"{seconds}s"


class ProgBarLogger(Callback):
    """Prints progress as Paddle does: ``verbose=2`` a line every ``log_freq`` steps and at the end of the
    epoch or evaluation (``step 4/10 - loss: 0.6392 - acc: 0.7000 - 3ms/step``), ``verbose=3`` the same
    with the average reader and batch times and the samples per second (ips), ``verbose=1`` a progress
    bar redrawn at those steps (``step 4/10 [=====>......] - loss: ... - ETA: 1s - 3ms/step``), ``verbose=0``
    nothing. The loss shown is the current step's, the metrics are averages over the steps so far.

    Args:
        log_freq (int, optional): steps between updates. Default 1.
        verbose (int, optional): 0, 1, 2 or 3. Default 2.

    Examples:
        >>> import paddle
        >>> logger = paddle.callbacks.ProgBarLogger(log_freq=10, verbose=2)
    """

    _WIDTH = 30  # of the progress bar

    def __init__(self, log_freq=1, verbose=2):
        super().__init__()
        self.log_freq = check.integer("ProgBarLogger", log_freq, "log_freq", min=1)
        self.verbose = check.integer("ProgBarLogger", verbose, "verbose", min=0)
        self.epochs = None
        self.steps = None

    def _is_print(self):
        return self.verbose > 0

    def on_train_begin(self, logs=None):
        self.epochs = self.params.get("epochs")
        self.train_metrics = list(dict.fromkeys(["loss"] + list(self.params.get("metrics") or [])))
        if self._is_print():
            print("The loss value printed in the log is the current step, and the metric is the average value "
                  "of previous steps.")

    def on_epoch_begin(self, epoch=None, logs=None):
        self.steps = self.params.get("steps")
        self.epoch = epoch
        if self._is_print() and self.epochs:
            print(f"Epoch {epoch + 1}/{self.epochs}")
            sys.stdout.flush()
        self._start(self.steps)

    def _start(self, steps):
        self._steps = steps
        self._step_count = 0
        self._samples = 0
        self._drawn = 0  # characters of the progress bar on screen
        self._begin = self._batch_start = time.time()
        self._timer = {"data": 0.0, "batch": 0.0, "count": 0, "samples": 0}

    def _batch_begin(self):
        now = time.time()
        self._timer["data"] += now - self._batch_start
        self._batch_data_end = now

    def _batch_end(self, logs, keys):
        logs = logs or {}
        now = time.time()
        samples = int(logs.get("batch_size", 1) or 1)
        self._step_count += 1
        self._samples += samples
        self._timer["batch"] += now - getattr(self, "_batch_data_end", now)
        self._timer["count"] += 1
        self._timer["samples"] += samples
        if self._is_print() and self._step_count % self.log_freq == 0 and (
                self._steps is None or self._step_count < self._steps):
            self._show(logs, keys)
        self._batch_start = time.time()

    def _show(self, logs, keys):
        values = [(k, _format_value(logs[k])) for k in keys if k in logs]
        if self.verbose == 3:
            timer = self._timer
            count, samples = timer["count"] or 1, timer["samples"] or 1
            spent = timer["data"] + timer["batch"]
            values += [("avg_reader_cost", f"{timer['data'] / count:.5f} sec"),
                       ("avg_batch_cost", f"{timer['batch'] / count:.5f} sec"),
                       ("ips", f"{samples / spent if spent else 0.0:.5f} samples/sec")]
            self._timer = {"data": 0.0, "batch": 0.0, "count": 0, "samples": 0}
        current, steps = self._step_count, self._steps
        per_step = (time.time() - self._begin) / current if current else 0.0
        info = "".join(f" - {k}: {v}" for k, v in values)
        count = f"step {current:{len(str(steps))}d}/{steps}" if steps else f"step {current:3}"
        if self.verbose != 1:
            print(count + info + f" - {_format_time(per_step)}/step")
            sys.stdout.flush()
            return
        bar = count
        if steps:
            done = int(self._WIDTH * current / steps)
            bar += " [" + ("=" * (done - 1) + (">" if current < steps else "=") if done > 0 else "")
            bar += "." * (self._WIDTH - done) + "]"
            if current < steps:
                info += f" - ETA: {_format_eta(int(per_step * (steps - current)))}"
        info += f" - {_format_time(per_step)}/step"
        line = bar + info + " " * max(self._drawn - len(bar) - len(info), 0)
        end = "\n" if steps is None or current >= steps else ""
        sys.stdout.write("\b" * self._drawn + "\r" + line + end)
        sys.stdout.flush()
        self._drawn = len(bar) + len(info)

    def on_train_batch_begin(self, step, logs=None):
        self._batch_begin()

    def on_train_batch_end(self, step, logs=None):
        self._batch_end(logs, self.train_metrics)

    def on_epoch_end(self, epoch, logs=None):
        if self._is_print() and self._steps is not None:
            self._show(logs or {}, self.train_metrics)

    def on_eval_begin(self, logs=None):
        logs = logs or {}
        self.eval_metrics = list(dict.fromkeys(["loss"] + list(logs.get("metrics") or [])))
        self._start(logs.get("steps"))
        if self._is_print():
            print("Eval begin...")

    def on_eval_batch_begin(self, step, logs=None):
        self._batch_begin()

    def on_eval_batch_end(self, step, logs=None):
        self._batch_end(logs, self.eval_metrics)

    def on_eval_end(self, logs=None):
        if self._is_print() and self._steps is not None:
            self._show(logs or {}, self.eval_metrics)
            print(f"Eval samples: {self._samples}")

    def on_predict_begin(self, logs=None):
        self._start((logs or {}).get("steps"))
        if self._is_print():
            print("Predict begin...")

    def on_predict_batch_begin(self, step, logs=None):
        self._batch_begin()

    def on_predict_batch_end(self, step, logs=None):
        self._batch_end(logs, [])

    def on_predict_end(self, logs=None):
        if self._is_print():
            if self._step_count % self.log_freq != 0 or self.verbose == 1:
                self._show(logs or {}, [])
            print(f"Predict samples: {self._samples}")


class ModelCheckpoint(Callback):
    """Saves the model (``Model.save``) to ``{save_dir}/{epoch}`` every ``save_freq`` epochs, from the
    first (epochs 0, save_freq, 2 * save_freq..., counted from 0, as in Paddle), and to
    ``{save_dir}/final`` when training ends; does nothing without ``save_dir``.

    Args:
        save_freq (int, optional): epochs between checkpoints. Default 1.
        save_dir (str, optional): the directory. Default None.

    Examples:
        >>> import paddle
        >>> ckpt = paddle.callbacks.ModelCheckpoint(save_freq=2, save_dir='./checkpoints')
    """

    def __init__(self, save_freq=1, save_dir=None):
        super().__init__()
        self.save_freq = check.integer("ModelCheckpoint", save_freq, "save_freq", min=1)
        self.save_dir = save_dir

    def _is_save(self):
        return self.model is not None and self.save_dir is not None

    def on_epoch_end(self, epoch, logs=None):
        if self._is_save() and epoch % self.save_freq == 0:
            path = os.path.join(self.save_dir, str(epoch))
            print(f"save checkpoint at {os.path.abspath(path)}")
            self.model.save(path)

    def on_train_end(self, logs=None):
        if self._is_save():
            path = os.path.join(self.save_dir, "final")
            print(f"save checkpoint at {os.path.abspath(path)}")
            self.model.save(path)


class EarlyStopping(Callback):
    """Stops training when a monitored evaluation value stops improving. It acts at the end of each
    evaluation, so ``fit`` needs ``eval_data``.

    Args:
        monitor (str, optional): the log key to watch. Default 'loss'.
        mode (str, optional): 'min', 'max' or 'auto' ('max' when the name contains 'acc', else 'min').
            Default 'auto'.
        patience (int, optional): evaluations without improvement tolerated before stopping. Default 0.
        verbose (int, optional): 1 prints when stopping. Default 1.
        min_delta (float, optional): the least change that counts as an improvement. Default 0.
        baseline (float, optional): the value to beat from the start. Default None.
        save_best_model (bool, optional): save the best model to ``{save_dir}/best_model`` (``save_dir``
            is fit's). Default True.

    Examples:
        >>> import paddle
        >>> stop = paddle.callbacks.EarlyStopping(monitor='acc', mode='max', patience=2)
        >>> stop.monitor_op.__name__
        'greater'
    """

    def __init__(self, monitor="loss", mode="auto", patience=0, verbose=1, min_delta=0, baseline=None,
                 save_best_model=True):
        super().__init__()
        op = "EarlyStopping"
        self.monitor = monitor
        self.patience = check.integer(op, patience, "patience", min=0)
        self.verbose = verbose
        self.baseline = baseline
        self.min_delta = abs(check.number(op, min_delta, "min_delta"))
        self.wait_epoch = 0
        self.best_weights = None
        self.stopped_epoch = 0
        self.save_best_model = save_best_model
        self.save_dir = None
        if mode not in ("auto", "min", "max"):
            warnings.warn(f"EarlyStopping mode {mode!r} is unknown, fallback to auto mode.")
            mode = "auto"
        if mode == "min" or (mode == "auto" and "acc" not in self.monitor):
            self.monitor_op = np.less
        else:
            self.monitor_op = np.greater
        if self.monitor_op == np.less:
            self.min_delta *= -1

    def on_train_begin(self, logs=None):
        self.wait_epoch = 0
        self.stopped_epoch = 0
        if self.baseline is not None:
            self.best_value = self.baseline
        else:
            self.best_value = np.inf if self.monitor_op == np.less else -np.inf
        self.best_weights = None

    def on_eval_end(self, logs=None):
        if logs is None or self.monitor not in logs:
            warnings.warn(f"Monitor of EarlyStopping should be loss or metric name; {self.monitor!r} is not in "
                          f"the evaluation logs {sorted(logs or {})}")
            return
        current = logs[self.monitor]
        if isinstance(current, (list, tuple)):
            current = current[0]
        current = float(current)
        if self.monitor_op(current - self.min_delta, self.best_value):
            self.best_value = current
            self.wait_epoch = 0
            if self.save_best_model and self.save_dir is not None:
                self.model.save(os.path.join(self.save_dir, "best_model"))
        else:
            self.wait_epoch += 1
        if self.wait_epoch > self.patience:
            self.model.stop_training = True
            if self.verbose > 0:
                print(f"Epoch {self.stopped_epoch + 1}: Early stopping.")
                if self.save_best_model and self.save_dir is not None:
                    print(f"Best checkpoint has been saved at "
                          f"{os.path.abspath(os.path.join(self.save_dir, 'best_model'))}")
        self.stopped_epoch += 1


class LRScheduler(Callback):
    """Steps the optimizer's learning-rate scheduler (``paddle.optimizer.lr.LRScheduler``) after every
    training batch (``by_step``) or every epoch (``by_epoch``). ``fit`` adds one with the defaults unless
    one is given; it does nothing when the learning rate is a float.

    Args:
        by_step (bool, optional): step after each batch. Default True.
        by_epoch (bool, optional): step after each epoch. Default False.

    Examples:
        >>> import paddle
        >>> cb = paddle.callbacks.LRScheduler(by_step=False, by_epoch=True)
    """

    def __init__(self, by_step=True, by_epoch=False):
        super().__init__()
        if by_step and by_epoch:
            raise ValueError("[LRScheduler] by_step and by_epoch cannot both be True")
        self.by_step = by_step
        self.by_epoch = by_epoch

    def _scheduler(self):
        opt = getattr(self.model, "_optimizer", None)
        lr = getattr(opt, "_learning_rate", None)
        return lr if isinstance(lr, _Scheduler) else None

    def on_epoch_end(self, epoch, logs=None):
        sched = self._scheduler()
        if self.by_epoch and sched is not None:
            sched.step()

    def on_train_batch_end(self, step, logs=None):
        sched = self._scheduler()
        if self.by_step and sched is not None:
            sched.step()


class ReduceLROnPlateau(Callback):
    """Multiplies the optimizer's learning rate by `factor` when a monitored evaluation value has not
    improved for `patience` evaluations, then waits `cooldown` evaluations before counting again. It acts
    at the end of each evaluation (so ``fit`` needs ``eval_data``) and only on a float learning rate:
    with an LRScheduler it warns and does nothing.

    Args:
        monitor (str, optional): the log key to watch. Default 'loss'.
        factor (float, optional): the factor, < 1.0. Default 0.1.
        patience (int, optional): evaluations without improvement before reducing. Default 10.
        verbose (int, optional): 1 prints each reduction. Default 1.
        mode (str, optional): 'min', 'max' or 'auto' ('max' when the name contains 'acc', else 'min').
            Default 'auto'.
        min_delta (float, optional): the least change that counts as an improvement. Default 1e-4.
        cooldown (int, optional): evaluations to wait after a reduction. Default 0.
        min_lr (float, optional): the rate is not reduced below this. Default 0.

    Examples:
        >>> import paddle
        >>> model = paddle.Model(paddle.nn.Linear(2, 1))
        >>> model.prepare(paddle.optimizer.SGD(learning_rate=1.0, parameters=model.parameters()))
        >>> reduce = paddle.callbacks.ReduceLROnPlateau(patience=1, factor=0.5, verbose=0)
        >>> reduce.set_model(model)
        >>> reduce.on_train_begin()
        >>> for loss in [1.0, 1.0, 1.0]:
        ...     reduce.on_eval_end({'loss': [loss]})
        >>> model._optimizer.get_lr()
        0.25
    """

    def __init__(self, monitor="loss", factor=0.1, patience=10, verbose=1, mode="auto", min_delta=1e-4, cooldown=0,
                 min_lr=0):
        super().__init__()
        op = "ReduceLROnPlateau"
        self.monitor = check.string(op, monitor, "monitor")
        self.factor = float(check.number(op, factor, "factor"))
        if self.factor >= 1.0:
            raise ValueError(f"[{op}] argument 'factor': expected a number < 1.0, but got {factor}")
        self.patience = check.integer(op, patience, "patience", min=0)
        self.verbose = verbose
        self.min_delta = float(check.number(op, min_delta, "min_delta"))
        self.cooldown = check.integer(op, cooldown, "cooldown", min=0)
        self.min_lr = float(check.number(op, min_lr, "min_lr"))
        if mode not in ("auto", "min", "max"):
            warnings.warn(f"ReduceLROnPlateau mode {mode!r} is unknown, fallback to auto mode.")
            mode = "auto"
        self.mode = mode
        self.epoch = 0
        self._reset()

    def _reset(self):
        self.maximize = self.mode == "max" or (self.mode == "auto" and "acc" in self.monitor)
        self.best = -np.inf if self.maximize else np.inf
        self.cooldown_counter = 0
        self.wait = 0

    def _improves(self, current):
        if self.maximize:
            return current > self.best + self.min_delta
        return current < self.best - self.min_delta

    def in_cooldown(self):
        """Whether the callback is waiting after a reduction."""
        return self.cooldown_counter > 0

    def on_train_begin(self, logs=None):
        self._reset()

    def on_eval_end(self, logs=None):
        if logs is None or self.monitor not in logs:
            warnings.warn(f"Monitor of ReduceLROnPlateau should be loss or metric name; {self.monitor!r} is not in "
                          f"the evaluation logs {sorted(logs or {})}")
            return
        optimizer = getattr(self.model, "_optimizer", None)
        if optimizer is None or not isinstance(optimizer._learning_rate, float):
            warnings.warn(f"ReduceLROnPlateau expects the optimizer's learning rate to be a float, but got "
                          f"{check.got(getattr(optimizer, '_learning_rate', None))}")
            return
        current = logs[self.monitor]
        if isinstance(current, (list, tuple)):
            current = current[0]
        if not isinstance(current, numbers.Real):
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self._improves(current):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                self._reduce(optimizer)
        self.epoch += 1

    def _reduce(self, optimizer):
        old_lr = optimizer.get_lr()
        # Compared in float32, as Paddle does, so a rate stored as float32 min_lr counts as reached.
        if old_lr > np.float32(self.min_lr):
            new_lr = max(old_lr * self.factor, self.min_lr)
            optimizer.set_lr(new_lr)
            if self.verbose > 0:
                print(f"\nEpoch {self.epoch + 1}: ReduceLROnPlateau reducing learning rate to {new_lr}.")
            self.cooldown_counter = self.cooldown
            self.wait = 0


def _plain(value):
    """A log value as JSON/CSV takes it: floats, lists of floats."""
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if isinstance(value, (list, tuple)):
        value = [_plain(v) for v in value]
        return value[0] if len(value) == 1 else value
    if isinstance(value, np.generic):
        return value.item()
    return value


class _EpochFileLogger(Callback):
    """Collects one record per epoch (the train logs, plus ``eval_``-prefixed evaluation logs)."""

    _skip = ("step", "batch_size", "steps", "metrics")

    def __init__(self, save_file, append=False):
        super().__init__()
        if not isinstance(save_file, (str, os.PathLike)):
            raise TypeError(f"[{type(self).__name__}] argument 'save_file': expected a path, but got "
                            f"{check.got(save_file)}")
        self.save_file = os.fspath(save_file)
        self.append = append
        self._record = None
        self._in_fit = False

    def on_train_begin(self, logs=None):
        self._in_fit = True
        directory = os.path.dirname(self.save_file)
        if directory:
            os.makedirs(directory, exist_ok=True)
        if not self.append:
            open(self.save_file, "w").close()

    def on_epoch_end(self, epoch, logs=None):
        self._record = {"epoch": epoch}
        for k, v in (logs or {}).items():
            if k not in self._skip:
                self._record[k] = _plain(v)
        # fit evaluates after on_epoch_end; the record is written then, or at the next epoch/train end.

    def on_eval_end(self, logs=None):
        if self._record is None:
            return
        for k, v in (logs or {}).items():
            if k not in self._skip:
                self._record[f"eval_{k}"] = _plain(v)
        self._flush()

    def on_epoch_begin(self, epoch, logs=None):
        self._flush()

    def on_train_end(self, logs=None):
        self._flush()
        self._in_fit = False

    def _flush(self):
        if self._record is not None:
            self._write(self._record)
            self._record = None


class CSVLogger(_EpochFileLogger):
    """Writes one CSV row per training epoch: ``epoch``, the train loss and metrics (the epoch's last
    batch loss, the metrics accumulated over the epoch) and, when the epoch was evaluated, ``eval_loss``
    and ``eval_<metric>``. The header comes from the first row; later rows fill missing columns with ''.
    (This project's own; Paddle logs through VisualDL.)

    Args:
        save_file (str): the CSV file; its directory is created.
        separator (str, optional): the field separator. Default ','.
        append (bool, optional): append to an existing file instead of overwriting it. Default False.

    Examples:
        >>> import paddle
        >>> logger = paddle.callbacks.CSVLogger('train_log.csv')
    """

    def __init__(self, save_file, separator=",", append=False):
        super().__init__(save_file, append)
        self.separator = separator
        self._fields = None

    def on_train_begin(self, logs=None):
        super().on_train_begin(logs)
        self._fields = None
        if self.append and os.path.exists(self.save_file) and os.path.getsize(self.save_file) > 0:
            with open(self.save_file, newline="") as f:
                self._fields = next(csv.reader(f, delimiter=self.separator))

    def _write(self, record):
        new = self._fields is None
        if new:
            self._fields = list(record)
        with open(self.save_file, "a", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=self._fields, delimiter=self.separator, restval="",
                                    extrasaction="ignore")
            if new:
                writer.writeheader()
            writer.writerow({k: (" ".join(map(str, v)) if isinstance(v, list) else v) for k, v in record.items()})


class JSONLogger(_EpochFileLogger):
    """Writes one JSON object per line and per training epoch, with the same keys as ``CSVLogger``.
    (This project's own.)

    Args:
        save_file (str): the file; its directory is created.
        append (bool, optional): append to an existing file instead of overwriting it. Default False.

    Examples:
        >>> import paddle
        >>> logger = paddle.callbacks.JSONLogger('train_log.jsonl')
    """

    def _write(self, record):
        with open(self.save_file, "a") as f:
            f.write(json.dumps(record) + "\n")
