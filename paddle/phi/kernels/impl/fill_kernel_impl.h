// full and arange for every backend, over the backend's LaunchIndexFill
// (out[i] = f(i) on a freshly allocated contiguous out).
#pragma once

#include <memory>
#include <vector>

#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/core/scalar.h"
#include "paddle/phi/kernels/funcs/math_type.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_creation.h"

namespace phi {

namespace funcs {
template <typename T>
struct ConstantFunctor {
  T value;
  PD_HOSTDEVICE T operator()(int64_t) const { return value; }
};
template <typename T>
struct RangeFunctor {
  MathType<T> start, step;
  PD_HOSTDEVICE T operator()(int64_t i) const {
    return static_cast<T>(start + static_cast<MathType<T>>(i) * step);
  }
};
}  // namespace funcs

template <typename T, typename Context>
void FullKernel(const Context& ctx, const IntArray&, const Scalar& fill_value, DataType,
                DenseTensor* out) {
  ctx.template Alloc<T>(out);
  funcs::LaunchIndexFill<T>(ctx, out, funcs::ConstantFunctor<T>{fill_value.to<T>()});
}

template <typename T, typename Context>
void ArangeKernel(const Context& ctx, const Scalar& start, const Scalar& end, const Scalar& step,
                  DataType, DenseTensor* out) {
  ctx.template Alloc<T>(out);
  using M = MathType<T>;
  funcs::LaunchIndexFill<T>(ctx, out, funcs::RangeFunctor<T>{start.to<M>(), step.to<M>()});
}

// The values, converted on the host, then copied to out's memory.
template <typename T, typename Context>
void AssignValueKernel(const Context& ctx, const IntArray&, DataType, const std::vector<double>& values,
                       DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  auto host = std::make_unique<T[]>(values.size());  // not std::vector: vector<bool> has no data()
  for (size_t i = 0; i < values.size(); ++i) host[i] = static_cast<T>(values[i]);
  funcs::CopyFromHost(ctx, o, host.get(), values.size() * sizeof(T));
}

// Paddle's full_int_array: the 1-D tensor of `value`.
template <typename T, typename Context>
void FullIntArrayKernel(const Context& ctx, const std::vector<int64_t>& value, DataType dtype, DenseTensor* out) {
  AssignValueKernel<T, Context>(ctx, IntArray(), dtype, std::vector<double>(value.begin(), value.end()), out);
}

// shape64: input's dims, whatever its dtype, copied from the host.
template <typename Context>
void Shape64Kernel(const Context& ctx, const DenseTensor& input, DenseTensor* out) {
  const std::vector<int64_t> dims = input.dims().ToVector();
  int64_t* o = ctx.template Alloc<int64_t>(out);
  funcs::CopyFromHost(ctx, o, dims.data(), dims.size() * sizeof(int64_t));
}

}  // namespace phi

#define PD_REGISTER_FILL_KERNELS(B)                            \
  PD_REGISTER_OP_KERNEL(full, B, phi::FullKernel);             \
  PD_REGISTER_OP_KERNEL(assign_value, B, phi::AssignValueKernel); \
  PD_REGISTER_OP_KERNEL(full_int_array, B, phi::FullIntArrayKernel); \
  PD_REGISTER_OP_KERNEL(shape64, B, phi::Shape64Kernel);           \
  PD_REGISTER_OP_KERNEL(arange, B, phi::ArangeKernel)
