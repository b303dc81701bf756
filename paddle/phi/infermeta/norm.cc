#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {

namespace {

// Whether a tensor of these dims is known to be empty (-1, a dim a static
// program's feed decides, is not).
bool HasZeroDim(const DDim& dims) {
  for (int i = 0; i < dims.size(); ++i) {
    if (dims[i] == 0) return true;
  }
  return false;
}


// Checks the per-column parameters of a row norm (layer_norm, rms_norm) and
// returns the statistics' dims: x's, with the normalized ones set to 1.
DDim RowNormStatsDims(const Meta& x, std::initializer_list<std::pair<const Meta*, const char*>> params,
                      float epsilon, int64_t begin_norm_axis) {
  const int rank = x.dims.size();
  PD_CHECK(IsFloating(x.dtype), InvalidType, "x must be a floating-point tensor, but got ", DataTypeName(x.dtype));
  PD_CHECK(begin_norm_axis >= 0 && begin_norm_axis < rank, OutOfRange, "begin_norm_axis (", begin_norm_axis,
           ") must be in [0, ", rank, ") for x of shape ", x.dims.ToString());
  const DDim normalized(std::vector<int64_t>(x.dims.data() + begin_norm_axis, x.dims.data() + rank));
  std::vector<int64_t> stats(x.dims.data(), x.dims.data() + rank);
  for (int d = static_cast<int>(begin_norm_axis); d < rank; ++d) stats[d] = 1;
  for (const auto& [p, name] : params) {
    PD_CHECK(p->dims == normalized, InvalidArgument, name, ".shape ", p->dims.ToString(),
             " must equal the normalized shape ", normalized.ToString());
    PD_CHECK(p->dtype == x.dtype, InvalidType, name, ".dtype (", DataTypeName(p->dtype), ") must equal x.dtype (",
             DataTypeName(x.dtype), ")");
  }
  PD_CHECK(epsilon >= 0, InvalidArgument, "epsilon must be >= 0, but got ", epsilon);
  return DDim(stats);
}

// The gradient of a row norm: out_grad like x, scale one row's numel, the
// statistics one value per row, all of x's dtype.
void CheckRowNormGrad(const Meta& out_grad, const Meta& x, const Meta& scale,
                      std::initializer_list<const Meta*> stats, int64_t begin_norm_axis) {
  PD_CHECK(out_grad.dims == x.dims, InvalidArgument, "out_grad has shape ", out_grad.dims.ToString(),
           " but x has shape ", x.dims.ToString());
  const int rank = x.dims.size();
  PD_CHECK(begin_norm_axis >= 0 && begin_norm_axis < rank, OutOfRange, "begin_norm_axis (", begin_norm_axis,
           ") must be in [0, ", rank, ") for x of shape ", x.dims.ToString());
  int64_t row = 1;
  for (int d = static_cast<int>(begin_norm_axis); d < rank; ++d) row *= x.dims[d];
  PD_CHECK(scale.dims.numel() == row, InvalidArgument, "scale (", scale.dims.ToString(), ") must hold the ", row,
           " values of a row of x ", x.dims.ToString(), " from begin_norm_axis ", begin_norm_axis);
  PD_CHECK(out_grad.dtype == x.dtype && scale.dtype == x.dtype, InvalidType,
           "out_grad and scale must have x's dtype ", DataTypeName(x.dtype), ", but got ",
           DataTypeName(out_grad.dtype), " and ", DataTypeName(scale.dtype));
  const int64_t rows = (*stats.begin())->dims.numel(), total = x.dims.numel();
  for (const Meta* m : stats) {
    PD_CHECK(m->dtype == x.dtype, InvalidType, "the saved statistics must have x's dtype ", DataTypeName(x.dtype),
             ", but one has ", DataTypeName(m->dtype));
    PD_CHECK(m->dims.numel() == rows && scale.dims.numel() * rows == total,
             InvalidArgument, "the saved statistics (", m->dims.ToString(), ") must hold one value per row of x ",
             x.dims.ToString(), " and scale (", scale.dims.ToString(), ") one row's values");
  }
}

}  // namespace

void LayerNormInferMeta(const Meta& x, const Meta& scale, const Meta& bias, float epsilon, int64_t begin_norm_axis,
                        Meta* out, Meta* mean, Meta* rstd) {
  const DDim stats = RowNormStatsDims(x, {{&scale, "weight"}, {&bias, "bias"}}, epsilon, begin_norm_axis);
  *out = Meta(x.dtype, x.dims);
  *mean = Meta(x.dtype, stats);
  *rstd = Meta(x.dtype, stats);
}

void RmsNormInferMeta(const Meta& x, const Meta& scale, float epsilon, int64_t begin_norm_axis, Meta* out,
                      Meta* rstd) {
  const DDim stats = RowNormStatsDims(x, {{&scale, "weight"}}, epsilon, begin_norm_axis);
  *out = Meta(x.dtype, x.dims);
  *rstd = Meta(x.dtype, stats);
}

void BatchNormTrainInferMeta(const Meta& x, const Meta& scale, const Meta& bias, float epsilon, Meta* out, Meta* mean,
                             Meta* rstd) {
  PD_CHECK(x.dims.size() >= 2, InvalidArgument, "x must be [N, C, ...], but got shape ", x.dims.ToString());
  PD_CHECK(IsFloating(x.dtype), InvalidType, "x must be a floating-point tensor, but got ", DataTypeName(x.dtype));
  PD_CHECK(!HasZeroDim(x.dims), InvalidArgument, "batch statistics need a non-empty batch, but x has shape ",
           x.dims.ToString());
  const DDim channels({x.dims[1]});
  for (const Meta* p : {&scale, &bias}) {
    PD_CHECK(p->dims == channels, InvalidArgument, p == &scale ? "weight" : "bias", ".shape ", p->dims.ToString(),
             " must be [C] = ", channels.ToString());
    PD_CHECK(p->dtype == x.dtype, InvalidType, "weight and bias must have x's dtype");
  }
  PD_CHECK(epsilon >= 0, InvalidArgument, "epsilon must be >= 0, but got ", epsilon);
  *out = Meta(x.dtype, x.dims);
  *mean = Meta(x.dtype, channels);
  *rstd = Meta(x.dtype, channels);
}

namespace {

// The channel dim of x in data_format: 1 for the channel-first layouts, the
// last for the channel-last ones.
int ChannelAxis(const Meta& x, const std::string& data_format) {
  static const char* kFirst[] = {"NC", "NCL", "NCHW", "NCDHW"};
  static const char* kLast[] = {"NLC", "NHWC", "NDHWC"};
  PD_CHECK(x.dims.size() >= 2, InvalidArgument, "x must be [N, C, ...] or [N, ..., C], but got shape ",
           x.dims.ToString());
  for (const char* f : kFirst)
    if (data_format == f) return 1;
  for (const char* f : kLast)
    if (data_format == f) return x.dims.size() - 1;
  PD_THROW(InvalidArgument, "data_format must be one of NC, NCL, NCHW, NCDHW, NLC, NHWC, NDHWC, but got ",
           data_format);
}

void CheckPerChannel(const Meta& t, const char* name, int64_t channels) {
  PD_CHECK(t.dims.numel() == channels && t.dims.size() <= 1, InvalidArgument, name, ".shape ", t.dims.ToString(),
           " must be [C] = [", channels, "]");
  PD_CHECK(IsFloating(t.dtype), InvalidType, name, " must be a floating-point tensor, but got ",
           DataTypeName(t.dtype));
}

}  // namespace

void BatchNormInferMeta(const Meta& x, const Meta& mean, const Meta& variance, const Meta& scale, const Meta& bias,
                        bool is_test, double momentum, double epsilon, const std::string& data_format,
                        bool use_global_stats, bool trainable_statistics, Meta* out, Meta* mean_out,
                        Meta* variance_out, Meta* saved_mean, Meta* saved_variance) {
  PD_CHECK(IsFloating(x.dtype), InvalidType, "x must be a floating-point tensor, but got ", DataTypeName(x.dtype));
  const int64_t channels = x.dims[ChannelAxis(x, data_format)];
  CheckPerChannel(mean, "mean", channels);
  CheckPerChannel(variance, "variance", channels);
  CheckPerChannel(scale, "scale", channels);
  CheckPerChannel(bias, "bias", channels);
  PD_CHECK(epsilon >= 0, InvalidArgument, "epsilon must be >= 0, but got ", epsilon);
  const bool batch_statistics = !((is_test && !trainable_statistics) || use_global_stats);
  PD_CHECK(!batch_statistics || !HasZeroDim(x.dims), InvalidArgument,
           "batch statistics need a non-empty batch, but x has shape ", x.dims.ToString());
  const DDim c({channels});
  *out = Meta(x.dtype, x.dims);
  *mean_out = Meta(mean.dtype, c);
  *variance_out = Meta(variance.dtype, c);
  *saved_mean = Meta(batch_statistics ? x.dtype : mean.dtype, c);
  *saved_variance = Meta(batch_statistics ? x.dtype : variance.dtype, c);
}

void GroupNormInferMeta(const Meta& x, const Meta& scale, const Meta& bias, float epsilon, int groups,
                        const std::string& data_format, Meta* y, Meta* mean, Meta* variance) {
  PD_CHECK(IsFloating(x.dtype), InvalidType, "x must be a floating-point tensor, but got ", DataTypeName(x.dtype));
  const int64_t channels = x.dims[ChannelAxis(x, data_format)];
  PD_CHECK(groups > 0 && channels % groups == 0, InvalidArgument, "the channels (", channels,
           ") must divide into groups (", groups, ")");
  CheckPerChannel(scale, "scale", channels);
  CheckPerChannel(bias, "bias", channels);
  PD_CHECK(epsilon >= 0, InvalidArgument, "epsilon must be >= 0, but got ", epsilon);
  *y = Meta(x.dtype, x.dims);
  *mean = Meta(x.dtype, DDim({x.dims[0], groups}));
  *variance = Meta(x.dtype, DDim({x.dims[0], groups}));
}

void InstanceNormInferMeta(const Meta& x, const Meta& scale, const Meta& bias, float epsilon, Meta* y,
                           Meta* saved_mean, Meta* saved_variance) {
  Meta mean, variance;
  GroupNormInferMeta(x, scale, bias, epsilon, x.dims.size() >= 2 ? static_cast<int>(x.dims[1]) : 1, "NCHW", y, &mean,
                     &variance);
  PD_CHECK(x.dims.size() >= 3, InvalidArgument, "x must be [N, C, ...] with a spatial dim, but got shape ",
           x.dims.ToString());
  *saved_mean = Meta(x.dtype, DDim({x.dims[0] * x.dims[1]}));
  *saved_variance = *saved_mean;
}

void LayerNormGradInferMeta(const Meta& out_grad, const Meta& x, const Meta& scale, const Meta& mean,
                            const Meta& rstd, int64_t begin_norm_axis, Meta* x_grad, Meta* scale_grad,
                            Meta* bias_grad) {
  CheckRowNormGrad(out_grad, x, scale, {&mean, &rstd}, begin_norm_axis);
  *x_grad = Meta(x.dtype, x.dims);
  *scale_grad = Meta(x.dtype, scale.dims);
  *bias_grad = Meta(x.dtype, scale.dims);
}

void RmsNormGradInferMeta(const Meta& out_grad, const Meta& x, const Meta& scale, const Meta& rstd,
                          int64_t begin_norm_axis, Meta* x_grad, Meta* scale_grad) {
  CheckRowNormGrad(out_grad, x, scale, {&rstd}, begin_norm_axis);
  *x_grad = Meta(x.dtype, x.dims);
  *scale_grad = Meta(x.dtype, scale.dims);
}

void BatchNormGradInferMeta(const Meta& out_grad, const Meta& x, const Meta& scale, const Meta& mean,
                            const Meta& rstd, Meta* x_grad, Meta* scale_grad, Meta* bias_grad) {
  Meta out, expected_mean, expected_rstd;
  BatchNormTrainInferMeta(x, scale, scale, 0, &out, &expected_mean, &expected_rstd);
  PD_CHECK(out_grad.dims == x.dims && out_grad.dtype == x.dtype, InvalidArgument, "out_grad (",
           DataTypeName(out_grad.dtype), out_grad.dims.ToString(), ") must match x (", DataTypeName(x.dtype),
           x.dims.ToString(), ")");
  for (const Meta* p : {&mean, &rstd}) {
    PD_CHECK(p->dims == expected_mean.dims && p->dtype == x.dtype, InvalidArgument, p == &mean ? "mean" : "rstd",
             " must be ", DataTypeName(x.dtype), expected_mean.dims.ToString(), ", but got ", DataTypeName(p->dtype),
             p->dims.ToString());
  }
  *x_grad = Meta(x.dtype, x.dims);
  *scale_grad = Meta(x.dtype, scale.dims);
  *bias_grad = Meta(x.dtype, scale.dims);
}

void LstmCellInferMeta(const Meta& gates, const Meta& cell, Meta* hidden, Meta* cell_out) {
  PD_CHECK(cell.dims.size() == 2 && gates.dims.size() == 2 && gates.dims[0] == cell.dims[0] &&
               gates.dims[1] == 4 * cell.dims[1],
           InvalidArgument, "gates must be [batch, 4 * hidden] for cell [batch, hidden], but got ",
           gates.dims.ToString(), " and ", cell.dims.ToString());
  PD_CHECK(gates.dtype == cell.dtype, InvalidType, "gates and cell must have one dtype, but got ",
           DataTypeName(gates.dtype), " and ", DataTypeName(cell.dtype));
  *hidden = Meta(cell.dtype, cell.dims);
  *cell_out = Meta(cell.dtype, cell.dims);
}

void LstmCellGradInferMeta(const Meta& hidden_grad, const Meta& cell_out_grad, const Meta& gates, const Meta& cell,
                           const Meta& cell_out, Meta* gates_grad, Meta* cell_grad) {
  Meta forward_out[2];
  LstmCellInferMeta(gates, cell, &forward_out[0], &forward_out[1]);
  for (const Meta* m : {&hidden_grad, &cell_out_grad, &cell_out}) {
    PD_CHECK(m->dims == cell.dims && m->dtype == cell.dtype, InvalidArgument,
             "hidden_grad, cell_out_grad and cell_out must be ", DataTypeName(cell.dtype), " ", cell.dims.ToString(),
             " like cell, but got ", DataTypeName(m->dtype), " ", m->dims.ToString());
  }
  *gates_grad = Meta(gates.dtype, gates.dims);
  *cell_grad = Meta(cell.dtype, cell.dims);
}

void GruCellInferMeta(const Meta& x_proj, const Meta& h_proj, const Meta& pre_hidden, Meta* hidden) {
  PD_CHECK(pre_hidden.dims.size() == 2 && x_proj.dims == h_proj.dims && x_proj.dims.size() == 2 &&
               x_proj.dims[0] == pre_hidden.dims[0] && x_proj.dims[1] == 3 * pre_hidden.dims[1],
           InvalidArgument, "x_proj and h_proj must be [batch, 3 * hidden] for pre_hidden [batch, hidden], but got ",
           x_proj.dims.ToString(), ", ", h_proj.dims.ToString(), " and ", pre_hidden.dims.ToString());
  PD_CHECK(x_proj.dtype == pre_hidden.dtype && h_proj.dtype == pre_hidden.dtype, InvalidType,
           "x_proj, h_proj and pre_hidden must have one dtype, but got ", DataTypeName(x_proj.dtype), ", ",
           DataTypeName(h_proj.dtype), " and ", DataTypeName(pre_hidden.dtype));
  *hidden = Meta(pre_hidden.dtype, pre_hidden.dims);
}

void GruCellGradInferMeta(const Meta& hidden_grad, const Meta& x_proj, const Meta& h_proj, const Meta& pre_hidden,
                          Meta* x_proj_grad, Meta* h_proj_grad, Meta* pre_hidden_grad) {
  Meta forward_out;
  GruCellInferMeta(x_proj, h_proj, pre_hidden, &forward_out);
  PD_CHECK(hidden_grad.dims == pre_hidden.dims && hidden_grad.dtype == pre_hidden.dtype, InvalidArgument,
           "hidden_grad must be ", DataTypeName(pre_hidden.dtype), " ", pre_hidden.dims.ToString(),
           " like pre_hidden, but got ", DataTypeName(hidden_grad.dtype), " ", hidden_grad.dims.ToString());
  *x_proj_grad = Meta(x_proj.dtype, x_proj.dims);
  *h_proj_grad = Meta(h_proj.dtype, h_proj.dims);
  *pre_hidden_grad = Meta(pre_hidden.dtype, pre_hidden.dims);
}

}  // namespace phi
