// The random ops for every backend: each reserves its Philox counters from
// the generator (Note [Random numbers]) and runs funcs::RandomBlocks with a
// sink that turns uniform or normal values into its outputs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "paddle/phi/core/generator.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/core/scalar.h"
#include "paddle/phi/kernels/funcs/philox.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_random.h"

namespace phi {

namespace funcs {

// Random values are drawn in double for double outputs, else in float.
template <typename T>
using RandomMath = std::conditional_t<std::is_same_v<T, double> || std::is_same_v<T, int64_t>, double, float>;

// Below this many blocks one CPU thread draws them all.
inline constexpr int64_t kRandomParallelBlocks = 1 << 12;

template <typename T, typename U>
struct AffineSink {  // out = shift + scale * v
  T* out;
  U shift, scale;
  PD_HOSTDEVICE void operator()(int64_t i, U v) const { out[i] = static_cast<T>(shift + scale * v); }
};

template <typename T, typename U>
struct RandintSink {  // out = low + floor(v * range), v uniform in [0, 1)
  T* out;
  int64_t low;
  uint64_t range;  // high - low, up to 2^64 - 1: unsigned, as int64 would overflow
  PD_HOSTDEVICE void operator()(int64_t i, U v) const {
    const U scaled = v * static_cast<U>(range);  // may round up to 2^64, which no uint64 holds
    const uint64_t k = scaled < U(18446744073709551616.0) ? static_cast<uint64_t>(scaled) : range - 1;
    // low + k wraps modulo 2^64 to the right int64 (the sum itself lies in [low, high)).
    out[i] = static_cast<T>(static_cast<int64_t>(static_cast<uint64_t>(low) + (k < range ? k : range - 1)));
  }
};

template <typename T, typename U>
struct BernoulliSink {  // out = 1 with probability p
  const T* p;
  T* out;
  PD_HOSTDEVICE void operator()(int64_t i, U v) const {
    out[i] = v < static_cast<U>(p[i]) ? T(1) : T(0);
  }
};

template <typename T, typename U>
struct DropoutSink {  // keeps x with probability `keep`, scaled; mask = the factor applied
  const T* x;
  T* out;
  T* mask;
  U keep, scale;
  PD_HOSTDEVICE void operator()(int64_t i, U v) const {
    const bool kept = v < keep;
    mask[i] = kept ? static_cast<T>(scale) : T(0);
    out[i] = kept ? static_cast<T>(static_cast<U>(x[i]) * scale) : T(0);
  }
};

template <typename T, typename U>
struct ScaledCopy {  // dropout at test time: every element keeps, scaled by `factor`; mask = factor
  const T* x;
  T* out;
  T* mask;
  U factor;
  PD_HOSTDEVICE void operator()(int64_t i) const {
    mask[i] = static_cast<T>(factor);
    out[i] = static_cast<T>(static_cast<U>(x[i]) * factor);
  }
};

// Uniform doubles in [0, 1) for one element: blocks (counter, 0), (counter, 1),
// ... so an element can draw as many as it needs while the values of every
// element depend on its counter alone.
class ElementUniforms {
 public:
  PD_HOSTDEVICE ElementUniforms(uint64_t seed, uint64_t counter) : seed_(seed), counter_(counter) {}
  PD_HOSTDEVICE double Next() {
    if (used_ == kPerBlock<double>) {
      UniformsFromBlock(Philox(seed_, counter_, sub_++), values_);
      used_ = 0;
    }
    return values_[used_++];
  }

 private:
  uint64_t seed_, counter_, sub_ = 0;
  double values_[kPerBlock<double>] = {};
  int used_ = kPerBlock<double>;
};

// A Poisson sample of mean `rate` (NaN for a negative or NaN rate). Small
// rates multiply uniforms until the product drops below exp(-rate) (Knuth);
// from 10 on, Hormann's transformed rejection with squeeze (PTRS, "The
// transformed rejection method for generating Poisson random variables",
// 1993), which needs about 1.2 pairs of uniforms whatever the rate.
PD_HOSTDEVICE inline double PoissonSample(double rate, ElementUniforms& u) {
  if (!(rate >= 0)) return rate - rate + NAN;
  if (rate < 10) {
    const double limit = std::exp(-rate);
    double product = u.Next();
    double count = 0;
    while (product > limit) {
      product *= u.Next();
      count += 1;
    }
    return count;
  }
  const double sqrt_rate = std::sqrt(rate), log_rate = std::log(rate);
  const double b = 0.931 + 2.53 * sqrt_rate, a = -0.059 + 0.02483 * b;
  const double inv_alpha = 1.1239 + 1.1328 / (b - 3.4), v_r = 0.9277 - 3.6224 / (b - 2);
  while (true) {
    const double uu = u.Next() - 0.5, v = u.Next();
    const double us = 0.5 - std::fabs(uu);
    const double k = std::floor((2 * a / us + b) * uu + rate + 0.43);
    if (us >= 0.07 && v <= v_r) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (std::log(v) + std::log(inv_alpha) - std::log(a / (us * us) + b) <= -rate + k * log_rate - std::lgamma(k + 1)) {
      return k;
    }
  }
}

template <typename T>
struct PoissonFunctor {
  uint64_t seed, offset;
  const T* rate;
  T* out;
  PD_HOSTDEVICE void operator()(int64_t i) const {
    ElementUniforms u(seed, offset + static_cast<uint64_t>(i));
    out[i] = static_cast<T>(PoissonSample(static_cast<double>(rate[i]), u));
  }
};

// Runs `sink` over numel values of the stream reserved for this call.
template <typename U, bool kNormal, typename Context, typename Sink>
void LaunchRandom(const Context& ctx, int64_t numel, int64_t seed, Sink sink) {
  if (numel == 0) return;
  const int64_t blocks = RandomBlockCount<U>(numel);
  GeneratorState state = ReserveRandom(ctx.GetPlace(), seed, static_cast<uint64_t>(blocks));
  LaunchForEach(ctx, blocks, RandomBlocks<U, kNormal, Sink>{state.seed, state.offset, numel, sink},
                kRandomParallelBlocks);
}

}  // namespace funcs

template <typename T, typename Context>
void UniformKernel(const Context& ctx, const IntArray&, DataType, const Scalar& min, const Scalar& max,
                   int64_t seed, DenseTensor* out) {
  using U = funcs::RandomMath<T>;
  T* o = ctx.template Alloc<T>(out);
  const U lo = min.to<U>();
  funcs::LaunchRandom<U, false>(ctx, out->numel(), seed, funcs::AffineSink<T, U>{o, lo, max.to<U>() - lo});
}

template <typename T, typename Context>
void GaussianKernel(const Context& ctx, const IntArray&, const Scalar& mean, const Scalar& std, int64_t seed,
                    DataType, DenseTensor* out) {
  using U = funcs::RandomMath<T>;
  T* o = ctx.template Alloc<T>(out);
  funcs::LaunchRandom<U, true>(ctx, out->numel(), seed, funcs::AffineSink<T, U>{o, mean.to<U>(), std.to<U>()});
}

template <typename T, typename Context>
void RandintKernel(const Context& ctx, int64_t low, int64_t high, const IntArray&, DataType, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  const uint64_t range = static_cast<uint64_t>(high) - static_cast<uint64_t>(low);  // high > low (infer-meta)
  funcs::LaunchRandom<double, false>(ctx, out->numel(), 0, funcs::RandintSink<T, double>{o, low, range});
}

template <typename T, typename Context>
void BernoulliKernel(const Context& ctx, const DenseTensor& x, DenseTensor* out) {
  using U = funcs::RandomMath<T>;
  T* o = ctx.template Alloc<T>(out);
  funcs::LaunchRandom<U, false>(ctx, x.numel(), 0, funcs::BernoulliSink<T, U>{x.data<T>(), o});
}

template <typename T, typename Context>
void DropoutKernel(const Context& ctx, const DenseTensor& x, const Scalar& p, bool upscale, int64_t seed,
                   bool is_test, DenseTensor* out, DenseTensor* mask) {
  using U = funcs::RandomMath<T>;
  T* o = ctx.template Alloc<T>(out);
  T* m = ctx.template Alloc<T>(mask);
  const U keep = U(1) - p.to<U>();
  if (is_test) {  // upscale_in_train is the identity now; downgrade_in_infer scales by keep
    funcs::LaunchForEach(ctx, x.numel(), funcs::ScaledCopy<T, U>{x.data<T>(), o, m, upscale ? U(1) : keep});
    return;
  }
  const U scale = !upscale ? U(1) : keep > 0 ? U(1) / keep : U(0);
  funcs::LaunchRandom<U, false>(ctx, x.numel(), seed, funcs::DropoutSink<T, U>{x.data<T>(), o, m, keep, scale});
}

template <typename T, typename Context>
void PoissonKernel(const Context& ctx, const DenseTensor& x, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  if (x.numel() == 0) return;
  GeneratorState state = ReserveRandom(ctx.GetPlace(), 0, static_cast<uint64_t>(x.numel()));
  funcs::LaunchForEach(ctx, x.numel(), funcs::PoissonFunctor<T>{state.seed, state.offset, x.data<T>(), o},
                       funcs::kRandomParallelBlocks);
}

}  // namespace phi

#define PD_REGISTER_RANDOM_KERNELS(B)                        \
  PD_REGISTER_OP_KERNEL(uniform, B, phi::UniformKernel);     \
  PD_REGISTER_OP_KERNEL(gaussian, B, phi::GaussianKernel);   \
  PD_REGISTER_OP_KERNEL(randint, B, phi::RandintKernel);     \
  PD_REGISTER_OP_KERNEL(bernoulli, B, phi::BernoulliKernel); \
  PD_REGISTER_OP_KERNEL(poisson, B, phi::PoissonKernel);     \
  PD_REGISTER_OP_KERNEL(dropout, B, phi::DropoutKernel)
