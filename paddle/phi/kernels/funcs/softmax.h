// softmax and log_softmax along one axis, and their gradients, as row
// programs (Note [Row programs]) that every backend runs.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "paddle/common/ddim.h"
#include "paddle/common/macros.h"
#include "paddle/phi/kernels/funcs/fast_math.h"
#include "paddle/phi/kernels/funcs/math_type.h"
#include "paddle/phi/kernels/funcs/row_program.h"

namespace phi::funcs {

inline RowShape SoftmaxRows(const paddle::DDim& dims, int64_t axis) {
  RowShape s;
  if (dims.size() == 0) return s;
  const int a = paddle::NormalizeAxis(axis, dims.size());
  for (int i = 0; i < dims.size(); ++i) {
    if (i < a) s.outer *= dims[i];
    if (i == a) s.n = dims[i];
    if (i > a) s.inner *= dims[i];
  }
  return s;
}

// e^x for x <= 0 (x minus the row's maximum): the vectorizable polynomial
// for float (below -87 it gives ~1e-38 instead of 0, far under float's
// resolution of the row sum), libm otherwise.
template <typename M>
PD_HOSTDEVICE inline M ExpShifted(M x) {
  if constexpr (std::is_same_v<M, float>) {
    return ExpOnRange(x);
  } else {
    return std::exp(x);
  }
}

template <typename T>
struct SoftmaxProgram {
  using Math = MathType<T>;
  static constexpr int kStaged = 1;
  const T* x;
  T* out;
  bool log;

  template <typename Row>
  PD_HOSTDEVICE PD_FORCEINLINE void operator()(Row& row, int64_t) const {
    using M = Math;
    const auto v = row.Stage(x);
    const M max = row.Max([=, *this](int64_t k) { return v(k); });
    if (log) {
      const M log_sum = std::log(row.Sum([=, *this](int64_t k) { return ExpShifted<M>(v(k) - max); })) + max;
      row.ForEach([=, *this](int64_t k) { out[row.At(k)] = static_cast<T>(v(k) - log_sum); });
    } else if constexpr (std::is_same_v<T, M>) {  // keep e^(x - max) in out, then scale it
      const M inv = M(1) / row.Sum([=, *this](int64_t k) {
        const M e = ExpShifted<M>(v(k) - max);
        out[row.At(k)] = e;
        return e;
      });
      row.ForEach([=, *this](int64_t k) { out[row.At(k)] *= inv; });
    } else {  // half types: recompute rather than round twice
      const M inv = M(1) / row.Sum([=, *this](int64_t k) { return ExpShifted<M>(v(k) - max); });
      row.ForEach([=, *this](int64_t k) { out[row.At(k)] = static_cast<T>(ExpShifted<M>(v(k) - max) * inv); });
    }
  }
};

// From the forward's output y and out_grad g:
// softmax:     x_grad = y (g - sum(g y)),
// log_softmax: x_grad = g - e^y sum(g).
template <typename T>
struct SoftmaxGradProgram {
  using Math = MathType<T>;
  static constexpr int kStaged = 2;
  const T* out;
  const T* out_grad;
  T* x_grad;
  bool log;

  template <typename Row>
  PD_HOSTDEVICE PD_FORCEINLINE void operator()(Row& row, int64_t) const {
    using M = Math;
    const auto y = row.Stage(out);
    const auto g = row.Stage(out_grad);
    if (log) {
      const M sum = row.Sum([=, *this](int64_t k) { return g(k); });
      row.ForEach([=, *this](int64_t k) { x_grad[row.At(k)] = static_cast<T>(g(k) - std::exp(y(k)) * sum); });
    } else {
      const M dot = row.Sum([=, *this](int64_t k) { return g(k) * y(k); });
      row.ForEach([=, *this](int64_t k) { x_grad[row.At(k)] = static_cast<T>(y(k) * (g(k) - dot)); });
    }
  }
};

}  // namespace phi::funcs
