// Gathers and scatters for every backend. Scatters that may hit one element
// from several indices (put_along_axis, put_nd) give each output line to one
// worker, which walks the indices in order: results are deterministic (the
// last write wins for "assign") and need no atomics.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/funcs/index_check.h"
#include "paddle/phi/kernels/impl/elementwise_kernel_impl.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_index.h"

namespace phi {

namespace funcs {

inline constexpr int kMaxIndexRank = DDim::kMaxRank;

// k as a position in [0, size), negative k counting from the end. An index
// the checks reject is clamped into the dim: a GPU kernel runs before its
// check is reported (Note [Deferred index errors]) and must not touch memory
// outside the tensor. (size >= 1 wherever an index is read.)
PD_HOSTDEVICE inline int64_t WrapIndex(int64_t k, int64_t size) {
  k = k < 0 ? k + size : k;
  return k < 0 ? 0 : k < size ? k : size - 1;
}

// out[i] = arr[i with its axis coordinate replaced by indices[i]].
template <typename T, typename I>
struct TakeAlongAxisFunctor {
  int rank, axis;
  int64_t dims[kMaxIndexRank];         // of indices (= of out)
  int64_t arr_strides[kMaxIndexRank];  // in elements
  int64_t idx_strides[kMaxIndexRank];
  int64_t arr_axis_dim;
  const T* arr;
  const I* idx;
  T* out;

  PD_HOSTDEVICE void operator()(int64_t i) const {
    int64_t rest = i, arr_off = 0, idx_off = 0;
    for (int d = rank - 1; d >= 0; --d) {
      const int64_t c = rest % dims[d];
      rest /= dims[d];
      idx_off += c * idx_strides[d];
      if (d != axis) arr_off += c * arr_strides[d];
    }
    out[i] = arr[arr_off + WrapIndex(static_cast<int64_t>(idx[idx_off]), arr_axis_dim) * arr_strides[axis]];
  }
};

// One line of indices (all positions along the axis) per item:
// out[line with axis coordinate indices[j]] (+)= values[j] for j in order.
template <typename T, typename I, bool kAdd>
struct PutAlongAxisFunctor {
  int rank, axis;
  int64_t dims[kMaxIndexRank];  // of indices (= of values)
  int64_t out_strides[kMaxIndexRank];
  int64_t idx_strides[kMaxIndexRank];
  int64_t val_strides[kMaxIndexRank];
  int64_t out_axis_dim;
  const I* idx;
  const T* values;
  T* out;

  PD_HOSTDEVICE void operator()(int64_t line) const {
    int64_t rest = line, out_off = 0, idx_off = 0, val_off = 0;
    for (int d = rank - 1; d >= 0; --d) {
      if (d == axis) continue;
      const int64_t c = rest % dims[d];
      rest /= dims[d];
      out_off += c * out_strides[d];
      idx_off += c * idx_strides[d];
      val_off += c * val_strides[d];
    }
    for (int64_t j = 0; j < dims[axis]; ++j) {
      const int64_t k = WrapIndex(static_cast<int64_t>(idx[idx_off + j * idx_strides[axis]]), out_axis_dim);
      T& target = out[out_off + k * out_strides[axis]];
      const T v = values[val_off + j * val_strides[axis]];
      target = kAdd ? static_cast<T>(target + v) : v;
    }
  }
};

// The row-wise forms of take/put_along_axis, for tensors whose dims after
// the axis ("inner") each collapse to one stride: work items then walk whole
// rows (take) or row chunks (put), so copies are contiguous and an index
// broadcast along the row (index_select, embedding) is read once per row.
struct AxisRows {
  int outer_rank = 0;
  int64_t outer_dims[kMaxIndexRank] = {};
  int64_t arr_outer[kMaxIndexRank] = {}, idx_outer[kMaxIndexRank] = {}, val_outer[kMaxIndexRank] = {};
  int64_t outer = 1, inner = 1;
  int64_t arr_axis_stride = 0, idx_axis_stride = 0, val_axis_stride = 0;
  int64_t arr_inner = 0, idx_inner = 0, val_inner = 0;  // the collapsed inner strides
  int64_t arr_axis_dim = 0, idx_axis_dim = 0;

  // Offsets of outer position o in arr (or out), indices and values.
  PD_HOSTDEVICE void Outer(int64_t o, int64_t* a, int64_t* i, int64_t* v) const {
    *a = *i = *v = 0;
    for (int d = outer_rank - 1; d >= 0; --d) {
      const int64_t c = o % outer_dims[d];
      o /= outer_dims[d];
      *a += c * arr_outer[d];
      *i += c * idx_outer[d];
      *v += c * val_outer[d];
    }
  }
};

template <typename T, typename I>
struct TakeAlongAxisRowsFunctor {
  AxisRows r;
  const T* arr;
  const I* idx;
  T* out;

  PD_HOSTDEVICE void operator()(int64_t row) const {  // row = (outer o, axis position j)
    const int64_t o = row / r.idx_axis_dim, j = row % r.idx_axis_dim;
    int64_t a, i, v;
    r.Outer(o, &a, &i, &v);
    Row(row, a, i, j);
  }

  // Rows [first, last) (the CPU's loop, see LaunchForEach), the outer
  // offsets worked out once per outer position: where rows are single
  // elements (selecting along the last axis), the division and Outer() per
  // row took most of the time.
  void ForRange(int64_t first, int64_t last) const {
    if (first >= last) return;
    int64_t o = first / r.idx_axis_dim, j = first % r.idx_axis_dim;
    for (int64_t row = first; row < last; ++o, j = 0) {
      int64_t a, i, v;
      r.Outer(o, &a, &i, &v);
      const int64_t stop = std::min(last, row + r.idx_axis_dim - j);
      for (; row < stop; ++row, ++j) Row(row, a, i, j);
    }
  }

  PD_HOSTDEVICE PD_FORCEINLINE void Row(int64_t row, int64_t a, int64_t i, int64_t j) const {
    const I* ip = idx + i + j * r.idx_axis_stride;
    T* op = out + row * r.inner;
    if (r.idx_inner == 0) {
      const T* src = arr + a + WrapIndex(static_cast<int64_t>(ip[0]), r.arr_axis_dim) * r.arr_axis_stride;
      for (int64_t k = 0; k < r.inner; ++k) op[k] = src[k * r.arr_inner];
    } else {
      for (int64_t k = 0; k < r.inner; ++k) {
        const int64_t at = WrapIndex(static_cast<int64_t>(ip[k * r.idx_inner]), r.arr_axis_dim);
        op[k] = arr[a + at * r.arr_axis_stride + k * r.arr_inner];
      }
    }
  }
};

template <typename T, typename I, bool kAdd>
struct PutAlongAxisRowsFunctor {
  AxisRows r;  // "arr" strides describe the contiguous out
  int64_t chunk;
  const I* idx;
  const T* values;
  T* out;

  PD_HOSTDEVICE void operator()(int64_t item) const {  // item = (outer o, chunk c)
    const int64_t chunks = (r.inner + chunk - 1) / chunk;
    const int64_t o = item / chunks, begin = (item % chunks) * chunk;
    const int64_t end = begin + chunk < r.inner ? begin + chunk : r.inner;
    int64_t a, i, v;
    r.Outer(o, &a, &i, &v);
    for (int64_t j = 0; j < r.idx_axis_dim; ++j) {
      const I* ip = idx + i + j * r.idx_axis_stride;
      const T* vp = values + v + j * r.val_axis_stride;
      if (r.idx_inner == 0 && r.val_inner == 1) {  // one target row per j: a contiguous (vectorized) update
        T* row = out + a + WrapIndex(static_cast<int64_t>(ip[0]), r.arr_axis_dim) * r.arr_axis_stride;
        for (int64_t k = begin; k < end; ++k) row[k] = kAdd ? static_cast<T>(row[k] + vp[k]) : vp[k];
        continue;
      }
      for (int64_t k = begin; k < end; ++k) {
        const int64_t at = WrapIndex(static_cast<int64_t>(ip[k * r.idx_inner]), r.arr_axis_dim);
        T& target = out[a + at * r.arr_axis_stride + k];
        target = kAdd ? static_cast<T>(target + vp[k * r.val_inner]) : vp[k * r.val_inner];
      }
    }
  }
};

// The row-wise layout when every tensor's inner dims collapse; false otherwise.
inline bool MakeAxisRows(const DDim& idx_dims, int axis, const DenseTensor& arr, const DenseTensor& indices,
                         const DenseTensor* values, AxisRows* r) {
  const int rank = idx_dims.size();
  auto collapse = [&](const DDim& strides, int64_t* out) {
    int64_t expect = -1;
    for (int d = rank - 1; d > axis; --d) {
      if (idx_dims[d] == 1) continue;
      if (expect < 0) {
        *out = strides[d];
      } else if (strides[d] != expect) {
        return false;
      }
      expect = strides[d] * idx_dims[d];
      if (strides[d] == 0) expect = 0;
    }
    return true;
  };
  DDim contiguous = arr.strides();
  if (values != nullptr) {  // put: "arr" stands for the contiguous out
    int64_t s = 1;
    for (int d = rank - 1; d >= 0; --d) {
      contiguous[d] = s;
      s *= arr.dims()[d];
    }
  }
  r->arr_inner = r->idx_inner = r->val_inner = 1;
  if (!collapse(contiguous, &r->arr_inner) || !collapse(indices.strides(), &r->idx_inner) ||
      (values != nullptr && !collapse(values->strides(), &r->val_inner))) {
    return false;
  }
  if (values != nullptr && r->arr_inner != 1) return false;
  r->outer_rank = axis;
  for (int d = 0; d < axis; ++d) {
    r->outer_dims[d] = idx_dims[d];
    r->arr_outer[d] = contiguous[d];
    r->idx_outer[d] = indices.strides()[d];
    r->val_outer[d] = values != nullptr ? values->strides()[d] : 0;
    r->outer *= idx_dims[d];
  }
  for (int d = axis + 1; d < rank; ++d) r->inner *= idx_dims[d];
  r->arr_axis_stride = contiguous[axis];
  r->idx_axis_stride = indices.strides()[axis];
  r->val_axis_stride = values != nullptr ? values->strides()[axis] : 0;
  r->arr_axis_dim = arr.dims()[axis];
  r->idx_axis_dim = idx_dims[axis];
  return true;
}

// gather_nd over contiguous x, index [rows, depth] and out [rows, slice].
template <typename T, typename I>
struct GatherNdFunctor {
  int depth;
  int64_t slice;
  int64_t x_dims[kMaxIndexRank];     // the first `depth` dims of x
  int64_t x_strides[kMaxIndexRank];  // their strides
  const T* x;
  const I* idx;
  T* out;

  PD_HOSTDEVICE void operator()(int64_t i) const {
    const int64_t row = i / slice, s = i % slice;
    int64_t off = 0;
    for (int j = 0; j < depth; ++j) off += WrapIndex(static_cast<int64_t>(idx[row * depth + j]), x_dims[j]) * x_strides[j];
    out[i] = x[off + s];
  }
};

// put_nd: one slice position per item, walking the index rows in order.
template <typename T, typename I, bool kAdd>
struct PutNdFunctor {
  int depth;
  int64_t rows, slice;
  int64_t x_dims[kMaxIndexRank];
  int64_t x_strides[kMaxIndexRank];
  const I* idx;
  const T* updates;
  T* out;

  PD_HOSTDEVICE void operator()(int64_t s) const {
    for (int64_t row = 0; row < rows; ++row) {
      int64_t off = 0;
      for (int j = 0; j < depth; ++j) {
        off += WrapIndex(static_cast<int64_t>(idx[row * depth + j]), x_dims[j]) * x_strides[j];
      }
      const T v = updates[row * slice + s];
      out[off + s] = kAdd ? static_cast<T>(out[off + s] + v) : v;
    }
  }
};

inline void ContiguousStrides(const DDim& dims, int64_t* strides) {
  int64_t s = 1;
  for (int d = dims.size() - 1; d >= 0; --d) {
    strides[d] = s;
    s *= dims[d];
  }
}

}  // namespace funcs

template <typename T, typename Context>
void TakeAlongAxisKernel(const Context& ctx, const DenseTensor& arr, const DenseTensor& indices, int64_t axis,
                         DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  const int rank = arr.dims().size();
  const int a = rank == 0 ? 0 : NormalizeAxis(axis, rank);
  paddle::VisitDataType(indices.dtype(), "take_along_axis", [&](auto tag) {
    using I = typename decltype(tag)::type;
    if constexpr (std::is_same_v<I, int32_t> || std::is_same_v<I, int64_t>) {
      if (rank == 0) {  // a 0-D index picks the only element
        funcs::CheckIndices<I>(ctx, indices, {1}, "indices");
        StridedCopyKernel<T, Context>(ctx, arr, out);
        return;
      }
      funcs::CheckIndices<I>(ctx, indices, {arr.dims()[a]}, "indices");
      funcs::AxisRows rows;
      if (funcs::MakeAxisRows(indices.dims(), a, arr, indices, nullptr, &rows)) {
        funcs::LaunchForEach(ctx, rows.outer * rows.idx_axis_dim,
                             funcs::TakeAlongAxisRowsFunctor<T, I>{rows, arr.data<T>(), indices.data<I>(), o},
                             std::max<int64_t>(1, (1 << 14) / std::max<int64_t>(rows.inner, 1)));
        return;
      }
      funcs::TakeAlongAxisFunctor<T, I> f{};
      f.rank = rank;
      f.axis = a;
      f.arr_axis_dim = arr.dims()[a];
      f.arr = arr.data<T>();
      f.idx = indices.data<I>();
      f.out = o;
      for (int d = 0; d < rank; ++d) {
        f.dims[d] = indices.dims()[d];
        f.arr_strides[d] = arr.strides()[d];
        f.idx_strides[d] = indices.strides()[d];
      }
      funcs::LaunchForEach(ctx, out->numel(), f);
    }
  });
}

template <typename T, typename Context>
void PutAlongAxisKernel(const Context& ctx, const DenseTensor& arr, const DenseTensor& indices,
                        const DenseTensor& values, int64_t axis, const std::string& reduce, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  StridedCopyKernel<T, Context>(ctx, arr, out);
  const int rank = arr.dims().size();
  if (indices.numel() == 0) return;
  paddle::VisitDataType(indices.dtype(), "put_along_axis", [&](auto tag) {
    using I = typename decltype(tag)::type;
    if constexpr (std::is_same_v<I, int32_t> || std::is_same_v<I, int64_t>) {
      if (rank == 0) {
        funcs::CheckIndices<I>(ctx, indices, {1}, "indices");
        if (reduce == "add") {
          AddKernel<T, Context>(ctx, arr, values, out);
        } else {
          StridedCopyKernel<T, Context>(ctx, values, out);
        }
        return;
      }
      const int a = NormalizeAxis(axis, rank);
      funcs::CheckIndices<I>(ctx, indices, {arr.dims()[a]}, "indices");
      funcs::AxisRows rows;
      if (funcs::MakeAxisRows(indices.dims(), a, arr, indices, &values, &rows)) {
        // A CPU worker takes 256 columns (whole cache lines); a GPU thread
        // one, so that neighbouring threads update neighbouring elements and
        // an embedding's gradient (one row of 256 columns) has 256 workers,
        // not one.
        constexpr int64_t kChunk = std::is_same_v<Context, CPUContext> ? 256 : 1;
        const int64_t items = rows.outer * ((rows.inner + kChunk - 1) / kChunk);
        auto launch_rows = [&](auto f) { funcs::LaunchForEach(ctx, items, f, 1); };
        if (reduce == "add") {
          launch_rows(funcs::PutAlongAxisRowsFunctor<T, I, true>{rows, kChunk, indices.data<I>(), values.data<T>(), o});
        } else {
          launch_rows(funcs::PutAlongAxisRowsFunctor<T, I, false>{rows, kChunk, indices.data<I>(), values.data<T>(), o});
        }
        return;
      }
      auto launch = [&](auto f) {
        f.rank = rank;
        f.axis = a;
        funcs::ContiguousStrides(out->dims(), f.out_strides);
        for (int d = 0; d < rank; ++d) {
          f.dims[d] = indices.dims()[d];
          f.idx_strides[d] = indices.strides()[d];
          f.val_strides[d] = values.strides()[d];
        }
        f.out_axis_dim = arr.dims()[a];
        f.idx = indices.data<I>();
        f.values = values.data<T>();
        f.out = o;
        funcs::LaunchForEach(ctx, indices.numel() / indices.dims()[a], f);
      };
      if (reduce == "add") {
        launch(funcs::PutAlongAxisFunctor<T, I, true>{});
      } else {
        launch(funcs::PutAlongAxisFunctor<T, I, false>{});
      }
    }
  });
}

namespace funcs {

// The shared set-up of gather_nd and put_nd: depth, rows, slice, and the
// dims and strides of x's indexed dims.
template <typename F>
void SetUpNd(const DenseTensor& x, const DenseTensor& index, F* f) {
  const int irank = index.dims().size();
  f->depth = static_cast<int>(index.dims()[irank - 1]);
  int64_t strides[kMaxIndexRank];
  ContiguousStrides(x.dims(), strides);
  f->slice = 1;
  for (int d = f->depth; d < x.dims().size(); ++d) f->slice *= x.dims()[d];
  for (int j = 0; j < f->depth; ++j) {
    f->x_dims[j] = x.dims()[j];
    f->x_strides[j] = strides[j];
  }
}

}  // namespace funcs

template <typename T, typename Context>
void GatherNdKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& index, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  paddle::VisitDataType(index.dtype(), "gather_nd", [&](auto tag) {
    using I = typename decltype(tag)::type;
    if constexpr (std::is_same_v<I, int32_t> || std::is_same_v<I, int64_t>) {
      funcs::GatherNdFunctor<T, I> f{};
      funcs::SetUpNd(x, index, &f);
      if (f.depth > 0) {
        funcs::CheckIndices<I>(ctx, index, std::vector<int64_t>(f.x_dims, f.x_dims + f.depth), "index");
      }
      f.x = x.data<T>();
      f.idx = index.data<I>();
      f.out = o;
      funcs::LaunchForEach(ctx, out->numel(), f);
    }
  });
}

template <typename T, typename Context>
void PutNdKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& index, const DenseTensor& updates,
                 bool accumulate, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  StridedCopyKernel<T, Context>(ctx, x, out);
  if (updates.numel() == 0) return;
  paddle::VisitDataType(index.dtype(), "put_nd", [&](auto tag) {
    using I = typename decltype(tag)::type;
    if constexpr (std::is_same_v<I, int32_t> || std::is_same_v<I, int64_t>) {
      auto launch = [&](auto f) {
        funcs::SetUpNd(x, index, &f);
        if (f.depth > 0) {
          funcs::CheckIndices<I>(ctx, index, std::vector<int64_t>(f.x_dims, f.x_dims + f.depth), "index");
        }
        f.rows = updates.numel() / f.slice;
        f.idx = index.data<I>();
        f.updates = updates.data<T>();
        f.out = o;
        funcs::LaunchForEach(ctx, f.slice, f);
      };
      if (accumulate) {
        launch(funcs::PutNdFunctor<T, I, true>{});
      } else {
        launch(funcs::PutNdFunctor<T, I, false>{});
      }
    }
  });
}

// The coordinates of x's non-zero elements, [count, rank] in row-major order.
template <typename T, typename Context>
void NonzeroKernel(const Context& ctx, const DenseTensor& x, DenseTensor* out) {
  const int rank = x.dims().size();
  std::unique_ptr<T[]> host(new T[x.numel()]);
  funcs::CopyToHost(ctx, host.get(), x.data<T>(), x.numel() * sizeof(T));
  std::vector<int64_t> coords;
  for (int64_t i = 0; i < x.numel(); ++i) {
    if (!(host[i] != T(0))) continue;
    int64_t rest = i;
    const size_t at = coords.size();
    coords.resize(at + rank);
    for (int d = rank - 1; d >= 0; --d) {
      coords[at + d] = rest % x.dims()[d];
      rest /= x.dims()[d];
    }
  }
  const int64_t count = rank == 0 ? static_cast<int64_t>(x.numel() == 1 && host[0] != T(0))
                                  : static_cast<int64_t>(coords.size()) / rank;
  *out->mutable_meta() = DenseTensorMeta(DataType::INT64, DDim({count, rank}));
  int64_t* o = ctx.template Alloc<int64_t>(out);
  funcs::CopyFromHost(ctx, o, coords.data(), coords.size() * sizeof(int64_t));
}


namespace funcs {

// Row r of embedding: the weight row ids[r], or zeros for padding_idx.
template <typename T, typename I>
struct EmbeddingRowFunctor {
  const I* ids;
  const T* weight;
  int64_t rows, dim, padding_idx;
  T* out;
  PD_HOSTDEVICE void operator()(int64_t r) const {
    const int64_t id = static_cast<int64_t>(ids[r]);
    T* o = out + r * dim;
    if (id == padding_idx) {
      for (int64_t j = 0; j < dim; ++j) o[j] = T(0);
      return;
    }
    const T* w = weight + WrapIndex(id, rows) * dim;
    for (int64_t j = 0; j < dim; ++j) o[j] = w[j];
  }
};

// Label r of one_hot as a row of num_classes floats.
template <typename I>
struct OneHotRowFunctor {
  const I* labels;
  int64_t classes;
  float* out;
  PD_HOSTDEVICE void operator()(int64_t r) const {
    const int64_t label = static_cast<int64_t>(labels[r]);
    float* o = out + r * classes;
    for (int64_t c = 0; c < classes; ++c) o[c] = c == label ? 1.0f : 0.0f;
  }
};

// Calls f.template operator()<I>() for an int32 or int64 tensor of ids.
template <typename F>
void VisitIds(DataType dtype, const char* what, F&& f) {
  paddle::VisitDataType(dtype, what, [&](auto tag) {
    using I = typename decltype(tag)::type;
    if constexpr (std::is_same_v<I, int32_t> || std::is_same_v<I, int64_t>) f(tag);
  });
}

}  // namespace funcs

// out[..., :] = weight[x[...], :]; the ids are checked in the kernel (no
// host round trip on the op's path).
template <typename T, typename Context>
void EmbeddingKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& weight, int64_t padding_idx,
                     DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  const int64_t rows = weight.dims()[0], dim = weight.dims()[1];
  funcs::VisitIds(x.dtype(), "embedding", [&](auto tag) {
    using I = typename decltype(tag)::type;
    funcs::CheckIndices<I>(ctx, x, {rows}, "x", {.negative_ok = false});
    funcs::LaunchForEach(ctx, x.numel(), funcs::EmbeddingRowFunctor<T, I>{x.data<I>(), weight.data<T>(), rows,
                                                                          dim, padding_idx, o},
                         std::max<int64_t>(1, (1 << 14) / std::max<int64_t>(dim, 1)));
  });
}

// T is the labels' type; the output is float32.
template <typename T, typename Context>
void OneHotKernel(const Context& ctx, const DenseTensor& x, int64_t num_classes, DenseTensor* out) {
  float* o = ctx.template Alloc<float>(out);
  funcs::CheckIndexValues<T>(ctx, x, {num_classes}, {.negative_ok = false},
                             paddle::common::ErrorCode::kInvalidArgument, [num_classes](int64_t, int64_t value) {
                               return paddle::common::StrCat("labels must be in [0, ", num_classes,
                                                             "), but x holds ", value);
                             });
  funcs::LaunchForEach(ctx, x.numel(), funcs::OneHotRowFunctor<T>{x.data<T>(), num_classes, o},
                       std::max<int64_t>(1, (1 << 14) / std::max<int64_t>(num_classes, 1)));
}

// label itself (as a view), once its values are checked to be class indices
// in [0, classes) or ignore_index: the check of a loss that reads labels
// with an op that would accept any index (take_along_axis).
template <typename Context>
void CheckLabelsKernel(const Context& ctx, const DenseTensor& label, int64_t classes, int64_t ignore_index,
                       DenseTensor* out) {
  funcs::VisitIds(label.dtype(), "check_labels", [&](auto tag) {
    using I = typename decltype(tag)::type;
    funcs::CheckIndices<I>(ctx, label, {classes}, "label",
                           {.negative_ok = false, .has_ignored = true, .ignored = ignore_index});
  });
  out->set_meta(label.meta());
  out->ShareBufferWith(label);
}

// How often each value 0, 1, ... occurs in the non-negative ids x, each
// occurrence counting its weight. The length, max(max(x) + 1, minlength),
// depends on the values, so the counting runs on the host as nonzero's does
// (one sync on a GPU); a negative id is an error naming it.
template <typename T, typename Context>
void BincountKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& weights, const Scalar& minlength,
                    DenseTensor* out) {
  std::unique_ptr<T[]> w(new T[weights.numel()]);
  funcs::CopyToHost(ctx, w.get(), weights.data<T>(), weights.numel() * sizeof(T));
  std::vector<T> counts(static_cast<size_t>(minlength.to<int64_t>()), T(0));
  funcs::VisitIds(x.dtype(), "bincount", [&](auto tag) {
    using I = typename decltype(tag)::type;
    std::unique_ptr<I[]> ids(new I[x.numel()]);
    funcs::CopyToHost(ctx, ids.get(), x.data<I>(), x.numel() * sizeof(I));
    for (int64_t i = 0; i < x.numel(); ++i) {
      const int64_t id = static_cast<int64_t>(ids[i]);
      PD_CHECK(id >= 0, InvalidArgument, "x must be non-negative, but holds ", id, " at position ", i);
      if (id >= static_cast<int64_t>(counts.size())) counts.resize(id + 1, T(0));
      counts[id] += w[i];
    }
  });
  *out->mutable_meta() = DenseTensorMeta(weights.dtype(), DDim({static_cast<int64_t>(counts.size())}));
  T* o = ctx.template Alloc<T>(out);
  funcs::CopyFromHost(ctx, o, counts.data(), counts.size() * sizeof(T));
}

}  // namespace phi

#define PD_REGISTER_INDEX_KERNELS(B)                                   \
  PD_REGISTER_OP_KERNEL(take_along_axis, B, phi::TakeAlongAxisKernel); \
  PD_REGISTER_OP_KERNEL(put_along_axis, B, phi::PutAlongAxisKernel);   \
  PD_REGISTER_OP_KERNEL(gather_nd, B, phi::GatherNdKernel);            \
  PD_REGISTER_OP_KERNEL(put_nd, B, phi::PutNdKernel);                  \
  PD_REGISTER_OP_KERNEL(nonzero, B, phi::NonzeroKernel);               \
  PD_REGISTER_OP_KERNEL(embedding, B, phi::EmbeddingKernel);           \
  PD_REGISTER_OP_KERNEL(one_hot, B, phi::OneHotKernel);                \
  PD_REGISTER_OP_KERNEL(bincount, B, phi::BincountKernel);             \
  PD_REGISTER_OP_KERNEL(check_labels, B, phi::CheckLabelsKernel)
