"""Probability distributions, transforms and KL divergences (``paddle.distribution``).

Each distribution has ``batch_shape``/``event_shape``, ``sample`` (no
gradient), ``rsample`` where it can be reparameterized (gradients flow to the
parameters), ``log_prob``/``prob``, ``entropy``, ``mean``/``variance`` and
more where defined; ``kl_divergence(p, q)`` looks up a registered closed form.
See docs/guide/distribution.md.
"""

from paddle.distribution.bernoulli import Bernoulli
from paddle.distribution.beta import Beta
from paddle.distribution.binomial import Binomial
from paddle.distribution.categorical import Categorical
from paddle.distribution.cauchy import Cauchy
from paddle.distribution.continuous_bernoulli import ContinuousBernoulli
from paddle.distribution.dirichlet import Dirichlet
from paddle.distribution.distribution import Distribution
from paddle.distribution.exponential import Exponential
from paddle.distribution.exponential_family import ExponentialFamily
from paddle.distribution.gamma import Chi2, Gamma
from paddle.distribution.geometric import Geometric
from paddle.distribution.gumbel import Gumbel
from paddle.distribution.independent import Independent
from paddle.distribution.kl import kl_divergence, register_kl
from paddle.distribution.laplace import Laplace
from paddle.distribution.lkj_cholesky import LKJCholesky
from paddle.distribution.lognormal import LogNormal
from paddle.distribution.multinomial import Multinomial
from paddle.distribution.multivariate_normal import MultivariateNormal
from paddle.distribution.normal import Normal
from paddle.distribution.poisson import Poisson
from paddle.distribution.student_t import StudentT
from paddle.distribution import transform
from paddle.distribution.transform import (
    AbsTransform,
    AffineTransform,
    ChainTransform,
    ExpTransform,
    IndependentTransform,
    PowerTransform,
    ReshapeTransform,
    SigmoidTransform,
    SoftmaxTransform,
    StackTransform,
    StickBreakingTransform,
    TanhTransform,
    Transform,
)
from paddle.distribution.transformed_distribution import TransformedDistribution
from paddle.distribution.uniform import Uniform

__all__ = [
    "Bernoulli",
    "Beta",
    "Categorical",
    "Cauchy",
    "Chi2",
    "ContinuousBernoulli",
    "Dirichlet",
    "Distribution",
    "Exponential",
    "ExponentialFamily",
    "Multinomial",
    "MultivariateNormal",
    "Normal",
    "Uniform",
    "kl_divergence",
    "register_kl",
    "Independent",
    "TransformedDistribution",
    "Laplace",
    "LogNormal",
    "LKJCholesky",
    "Gamma",
    "Gumbel",
    "Geometric",
    "Binomial",
    "Poisson",
    "StudentT",
] + transform.__all__
