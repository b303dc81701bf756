#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {

void LayerNormInferMeta(const Meta& x, const Meta& scale, const Meta& bias, float epsilon, int64_t begin_norm_axis,
                        Meta* out, Meta* mean, Meta* rstd) {
  const int rank = x.dims.size();
  PD_CHECK(begin_norm_axis >= 0 && begin_norm_axis < rank, OutOfRange, "begin_norm_axis (", begin_norm_axis,
           ") must be in [0, ", rank, ") for x of shape ", x.dims.ToString());
  std::vector<int64_t> normalized(x.dims.data() + begin_norm_axis, x.dims.data() + rank);
  std::vector<int64_t> stats(x.dims.data(), x.dims.data() + rank);
  for (int d = static_cast<int>(begin_norm_axis); d < rank; ++d) stats[d] = 1;
  for (const Meta* p : {&scale, &bias}) {
    PD_CHECK(p->dims == DDim(normalized), InvalidArgument, p == &scale ? "weight" : "bias", ".shape ",
             p->dims.ToString(), " must equal the normalized shape ", DDim(normalized).ToString());
    PD_CHECK(p->dtype == x.dtype, InvalidType, p == &scale ? "weight" : "bias", ".dtype (", DataTypeName(p->dtype),
             ") must equal x.dtype (", DataTypeName(x.dtype), ")");
  }
  PD_CHECK(epsilon >= 0, InvalidArgument, "epsilon must be >= 0, but got ", epsilon);
  *out = Meta(x.dtype, x.dims);
  *mean = Meta(x.dtype, DDim(stats));
  *rstd = Meta(x.dtype, DDim(stats));
}

}  // namespace phi
