// Rules of the manipulation and indexing ops: slices and pieces back into
// place, stacking and flattening as reshapes, the masks that pick the
// surviving write of a scatter.
#pragma once

#include <vector>

#include "paddle/prim/rules/basics.h"

namespace paddle::prim {

// The gradient of slice: grad placed into zeros shaped like input.
template <TensorLike T>
T SliceGrad(const T& grad, const T& input, const std::vector<int64_t>& axes, const IntArray& starts,
            const IntArray& ends) {
  T g = grad;
  for (size_t i = 0; i < axes.size(); ++i) {
    const int a = NormalizeAxis(axes[i], input.dims().size());
    const int64_t dim = input.dims()[a];
    phi::SliceRange r = phi::ClampSlice(starts[i], ends[i], dim);
    std::vector<T> pieces;
    auto zeros = [&](int64_t n) {
      std::vector<int64_t> shape = g.dims().ToVector();
      shape[a] = n;
      return full<T>(IntArray(shape), 0, g.dtype(), g.place());
    };
    if (r.start > 0) pieces.push_back(zeros(r.start));
    pieces.push_back(g);
    if (dim - r.start - r.length > 0) pieces.push_back(zeros(dim - r.start - r.length));
    g = pieces.size() == 1 ? g : concat(pieces, a);
  }
  return g;
}

// The positions as_strided reads, an int64 tensor of `shape`:
// offset + sum(i[d] * stride[d]) (flat positions of a row-major tensor).
template <TensorLike T>
T StridedPositions(const std::vector<int64_t>& shape, const std::vector<int64_t>& stride, int64_t offset,
                   const Place& place) {
  T positions = full<T>(IntArray(), offset, DataType::INT64, place);
  const int rank = static_cast<int>(shape.size());
  for (int d = 0; d < rank; ++d) {
    const T along = PositionsAlong<T>(shape[d], d, rank, place);
    positions = add(positions, multiply(along, full<T>(IntArray(), stride[d], DataType::INT64, place)));
  }
  return positions;
}

// as_strided as a gather of x's elements (what a graph without views runs).
template <TensorLike T>
T AsStridedGather(const T& x, const std::vector<int64_t>& shape, const std::vector<int64_t>& stride,
                  int64_t offset) {
  const T positions = reshape(StridedPositions<T>(shape, stride, offset, x.place()), IntArray({-1}));
  return reshape(index_select(reshape(x, IntArray({-1})), positions, 0), IntArray(shape));
}

// The gradient of as_strided: each element of grad added at the position it
// was read from (a position read several times gathers them all).
template <TensorLike T>
T AsStridedGrad(const T& grad, const T& x, const std::vector<int64_t>& shape, const std::vector<int64_t>& stride,
                int64_t offset) {
  const T positions = reshape(StridedPositions<T>(shape, stride, offset, x.place()), IntArray({-1}));
  const T flat = ZerosLike(reshape(x, IntArray({-1})));
  return ReshapeLike(index_add(flat, positions, 0, reshape(grad, IntArray({-1}))), x);
}

// The gradient of concat: grad cut back into pieces shaped like x.
template <TensorLike T>
std::vector<T> ConcatGrad(const T& grad, const std::vector<T>& x, int64_t axis) {
  const int a = NormalizeAxis(axis, grad.dims().size());
  std::vector<T> grads;
  int64_t offset = 0;
  for (const T& t : x) {
    int64_t n = t.dims()[a];
    grads.push_back(CastLike(slice(grad, {a}, {offset}, {offset + n}), t));
    offset += n;
  }
  return grads;
}

// Tensors of one shape joined along a new axis.
template <TensorLike T>
T Stack(const std::vector<T>& x, int64_t axis) {
  PD_CHECK(!x.empty(), InvalidArgument, "x must hold at least one tensor");
  for (size_t i = 1; i < x.size(); ++i) {
    PD_CHECK(x[i].dims() == x[0].dims(), InvalidArgument, "all tensors must have the same shape, but x[0] is ",
             x[0].dims().ToString(), " and x[", i, "] is ", x[i].dims().ToString());
  }
  const int a = NormalizeAxis(axis, x[0].dims().size() + 1);
  std::vector<T> expanded;
  expanded.reserve(x.size());
  for (const T& t : x) expanded.push_back(unsqueeze(t, IntArray({a})));
  return concat(expanded, a);
}

// x with dims start_axis..stop_axis merged into one.
template <TensorLike T>
T Flatten(const T& x, int64_t start_axis, int64_t stop_axis) {
  const int rank = x.dims().size();
  if (rank == 0) return reshape(x, IntArray({1}));
  const int start = NormalizeAxis(start_axis, rank, "start_axis");
  const int stop = NormalizeAxis(stop_axis, rank, "stop_axis");
  PD_CHECK(start <= stop, InvalidArgument, "start_axis (", start_axis, ") must not be after stop_axis (", stop_axis,
           ")");
  std::vector<int64_t> dims;
  for (int i = 0; i < start; ++i) dims.push_back(x.dims()[i]);
  int64_t merged = 1;
  for (int i = start; i <= stop; ++i) merged *= x.dims()[i];
  dims.push_back(merged);
  for (int i = stop + 1; i < rank; ++i) dims.push_back(x.dims()[i]);
  return reshape(x, IntArray(dims));
}

// A 1-D index laid along `axis` of a tensor shaped like x except for that
// axis (of index.numel()), as a stride-0 view: the indices take_along_axis
// needs to act as index_select.
template <TensorLike T>
T IndexAlongAxis(const T& index, const T& x, int64_t axis) {
  PD_CHECK(index.dims().size() <= 1, InvalidArgument, "index must be 1-D, but got shape ", index.dims().ToString());
  const int rank = x.dims().size();
  PD_CHECK(rank >= 1, InvalidArgument, "x must have at least 1 dim, but got a 0-D tensor");
  const int a = NormalizeAxis(axis, rank);
  std::vector<int64_t> others, shape = x.dims().ToVector();
  for (int d = 0; d < rank; ++d)
    if (d != a) others.push_back(d);
  shape[a] = index.dims().numel();
  T line = index.dims().size() == 0 ? unsqueeze(index, {0}) : index;
  T lined = others.empty() ? line : unsqueeze(line, IntArray(others));
  return broadcast_view(lined, IntArray(shape));
}

// x's elements where mask (broadcast with x) is true, in row-major order: a
// 1-D tensor whose length depends on mask's values.
template <TensorLike T>
T MaskedSelect(const T& x, const T& mask) {
  const DDim dims = phi::BroadcastDims(x.dims(), mask.dims());
  // A 0-D pair holds at most one element: as [1], for nonzero's coordinates.
  const IntArray shape(dims.size() == 0 ? std::vector<int64_t>{1} : dims.ToVector());
  T xs = x.dims() == DDim(shape.GetData()) ? x : reshape(expand(x, IntArray(dims.ToVector())), shape);
  T ms = mask.dims() == DDim(shape.GetData()) ? mask : reshape(expand(mask, IntArray(dims.ToVector())), shape);
  return gather_nd(xs, nonzero(ms));
}

// For scatters that assign: 1 (in grad's dtype) where an update is the last
// write to its target, so only the value that survives gets a gradient.
// put_along_axis: shaped like indices.
template <TensorLike T>
T LastWriteMask(const T& grad, const T& indices, int64_t axis) {
  const int rank = indices.dims().size();
  if (rank == 0) return ScalarLike(1, grad);
  const int a = NormalizeAxis(axis, rank);
  T positions = broadcast_view(PositionsAlong<T>(indices.dims()[a], a, rank, grad.place()), Shape(indices));
  T slots = full<T>(Shape(grad), -1, DataType::INT64, grad.place());
  T winners = put_along_axis(slots, indices, positions, a, "assign");
  return MaskLike(equal(take_along_axis(winners, indices, a), positions), grad);
}

// put_nd's: shaped like index.shape[:-1] + the slice.
template <TensorLike T>
T LastWriteMaskNd(const T& grad, const T& index, const T& updates) {
  const DDim& idims = index.dims();
  const int64_t depth = idims[idims.size() - 1];
  std::vector<int64_t> rows_shape(idims.data(), idims.data() + idims.size() - 1);
  std::vector<int64_t> target(grad.dims().data(), grad.dims().data() + depth);
  int64_t rows = 1;
  for (int64_t r : rows_shape) rows *= r;
  T positions = reshape(arange<T>(0, rows, 1, DataType::INT64, grad.place()), IntArray(rows_shape));
  T slots = full<T>(IntArray(target), -1, DataType::INT64, grad.place());
  T winners = put_nd(slots, index, positions, false);
  T mask = equal(gather_nd(winners, index), positions);
  std::vector<int64_t> trailing;
  for (int d = static_cast<int>(rows_shape.size()); d < updates.dims().size(); ++d) trailing.push_back(d);
  if (!trailing.empty()) mask = unsqueeze(mask, IntArray(trailing));
  return MaskLike(mask, grad);
}

// max_pool_grad's gradient: x_grad_grad read at each window's maximum
// (indices: flat positions in the input plane), shaped like indices.
template <TensorLike T>
T TakeAtPoolIndices(const T& x_grad_grad, const T& indices) {
  const int64_t n = indices.dims()[0], c = indices.dims()[1];
  IntArray flat({n, c, -1});
  T taken = take_along_axis(reshape(x_grad_grad, flat), reshape(indices, flat), 2);
  return reshape(taken, Shape(indices));
}

// embedding: the rows of weight at the ids x, zeros for padding_idx (>= 0).
template <TensorLike T>
T Embedding(const T& x, const T& weight, int64_t padding_idx) {
  std::vector<int64_t> shape = x.dims().ToVector();
  shape.push_back(weight.dims()[1]);
  T out = reshape(index_select(weight, reshape(x, IntArray({-1})), 0), IntArray(shape));
  if (padding_idx < 0) return out;
  T kept = unsqueeze(not_equal(x, full<T>(IntArray(), padding_idx, x.dtype(), x.place())), IntArray({-1}));
  return where(kept, out, ScalarLike(0, out));
}

// embedding's weight gradient: grad's rows added at their ids, none at padding_idx.
template <TensorLike T>
T EmbeddingGrad(const T& grad, const T& x, const T& weight, int64_t padding_idx) {
  T rows = reshape(grad, IntArray({-1, weight.dims()[1]}));
  T ids = reshape(x, IntArray({-1}));
  if (padding_idx >= 0) {
    T kept = unsqueeze(not_equal(ids, full<T>(IntArray(), padding_idx, ids.dtype(), ids.place())), IntArray({-1}));
    rows = where(kept, rows, ScalarLike(0, rows));
  }
  return index_add(ZerosLike(weight), ids, 0, rows);
}

// x reversed along each of axis.
template <TensorLike T>
T Flip(const T& x, const std::vector<int64_t>& axis) {
  T out = x;
  for (int64_t axis_i : axis) {
    const int a = NormalizeAxis(axis_i, x.dims().size());
    if (x.dims().size() == 0) continue;  // a 0-D x flips to itself
    const int64_t n = x.dims()[a];
    if (n > 1) out = index_select(out, arange<T>(n - 1, -1, -1, DataType::INT64, x.place()), a);
  }
  return out;
}

// x shifted circularly by shifts along axis (of the flattened x when axis is empty).
template <TensorLike T>
T Roll(const T& x, const IntArray& shifts, const std::vector<int64_t>& axis) {
  if (axis.empty()) {
    return reshape(Roll(reshape(x, IntArray({-1})), shifts, {0}), Shape(x));
  }
  PD_CHECK(shifts.size() == axis.size(), InvalidArgument, "shifts (", shifts.size(), ") and axis (", axis.size(),
           ") must have the same length");
  T out = x;
  for (size_t i = 0; i < axis.size(); ++i) {
    const int a = NormalizeAxis(axis[i], x.dims().size());
    const int64_t n = x.dims()[a];
    if (n == 0) continue;
    const int64_t s = ((shifts[i] % n) + n) % n;  // out[j] = x[j - s]
    if (s == 0) continue;
    out = concat<T>({slice(out, {a}, {n - s}, {n}), slice(out, {a}, {0}, {n - s})}, a);
  }
  return out;
}

// complex: real + i imag, broadcast together.
template <TensorLike T>
T Complex(const T& real, const T& imag) {
  const IntArray shape(phi::BroadcastDims(real.dims(), imag.dims()).ToVector());
  return as_complex(stack(std::vector<T>{broadcast_to(real, shape), broadcast_to(imag, shape)}, -1));
}

}  // namespace paddle::prim
