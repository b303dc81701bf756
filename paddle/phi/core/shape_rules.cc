#include "paddle/phi/core/shape_rules.h"

#include <algorithm>

#include "paddle/common/errors.h"

namespace phi {

DDim BroadcastDims(const DDim& x, const DDim& y) {
  int rank = std::max(x.size(), y.size());
  DDim out(std::vector<int64_t>(rank, 1));
  for (int i = 0; i < rank; ++i) {
    int xi = x.size() - rank + i, yi = y.size() - rank + i;
    int64_t a = xi >= 0 ? x[xi] : 1, b = yi >= 0 ? y[yi] : 1;
    const bool left_to_run = a == -1 || b == -1;  // a static program's unknown dim: the other, unless 1
    PD_CHECK(a == b || a == 1 || b == 1 || left_to_run, InvalidArgument, "shapes ", x.ToString(), " and ",
             y.ToString(), " cannot be broadcast together: dim ", i - rank, " is ", a, " vs ", b);
    out[i] = a == 1 ? b : b == 1 ? a : a == -1 ? b : a;
  }
  out.CheckedNumel();
  return out;
}

std::vector<bool> ReducedAxesMask(const IntArray& axis, int rank) {
  std::vector<bool> mask(rank, axis.empty());
  for (int64_t a : axis.GetData()) {
    int i = NormalizeAxis(a, rank);
    if (rank == 0) continue;
    PD_CHECK(!mask[i], InvalidArgument, "axis ", a, " is given twice in ",
             DDim(axis.GetData()).ToString());
    mask[i] = true;
  }
  return mask;
}

DDim ReducedDims(const DDim& dims, const IntArray& axis, bool keepdim) {
  std::vector<bool> mask = ReducedAxesMask(axis, dims.size());
  std::vector<int64_t> out;
  for (int i = 0; i < dims.size(); ++i) {
    if (!mask[i]) {
      out.push_back(dims[i]);
    } else if (keepdim) {
      out.push_back(1);
    }
  }
  return DDim(out);
}

SliceRange ClampSlice(int64_t start, int64_t end, int64_t dim) {
  if (start < 0) start += dim;
  if (end < 0) end += dim;
  start = std::clamp<int64_t>(start, 0, dim);
  end = std::clamp<int64_t>(end, 0, dim);
  return {start, std::max<int64_t>(end - start, 0)};
}

int64_t ConvOutputSize(int64_t input, int64_t kernel, int64_t stride, int64_t pad_before,
                       int64_t pad_after, int64_t dilation) {
  if (input < 0) return -1;  // left to the run
  const int64_t span = dilation * (kernel - 1) + 1;
  const int64_t padded = input + pad_before + pad_after;
  PD_CHECK(padded >= span, InvalidArgument, "the window (", span, " wide with dilation) is larger than the padded input (",
           padded, ")");
  return (padded - span) / stride + 1;
}

int64_t DiagonalLength(int64_t rows, int64_t cols, int64_t offset) {
  return std::max<int64_t>(0, std::min(rows + std::min<int64_t>(offset, 0), cols - std::max<int64_t>(offset, 0)));
}

}  // namespace phi
