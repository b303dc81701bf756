// The shape rules infer-meta and the kernels share: broadcasting, reduced
// axes, slice bounds, sliding-window sizes. They live below both layers, so
// that a kernel never includes infer-meta.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/common/ddim.h"
#include "paddle/phi/core/scalar.h"

namespace phi {

using paddle::DDim;
using paddle::NormalizeAxis;

// The broadcast of two shapes (NumPy rules); InvalidArgument if incompatible.
// A dim of -1 (a static program's, left to the run) broadcast with n is n
// (unless n is 1): the run must bring n or 1 there.
DDim BroadcastDims(const DDim& x, const DDim& y);
// reduce[i] tells whether dim i is reduced; an empty `axis` reduces all.
std::vector<bool> ReducedAxesMask(const IntArray& axis, int rank);
// dims reduced over axis: the reduced dims dropped, or kept as 1.
DDim ReducedDims(const DDim& dims, const IntArray& axis, bool keepdim);
// Slice bounds of one axis after clamping, as Python slicing does.
struct SliceRange {
  int64_t start, length;
};
SliceRange ClampSlice(int64_t start, int64_t end, int64_t dim);
// The length of the offset-th diagonal of a rows x cols matrix (above the
// main one for offset > 0, below for < 0); 0 when it lies outside.
int64_t DiagonalLength(int64_t rows, int64_t cols, int64_t offset);

// The sliding-window output size along one spatial dim; -1 for an input of
// -1 (a static program's dim the run decides).
int64_t ConvOutputSize(int64_t input, int64_t kernel, int64_t stride, int64_t pad_before, int64_t pad_after,
                       int64_t dilation);

}  // namespace phi
