// Elementwise functors, written once for every backend: the CPU loop and the
// CUDA kernel both call them (see elementwise_cpu.h, elementwise_gpu.cuh).
// Each takes and returns values of the kernel's dtype T (comparisons return
// bool); half types compute in float through MathType.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

#include "paddle/common/macros.h"
#include "paddle/phi/kernels/funcs/fast_math.h"
#include "paddle/phi/kernels/funcs/math_type.h"

namespace phi::funcs {

// ---- binary arithmetic
template <typename T>
struct AddFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T a, T b) const { return static_cast<T>(a + b); }
};
template <typename T>
struct SubtractFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T a, T b) const { return static_cast<T>(a - b); }
};
template <typename T>
struct MultiplyFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T a, T b) const { return static_cast<T>(a * b); }
};
template <>
struct MultiplyFunctor<bool> {
  PD_HOSTDEVICE PD_FORCEINLINE bool operator()(bool a, bool b) const { return a && b; }
};

template <typename T>
struct DivideFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      // Truncating division; b == 0 is rejected before the launch on the CPU,
      // and -1 is special-cased because MIN / -1 traps on x86.
      if (b == 0) return 0;
      if constexpr (std::is_signed_v<T>) {
        if (b == -1) return static_cast<T>(0 - static_cast<std::make_unsigned_t<T>>(a));
      }
      return static_cast<T>(a / b);
    } else {
      return static_cast<T>(a / b);
    }
  }
};

template <typename T>
struct PowFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      // Exponentiation by squaring; negative exponents give 0 except for +-1.
      if constexpr (std::is_signed_v<T>) {
        if (b < 0) return a == 1 ? T(1) : a == -1 ? ((b & 1) ? T(-1) : T(1)) : T(0);
      }
      // In unsigned arithmetic, so overflow wraps (as NumPy's) instead of
      // being undefined behaviour.
      using U = std::make_unsigned_t<std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>>;
      U result = 1, base = static_cast<U>(a);
      for (auto e = b; e > 0; e >>= 1) {
        if (e & 1) result = static_cast<U>(result * base);
        base = static_cast<U>(base * base);
      }
      return static_cast<T>(result);
    } else if constexpr (kIsComplex<T>) {
      using paddle::exp, paddle::log;
      return a == T(0) ? (b == T(0) ? T(1) : T(0)) : exp(b * log(a));
    } else {
      using M = MathType<T>;
      return static_cast<T>(std::pow(static_cast<M>(a), static_cast<M>(b)));
    }
  }
};

// x ** y for a scalar y, converted to T's math type once.
template <typename T>
struct PowScalarFunctor {
  T exponent;
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T a) const { return PowFunctor<T>()(a, exponent); }
};

template <typename T>
struct PowTwoFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T a) const {
    const MathType<T> m = static_cast<MathType<T>>(a);
    return static_cast<T>(m * m);
  }
};

template <typename T>
PD_HOSTDEVICE bool IsNan(T v) {
  if constexpr (kIsComplex<T>) {
    return v.real != v.real || v.imag != v.imag;
  } else if constexpr (std::is_floating_point_v<MathType<T>>) {
    MathType<T> m = static_cast<MathType<T>>(v);
    return m != m;
  } else {
    return false;
  }
}

// The larger (kMax) or smaller of a and b. With kNanWins a NaN operand is
// the result (maximum/minimum); otherwise the other operand is (fmax/fmin).
template <typename T, bool kMax, bool kNanWins>
struct SelectFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T a, T b) const {
    if (IsNan(a)) return kNanWins ? a : b;
    if (IsNan(b)) return kNanWins ? b : a;
    if constexpr (kMax) {
      return a > b ? a : b;
    } else {
      return a < b ? a : b;
    }
  }
};
template <typename T>
using MaximumFunctor = SelectFunctor<T, true, true>;
template <typename T>
using MinimumFunctor = SelectFunctor<T, false, true>;
template <typename T>
using FmaxFunctor = SelectFunctor<T, true, false>;
template <typename T>
using FminFunctor = SelectFunctor<T, false, false>;

// ---- comparisons and logic (bool results)
template <typename T>
struct EqualFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE bool operator()(T a, T b) const { return a == b; }
};
template <typename T>
struct NotEqualFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE bool operator()(T a, T b) const { return a != b; }
};
template <typename T>
struct LessThanFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE bool operator()(T a, T b) const { return a < b; }
};
template <typename T>
struct LessEqualFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE bool operator()(T a, T b) const { return a <= b; }
};
template <typename T>
struct GreaterThanFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE bool operator()(T a, T b) const { return a > b; }
};
template <typename T>
struct GreaterEqualFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE bool operator()(T a, T b) const { return a >= b; }
};
template <typename T>
struct LogicalAndFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE bool operator()(T a, T b) const { return static_cast<bool>(a) && static_cast<bool>(b); }
};
template <typename T>
struct LogicalOrFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE bool operator()(T a, T b) const { return static_cast<bool>(a) || static_cast<bool>(b); }
};
template <typename T>
struct LogicalNotFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE bool operator()(T a) const { return !static_cast<bool>(a); }
};

// ---- bitwise (integers and bool; for bool they are the logical ops)
#define PD_DEFINE_BITWISE_FUNCTOR(Name, expr)                                       \
  template <typename T>                                                            \
  struct Name {                                                                    \
    PD_HOSTDEVICE PD_FORCEINLINE T operator()(T a, T b) const { return static_cast<T>(expr); }    \
  };
PD_DEFINE_BITWISE_FUNCTOR(BitwiseAndFunctor, a & b)
PD_DEFINE_BITWISE_FUNCTOR(BitwiseOrFunctor, a | b)
PD_DEFINE_BITWISE_FUNCTOR(BitwiseXorFunctor, a ^ b)
template <typename T>
struct BitwiseNotFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T a) const {
    if constexpr (std::is_same_v<T, bool>) {
      return !a;
    } else {
      return static_cast<T>(~a);
    }
  }
};

// ---- unary math
#define PD_DEFINE_MATH_FUNCTOR(Name, expr)                     \
  template <typename T>                                        \
  struct Name {                                                \
    PD_HOSTDEVICE PD_FORCEINLINE T operator()(T v) const {                    \
      using std::exp, std::log, std::sqrt, std::tanh, std::sin, std::cos, std::tan, std::sinh, std::cosh; \
      using std::expm1, std::log1p, std::log2, std::log10;                                              \
      using paddle::exp, paddle::log, paddle::sqrt, paddle::tanh, paddle::sin, paddle::cos, paddle::tan; \
      using paddle::sinh, paddle::cosh, paddle::expm1, paddle::log1p, paddle::log2, paddle::log10;     \
      using M = std::conditional_t<kIsComplex<T>, T, MathType<T>>; \
      M x = static_cast<M>(v);                                 \
      return static_cast<T>(expr);                             \
    }                                                          \
  };
PD_DEFINE_MATH_FUNCTOR(LogFunctor, log(x))
PD_DEFINE_MATH_FUNCTOR(SqrtFunctor, sqrt(x))
PD_DEFINE_MATH_FUNCTOR(ErfFunctor, std::erf(x))

// ---- special functions (real floating types, computed in MathType)

// erf^-1(y): Giles' single-precision polynomial in w = -log(1 - y^2)
// ("Approximating the erfinv function", GPU Computing Gems, 2011) as the
// first guess, then Newton steps on erf(x) - y to the type's precision.
template <typename M>
PD_HOSTDEVICE M ErfInv(M y) {
  if (!(y > M(-1) && y < M(1))) {
    if (y == M(1)) return M(INFINITY);
    if (y == M(-1)) return M(-INFINITY);
    return M(NAN);
  }
  M w = -std::log((M(1) - y) * (M(1) + y)), p;
  if (w < M(5)) {
    w -= M(2.5);
    p = M(2.81022636e-08);
    p = M(3.43273939e-07) + p * w;
    p = M(-3.5233877e-06) + p * w;
    p = M(-4.39150654e-06) + p * w;
    p = M(0.00021858087) + p * w;
    p = M(-0.00125372503) + p * w;
    p = M(-0.00417768164) + p * w;
    p = M(0.246640727) + p * w;
    p = M(1.50140941) + p * w;
  } else {
    w = std::sqrt(w) - M(3);
    p = M(-0.000200214257);
    p = M(0.000100950558) + p * w;
    p = M(0.00134934322) + p * w;
    p = M(-0.00367342844) + p * w;
    p = M(0.00573950773) + p * w;
    p = M(-0.0076224613) + p * w;
    p = M(0.00943887047) + p * w;
    p = M(1.00167406) + p * w;
    p = M(2.83297682) + p * w;
  }
  M x = p * y;
  for (int i = 0; i < 2; ++i) x -= (std::erf(x) - y) / (M(1.1283791670955126) * std::exp(-x * x));
  return x;
}

// The polygamma function psi^(n)(x) (n = 0: digamma). Recurrence moves x to
// >= 10 (and reflection handles x < 0 for n = 0), then the asymptotic series.
template <typename M>
PD_HOSTDEVICE M Polygamma(int n, M x) {
  if (x != x) return x;
  if (n == 0 && x <= M(0)) {
    // At 0 the limit from that side (-1/x: -inf at +0, +inf at -0); the other poles have none.
    if (x == M(0)) return M(-1) / x;
    if (x == std::floor(x)) return M(NAN);
    const M pi = M(3.141592653589793);
    return Polygamma<M>(0, M(1) - x) - pi / std::tan(pi * x);
  }
  if (n > 0 && x <= M(0) && x == std::floor(x)) return M(INFINITY);
  M factorial = M(1);  // n!
  for (int i = 2; i <= n; ++i) factorial *= M(i);
  const M sign = n % 2 ? M(1) : M(-1);  // (-1)^(n+1)
  M acc = M(0);
  while (x < M(10)) {
    acc += n == 0 ? -M(1) / x : sign * factorial / std::pow(x, M(n + 1));
    x += M(1);
  }
  const M inv = M(1) / x, inv2 = inv * inv;
  if (n == 0) {
    const M series = inv2 * (M(1) / 12 - inv2 * (M(1) / 120 - inv2 * (M(1) / 252 - inv2 * (M(1) / 240 - inv2 / 132))));
    return acc + std::log(x) - M(0.5) * inv - series;
  }
  // (n-1)!/x^n + n!/(2 x^(n+1)) + sum_k B_2k (2k+n-1)!/(2k)! / x^(2k+n)
  const M bernoulli[] = {M(1) / 6, -M(1) / 30, M(1) / 42, -M(1) / 30, M(5) / 66, -M(691) / 2730};
  M term_factorial = factorial / M(n);  // (n-1)!
  M sum = term_factorial * std::pow(inv, M(n)) + factorial * M(0.5) * std::pow(inv, M(n + 1));
  M ratio = factorial;  // (2k+n-1)! / (2k)!, starting at k = 1: (n+1)!/2
  ratio = factorial * M(n + 1) / M(2);
  M power = std::pow(inv, M(n + 2));
  for (int k = 1; k <= 6; ++k) {
    sum += bernoulli[k - 1] * ratio * power;
    ratio *= M(2 * k + n) * M(2 * k + n + 1) / (M(2 * k + 1) * M(2 * k + 2));
    power *= inv2;
  }
  return acc + sign * sum;
}

template <typename T>
struct ErfinvFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T v) const { return static_cast<T>(ErfInv<MathType<T>>(static_cast<MathType<T>>(v))); }
};
template <typename T>
struct LgammaFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T v) const { return static_cast<T>(std::lgamma(static_cast<MathType<T>>(v))); }
};
template <typename T>
struct PolygammaFunctor {
  int n;
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T v) const {
    return static_cast<T>(Polygamma<MathType<T>>(n, static_cast<MathType<T>>(v)));
  }
};

// gelu: x Phi(x) = x erfc(-x / sqrt 2) / 2, or 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
// (The variant is a template parameter: a branch inside the loop body would
// keep it from vectorizing.)
template <typename T, bool kApproximate>
struct GeluFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T v) const {
    using M = MathType<T>;
    const M x = static_cast<M>(v);
    if constexpr (kApproximate) {
      const M inner = M(0.7978845608028654) * (x + M(0.044715) * x * x * x);
      if constexpr (std::is_same_v<M, float>) {
        return static_cast<T>(0.5f * x * (1.0f + FastTanh(inner)));
      } else {
        return static_cast<T>(M(0.5) * x * (M(1) + std::tanh(inner)));
      }
    } else if constexpr (std::is_same_v<M, float>) {
      return static_cast<T>(0.5f * x * FastErfc(-0.7071067811865476f * x));
    } else {
      return static_cast<T>(M(0.5) * x * std::erfc(-M(0.7071067811865476) * x));
    }
  }
};
template <typename T>
struct ReluGradFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T out, T g) const { return out > T(0) ? g : T(0); }
};

// g * gelu'(x): Phi(x) + x phi(x) (exact), or the tanh form's derivative
// 0.5 (1 + t) + 0.5 x (1 - t^2) u' with u = c (x + a x^3), t = tanh u.
template <typename T, bool kApproximate>
struct GeluGradFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T v, T g) const {
    using M = MathType<T>;
    constexpr bool kFloat = std::is_same_v<M, float>;
    const M x = static_cast<M>(v);
    M derivative;
    if constexpr (kApproximate) {
      const M c = M(0.7978845608028654), a = M(0.044715);
      const M x2 = x * x;
      const M inner = c * (x + a * x2 * x);
      M t;
      if constexpr (kFloat) {
        t = FastTanh(inner);
      } else {
        t = std::tanh(inner);
      }
      derivative = M(0.5) * (M(1) + t) + M(0.5) * x * (M(1) - t * t) * c * (M(1) + M(3) * a * x2);
    } else {
      M cdf, pdf;
      if constexpr (kFloat) {
        cdf = 0.5f * FastErfc(-0.7071067811865476f * x);
        pdf = 0.3989422804014327f * FastExp(-0.5f * x * x);
      } else {
        cdf = M(0.5) * std::erfc(-M(0.7071067811865476) * x);
        pdf = M(0.3989422804014327) * std::exp(M(-0.5) * x * x);
      }
      derivative = cdf + x * pdf;
    }
    return static_cast<T>(static_cast<M>(g) * derivative);
  }
};
PD_DEFINE_MATH_FUNCTOR(Expm1Functor, expm1(x))
PD_DEFINE_MATH_FUNCTOR(Log1pFunctor, log1p(x))
PD_DEFINE_MATH_FUNCTOR(Log2Functor, log2(x))
PD_DEFINE_MATH_FUNCTOR(Log10Functor, log10(x))
PD_DEFINE_MATH_FUNCTOR(SinFunctor, sin(x))
PD_DEFINE_MATH_FUNCTOR(CosFunctor, cos(x))
PD_DEFINE_MATH_FUNCTOR(TanFunctor, tan(x))
PD_DEFINE_MATH_FUNCTOR(AsinFunctor, std::asin(x))
PD_DEFINE_MATH_FUNCTOR(AcosFunctor, std::acos(x))
PD_DEFINE_MATH_FUNCTOR(AtanFunctor, std::atan(x))
PD_DEFINE_MATH_FUNCTOR(SinhFunctor, sinh(x))
PD_DEFINE_MATH_FUNCTOR(CoshFunctor, cosh(x))
PD_DEFINE_MATH_FUNCTOR(AsinhFunctor, std::asinh(x))
PD_DEFINE_MATH_FUNCTOR(AcoshFunctor, std::acosh(x))
PD_DEFINE_MATH_FUNCTOR(AtanhFunctor, std::atanh(x))
PD_DEFINE_MATH_FUNCTOR(FloorFunctor, std::floor(x))
PD_DEFINE_MATH_FUNCTOR(CeilFunctor, std::ceil(x))
PD_DEFINE_MATH_FUNCTOR(RoundFunctor, std::nearbyint(x))  // halves to even (the default rounding mode), as Paddle 3.x
PD_DEFINE_MATH_FUNCTOR(TruncFunctor, std::trunc(x))
#undef PD_DEFINE_MATH_FUNCTOR

// exp, tanh and sigmoid in float (and so for the half types) use the
// vectorizable forms of fast_math.h; other types call the library.
template <typename T>
struct ExpFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T v) const {
    if constexpr (std::is_same_v<MathType<T>, float>) {
      return static_cast<T>(FastExp(static_cast<float>(v)));
    } else {
      using std::exp, paddle::exp;
      return exp(v);
    }
  }
};

template <typename T>
struct TanhFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T v) const {
    if constexpr (std::is_same_v<MathType<T>, float>) {
      return static_cast<T>(FastTanh(static_cast<float>(v)));
    } else {
      using std::tanh, paddle::tanh;
      return tanh(v);
    }
  }
};

template <typename T>
struct SigmoidFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T v) const {
    if constexpr (std::is_same_v<MathType<T>, float>) {
      return static_cast<T>(FastSigmoid(static_cast<float>(v)));
    } else {
      using std::exp, paddle::exp;
      return T(1) / (T(1) + exp(-v));
    }
  }
};

template <typename T>
struct NegFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T v) const {
    if constexpr (kIsComplex<T>) {
      return -v;
    } else {
      return static_cast<T>(-static_cast<MathType<T>>(v));
    }
  }
};

template <typename T>
struct SignFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T v) const {
    if constexpr (std::is_unsigned_v<T>) {
      return v > T(0) ? T(1) : T(0);
    } else {
      return v > T(0) ? T(1) : (v < T(0) ? T(-1) : T(0));  // NaN gives 0
    }
  }
};

template <typename T>
struct IsNanFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE bool operator()(T v) const { return IsNan(v); }
};

template <typename T>
struct IsInfFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE bool operator()(T v) const {
    if constexpr (kIsComplex<T>) {
      return IsInfFunctor<decltype(v.real)>()(v.real) || IsInfFunctor<decltype(v.imag)>()(v.imag);
    } else if constexpr (std::is_floating_point_v<MathType<T>>) {
      MathType<T> m = static_cast<MathType<T>>(v);
      return !IsNan(v) && (m - m != m - m);  // inf - inf is NaN; finite - finite is 0
    } else {
      return false;
    }
  }
};

template <typename T>
struct IsFiniteFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE bool operator()(T v) const { return !IsNan(v) && !IsInfFunctor<T>()(v); }
};

template <typename T>
struct ReluFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T v) const { return v > T(0) ? v : T(0); }
};

// |v|; the modulus (a real number) for complex v.
template <typename T>
struct AbsFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE RealType<T> operator()(T v) const {
    if constexpr (kIsComplex<T>) {
      return paddle::abs(v);
    } else if constexpr (std::is_unsigned_v<T> || std::is_same_v<T, bool>) {
      return v;
    } else if constexpr (std::is_integral_v<T>) {
      // Through unsigned: |MIN| wraps to MIN, as in NumPy, without UB.
      using U = std::make_unsigned_t<T>;
      return v < 0 ? static_cast<T>(U(0) - static_cast<U>(v)) : v;
    } else {
      // + 0 turns -0.0 into +0.0 (NumPy's |-0.0|); it keeps NaN and is not folded without -ffast-math.
      using M = MathType<T>;
      return static_cast<T>(v < T(0) ? -static_cast<M>(v) : static_cast<M>(v) + M(0));
    }
  }
};

template <typename T>
struct Atan2Functor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T a, T b) const {
    using M = MathType<T>;
    return static_cast<T>(std::atan2(static_cast<M>(a), static_cast<M>(b)));
  }
};

// The next representable value after a in the direction of b.
template <typename T>
struct NextafterFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T a, T b) const { return std::nextafter(a, b); }
};

// floor(a / b); for integers, rounding toward -inf as Python's //.
template <typename T>
struct FloorDivideFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      if (b == 0) return 0;
      T q = DivideFunctor<T>()(a, b);
      if constexpr (std::is_signed_v<T>) {
        if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
      }
      return q;
    } else {
      using M = MathType<T>;
      return static_cast<T>(std::floor(static_cast<M>(a) / static_cast<M>(b)));
    }
  }
};

// a - floor(a / b) * b: the result takes b's sign, as Python's %.
template <typename T>
struct RemainderFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      if (b == 0) return 0;
      if constexpr (std::is_signed_v<T>) {
        if (b == -1) return 0;  // MIN % -1 traps on x86
        T r = static_cast<T>(a % b);
        return (r != 0 && ((r < 0) != (b < 0))) ? static_cast<T>(r + b) : r;
      } else {
        return static_cast<T>(a % b);
      }
    } else {
      using M = MathType<T>;
      M r = std::fmod(static_cast<M>(a), static_cast<M>(b));
      return static_cast<T>((r != 0 && ((r < 0) != (static_cast<M>(b) < 0))) ? r + static_cast<M>(b) : r);
    }
  }
};

template <typename T>
struct WhereFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(bool condition, T a, T b) const { return condition ? a : b; }
};

template <typename T>
struct ConjFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE T operator()(T v) const {
    if constexpr (kIsComplex<T>) {
      return T(v.real, -v.imag);
    } else {
      return v;
    }
  }
};

template <typename In, typename Out>
struct CastFunctor {
  PD_HOSTDEVICE PD_FORCEINLINE Out operator()(In v) const {
    if constexpr (std::is_same_v<Out, bool>) {
      return static_cast<bool>(v);
    } else if constexpr (kIsComplex<Out> || kIsComplex<In>) {
      return static_cast<Out>(v);
    } else {
      // Through the math type so that half <-> integer conversions are defined.
      return static_cast<Out>(static_cast<MathType<In>>(v));
    }
  }
};

}  // namespace phi::funcs
