// Elementwise kernels for every backend: each is one functor (funcs/functors.h)
// run by the backend's LaunchElementwise (elementwise_cpu.h or
// elementwise_gpu.cuh, included by the .cc/.cu that registers the kernels).
#pragma once

#include "paddle/common/errors.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/core/scalar.h"
#include "paddle/phi/kernels/funcs/check_divisor.h"
#include "paddle/phi/kernels/funcs/functors.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_activation.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_elementwise.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_manipulation.h"

namespace phi {

template <typename T, typename Context, template <typename> class Functor>
void BinaryKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& y, DenseTensor* out) {
  using OutT = decltype(Functor<T>()(T{}, T{}));
  ctx.template Alloc<OutT>(out);
  funcs::LaunchElementwise<OutT, T, T>(ctx, out, Functor<T>(), x, y);
}

template <typename T, typename Context, template <typename> class Functor>
void UnaryKernel(const Context& ctx, const DenseTensor& x, DenseTensor* out) {
  using OutT = decltype(Functor<T>()(T{}));
  ctx.template Alloc<OutT>(out);
  funcs::LaunchElementwise<OutT, T>(ctx, out, Functor<T>(), x);
}

#define PD_DEFINE_BINARY_KERNEL(name, Functor)                                                  \
  template <typename T, typename Context>                                                       \
  void name(const Context& ctx, const DenseTensor& x, const DenseTensor& y, DenseTensor* out) { \
    BinaryKernel<T, Context, funcs::Functor>(ctx, x, y, out);                                   \
  }
#define PD_DEFINE_UNARY_KERNEL(name, Functor)                             \
  template <typename T, typename Context>                                 \
  void name(const Context& ctx, const DenseTensor& x, DenseTensor* out) { \
    UnaryKernel<T, Context, funcs::Functor>(ctx, x, out);                 \
  }

template <typename T, typename Context>
void GeluKernel(const Context& ctx, const DenseTensor& x, bool approximate, DenseTensor* out) {
  ctx.template Alloc<T>(out);
  if (approximate) {
    funcs::LaunchElementwise<T, T>(ctx, out, funcs::GeluFunctor<T, true>(), x);
  } else {
    funcs::LaunchElementwise<T, T>(ctx, out, funcs::GeluFunctor<T, false>(), x);
  }
}

template <typename T, typename Context>
void GeluGradKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& out_grad, bool approximate,
                    DenseTensor* x_grad) {
  ctx.template Alloc<T>(x_grad);
  if (approximate) {
    funcs::LaunchElementwise<T, T, T>(ctx, x_grad, funcs::GeluGradFunctor<T, true>(), x, out_grad);
  } else {
    funcs::LaunchElementwise<T, T, T>(ctx, x_grad, funcs::GeluGradFunctor<T, false>(), x, out_grad);
  }
}

PD_DEFINE_UNARY_KERNEL(ErfinvKernel, ErfinvFunctor)
PD_DEFINE_UNARY_KERNEL(LgammaKernel, LgammaFunctor)

template <typename T, typename Context>
void PolygammaKernel(const Context& ctx, const DenseTensor& x, int64_t n, DenseTensor* out) {
  // Beyond order 170, n! overflows double: every value would be infinite.
  PD_CHECK(n >= 0 && n <= 170, InvalidArgument, "n must be in [0, 170], but got ", n);
  ctx.template Alloc<T>(out);
  funcs::LaunchElementwise<T, T>(ctx, out, funcs::PolygammaFunctor<T>{static_cast<int>(n)}, x);
}

PD_DEFINE_BINARY_KERNEL(BitwiseAndKernel, BitwiseAndFunctor)
PD_DEFINE_BINARY_KERNEL(BitwiseOrKernel, BitwiseOrFunctor)
PD_DEFINE_BINARY_KERNEL(BitwiseXorKernel, BitwiseXorFunctor)
PD_DEFINE_UNARY_KERNEL(BitwiseNotKernel, BitwiseNotFunctor)
PD_DEFINE_BINARY_KERNEL(ReluGradKernel, ReluGradFunctor)
PD_DEFINE_BINARY_KERNEL(AddKernel, AddFunctor)

// out is x's own tensor, already allocated (Note [In-place ops] in
// tools/codegen/gen_api.py): each element is read before it is written.
template <typename T, typename Context>
void AddInplaceKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& y, DenseTensor* out) {
  funcs::LaunchElementwise<T, T, T>(ctx, out, funcs::AddFunctor<T>(), x, y);
}
PD_DEFINE_BINARY_KERNEL(SubtractKernel, SubtractFunctor)
PD_DEFINE_BINARY_KERNEL(MultiplyKernel, MultiplyFunctor)
PD_DEFINE_BINARY_KERNEL(ElementwisePowKernel, PowFunctor)
PD_DEFINE_BINARY_KERNEL(MaximumKernel, MaximumFunctor)
PD_DEFINE_BINARY_KERNEL(MinimumKernel, MinimumFunctor)
PD_DEFINE_BINARY_KERNEL(EqualKernel, EqualFunctor)
PD_DEFINE_BINARY_KERNEL(NotEqualKernel, NotEqualFunctor)
PD_DEFINE_BINARY_KERNEL(LessThanKernel, LessThanFunctor)
PD_DEFINE_BINARY_KERNEL(LessEqualKernel, LessEqualFunctor)
PD_DEFINE_BINARY_KERNEL(GreaterThanKernel, GreaterThanFunctor)
PD_DEFINE_BINARY_KERNEL(GreaterEqualKernel, GreaterEqualFunctor)
PD_DEFINE_BINARY_KERNEL(LogicalAndKernel, LogicalAndFunctor)
PD_DEFINE_BINARY_KERNEL(LogicalOrKernel, LogicalOrFunctor)
PD_DEFINE_BINARY_KERNEL(Atan2Kernel, Atan2Functor)
PD_DEFINE_BINARY_KERNEL(NextafterKernel, NextafterFunctor)
PD_DEFINE_BINARY_KERNEL(FmaxKernel, FmaxFunctor)
PD_DEFINE_BINARY_KERNEL(FminKernel, FminFunctor)
PD_DEFINE_UNARY_KERNEL(LogicalNotKernel, LogicalNotFunctor)
PD_DEFINE_UNARY_KERNEL(ExpKernel, ExpFunctor)
PD_DEFINE_UNARY_KERNEL(LogKernel, LogFunctor)
PD_DEFINE_UNARY_KERNEL(SqrtKernel, SqrtFunctor)
PD_DEFINE_UNARY_KERNEL(AbsKernel, AbsFunctor)
PD_DEFINE_UNARY_KERNEL(NegKernel, NegFunctor)
PD_DEFINE_UNARY_KERNEL(TanhKernel, TanhFunctor)
PD_DEFINE_UNARY_KERNEL(SigmoidKernel, SigmoidFunctor)
PD_DEFINE_UNARY_KERNEL(ReluKernel, ReluFunctor)
PD_DEFINE_UNARY_KERNEL(ConjKernel, ConjFunctor)
PD_DEFINE_UNARY_KERNEL(ErfKernel, ErfFunctor)
PD_DEFINE_UNARY_KERNEL(Expm1Kernel, Expm1Functor)
PD_DEFINE_UNARY_KERNEL(Log1pKernel, Log1pFunctor)
PD_DEFINE_UNARY_KERNEL(Log2Kernel, Log2Functor)
PD_DEFINE_UNARY_KERNEL(Log10Kernel, Log10Functor)
PD_DEFINE_UNARY_KERNEL(SinKernel, SinFunctor)
PD_DEFINE_UNARY_KERNEL(CosKernel, CosFunctor)
PD_DEFINE_UNARY_KERNEL(TanKernel, TanFunctor)
PD_DEFINE_UNARY_KERNEL(AsinKernel, AsinFunctor)
PD_DEFINE_UNARY_KERNEL(AcosKernel, AcosFunctor)
PD_DEFINE_UNARY_KERNEL(AtanKernel, AtanFunctor)
PD_DEFINE_UNARY_KERNEL(SinhKernel, SinhFunctor)
PD_DEFINE_UNARY_KERNEL(CoshKernel, CoshFunctor)
PD_DEFINE_UNARY_KERNEL(AsinhKernel, AsinhFunctor)
PD_DEFINE_UNARY_KERNEL(AcoshKernel, AcoshFunctor)
PD_DEFINE_UNARY_KERNEL(AtanhKernel, AtanhFunctor)
PD_DEFINE_UNARY_KERNEL(FloorKernel, FloorFunctor)
PD_DEFINE_UNARY_KERNEL(CeilKernel, CeilFunctor)
PD_DEFINE_UNARY_KERNEL(RoundKernel, RoundFunctor)
PD_DEFINE_UNARY_KERNEL(TruncKernel, TruncFunctor)
PD_DEFINE_UNARY_KERNEL(SignKernel, SignFunctor)
PD_DEFINE_UNARY_KERNEL(IsNanKernel, IsNanFunctor)
PD_DEFINE_UNARY_KERNEL(IsInfKernel, IsInfFunctor)
PD_DEFINE_UNARY_KERNEL(IsFiniteKernel, IsFiniteFunctor)
#undef PD_DEFINE_BINARY_KERNEL
#undef PD_DEFINE_UNARY_KERNEL

// divide, floor_divide and remainder: integer division by zero is an
// error, not a trap, checked where the divisor is readable on the host
// (CPU); on a GPU the result is 0.
template <typename T, typename Context, template <typename> class Functor>
void DivisionKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& y, DenseTensor* out) {
  if constexpr (std::is_integral_v<T> && std::is_same_v<Context, CPUContext>) {
    funcs::CheckNoZeroDivisor<T>(y);
  }
  BinaryKernel<T, Context, Functor>(ctx, x, y, out);
}

#define PD_DEFINE_DIVISION_KERNEL(name, Functor)                                                \
  template <typename T, typename Context>                                                       \
  void name(const Context& ctx, const DenseTensor& x, const DenseTensor& y, DenseTensor* out) { \
    DivisionKernel<T, Context, funcs::Functor>(ctx, x, y, out);                                 \
  }
PD_DEFINE_DIVISION_KERNEL(DivideKernel, DivideFunctor)
PD_DEFINE_DIVISION_KERNEL(FloorDivideKernel, FloorDivideFunctor)
PD_DEFINE_DIVISION_KERNEL(RemainderKernel, RemainderFunctor)
#undef PD_DEFINE_DIVISION_KERNEL

template <typename T, typename Context>
void WhereKernel(const Context& ctx, const DenseTensor& condition, const DenseTensor& x, const DenseTensor& y,
                 DenseTensor* out) {
  ctx.template Alloc<T>(out);
  funcs::LaunchElementwise<T, bool, T, T>(ctx, out, funcs::WhereFunctor<T>(), condition, x, y);
}

template <typename T, typename Context>
void PowKernel(const Context& ctx, const DenseTensor& x, const Scalar& y, DenseTensor* out) {
  ctx.template Alloc<T>(out);
  if constexpr (std::is_floating_point_v<MathType<T>>) {
    // x ** 2, the common case, as one multiply: the same correctly rounded result as pow, without a
    // libm call per element.
    if (y.to<double>() == 2.0) {
      funcs::LaunchElementwise<T, T>(ctx, out, funcs::PowTwoFunctor<T>(), x);
      return;
    }
  }
  funcs::LaunchElementwise<T, T>(ctx, out, funcs::PowScalarFunctor<T>{y.to<T>()}, x);
}

// Casting visits the output dtype; every (in, out) pair is one instantiation.
template <typename T, typename Context>
void CastKernel(const Context& ctx, const DenseTensor& x, DataType dtype, DenseTensor* out) {
  paddle::VisitDataType(dtype, "cast", [&](auto tag) {
    using Out = typename decltype(tag)::type;
    ctx.template Alloc<Out>(out);
    funcs::LaunchElementwise<Out, T>(ctx, out, funcs::CastFunctor<T, Out>(), x);
  });
}

// Copies x (broadcast to out's dims) into out's memory, honouring out's
// strides: the kernel behind contiguous() and setitem.
template <typename T, typename Context>
void StridedCopyKernel(const Context& ctx, const DenseTensor& x, DenseTensor* out) {
  funcs::LaunchElementwise<T, T>(ctx, out, funcs::CastFunctor<T, T>(), x);
}

template <typename T, typename Context>
void CloneKernel(const Context& ctx, const DenseTensor& x, DenseTensor* out) {
  ctx.template Alloc<T>(out);
  StridedCopyKernel<T, Context>(ctx, x, out);
}

template <typename T, typename Context>
void ContiguousKernel(const Context& ctx, const DenseTensor& x, DenseTensor* out) {
  if (x.IsContiguous()) {
    out->ShareBufferWith(x);
    out->mutable_meta()->offset = x.offset();
    return;
  }
  ctx.template Alloc<T>(out);
  StridedCopyKernel<T, Context>(ctx, x, out);
}

}  // namespace phi

// One list of registrations for every backend; the .cc/.cu files of a
// backend expand each once (five lists, so they compile in parallel and a
// rebuild of one stays under a minute).
#define PD_REGISTER_BINARY_KERNELS(B)                                   \
  PD_REGISTER_OP_KERNEL(add, B, phi::AddKernel);                        \
  PD_REGISTER_OP_KERNEL(add_, B, phi::AddInplaceKernel);                \
  PD_REGISTER_OP_KERNEL(subtract, B, phi::SubtractKernel);              \
  PD_REGISTER_OP_KERNEL(multiply, B, phi::MultiplyKernel);              \
  PD_REGISTER_OP_KERNEL(divide, B, phi::DivideKernel);                  \
  PD_REGISTER_OP_KERNEL(elementwise_pow, B, phi::ElementwisePowKernel); \
  PD_REGISTER_OP_KERNEL(pow, B, phi::PowKernel);                        \
  PD_REGISTER_OP_KERNEL(maximum, B, phi::MaximumKernel);                \
  PD_REGISTER_OP_KERNEL(minimum, B, phi::MinimumKernel);                \
  PD_REGISTER_OP_KERNEL(atan2, B, phi::Atan2Kernel);                    \
  PD_REGISTER_OP_KERNEL(nextafter, B, phi::NextafterKernel);            \
  PD_REGISTER_OP_KERNEL(fmax, B, phi::FmaxKernel);                      \
  PD_REGISTER_OP_KERNEL(fmin, B, phi::FminKernel);                      \
  PD_REGISTER_OP_KERNEL(floor_divide, B, phi::FloorDivideKernel);       \
  PD_REGISTER_OP_KERNEL(remainder, B, phi::RemainderKernel)

// Comparisons, logical ops and where: the other half of the binary ops.
#define PD_REGISTER_COMPARE_KERNELS(B)                              \
  PD_REGISTER_OP_KERNEL(equal, B, phi::EqualKernel);                \
  PD_REGISTER_OP_KERNEL(not_equal, B, phi::NotEqualKernel);         \
  PD_REGISTER_OP_KERNEL(less_than, B, phi::LessThanKernel);         \
  PD_REGISTER_OP_KERNEL(less_equal, B, phi::LessEqualKernel);       \
  PD_REGISTER_OP_KERNEL(greater_than, B, phi::GreaterThanKernel);   \
  PD_REGISTER_OP_KERNEL(greater_equal, B, phi::GreaterEqualKernel); \
  PD_REGISTER_OP_KERNEL(logical_and, B, phi::LogicalAndKernel);     \
  PD_REGISTER_OP_KERNEL(logical_or, B, phi::LogicalOrKernel);       \
  PD_REGISTER_OP_KERNEL(where, B, phi::WhereKernel)

#define PD_REGISTER_UNARY_KERNELS(B)                            \
  PD_REGISTER_OP_KERNEL(logical_not, B, phi::LogicalNotKernel); \
  PD_REGISTER_OP_KERNEL(relu_grad, B, phi::ReluGradKernel);     \
  PD_REGISTER_OP_KERNEL(bitwise_and, B, phi::BitwiseAndKernel); \
  PD_REGISTER_OP_KERNEL(bitwise_or, B, phi::BitwiseOrKernel);   \
  PD_REGISTER_OP_KERNEL(bitwise_xor, B, phi::BitwiseXorKernel); \
  PD_REGISTER_OP_KERNEL(bitwise_not, B, phi::BitwiseNotKernel); \
  PD_REGISTER_OP_KERNEL(floor, B, phi::FloorKernel);            \
  PD_REGISTER_OP_KERNEL(ceil, B, phi::CeilKernel);              \
  PD_REGISTER_OP_KERNEL(round, B, phi::RoundKernel);            \
  PD_REGISTER_OP_KERNEL(trunc, B, phi::TruncKernel);            \
  PD_REGISTER_OP_KERNEL(sign, B, phi::SignKernel);              \
  PD_REGISTER_OP_KERNEL(isnan, B, phi::IsNanKernel);            \
  PD_REGISTER_OP_KERNEL(isinf, B, phi::IsInfKernel);            \
  PD_REGISTER_OP_KERNEL(isfinite, B, phi::IsFiniteKernel);      \
  PD_REGISTER_OP_KERNEL(abs, B, phi::AbsKernel);                \
  PD_REGISTER_OP_KERNEL(neg, B, phi::NegKernel);                \
  PD_REGISTER_OP_KERNEL(relu, B, phi::ReluKernel);              \
  PD_REGISTER_OP_KERNEL(conj, B, phi::ConjKernel)

// The transcendental functions (exponentials, logarithms, trigonometry and
// special functions): the heavier half to compile, in a file of its own so
// that a rebuild of either stays under a minute.
#define PD_REGISTER_UNARY_SPECIAL_KERNELS(B)                 \
  PD_REGISTER_OP_KERNEL(sin, B, phi::SinKernel);             \
  PD_REGISTER_OP_KERNEL(cos, B, phi::CosKernel);             \
  PD_REGISTER_OP_KERNEL(tan, B, phi::TanKernel);             \
  PD_REGISTER_OP_KERNEL(asin, B, phi::AsinKernel);           \
  PD_REGISTER_OP_KERNEL(acos, B, phi::AcosKernel);           \
  PD_REGISTER_OP_KERNEL(atan, B, phi::AtanKernel);           \
  PD_REGISTER_OP_KERNEL(sinh, B, phi::SinhKernel);           \
  PD_REGISTER_OP_KERNEL(cosh, B, phi::CoshKernel);           \
  PD_REGISTER_OP_KERNEL(asinh, B, phi::AsinhKernel);         \
  PD_REGISTER_OP_KERNEL(acosh, B, phi::AcoshKernel);         \
  PD_REGISTER_OP_KERNEL(atanh, B, phi::AtanhKernel);         \
  PD_REGISTER_OP_KERNEL(exp, B, phi::ExpKernel);             \
  PD_REGISTER_OP_KERNEL(log, B, phi::LogKernel);             \
  PD_REGISTER_OP_KERNEL(sqrt, B, phi::SqrtKernel);           \
  PD_REGISTER_OP_KERNEL(erf, B, phi::ErfKernel);             \
  PD_REGISTER_OP_KERNEL(gelu, B, phi::GeluKernel);           \
  PD_REGISTER_OP_KERNEL(gelu_grad, B, phi::GeluGradKernel);  \
  PD_REGISTER_OP_KERNEL(erfinv, B, phi::ErfinvKernel);       \
  PD_REGISTER_OP_KERNEL(lgamma, B, phi::LgammaKernel);       \
  PD_REGISTER_OP_KERNEL(polygamma, B, phi::PolygammaKernel); \
  PD_REGISTER_OP_KERNEL(expm1, B, phi::Expm1Kernel);         \
  PD_REGISTER_OP_KERNEL(log1p, B, phi::Log1pKernel);         \
  PD_REGISTER_OP_KERNEL(log2, B, phi::Log2Kernel);           \
  PD_REGISTER_OP_KERNEL(log10, B, phi::Log10Kernel);         \
  PD_REGISTER_OP_KERNEL(tanh, B, phi::TanhKernel);           \
  PD_REGISTER_OP_KERNEL(sigmoid, B, phi::SigmoidKernel)

#define PD_REGISTER_COPY_KERNELS(B)                                                        \
  PD_REGISTER_OP_KERNEL(cast, B, phi::CastKernel);                                         \
  PD_REGISTER_KERNEL(strided_copy, B, phi::StridedCopyKernel, PD_KERNEL_DTYPES_clone_##B); \
  PD_REGISTER_OP_KERNEL(clone, B, phi::CloneKernel);                                       \
  PD_REGISTER_OP_KERNEL(contiguous, B, phi::ContiguousKernel)
