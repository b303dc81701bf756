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

// Cross entropy with hard labels, per row: loss = lse - logits[label], with
// lse the row's log-sum-exp (kept for the backward); 0 where label is
// ignore_index. The caller checks labels; one out of range gives NaN
// rather than a read outside the row.
template <typename T>
struct CrossEntropyProgram {
  using Math = MathType<T>;
  static constexpr int kStaged = 1;
  const T* logits;
  const int64_t* label;
  int64_t ignore_index;
  T* loss;
  Math* lse;

  template <typename Row>
  PD_HOSTDEVICE PD_FORCEINLINE void operator()(Row& row, int64_t r) const {
    using M = Math;
    const auto v = row.Stage(logits);
    const M max = row.Max([=, *this](int64_t k) { return v(k); });
    const M log_sum = std::log(row.Sum([=, *this](int64_t k) { return ExpShifted<M>(v(k) - max); })) + max;
    const int64_t target = label[r];
    row.Once([=, *this] {
      lse[r] = log_sum;
      if (target == ignore_index) {
        loss[r] = static_cast<T>(0);
      } else {
        loss[r] = static_cast<T>(target >= 0 && target < row.n ? log_sum - v(target) : static_cast<M>(NAN));
      }
    });
  }
};

// Its gradient: logits_grad = (softmax(logits) - onehot(label)) loss_grad,
// the softmax rebuilt from the saved lse; zero rows where ignored.
template <typename T>
struct CrossEntropyGradProgram {
  using Math = MathType<T>;
  static constexpr int kStaged = 0;
  const T* logits;
  const int64_t* label;
  const Math* lse;
  const T* loss_grad;
  int64_t ignore_index;
  T* logits_grad;

  template <typename Row>
  PD_HOSTDEVICE PD_FORCEINLINE void operator()(Row& row, int64_t r) const {
    using M = Math;
    const auto v = row.Stage(logits);
    const int64_t target = label[r];
    const M g = target == ignore_index ? M(0) : static_cast<M>(loss_grad[r]);
    const M log_sum = lse[r];
    row.ForEach([=, *this](int64_t k) {
      const M hot = k == target ? M(1) : M(0);
      logits_grad[row.At(k)] = static_cast<T>((std::exp(v(k) - log_sum) - hot) * g);
    });
  }
};

}  // namespace phi::funcs
