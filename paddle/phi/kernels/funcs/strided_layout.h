// StridedLayout: the iteration space of an elementwise op over N operands
// (operand 0 is the output) after broadcasting and dimension coalescing.
// Shared by the CPU loop and the CUDA kernel.
#pragma once

#include <array>
#include <cstdint>

#include "paddle/common/ddim.h"
#include "paddle/phi/core/dense_tensor.h"

namespace phi::funcs {

template <int N>
struct StridedLayout {
  int rank = 0;                                       // after coalescing; dim 0 is innermost
  int64_t dims[DDim::kMaxRank] = {};                  // innermost first
  int64_t strides[N][DDim::kMaxRank] = {};            // in elements, innermost first
  int64_t numel = 1;

  // True when every operand walks memory contiguously (or is a broadcast
  // scalar, stride 0) in a single dimension.
  bool IsFlat() const { return rank <= 1; }
};

// Builds the layout of `out` and the inputs, each broadcast to out's dims.
// Size-1 dims are dropped and adjacent dims merged when every operand's
// memory allows it, so that most calls end with rank 1.
template <int N>
StridedLayout<N> MakeStridedLayout(const DenseTensor& out,
                                   const std::array<const DenseTensor*, N - 1>& inputs) {
  const DDim& od = out.dims();
  const int rank = od.size();
  StridedLayout<N> raw;
  raw.numel = od.numel();
  // Reverse the order so dim 0 is innermost.
  for (int i = 0; i < rank; ++i) {
    int src = rank - 1 - i;
    raw.dims[i] = od[src];
    raw.strides[0][i] = out.strides()[src];
    for (int k = 0; k < N - 1; ++k) {
      const DDim& id = inputs[k]->dims();
      int in_src = id.size() - rank + src;
      raw.strides[k + 1][i] =
          (in_src >= 0 && id[in_src] != 1) ? inputs[k]->strides()[in_src] : 0;
    }
  }
  StridedLayout<N> out_layout;
  out_layout.numel = raw.numel;
  int r = 0;
  for (int i = 0; i < rank; ++i) {
    if (raw.dims[i] == 1) continue;
    bool merge = r > 0;
    for (int k = 0; k < N && merge; ++k) {
      merge = raw.strides[k][i] ==
              out_layout.strides[k][r - 1] * out_layout.dims[r - 1];
    }
    if (merge) {
      out_layout.dims[r - 1] *= raw.dims[i];
    } else {
      out_layout.dims[r] = raw.dims[i];
      for (int k = 0; k < N; ++k) out_layout.strides[k][r] = raw.strides[k][i];
      ++r;
    }
  }
  if (r == 0) {  // a single element: one dim of size 1
    out_layout.dims[0] = 1;
    r = 1;
  }
  out_layout.rank = r;
  return out_layout;
}

}  // namespace phi::funcs
