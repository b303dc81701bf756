// complex<T> usable in host and device code (std::complex is not).
// Layout-compatible with std::complex and NumPy's complex64/complex128.
#pragma once

#include <cmath>

#include "paddle/common/macros.h"

namespace paddle {

template <typename T>
struct alignas(2 * sizeof(T)) complex {
  T real = 0;
  T imag = 0;

  complex() = default;
  PD_HOSTDEVICE complex(T re, T im) : real(re), imag(im) {}
  template <typename U, typename = decltype(static_cast<T>(U{}))>
  PD_HOSTDEVICE explicit complex(U re) : real(static_cast<T>(re)), imag(0) {}
  template <typename U>
  PD_HOSTDEVICE explicit complex(const complex<U>& c)
      : real(static_cast<T>(c.real)), imag(static_cast<T>(c.imag)) {}

  // Casting complex to a real type keeps the real part, as NumPy does.
  template <typename U, typename = decltype(static_cast<U>(T{}))>
  PD_HOSTDEVICE explicit operator U() const {
    return static_cast<U>(real);
  }
  PD_HOSTDEVICE explicit operator bool() const { return real != 0 || imag != 0; }

  PD_HOSTDEVICE complex& operator+=(const complex& o) {
    real += o.real;
    imag += o.imag;
    return *this;
  }
};

template <typename T>
PD_HOSTDEVICE complex<T> operator+(complex<T> a, complex<T> b) {
  return {a.real + b.real, a.imag + b.imag};
}
template <typename T>
PD_HOSTDEVICE complex<T> operator-(complex<T> a, complex<T> b) {
  return {a.real - b.real, a.imag - b.imag};
}
template <typename T>
PD_HOSTDEVICE complex<T> operator-(complex<T> a) {
  return {-a.real, -a.imag};
}
template <typename T>
PD_HOSTDEVICE complex<T> operator*(complex<T> a, complex<T> b) {
  return {a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real};
}
template <typename T>
PD_HOSTDEVICE complex<T> operator/(complex<T> a, complex<T> b) {
  // Smith's algorithm avoids overflow in |b|^2.
  if (std::abs(b.real) >= std::abs(b.imag)) {
    T r = b.imag / b.real;
    T d = b.real + b.imag * r;
    return {(a.real + a.imag * r) / d, (a.imag - a.real * r) / d};
  }
  T r = b.real / b.imag;
  T d = b.real * r + b.imag;
  return {(a.real * r + a.imag) / d, (a.imag * r - a.real) / d};
}
template <typename T>
PD_HOSTDEVICE bool operator==(complex<T> a, complex<T> b) {
  return a.real == b.real && a.imag == b.imag;
}
template <typename T>
PD_HOSTDEVICE bool operator!=(complex<T> a, complex<T> b) {
  return !(a == b);
}
template <typename T>
PD_HOSTDEVICE T abs(complex<T> a) {
  return std::hypot(a.real, a.imag);
}
template <typename T>
PD_HOSTDEVICE complex<T> exp(complex<T> a) {
  T m = std::exp(a.real);
  return {m * std::cos(a.imag), m * std::sin(a.imag)};
}
template <typename T>
PD_HOSTDEVICE complex<T> log(complex<T> a) {
  return {std::log(abs(a)), std::atan2(a.imag, a.real)};
}
template <typename T>
PD_HOSTDEVICE complex<T> sqrt(complex<T> a) {
  T r = abs(a);
  T re = std::sqrt((r + a.real) / 2);
  T im = std::sqrt((r - a.real) / 2);
  return {re, a.imag < 0 ? -im : im};
}
template <typename T>
PD_HOSTDEVICE complex<T> tanh(complex<T> a) {
  // Kahan's form, accurate near the poles (x ~ 0, y ~ pi/2) where the
  // textbook (sinh 2x + i sin 2y) / (cosh 2x + cos 2y) cancels: with
  // t = tan y, s = sinh x, rho = sqrt(1 + s^2), beta = 1 + t^2:
  // tanh(x+iy) = (beta rho s + i t) / (1 + beta s^2).
  if (std::abs(a.real) > T(20)) {  // tanh is +-1 to working precision
    T e = std::exp(-2 * std::abs(a.real));
    return {a.real > 0 ? T(1) : T(-1), 4 * std::sin(a.imag) * std::cos(a.imag) * e};
  }
  T t = std::tan(a.imag);
  T beta = 1 + t * t;
  T s = std::sinh(a.real);
  T rho = std::sqrt(1 + s * s);
  T denom = 1 + beta * s * s;
  return {beta * rho * s / denom, t / denom};
}

template <typename T>
PD_HOSTDEVICE complex<T> sin(complex<T> a) {
  return {std::sin(a.real) * std::cosh(a.imag), std::cos(a.real) * std::sinh(a.imag)};
}
template <typename T>
PD_HOSTDEVICE complex<T> cos(complex<T> a) {
  return {std::cos(a.real) * std::cosh(a.imag), -std::sin(a.real) * std::sinh(a.imag)};
}
template <typename T>
PD_HOSTDEVICE complex<T> sinh(complex<T> a) {
  return {std::sinh(a.real) * std::cos(a.imag), std::cosh(a.real) * std::sin(a.imag)};
}
template <typename T>
PD_HOSTDEVICE complex<T> cosh(complex<T> a) {
  return {std::cosh(a.real) * std::cos(a.imag), std::sinh(a.real) * std::sin(a.imag)};
}
template <typename T>
PD_HOSTDEVICE complex<T> tan(complex<T> a) {
  // tan z = -i tanh(i z), which inherits tanh's accuracy near the poles
  const complex<T> t = tanh(complex<T>(-a.imag, a.real));
  return {t.imag, -t.real};
}
template <typename T>
PD_HOSTDEVICE complex<T> expm1(complex<T> a) {
  // e^x cos y - 1 = expm1(x) cos y - 2 sin^2(y / 2), without cancellation near 0
  const T half_sin = std::sin(a.imag / 2);
  return {std::expm1(a.real) * std::cos(a.imag) - 2 * half_sin * half_sin, std::exp(a.real) * std::sin(a.imag)};
}
template <typename T>
PD_HOSTDEVICE complex<T> log1p(complex<T> a) {
  // |1 + z|^2 = 1 + (x (2 + x) + y^2), so log|1 + z| = log1p(x (2 + x) + y^2) / 2
  return {std::log1p(a.real * (2 + a.real) + a.imag * a.imag) / 2, std::atan2(a.imag, 1 + a.real)};
}
template <typename T>
PD_HOSTDEVICE complex<T> log2(complex<T> a) {
  const complex<T> l = log(a);
  return {l.real * T(1.4426950408889634), l.imag * T(1.4426950408889634)};
}
template <typename T>
PD_HOSTDEVICE complex<T> log10(complex<T> a) {
  const complex<T> l = log(a);
  return {l.real * T(0.4342944819032518), l.imag * T(0.4342944819032518)};
}

using complex64 = complex<float>;
using complex128 = complex<double>;

}  // namespace paddle
