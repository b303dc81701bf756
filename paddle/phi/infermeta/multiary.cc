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
    for (int j = 0; j < d.size(); ++j) {
      if (j == a) continue;
      PD_CHECK(d[j] == first[j], InvalidArgument, "all dims but axis ", a,
               " must match, but x[0].shape is ", first.ToString(), " and x[", i, "].shape is ",
               d.ToString());
    }
    PD_CHECK(!__builtin_add_overflow(dims[a], d[a], &dims[a]), InvalidArgument, "the joined axis ", a,
             " would have more elements than fit in int64");
  }
  dims.CheckedNumel();
  *out = Meta(x[0]->dtype, dims);
}

}  // namespace phi
