#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {

void ConcatInferMeta(const std::vector<const Meta*>& x, int64_t axis, Meta* out) {
  PD_CHECK(!x.empty(), InvalidArgument, "x must hold at least one tensor");
  const DDim& first = x[0]->dims;
  PD_CHECK(first.size() > 0, InvalidArgument, "0-D tensors cannot be concatenated");
  int a = NormalizeAxis(axis, first.size());
  DDim dims = first;
  for (size_t i = 1; i < x.size(); ++i) {
    const DDim& d = x[i]->dims;
    PD_CHECK(d.size() == first.size(), InvalidArgument, "all tensors must have the same rank, but x[0].shape is ",
             first.ToString(), " and x[", i, "].shape is ", d.ToString());
    // A dim of -1 (known only when a graph runs) matches any and makes the
    // joined axis unknown too.
    for (int j = 0; j < d.size(); ++j) {
      if (j == a) continue;
      PD_CHECK(d[j] == dims[j] || d[j] == -1 || dims[j] == -1, InvalidArgument, "all dims but axis ", a,
               " must match, but x[0].shape is ", first.ToString(), " and x[", i, "].shape is ", d.ToString());
      if (dims[j] == -1) dims[j] = d[j];
    }
    if (dims[a] == -1 || d[a] == -1) {
      dims[a] = -1;
    } else {
      PD_CHECK(!__builtin_add_overflow(dims[a], d[a], &dims[a]), InvalidArgument, "the joined axis ", a,
               " would have more elements than fit in int64");
    }
  }
  dims.CheckedNumel();
  *out = Meta(x[0]->dtype, dims);
}

void StackInferMeta(const std::vector<const Meta*>& x, int64_t axis, Meta* out) {
  PD_CHECK(!x.empty(), InvalidArgument, "x must hold at least one tensor");
  for (size_t i = 1; i < x.size(); ++i) {
    PD_CHECK(x[i]->dims == x[0]->dims, InvalidArgument, "all tensors must have the same shape, but x[0] is ",
             x[0]->dims.ToString(), " and x[", i, "] is ", x[i]->dims.ToString());
  }
  std::vector<int64_t> dims = x[0]->dims.ToVector();
  dims.insert(dims.begin() + NormalizeAxis(axis, x[0]->dims.size() + 1), static_cast<int64_t>(x.size()));
  DataType dtype = x[0]->dtype;
  for (const Meta* m : x) dtype = PromoteTypes(dtype, m->dtype);
  *out = Meta(dtype, DDim(dims));
}

void LerpInferMeta(const Meta& x, const Meta& y, const Meta& weight, Meta* out) {
  // As its decomposition x + weight (y - x) promotes and broadcasts.
  Meta difference, scaled;
  ElementwiseInferMeta(y, x, &difference);
  ElementwiseInferMeta(weight, difference, &scaled);
  ElementwiseInferMeta(x, scaled, out);
}

}  // namespace phi
