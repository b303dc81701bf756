// MatmulPlan: a batched matmul of contiguous x and y as `batch` GEMMs of
// [m, k] x [k, n], with each batch's offsets into x and y after broadcasting
// the batch dims. Shared by the CPU (OpenBLAS) and GPU (cuBLAS) kernels.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/common/ddim.h"

namespace phi::funcs {

struct MatmulPlan {
  int64_t m = 1, n = 1, k = 1;
  bool trans_x = false, trans_y = false;
  int64_t batch = 1;
  std::vector<int64_t> batch_dims;   // broadcast batch dims of out
  std::vector<int64_t> x_batch_strides, y_batch_strides;  // in elements; 0 where broadcast

  int64_t XOffset(int64_t b) const { return Offset(b, x_batch_strides); }
  int64_t YOffset(int64_t b) const { return Offset(b, y_batch_strides); }
  // True when x (or y) uses the same matrix for every batch.
  bool XBroadcast() const;
  bool YBroadcast() const;

 private:
  int64_t Offset(int64_t b, const std::vector<int64_t>& strides) const;
};

MatmulPlan MakeMatmulPlan(const paddle::DDim& x, const paddle::DDim& y, bool transpose_x,
                          bool transpose_y);

}  // namespace phi::funcs
