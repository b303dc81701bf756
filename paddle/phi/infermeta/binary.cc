#include <algorithm>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {

void ElementwiseInferMeta(const Meta& x, const Meta& y, Meta* out) {
  *out = Meta(x.dtype, BroadcastDims(x.dims, y.dims));
}

void CompareInferMeta(const Meta& x, const Meta& y, Meta* out) {
  *out = Meta(DataType::BOOL, BroadcastDims(x.dims, y.dims));
}

void WhereInferMeta(const Meta& condition, const Meta& x, const Meta& y, Meta* out) {
  PD_CHECK(condition.dtype == DataType::BOOL, InvalidType, "condition must be a bool tensor, but got ",
           paddle::DataTypeName(condition.dtype));
  *out = Meta(x.dtype, BroadcastDims(condition.dims, BroadcastDims(x.dims, y.dims)));
}

void MatmulInferMeta(const Meta& x, const Meta& y, bool transpose_x, bool transpose_y, Meta* out) {
  PD_CHECK(x.dims.size() >= 1 && y.dims.size() >= 1, InvalidArgument,
           "x and y must have at least 1 dim, but got x.shape ", x.dims.ToString(), " and y.shape ",
           y.dims.ToString());
  std::vector<int64_t> xd = x.dims.ToVector(), yd = y.dims.ToVector();
  bool x_vector = xd.size() == 1, y_vector = yd.size() == 1;
  // A 1-D x is a row vector, a 1-D y a column vector; transposes do not apply.
  if (x_vector) xd.insert(xd.begin(), 1);
  if (y_vector) yd.push_back(1);
  if (transpose_x && !x_vector) std::swap(xd[xd.size() - 1], xd[xd.size() - 2]);
  if (transpose_y && !y_vector) std::swap(yd[yd.size() - 1], yd[yd.size() - 2]);
  int64_t m = xd[xd.size() - 2], k = xd.back(), k2 = yd[yd.size() - 2], n = yd.back();
  PD_CHECK(k == k2, InvalidArgument, "the contracted dims must match: x.shape ", x.dims.ToString(),
           (transpose_x ? " (transposed)" : ""), " gives ", k, ", y.shape ", y.dims.ToString(),
           (transpose_y ? " (transposed)" : ""), " gives ", k2);
  DDim xb(xd.data(), static_cast<int>(xd.size()) - 2);
  DDim yb(yd.data(), static_cast<int>(yd.size()) - 2);
  std::vector<int64_t> od = BroadcastDims(xb, yb).ToVector();
  if (!x_vector) od.push_back(m);
  if (!y_vector) od.push_back(n);
  *out = Meta(x.dtype, DDim(od));
}

void LinearInferMeta(const Meta& x, const Meta& weight, const Meta& bias, Meta* out) {
  PD_CHECK(x.dims.size() >= 1 && weight.dims.size() == 2 && bias.dims.size() == 1, InvalidArgument,
           "x must have at least 1 dim, weight 2 and bias 1, but got shapes ", x.dims.ToString(), ", ",
           weight.dims.ToString(), " and ", bias.dims.ToString());
  PD_CHECK(x.dims[x.dims.size() - 1] == weight.dims[0] && bias.dims[0] == weight.dims[1], InvalidArgument,
           "x's last dim and bias's size must match weight [in_features, out_features], but got shapes ",
           x.dims.ToString(), ", ", weight.dims.ToString(), " and ", bias.dims.ToString());
  PD_CHECK(weight.dtype == x.dtype && bias.dtype == x.dtype, InvalidType, "x, weight and bias must have one dtype, ",
           "but got ", paddle::DataTypeName(x.dtype), ", ", paddle::DataTypeName(weight.dtype), " and ",
           paddle::DataTypeName(bias.dtype));
  PD_CHECK(IsFloating(x.dtype) || IsComplex(x.dtype), InvalidType, "x must be a floating-point or complex tensor, ",
           "but got ", paddle::DataTypeName(x.dtype));
  std::vector<int64_t> dims = x.dims.ToVector();
  dims.back() = weight.dims[1];
  *out = Meta(x.dtype, DDim(dims));
}

void ExpandAsInferMeta(const Meta& x, const Meta& y, Meta* out) {
  const std::vector<int64_t> dims = y.dims.ToVector();
  if (std::none_of(dims.begin(), dims.end(), [](int64_t d) { return d < 0; })) {
    return BroadcastViewInferMeta(x, IntArray(dims), out);
  }
  // y's dims a static program leaves to the run stay -1: x broadcasts to whatever they are.
  PD_CHECK(x.dims.size() <= y.dims.size(), InvalidArgument, "x of shape ", x.dims.ToString(),
           " has more dims than y's shape ", y.dims.ToString());
  BroadcastDims(x.dims, y.dims);  // refuses known dims that do not broadcast
  *out = Meta(x.dtype, y.dims);
}

void IndexSelectInferMeta(const Meta& x, const Meta& index, int64_t axis, Meta* out) {
  PD_CHECK(index.dims.size() <= 1, InvalidArgument, "index must be 1-D, but got shape ", index.dims.ToString());
  PD_CHECK(x.dims.size() >= 1, InvalidArgument, "x must have at least 1 dim, but got a 0-D tensor");
  std::vector<int64_t> dims = x.dims.ToVector();
  dims[NormalizeAxis(axis, x.dims.size())] = index.dims.numel();
  *out = Meta(x.dtype, DDim(dims));
}

void IsCloseInferMeta(const Meta& x, const Meta& y, const Scalar& rtol, const Scalar& atol, Meta* out) {
  PD_CHECK(rtol.real() >= 0 && atol.real() >= 0, InvalidArgument, "rtol and atol must be >= 0, but got ",
           rtol.real(), " and ", atol.real());
  CompareInferMeta(x, y, out);
}

}  // namespace phi
