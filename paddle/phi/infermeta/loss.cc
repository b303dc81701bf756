#include <string>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {
namespace {

void CheckReduction(const std::string& reduction, bool batchmean) {
  PD_CHECK(reduction == "none" || reduction == "mean" || reduction == "sum" || (batchmean && reduction == "batchmean"),
           InvalidArgument, "reduction must be 'none', 'mean', 'sum'", batchmean ? " or 'batchmean'" : "",
           ", but got '", reduction, "'");
}

}  // namespace

void LossInferMeta(const Meta& input, const Meta& label, Meta* out) {
  PD_CHECK(IsFloating(input.dtype), InvalidType, "input must be a floating-point tensor, but got ",
           DataTypeName(input.dtype));
  PD_CHECK(input.dims == label.dims, InvalidArgument, "input.shape ", input.dims.ToString(),
           " must equal label.shape ", label.dims.ToString());
  PD_CHECK(label.dtype == input.dtype, InvalidType, "label.dtype (", DataTypeName(label.dtype),
           ") must equal input.dtype (", DataTypeName(input.dtype), ")");
  *out = Meta(input.dtype, input.dims);
}

void KlDivInferMeta(const Meta& x, const Meta& label, const std::string& reduction, Meta* out) {
  LossInferMeta(x, label, out);
  CheckReduction(reduction, true);
  if (reduction != "none") *out = Meta(x.dtype, DDim());
}

void HuberLossInferMeta(const Meta& input, const Meta& label, double delta, Meta* out, Meta* residual) {
  LossInferMeta(input, label, out);
  PD_CHECK(delta > 0, InvalidArgument, "delta must be positive, but got ", delta);
  *residual = *out;
}

void NllLossInferMeta(const Meta& input, const Meta& label, const Meta& weight, int64_t ignore_index,
                      const std::string& reduction, Meta* out, Meta* total_weight) {
  PD_CHECK(IsFloating(input.dtype), InvalidType, "input must be a floating-point tensor, but got ",
           DataTypeName(input.dtype));
  PD_CHECK(input.dims.size() >= 2, InvalidArgument, "input must be [N, C, ...], but got shape ",
           input.dims.ToString());
  std::vector<int64_t> rows = input.dims.ToVector();
  rows.erase(rows.begin() + 1);
  PD_CHECK(label.dims == DDim(rows), InvalidArgument, "label.shape ", label.dims.ToString(),
           " must be input.shape without the class dim (", DDim(rows).ToString(), ")");
  PD_CHECK(label.dtype == DataType::INT32 || label.dtype == DataType::INT64, InvalidType,
           "label must be an int32 or int64 tensor, but got ", DataTypeName(label.dtype));
  PD_CHECK(weight.dims == DDim({input.dims[1]}) && weight.dtype == input.dtype, InvalidArgument, "weight must be ",
           DataTypeName(input.dtype), "[", input.dims[1], "] (one per class), but got ", DataTypeName(weight.dtype),
           weight.dims.ToString());
  CheckReduction(reduction, false);
  *out = Meta(input.dtype, reduction == "none" ? DDim(rows) : DDim());
  *total_weight = Meta(input.dtype, DDim());
}

}  // namespace phi
