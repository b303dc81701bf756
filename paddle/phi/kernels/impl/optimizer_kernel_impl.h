// Optimizer updates for every backend (paddle/phi/ops/yaml/optimizer.yaml):
// one functor per optimizer updates element i of a parameter and its states,
// run by the backend's LaunchForEach. The ops are in place (Note [In-place
// ops] in tools/codegen/gen_api.py): each output is its input's own tensor,
// already allocated, so the kernels write through the outputs' pointers and
// never allocate them. Arithmetic is in MathType (float for half types).
#pragma once

#include <cmath>
#include <string>

#include "paddle/common/errors.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/math_type.h"
#include "paddle/phi/kernels/impl/reduce_kernel_impl.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_optimizer.h"

namespace phi {
namespace funcs {

// The weight-decay penalty whose gradient is added to grad before an update.
template <typename M>
struct Penalty {
  enum Kind { kNone, kL1, kL2 } kind = kNone;
  M coeff = 0;

  PD_HOSTDEVICE M operator()(M grad, M param) const {
    if (kind == kL2) return grad + coeff * param;
    if (kind == kL1) return grad + coeff * static_cast<M>((param > M(0)) - (param < M(0)));
    return grad;
  }
};

template <typename M>
Penalty<M> ParsePenalty(const std::string& regularization, double coeff) {
  Penalty<M> p;
  p.coeff = static_cast<M>(coeff);
  if (regularization == "l2_decay") {
    p.kind = Penalty<M>::kL2;
  } else if (regularization == "l1_decay") {
    p.kind = Penalty<M>::kL1;
  } else {
    PD_CHECK(regularization.empty() || regularization == "none", InvalidArgument,
             "regularization must be '', 'l1_decay' or 'l2_decay', but got '", regularization, "'");
  }
  return p;
}

template <typename T>
struct SgdUpdate {
  using M = MathType<T>;
  T* param;
  const T* grad;
  M lr;
  Penalty<M> penalty;

  PD_HOSTDEVICE void operator()(int64_t i) const {
    const M p = static_cast<M>(param[i]);
    param[i] = static_cast<T>(p - lr * penalty(static_cast<M>(grad[i]), p));
  }
};

template <typename T>
struct MomentumUpdate {
  using M = MathType<T>;
  T* param;
  const T* grad;
  T* velocity;
  M lr, mu;
  bool nesterov;
  Penalty<M> penalty;

  PD_HOSTDEVICE void operator()(int64_t i) const {
    const M p = static_cast<M>(param[i]);
    const M g = penalty(static_cast<M>(grad[i]), p);
    const M v = mu * static_cast<M>(velocity[i]) + g;
    velocity[i] = static_cast<T>(v);
    param[i] = static_cast<T>(p - lr * (nesterov ? g + mu * v : v));
  }
};

// Adam with bias corrections c1 = 1 - beta1^t, c2 = 1 - beta2^t; AdamW's
// decoupled decay shrinks the parameter first.
template <typename T>
struct AdamUpdate {
  using M = MathType<T>;
  T* param;
  const T* grad;
  T* moment1;
  T* moment2;
  T* moment2_max;
  M lr, beta1, beta2, epsilon, c1, c2, decay;
  bool amsgrad;
  Penalty<M> penalty;

  PD_HOSTDEVICE void operator()(int64_t i) const { Apply(i, lr, c1, c2); }

  PD_HOSTDEVICE void Apply(int64_t i, M lr, M c1, M c2) const {
    const M p = static_cast<M>(param[i]) * (M(1) - lr * decay);
    const M g = penalty(static_cast<M>(grad[i]), static_cast<M>(param[i]));
    const M m = beta1 * static_cast<M>(moment1[i]) + (M(1) - beta1) * g;
    M v = beta2 * static_cast<M>(moment2[i]) + (M(1) - beta2) * g * g;
    moment1[i] = static_cast<T>(m);
    moment2[i] = static_cast<T>(v);
    if (amsgrad) {
      const M seen = static_cast<M>(moment2_max[i]);
      v = v > seen ? v : seen;
      moment2_max[i] = static_cast<T>(v);
    }
    param[i] = static_cast<T>(p - lr * (m / c1) / (std::sqrt(v / c2) + epsilon));
  }
};

// Adam whose learning rate and beta powers are tensors (Note [Static
// updates]): read on the device, so the step needs no copy to the host.
template <typename T>
struct ScheduledAdamUpdate {
  using M = MathType<T>;
  AdamUpdate<T> adam;
  const float* lr;
  const double* beta1_pow;
  const double* beta2_pow;

  PD_HOSTDEVICE void operator()(int64_t i) const {
    adam.Apply(i, static_cast<M>(*lr), static_cast<M>(1.0 - *beta1_pow), static_cast<M>(1.0 - *beta2_pow));
  }
};

// beta^t -> beta^(t+1), after the step that read them.
struct AdvanceBetaPowers {
  double* beta1_pow;
  double* beta2_pow;
  double beta1, beta2;

  PD_HOSTDEVICE void operator()(int64_t) const {
    *beta1_pow *= beta1;
    *beta2_pow *= beta2;
  }
};

template <typename T>
struct AdamaxUpdate {
  using M = MathType<T>;
  T* param;
  const T* grad;
  T* moment;
  T* inf_norm;
  M lr, beta1, beta2, epsilon, c1;
  Penalty<M> penalty;

  PD_HOSTDEVICE void operator()(int64_t i) const {
    const M p = static_cast<M>(param[i]);
    const M g = penalty(static_cast<M>(grad[i]), p);
    const M m = beta1 * static_cast<M>(moment[i]) + (M(1) - beta1) * g;
    const M decayed = beta2 * static_cast<M>(inf_norm[i]) + epsilon;
    const M u = decayed > std::abs(g) ? decayed : std::abs(g);
    moment[i] = static_cast<T>(m);
    inf_norm[i] = static_cast<T>(u);
    param[i] = static_cast<T>(p - lr / c1 * m / u);
  }
};

template <typename T>
struct AdagradUpdate {
  using M = MathType<T>;
  T* param;
  const T* grad;
  T* moment;
  M lr, epsilon;
  Penalty<M> penalty;

  PD_HOSTDEVICE void operator()(int64_t i) const {
    const M p = static_cast<M>(param[i]);
    const M g = penalty(static_cast<M>(grad[i]), p);
    const M s = static_cast<M>(moment[i]) + g * g;
    moment[i] = static_cast<T>(s);
    param[i] = static_cast<T>(p - lr * g / (std::sqrt(s) + epsilon));
  }
};

template <typename T>
struct AdadeltaUpdate {
  using M = MathType<T>;
  T* param;
  const T* grad;
  T* avg_squared_grad;
  T* avg_squared_update;
  M lr, rho, epsilon;
  Penalty<M> penalty;

  PD_HOSTDEVICE void operator()(int64_t i) const {
    const M p = static_cast<M>(param[i]);
    const M g = penalty(static_cast<M>(grad[i]), p);
    const M eg = rho * static_cast<M>(avg_squared_grad[i]) + (M(1) - rho) * g * g;
    const M eu_old = static_cast<M>(avg_squared_update[i]);
    const M update = -std::sqrt((eu_old + epsilon) / (eg + epsilon)) * g;
    avg_squared_grad[i] = static_cast<T>(eg);
    avg_squared_update[i] = static_cast<T>(rho * eu_old + (M(1) - rho) * update * update);
    param[i] = static_cast<T>(p + lr * update);
  }
};

template <typename T>
struct RmspropUpdate {
  using M = MathType<T>;
  T* param;
  const T* grad;
  T* mean_square;
  T* mean_grad;
  T* moment;
  M lr, rho, epsilon, momentum;
  bool centered;
  Penalty<M> penalty;

  PD_HOSTDEVICE void operator()(int64_t i) const {
    const M p = static_cast<M>(param[i]);
    const M g = penalty(static_cast<M>(grad[i]), p);
    const M ms = rho * static_cast<M>(mean_square[i]) + (M(1) - rho) * g * g;
    mean_square[i] = static_cast<T>(ms);
    M denom = ms + epsilon;
    if (centered) {
      const M mg = rho * static_cast<M>(mean_grad[i]) + (M(1) - rho) * g;
      mean_grad[i] = static_cast<T>(mg);
      denom -= mg * mg;
    }
    const M mom = momentum * static_cast<M>(moment[i]) + lr * g / std::sqrt(denom);
    moment[i] = static_cast<T>(mom);
    param[i] = static_cast<T>(p - mom);
  }
};

// LAMB, first pass: the moments, the direction r and the squares of param
// and r (rows 0 and 1 of `squares`, summed into the two norms).
template <typename T>
struct LambDirection {
  using M = MathType<T>;
  const T* param;
  const T* grad;
  T* moment1;
  T* moment2;
  M* direction;
  M* squares;
  int64_t n;
  M beta1, beta2, epsilon, c1, c2, weight_decay;

  PD_HOSTDEVICE void operator()(int64_t i) const {
    const M p = static_cast<M>(param[i]);
    const M g = static_cast<M>(grad[i]);
    const M m = beta1 * static_cast<M>(moment1[i]) + (M(1) - beta1) * g;
    const M v = beta2 * static_cast<M>(moment2[i]) + (M(1) - beta2) * g * g;
    moment1[i] = static_cast<T>(m);
    moment2[i] = static_cast<T>(v);
    const M r = (m / c1) / (std::sqrt(v / c2) + epsilon) + weight_decay * p;
    direction[i] = r;
    squares[i] = p * p;
    squares[n + i] = r * r;
  }
};

// LAMB, second pass: a step of lr * |param| / |r| along r (of lr when
// either norm is zero). `norms` holds the two sums of squares.
template <typename T>
struct LambStep {
  using M = MathType<T>;
  T* param;
  const M* direction;
  const M* norms;
  M lr;

  PD_HOSTDEVICE void operator()(int64_t i) const {
    const M trust = norms[0] > M(0) && norms[1] > M(0) ? std::sqrt(norms[0] / norms[1]) : M(1);
    param[i] = static_cast<T>(static_cast<M>(param[i]) - lr * trust * direction[i]);
  }
};

}  // namespace funcs

// 1 - beta^t, the bias correction at step t, from beta_pow = beta^t.
inline double BiasCorrection(double beta_pow, const char* arg) {
  PD_CHECK(beta_pow >= 0 && beta_pow < 1, InvalidArgument, arg, " must be in [0, 1), but got ", beta_pow);
  return 1.0 - beta_pow;
}

template <typename T, typename Context>
void SgdKernel(const Context& ctx, const DenseTensor&, const DenseTensor& grad, double learning_rate,
               const std::string& regularization, double regularization_coeff, DenseTensor* param_out) {
  using M = MathType<T>;
  funcs::LaunchForEach(ctx, param_out->numel(),
                       funcs::SgdUpdate<T>{param_out->data<T>(), grad.data<T>(), static_cast<M>(learning_rate),
                                           funcs::ParsePenalty<M>(regularization, regularization_coeff)});
}

template <typename T, typename Context>
void MomentumKernel(const Context& ctx, const DenseTensor&, const DenseTensor& grad, const DenseTensor&,
                    double learning_rate, double mu, bool use_nesterov, const std::string& regularization,
                    double regularization_coeff, DenseTensor* param_out, DenseTensor* velocity_out) {
  using M = MathType<T>;
  funcs::LaunchForEach(
      ctx, param_out->numel(),
      funcs::MomentumUpdate<T>{param_out->data<T>(), grad.data<T>(), velocity_out->data<T>(),
                               static_cast<M>(learning_rate), static_cast<M>(mu), use_nesterov,
                               funcs::ParsePenalty<M>(regularization, regularization_coeff)});
}

template <typename T, typename Context>
void AdamKernel(const Context& ctx, const DenseTensor&, const DenseTensor& grad, const DenseTensor&,
                const DenseTensor&, const DenseTensor&, double learning_rate, double beta1, double beta2,
                double epsilon, double beta1_pow, double beta2_pow, double decoupled_decay, bool amsgrad,
                const std::string& regularization, double regularization_coeff, DenseTensor* param_out,
                DenseTensor* moment1_out, DenseTensor* moment2_out, DenseTensor* moment2_max_out) {
  using M = MathType<T>;
  const M c1 = static_cast<M>(BiasCorrection(beta1_pow, "beta1_pow"));
  const M c2 = static_cast<M>(BiasCorrection(beta2_pow, "beta2_pow"));
  funcs::LaunchForEach(
      ctx, param_out->numel(),
      funcs::AdamUpdate<T>{param_out->data<T>(), grad.data<T>(), moment1_out->data<T>(), moment2_out->data<T>(),
                           moment2_max_out->data<T>(), static_cast<M>(learning_rate), static_cast<M>(beta1),
                           static_cast<M>(beta2), static_cast<M>(epsilon), c1, c2,
                           static_cast<M>(decoupled_decay), amsgrad,
                           funcs::ParsePenalty<M>(regularization, regularization_coeff)});
}

template <typename T, typename Context>
void ScheduledAdamKernel(const Context& ctx, const DenseTensor&, const DenseTensor& grad,
                         const DenseTensor& learning_rate, const DenseTensor&, const DenseTensor&, const DenseTensor&,
                         const DenseTensor&, const DenseTensor&, double beta1, double beta2, double epsilon,
                         double decoupled_decay, bool amsgrad, const std::string& regularization,
                         double regularization_coeff, DenseTensor* param_out, DenseTensor* moment1_out,
                         DenseTensor* moment2_out, DenseTensor* moment2_max_out, DenseTensor* beta1_pow_out,
                         DenseTensor* beta2_pow_out) {
  using M = MathType<T>;
  const funcs::AdamUpdate<T> adam{param_out->data<T>(), grad.data<T>(), moment1_out->data<T>(),
                                  moment2_out->data<T>(), moment2_max_out->data<T>(), M(0), static_cast<M>(beta1),
                                  static_cast<M>(beta2), static_cast<M>(epsilon), M(1), M(1),
                                  static_cast<M>(decoupled_decay), amsgrad,
                                  funcs::ParsePenalty<M>(regularization, regularization_coeff)};
  funcs::LaunchForEach(ctx, param_out->numel(),
                       funcs::ScheduledAdamUpdate<T>{adam, learning_rate.data<float>(), beta1_pow_out->data<double>(),
                                                     beta2_pow_out->data<double>()});
  funcs::LaunchForEach(ctx, 1, funcs::AdvanceBetaPowers{beta1_pow_out->data<double>(), beta2_pow_out->data<double>(),
                                                        beta1, beta2});
}

template <typename T, typename Context>
void AdamaxKernel(const Context& ctx, const DenseTensor&, const DenseTensor& grad, const DenseTensor&,
                  const DenseTensor&, double learning_rate, double beta1, double beta2, double epsilon,
                  double beta1_pow, const std::string& regularization, double regularization_coeff,
                  DenseTensor* param_out, DenseTensor* moment_out, DenseTensor* inf_norm_out) {
  using M = MathType<T>;
  funcs::LaunchForEach(
      ctx, param_out->numel(),
      funcs::AdamaxUpdate<T>{param_out->data<T>(), grad.data<T>(), moment_out->data<T>(), inf_norm_out->data<T>(),
                             static_cast<M>(learning_rate), static_cast<M>(beta1), static_cast<M>(beta2),
                             static_cast<M>(epsilon), static_cast<M>(BiasCorrection(beta1_pow, "beta1_pow")),
                             funcs::ParsePenalty<M>(regularization, regularization_coeff)});
}

template <typename T, typename Context>
void AdagradKernel(const Context& ctx, const DenseTensor&, const DenseTensor& grad, const DenseTensor&,
                   double learning_rate, double epsilon, const std::string& regularization,
                   double regularization_coeff, DenseTensor* param_out, DenseTensor* moment_out) {
  using M = MathType<T>;
  funcs::LaunchForEach(
      ctx, param_out->numel(),
      funcs::AdagradUpdate<T>{param_out->data<T>(), grad.data<T>(), moment_out->data<T>(),
                              static_cast<M>(learning_rate), static_cast<M>(epsilon),
                              funcs::ParsePenalty<M>(regularization, regularization_coeff)});
}

template <typename T, typename Context>
void AdadeltaKernel(const Context& ctx, const DenseTensor&, const DenseTensor& grad, const DenseTensor&,
                    const DenseTensor&, double learning_rate, double rho, double epsilon,
                    const std::string& regularization, double regularization_coeff, DenseTensor* param_out,
                    DenseTensor* avg_squared_grad_out, DenseTensor* avg_squared_update_out) {
  using M = MathType<T>;
  funcs::LaunchForEach(
      ctx, param_out->numel(),
      funcs::AdadeltaUpdate<T>{param_out->data<T>(), grad.data<T>(), avg_squared_grad_out->data<T>(),
                               avg_squared_update_out->data<T>(), static_cast<M>(learning_rate),
                               static_cast<M>(rho), static_cast<M>(epsilon),
                               funcs::ParsePenalty<M>(regularization, regularization_coeff)});
}

template <typename T, typename Context>
void RmspropKernel(const Context& ctx, const DenseTensor&, const DenseTensor& grad, const DenseTensor&,
                   const DenseTensor&, const DenseTensor&, double learning_rate, double rho, double epsilon,
                   double momentum, bool centered, const std::string& regularization, double regularization_coeff,
                   DenseTensor* param_out, DenseTensor* mean_square_out, DenseTensor* mean_grad_out,
                   DenseTensor* moment_out) {
  using M = MathType<T>;
  funcs::LaunchForEach(
      ctx, param_out->numel(),
      funcs::RmspropUpdate<T>{param_out->data<T>(), grad.data<T>(), mean_square_out->data<T>(),
                              mean_grad_out->data<T>(), moment_out->data<T>(), static_cast<M>(learning_rate),
                              static_cast<M>(rho), static_cast<M>(epsilon), static_cast<M>(momentum), centered,
                              funcs::ParsePenalty<M>(regularization, regularization_coeff)});
}

template <typename T, typename Context>
void LambKernel(const Context& ctx, const DenseTensor&, const DenseTensor& grad, const DenseTensor&,
                const DenseTensor&, double learning_rate, double beta1, double beta2, double epsilon, double beta1_pow,
                double beta2_pow, double weight_decay, DenseTensor* param_out, DenseTensor* moment1_out, DenseTensor* moment2_out) {
  using M = MathType<T>;
  const int64_t n = param_out->numel();
  const M c1 = static_cast<M>(BiasCorrection(beta1_pow, "beta1_pow"));
  const M c2 = static_cast<M>(BiasCorrection(beta2_pow, "beta2_pow"));
  if (n == 0) return;
  constexpr DataType kMathType = paddle::DataTypeOf<M>;
  DenseTensor direction(DenseTensorMeta(kMathType, DDim({n})));
  DenseTensor squares(DenseTensorMeta(kMathType, DDim({2, n})));
  DenseTensor norms(DenseTensorMeta(kMathType, DDim({2})));
  funcs::LaunchForEach(ctx, n,
                       funcs::LambDirection<T>{param_out->data<T>(), grad.data<T>(), moment1_out->data<T>(),
                                               moment2_out->data<T>(), ctx.template Alloc<M>(&direction),
                                               ctx.template Alloc<M>(&squares), n, static_cast<M>(beta1),
                                               static_cast<M>(beta2), static_cast<M>(epsilon), c1, c2,
                                               static_cast<M>(weight_decay)});
  SumKernel<M, Context>(ctx, squares, IntArray(std::vector<int64_t>{1}), kMathType, false, &norms);
  funcs::LaunchForEach(ctx, n,
                       funcs::LambStep<T>{param_out->data<T>(), direction.data<M>(), norms.data<M>(),
                                          static_cast<M>(learning_rate)});
}

}  // namespace phi

#define PD_REGISTER_OPTIMIZER_KERNELS(B)                    \
  PD_REGISTER_OP_KERNEL(sgd_, B, phi::SgdKernel);           \
  PD_REGISTER_OP_KERNEL(momentum_, B, phi::MomentumKernel); \
  PD_REGISTER_OP_KERNEL(adam_, B, phi::AdamKernel);         \
  PD_REGISTER_OP_KERNEL(scheduled_adam_, B, phi::ScheduledAdamKernel); \
  PD_REGISTER_OP_KERNEL(adamax_, B, phi::AdamaxKernel);     \
  PD_REGISTER_OP_KERNEL(adagrad_, B, phi::AdagradKernel);   \
  PD_REGISTER_OP_KERNEL(adadelta_, B, phi::AdadeltaKernel); \
  PD_REGISTER_OP_KERNEL(rmsprop_, B, phi::RmspropKernel);   \
  PD_REGISTER_OP_KERNEL(lamb_, B, phi::LambKernel)
