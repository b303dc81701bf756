#include "paddle/phi/kernels/funcs/matmul_plan.h"

#include <algorithm>

namespace phi::funcs {

int64_t MatmulPlan::Offset(int64_t b, const std::vector<int64_t>& strides) const {
  int64_t off = 0;
  for (int i = static_cast<int>(batch_dims.size()) - 1; i >= 0; --i) {
    off += (b % batch_dims[i]) * strides[i];
    b /= batch_dims[i];
  }
  return off;
}

bool MatmulPlan::XBroadcast() const {
  return std::all_of(x_batch_strides.begin(), x_batch_strides.end(), [](int64_t s) { return s == 0; });
}

bool MatmulPlan::YBroadcast() const {
  return std::all_of(y_batch_strides.begin(), y_batch_strides.end(), [](int64_t s) { return s == 0; });
}

MatmulPlan MakeMatmulPlan(const paddle::DDim& x, const paddle::DDim& y, bool transpose_x,
                          bool transpose_y) {
  MatmulPlan p;
  std::vector<int64_t> xd = x.ToVector(), yd = y.ToVector();
  bool x_vector = xd.size() == 1, y_vector = yd.size() == 1;
  if (x_vector) xd.insert(xd.begin(), 1);
  if (y_vector) yd.push_back(1);
  p.trans_x = transpose_x && !x_vector;
  p.trans_y = transpose_y && !y_vector;
  int64_t xr = xd[xd.size() - 2], xc = xd.back(), yr = yd[yd.size() - 2], yc = yd.back();
  p.m = p.trans_x ? xc : xr;
  p.k = p.trans_x ? xr : xc;
  p.n = p.trans_y ? yr : yc;
  const int xb = static_cast<int>(xd.size()) - 2, yb = static_cast<int>(yd.size()) - 2;
  const int rank = std::max(xb, yb);
  std::vector<int64_t> xs(rank, 0), ys(rank, 0);
  int64_t x_stride = xr * xc, y_stride = yr * yc;
  p.batch_dims.assign(rank, 1);
  for (int i = rank - 1; i >= 0; --i) {
    int xi = xb - rank + i, yi = yb - rank + i;
    int64_t a = xi >= 0 ? xd[xi] : 1, b = yi >= 0 ? yd[yi] : 1;
    p.batch_dims[i] = std::max(a, b);
    if (a != 1) xs[i] = x_stride;
    if (b != 1) ys[i] = y_stride;
    x_stride *= a;
    y_stride *= b;
  }
  p.x_batch_strides = xs;
  p.y_batch_strides = ys;
  for (int64_t d : p.batch_dims) p.batch *= d;
  // One y for every batch and an untransposed x with every batch of its own
  // (a linear layer on [..., m, k] rows): the batches stack into one product
  // of batch * m rows, which the BLAS runs far better than many thin ones.
  bool x_complete = true;
  for (int i = 0; i < rank; ++i) x_complete = x_complete && (p.batch_dims[i] == 1 || xs[i] != 0);
  if (p.batch > 1 && !p.trans_x && x_complete && p.YBroadcast()) {
    p.m *= p.batch;
    p.batch = 1;
    p.batch_dims.assign(rank, 1);
    p.x_batch_strides.assign(rank, 0);
  }
  return p;
}

}  // namespace phi::funcs
