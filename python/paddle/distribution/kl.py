"""KL divergences: a registry keyed by pairs of distribution types, and the registered closed forms."""

from __future__ import annotations

import warnings
from collections.abc import Callable

import paddle
import paddle.nn.functional as F
from paddle._C import Tensor
from paddle._checks import got
from paddle.distribution._arguments import sum_rightmost
from paddle.distribution.bernoulli import Bernoulli
from paddle.distribution.beta import Beta
from paddle.distribution.binomial import Binomial
from paddle.distribution.categorical import Categorical
from paddle.distribution.cauchy import Cauchy
from paddle.distribution.continuous_bernoulli import ContinuousBernoulli
from paddle.distribution.dirichlet import Dirichlet
from paddle.distribution.distribution import Distribution
from paddle.distribution.exponential import Exponential
from paddle.distribution.exponential_family import ExponentialFamily, natural_parameters_with_grad
from paddle.distribution.gamma import Gamma
from paddle.distribution.geometric import Geometric
from paddle.distribution.laplace import Laplace
from paddle.distribution.lognormal import LogNormal
from paddle.distribution.multinomial import xlogy
from paddle.distribution.multivariate_normal import (
    MultivariateNormal,
    batch_mahalanobis,
    half_log_det,
    solve_lower_triangular,
)
from paddle.distribution.normal import Normal
from paddle.distribution.poisson import Poisson, expectation_over_support
from paddle.distribution.uniform import Uniform

__all__ = ["register_kl", "kl_divergence"]

_REGISTRY: dict[tuple[type, type], Callable] = {}


def _is_distribution_class(cls) -> bool:
    return isinstance(cls, type) and issubclass(cls, Distribution)


def register_kl(cls_p: type, cls_q: type) -> Callable:
    """Register the decorated function as ``KL(p || q)`` for ``p`` of type ``cls_p`` and ``q`` of type ``cls_q``.

    :func:`kl_divergence` uses the most specific registration that matches
    both types (subclasses match their bases' registrations).

    Args:
        cls_p (type): a subclass of Distribution, the type of ``p``.
        cls_q (type): a subclass of Distribution, the type of ``q``.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Normal, kl_divergence, register_kl
        >>> class Standard(Normal):
        ...     pass
        >>> @register_kl(Standard, Standard)
        ... def _kl_standard(p, q):
        ...     return paddle.zeros(p.batch_shape)
        >>> kl_divergence(Standard(0.0, 1.0), Standard(0.0, 1.0)).numpy().tolist()
        0.0
    """
    for arg, cls in (("cls_p", cls_p), ("cls_q", cls_q)):
        if not _is_distribution_class(cls):
            raise TypeError(f"[register_kl] argument '{arg}': expected a subclass of Distribution, but got "
                            f"{cls!r}")

    def decorator(fn: Callable) -> Callable:
        _REGISTRY[cls_p, cls_q] = fn
        return fn

    return decorator


def _dominates(a: tuple[type, type], b: tuple[type, type]) -> bool:
    """Whether registration a is at least as specific as b in both places, and differs."""
    return a != b and issubclass(a[0], b[0]) and issubclass(a[1], b[1])


def _lookup(type_p: type, type_q: type) -> Callable:
    matches = [key for key in _REGISTRY if issubclass(type_p, key[0]) and issubclass(type_q, key[1])]
    if not matches:
        raise NotImplementedError(f"[kl_divergence] no KL divergence is registered for ({type_p.__name__}, "
                                  f"{type_q.__name__}); add one with paddle.distribution.register_kl")
    most_specific = [m for m in matches if not any(_dominates(other, m) for other in matches)]
    # Among incomparable registrations, prefer the one closest to p's type, then q's.
    most_specific.sort(key=lambda key: (type_p.__mro__.index(key[0]), type_q.__mro__.index(key[1])))
    if len(most_specific) > 1 and _REGISTRY[most_specific[0]] is not _REGISTRY[most_specific[1]]:
        chosen = most_specific[0]
        warnings.warn(f"kl_divergence({type_p.__name__}, {type_q.__name__}) matches several registrations equally; "
                      f"using ({chosen[0].__name__}, {chosen[1].__name__}). Register the exact pair to choose.",
                      RuntimeWarning, stacklevel=3)
    return _REGISTRY[most_specific[0]]


def kl_divergence(p: Distribution, q: Distribution) -> Tensor:
    r"""The Kullback-Leibler divergence :math:`KL(p \| q) = E_p[\log p(x) - \log q(x)]`.

    Args:
        p (Distribution): the distribution the expectation is taken under.
        q (Distribution): the reference distribution.

    Returns:
        Tensor: one divergence per distribution of the (broadcast) batch.

    Raises:
        NotImplementedError: when no registration matches the two types.

    Examples:
        >>> import paddle
        >>> from paddle.distribution import Normal, kl_divergence
        >>> p = Normal(paddle.to_tensor([0.0, 1.0]), paddle.to_tensor([1.0, 2.0]))
        >>> q = Normal(0.0, 1.0)
        >>> kl_divergence(p, q).numpy().astype("float64").round(4).tolist()
        [0.0, 1.3069]
    """
    for arg, value in (("p", p), ("q", q)):
        if not isinstance(value, Distribution):
            raise TypeError(f"[kl_divergence] argument '{arg}': expected Distribution, but got {got(value)}")
    return _lookup(type(p), type(q))(p, q)


@register_kl(Normal, Normal)
def _kl_normal_normal(p: Normal, q: Normal) -> Tensor:
    var_ratio = (p.scale / q.scale) ** 2
    t1 = ((p.loc - q.loc) / q.scale) ** 2
    return 0.5 * (var_ratio + t1 - 1.0 - paddle.log(var_ratio))


@register_kl(Uniform, Uniform)
def _kl_uniform_uniform(p: Uniform, q: Uniform) -> Tensor:
    kl = paddle.log((q.high - q.low) / (p.high - p.low))
    covered = (q.low <= p.low) & (p.high <= q.high)
    return paddle.where(covered, kl, paddle.full_like(kl, float("inf")))


@register_kl(Categorical, Categorical)
def _kl_categorical_categorical(p: Categorical, q: Categorical) -> Tensor:
    log_p = F.log_softmax(p.logits, axis=-1)
    log_q = F.log_softmax(q.logits, axis=-1)
    # keepdim as in Paddle: the result has a trailing axis of size 1.
    return (paddle.exp(log_p) * (log_p - log_q)).sum(-1, keepdim=True)


@register_kl(Bernoulli, Bernoulli)
def _kl_bernoulli_bernoulli(p: Bernoulli, q: Bernoulli) -> Tensor:
    a, b = p.probs, q.probs
    return a * (paddle.log(a) - paddle.log(b)) + (1.0 - a) * (paddle.log1p(-a) - paddle.log1p(-b))


@register_kl(Beta, Beta)
def _kl_beta_beta(p: Beta, q: Beta) -> Tensor:
    sum_p, sum_q = p.alpha + p.beta, q.alpha + q.beta
    return (paddle.lgamma(sum_p) - paddle.lgamma(p.alpha) - paddle.lgamma(p.beta)
            - paddle.lgamma(sum_q) + paddle.lgamma(q.alpha) + paddle.lgamma(q.beta)
            + (p.alpha - q.alpha) * paddle.digamma(p.alpha) + (p.beta - q.beta) * paddle.digamma(p.beta)
            + (sum_q - sum_p) * paddle.digamma(sum_p))


@register_kl(Dirichlet, Dirichlet)
def _kl_dirichlet_dirichlet(p: Dirichlet, q: Dirichlet) -> Tensor:
    a, b = p.concentration, q.concentration
    sum_a = a.sum(-1)
    return (paddle.lgamma(sum_a) - paddle.lgamma(b.sum(-1)) - (paddle.lgamma(a) - paddle.lgamma(b)).sum(-1)
            + ((a - b) * (paddle.digamma(a) - paddle.digamma(sum_a).unsqueeze(-1))).sum(-1))


@register_kl(Gamma, Gamma)
def _kl_gamma_gamma(p: Gamma, q: Gamma) -> Tensor:
    return (q.concentration * paddle.log(p.rate / q.rate) + paddle.lgamma(q.concentration)
            - paddle.lgamma(p.concentration) + (p.concentration - q.concentration) * paddle.digamma(p.concentration)
            + (q.rate - p.rate) * p.concentration / p.rate)


@register_kl(Exponential, Exponential)
def _kl_exponential_exponential(p: Exponential, q: Exponential) -> Tensor:
    ratio = q.rate / p.rate
    return ratio - paddle.log(ratio) - 1.0


@register_kl(Laplace, Laplace)
def _kl_laplace_laplace(p: Laplace, q: Laplace) -> Tensor:
    distance = paddle.abs(p.loc - q.loc)
    return (p.scale * paddle.exp(-distance / p.scale) + distance) / q.scale + paddle.log(q.scale / p.scale) - 1.0


@register_kl(LogNormal, LogNormal)
def _kl_lognormal_lognormal(p: LogNormal, q: LogNormal) -> Tensor:
    # KL is invariant under the shared bijection exp.
    return _kl_normal_normal(p._base, q._base)


@register_kl(Geometric, Geometric)
def _kl_geometric_geometric(p: Geometric, q: Geometric) -> Tensor:
    # -H(p) - E_p[k] log(1 - q) - log q, with E_p[k] = 1/p - 1.
    return -p.entropy() - p.mean * paddle.log1p(-q.probs) - paddle.log(q.probs)


@register_kl(Poisson, Poisson)
def _kl_poisson_poisson(p: Poisson, q: Poisson) -> Tensor:
    return xlogy(p.rate, p.rate / q.rate) - p.rate + q.rate


@register_kl(Binomial, Binomial)
def _kl_binomial_binomial(p: Binomial, q: Binomial) -> Tensor:
    support = p._support()
    log_p, log_q = p.log_prob(support), q.log_prob(support)
    # Terms where p has no mass vanish; where q has none but p has, the divergence is infinite.
    return expectation_over_support(log_p, log_p - log_q)


@register_kl(Cauchy, Cauchy)
def _kl_cauchy_cauchy(p: Cauchy, q: Cauchy) -> Tensor:
    return paddle.log((p.scale + q.scale) ** 2 + (p.loc - q.loc) ** 2) - paddle.log(4.0 * p.scale * q.scale)


@register_kl(ContinuousBernoulli, ContinuousBernoulli)
def _kl_continuous_bernoulli(p: ContinuousBernoulli, q: ContinuousBernoulli) -> Tensor:
    log_q, log_1mq = paddle.log(q.probs), paddle.log1p(-q.probs)
    cross_entropy = -(q._log_normalizer() + p.mean * (log_q - log_1mq) + log_1mq)
    return cross_entropy - p.entropy()


@register_kl(MultivariateNormal, MultivariateNormal)
def _kl_mvn_mvn(p: MultivariateNormal, q: MultivariateNormal) -> Tensor:
    if p.event_shape != q.event_shape:
        raise ValueError(f"[kl_divergence] expected MultivariateNormal distributions of one event shape, but got "
                         f"{list(p.event_shape)} and {list(q.event_shape)}")
    lower_p, lower_q = p._unbroadcasted_scale_tril, q._unbroadcasted_scale_tril
    batch = list(paddle.broadcast_shape(list(lower_p.shape[:-2]), list(lower_q.shape[:-2])))
    k = p.event_shape[0]
    # tr(Sigma_q^-1 Sigma_p) = || L_q^-1 L_p ||_F^2
    trace = (solve_lower_triangular(paddle.broadcast_to(lower_q, batch + [k, k]),
                                    paddle.broadcast_to(lower_p, batch + [k, k])) ** 2).sum([-2, -1])
    mahalanobis = batch_mahalanobis(lower_q, p.loc - q.loc)
    return half_log_det(lower_q) - half_log_det(lower_p) + 0.5 * (trace + mahalanobis - k)


@register_kl(ExponentialFamily, ExponentialFamily)
def _kl_exponential_family(p: ExponentialFamily, q: ExponentialFamily) -> Tensor:
    """The Bregman divergence of the log normalizer, for two members of one family."""
    if type(p) is not type(q):
        raise NotImplementedError(f"[kl_divergence] no KL divergence is registered for ({type(p).__name__}, "
                                  f"{type(q).__name__}), and the exponential-family fallback needs one family")
    p_etas = natural_parameters_with_grad(p)
    q_etas = q._natural_parameters
    p_log_norm = p._log_normalizer(*p_etas)
    grads = paddle.grad(p_log_norm.sum(), p_etas, create_graph=True)
    kl = q._log_normalizer(*q_etas) - p_log_norm
    for p_eta, q_eta, grad in zip(p_etas, q_etas, grads):
        kl = kl - sum_rightmost((q_eta - p_eta) * grad, len(q.event_shape))
    return kl
