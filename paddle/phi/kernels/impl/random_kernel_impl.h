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
  int64_t low, range;
  PD_HOSTDEVICE void operator()(int64_t i, U v) const {
    int64_t k = static_cast<int64_t>(v * static_cast<U>(range));
    out[i] = static_cast<T>(low + (k < range ? k : range - 1));
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
  funcs::LaunchRandom<double, false>(ctx, out->numel(), 0, funcs::RandintSink<T, double>{o, low, high - low});
}

template <typename T, typename Context>
void BernoulliKernel(const Context& ctx, const DenseTensor& x, DenseTensor* out) {
  using U = funcs::RandomMath<T>;
  T* o = ctx.template Alloc<T>(out);
  funcs::LaunchRandom<U, false>(ctx, x.numel(), 0, funcs::BernoulliSink<T, U>{x.data<T>(), o});
}

template <typename T, typename Context>
void DropoutKernel(const Context& ctx, const DenseTensor& x, const Scalar& p, bool upscale, int64_t seed,
                   DenseTensor* out, DenseTensor* mask) {
  using U = funcs::RandomMath<T>;
  T* o = ctx.template Alloc<T>(out);
  T* m = ctx.template Alloc<T>(mask);
  const U keep = U(1) - p.to<U>();
  const U scale = !upscale ? U(1) : keep > 0 ? U(1) / keep : U(0);
  funcs::LaunchRandom<U, false>(ctx, x.numel(), seed, funcs::DropoutSink<T, U>{x.data<T>(), o, m, keep, scale});
}

}  // namespace phi

#define PD_REGISTER_RANDOM_KERNELS(B)                                       \
  PD_REGISTER_KERNEL(uniform, B, phi::UniformKernel, PD_FLOATING_TYPES);     \
  PD_REGISTER_KERNEL(gaussian, B, phi::GaussianKernel, PD_FLOATING_TYPES);   \
  PD_REGISTER_KERNEL(randint, B, phi::RandintKernel, int32_t, int64_t);      \
  PD_REGISTER_KERNEL(bernoulli, B, phi::BernoulliKernel, PD_FLOATING_TYPES); \
  PD_REGISTER_KERNEL(dropout, B, phi::DropoutKernel, PD_FLOATING_TYPES)
