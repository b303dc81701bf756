"""Updates composed of ops, for static programs.

Note [Static updates]
A fused update op (Note [Optimizer updates]) takes the learning rate and
Adam's beta powers as attributes: numbers fixed when the program is built.
In a program they change every step (an LRScheduler's rate, beta1^t), so
there they are tensors of the scope instead, and the update is composed of
ops that read them: the learning rate is `learning_rate_0`, which
Executor.run sets from the program's `lr_scheduler` before each run (as
Paddle does), the beta powers are the parameters `<param>_beta1_pow_acc_0`
(shape [1], as Paddle names and shapes them, in float64: 1 - beta2^t from
a float32 power would lose four digits), and the new parameter and states
are stored back with builtin.set_parameter. The formulas are the fused
kernels' (paddle/phi/kernels/impl/optimizer_kernel_impl.h), in their
order, with their constants rounded as the kernels round them (1 - beta
in the parameter's math type), so static and eager training agree.
"""

from __future__ import annotations

import numpy as np

import paddle
from paddle import _C, _C_ops

LR_NAME = "learning_rate_0"


def scheduled_rate(scheduler):
    """The scope's learning rate of the current program, following `scheduler`."""
    program = _C.pir.current_program()
    program.lr_scheduler = scheduler
    program.lr_name = LR_NAME
    return paddle.static.create_parameter([], "float32", name=LR_NAME,
                                          default_initializer=paddle.nn.initializer.Constant(float(scheduler())))


def rate(lr):
    """`lr` as a value: a float becomes a constant."""
    return paddle.full([], lr, "float32") if isinstance(lr, (int, float)) else lr


def one_minus(beta, param):
    """1 - beta as the kernels compute it: in the parameter's math type
    (float32 for float32 and half types)."""
    math = np.float64 if param.dtype == paddle.float64 else np.float32
    return float(math(1) - math(beta))


def penalized(grad, param, penalty):
    """The gradient with the weight decay's gradient added (kind, coeff)."""
    kind, coeff = penalty
    if kind == "l2_decay":
        return grad + param * coeff
    if kind == "l1_decay":
        return grad + paddle.sign(param) * coeff
    return grad


# The value each store gave a target last, by the target's IR value, while
# one minimize builds its updates (`updated` reads it; `forget` clears it).
_stored = {}


def store(value, target):
    """Makes `value` the new value of the scope's tensor that `target` reads."""
    _C.pir.set_parameter(value, target.name)
    _stored[target._id] = value


def forget():
    _stored.clear()


def updated(target):
    """target's value after the update: what the update stored for it, or
    target itself when a fused update wrote it in place."""
    return _stored.pop(target._id, target)


def sgd(param, grad, lr, penalty):
    store(param - rate(lr) * penalized(grad, param, penalty), param)


def momentum(param, grad, velocity, lr, mu, nesterov, penalty):
    g = penalized(grad, param, penalty)
    v = velocity * mu + g
    store(v, velocity)
    store(param - rate(lr) * (g + v * mu if nesterov else v), param)


def bias_correction(beta_pow, beta, param):
    """1 - beta^t as a 0-D value of param's dtype (from the float64 power), and
    beta^(t+1) stored for the next step."""
    store(beta_pow * beta, beta_pow)
    return paddle.cast(1.0 - paddle.reshape(beta_pow, []), param.dtype)


def adam(param, grad, moment1, moment2, moment2_max, lr, beta1, beta2, epsilon, beta1_pow, beta2_pow,
         decoupled_decay, amsgrad, penalty):
    """One scheduled_adam_: the fused update reading the rate and the beta powers from tensors."""
    _C_ops.scheduled_adam_(param, grad, rate(lr), moment1, moment2, moment2_max, beta1_pow, beta2_pow, beta1, beta2,
                           epsilon, decoupled_decay, amsgrad, *penalty)


def adamax(param, grad, moment, inf_norm, lr, beta1, beta2, epsilon, beta1_pow, penalty):
    g = penalized(grad, param, penalty)
    m = moment * beta1 + g * one_minus(beta1, param)
    u = paddle.maximum(inf_norm * beta2 + epsilon, paddle.abs(g))
    store(m, moment)
    store(u, inf_norm)
    c1 = bias_correction(beta1_pow, beta1, param)
    store(param - rate(lr) / c1 * m / u, param)


def adagrad(param, grad, moment, lr, epsilon, penalty):
    g = penalized(grad, param, penalty)
    s = moment + g * g
    store(s, moment)
    store(param - rate(lr) * g / (paddle.sqrt(s) + epsilon), param)


def adadelta(param, grad, avg_squared_grad, avg_squared_update, lr, rho, epsilon, penalty):
    g = penalized(grad, param, penalty)
    eg = avg_squared_grad * rho + g * one_minus(rho, param) * g
    update = -paddle.sqrt((avg_squared_update + epsilon) / (eg + epsilon)) * g
    store(eg, avg_squared_grad)
    store(avg_squared_update * rho + update * one_minus(rho, param) * update, avg_squared_update)
    store(param + rate(lr) * update, param)


def rmsprop(param, grad, mean_square, mean_grad, moment, lr, rho, epsilon, momentum, centered, penalty):
    g = penalized(grad, param, penalty)
    ms = mean_square * rho + g * one_minus(rho, param) * g
    store(ms, mean_square)
    denom = ms + epsilon
    if centered:
        mg = mean_grad * rho + g * one_minus(rho, param)
        store(mg, mean_grad)
        denom = denom - mg * mg
    mom = moment * momentum + rate(lr) * g / paddle.sqrt(denom)
    store(mom, moment)
    store(param - mom, param)


def lamb(param, grad, moment1, moment2, lr, beta1, beta2, epsilon, beta1_pow, beta2_pow, weight_decay):
    """LAMB: a step of lr * |param| / |r| along r (of lr when either norm is 0)."""
    m = moment1 * beta1 + grad * one_minus(beta1, param)
    v = moment2 * beta2 + grad * one_minus(beta2, param) * grad
    store(m, moment1)
    store(v, moment2)
    c1, c2 = bias_correction(beta1_pow, beta1, param), bias_correction(beta2_pow, beta2, param)
    r = (m / c1) / (paddle.sqrt(v / c2) + epsilon) + param * weight_decay
    p_norm, r_norm = paddle.sum(param * param), paddle.sum(r * r)
    both = paddle.logical_and(p_norm > 0.0, r_norm > 0.0)
    trust = paddle.where(both, paddle.sqrt(p_norm / paddle.where(both, r_norm, paddle.ones_like(r_norm))),
                         paddle.ones_like(p_norm))
    store(param - rate(lr) * trust * r, param)
