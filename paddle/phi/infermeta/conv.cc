#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {
namespace {

void CheckWindow(const std::vector<int64_t>& kernel_sizes, const std::vector<int64_t>& strides,
                 const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations) {
  PD_CHECK(kernel_sizes.size() == 2 && strides.size() == 2 && dilations.size() == 2 && paddings.size() == 4,
           InvalidArgument, "kernel_sizes, strides and dilations need 2 values and paddings 4, but got ",
           kernel_sizes.size(), ", ", strides.size(), ", ", dilations.size(), " and ", paddings.size());
  for (int i = 0; i < 2; ++i) {
    PD_CHECK(kernel_sizes[i] > 0 && strides[i] > 0 && dilations[i] > 0, InvalidArgument,
             "kernel_sizes, strides and dilations must be positive, but got ", DDim(kernel_sizes).ToString(),
             ", ", DDim(strides).ToString(), " and ", DDim(dilations).ToString());
  }
  for (int64_t p : paddings) {
    PD_CHECK(p >= 0, InvalidArgument, "paddings must be >= 0, but got ", DDim(paddings).ToString());
  }
}

}  // namespace

void UnfoldInferMeta(const Meta& x, const std::vector<int64_t>& kernel_sizes,
                     const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                     const std::vector<int64_t>& dilations, Meta* out) {
  PD_CHECK(x.dims.size() == 4, InvalidArgument, "x must be 4-D (NCHW), but got shape ", x.dims.ToString());
  CheckWindow(kernel_sizes, strides, paddings, dilations);
  const int64_t oh = ConvOutputSize(x.dims[2], kernel_sizes[0], strides[0], paddings[0], paddings[2], dilations[0]);
  const int64_t ow = ConvOutputSize(x.dims[3], kernel_sizes[1], strides[1], paddings[1], paddings[3], dilations[1]);
  *out = Meta(x.dtype, DDim({x.dims[0], x.dims[1] * kernel_sizes[0] * kernel_sizes[1], oh * ow}));
}

void FoldInferMeta(const Meta& x, const std::vector<int64_t>& output_sizes,
                   const std::vector<int64_t>& kernel_sizes, const std::vector<int64_t>& strides,
                   const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, Meta* out) {
  PD_CHECK(x.dims.size() == 3, InvalidArgument, "x must be 3-D [N, C*kh*kw, L], but got shape ", x.dims.ToString());
  PD_CHECK(output_sizes.size() == 2 && output_sizes[0] > 0 && output_sizes[1] > 0, InvalidArgument,
           "output_sizes must be 2 positive values, but got ", DDim(output_sizes).ToString());
  CheckWindow(kernel_sizes, strides, paddings, dilations);
  const int64_t kk = kernel_sizes[0] * kernel_sizes[1];
  PD_CHECK(x.dims[1] % kk == 0, InvalidArgument, "x.shape[1] (", x.dims[1], ") must be a multiple of kh*kw (", kk, ")");
  const int64_t oh = ConvOutputSize(output_sizes[0], kernel_sizes[0], strides[0], paddings[0], paddings[2], dilations[0]);
  const int64_t ow = ConvOutputSize(output_sizes[1], kernel_sizes[1], strides[1], paddings[1], paddings[3], dilations[1]);
  PD_CHECK(x.dims[2] == oh * ow, InvalidArgument, "x.shape[2] (", x.dims[2], ") must equal the number of windows (",
           oh * ow, ") of output_sizes ", DDim(output_sizes).ToString());
  *out = Meta(x.dtype, DDim({x.dims[0], x.dims[1] / kk, output_sizes[0], output_sizes[1]}));
}

void ConvInferMeta(const Meta& x, const Meta& weight, const std::vector<int64_t>& strides,
                   const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, int64_t groups,
                   Meta* out) {
  PD_CHECK(x.dims.size() == 4 && weight.dims.size() == 4, InvalidArgument,
           "x and weight must be 4-D (NCHW and [OC, C/groups, kh, kw]), but got shapes ", x.dims.ToString(), " and ",
           weight.dims.ToString());
  PD_CHECK(groups > 0 && x.dims[1] % groups == 0 && weight.dims[0] % groups == 0, InvalidArgument, "groups (",
           groups, ") must divide the input channels (", x.dims[1], ") and the output channels (", weight.dims[0], ")");
  PD_CHECK(weight.dims[1] * groups == x.dims[1], InvalidArgument, "weight.shape[1] (", weight.dims[1],
           ") times groups (", groups, ") must equal the input channels (", x.dims[1], ")");
  PD_CHECK(weight.dtype == x.dtype, InvalidType, "weight.dtype (", DataTypeName(weight.dtype),
           ") must equal x.dtype (", DataTypeName(x.dtype), ")");
  CheckWindow({weight.dims[2], weight.dims[3]}, strides, paddings, dilations);
  const int64_t oh = ConvOutputSize(x.dims[2], weight.dims[2], strides[0], paddings[0], paddings[2], dilations[0]);
  const int64_t ow = ConvOutputSize(x.dims[3], weight.dims[3], strides[1], paddings[1], paddings[3], dilations[1]);
  *out = Meta(x.dtype, DDim({x.dims[0], weight.dims[0], oh, ow}));
}

namespace {

// The dims of a 4-D tensor in the other layout: NHWC of NCHW dims, or back.
DDim Nhwc(const DDim& nchw) { return DDim({nchw[0], nchw[2], nchw[3], nchw[1]}); }
DDim Nchw(const DDim& nhwc) { return DDim({nhwc[0], nhwc[3], nhwc[1], nhwc[2]}); }

}  // namespace

void MaxPoolNhwcInferMeta(const Meta& x, const std::vector<int64_t>& kernel_size, const std::vector<int64_t>& strides,
                          const std::vector<int64_t>& paddings, bool ceil_mode, Meta* out) {
  PD_CHECK(x.dims.size() == 4, InvalidArgument, "x must be 4-D (NHWC), but got shape ", x.dims.ToString());
  PD_CHECK(kernel_size.size() == 2, InvalidArgument, "kernel_size needs 2 values, but got ", kernel_size.size());
  Meta indices;
  MaxPoolInferMeta(Meta(x.dtype, Nchw(x.dims)), kernel_size, strides, paddings, ceil_mode, false, out, &indices);
  *out = Meta(out->dtype, Nhwc(out->dims));
}

void FusedConvInferMeta(const Meta& x, const Meta& weight, const Meta& bias, const std::vector<int64_t>& strides,
                        const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, int64_t groups,
                        const std::string& activation, const std::string& data_format, Meta* out) {
  PD_CHECK(activation == "none" || activation == "relu", InvalidArgument,
           "activation must be \"none\" or \"relu\", but got \"", activation, "\"");
  PD_CHECK(data_format == "NCHW" || data_format == "NHWC", InvalidArgument,
           "data_format must be \"NCHW\" or \"NHWC\", but got \"", data_format, "\"");
  const bool nhwc = data_format == "NHWC";
  PD_CHECK(x.dims.size() == 4, InvalidArgument, "x must be 4-D (", data_format, "), but got shape ",
           x.dims.ToString());
  ConvInferMeta(nhwc ? Meta(x.dtype, Nchw(x.dims)) : x, weight, strides, paddings, dilations, groups, out);
  PD_CHECK(bias.dtype == x.dtype && bias.dims == DDim({weight.dims[0]}), InvalidArgument,
           "bias must be a ", DataTypeName(x.dtype), " vector of the ", weight.dims[0], " output channels, but got ",
           DataTypeName(bias.dtype), " of shape ", bias.dims.ToString());
  if (nhwc) *out = Meta(out->dtype, Nhwc(out->dims));
}

void FusedConvAddInferMeta(const Meta& x, const Meta& weight, const Meta& bias, const Meta& residual,
                           const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                           const std::vector<int64_t>& dilations, int64_t groups, const std::string& activation,
                           const std::string& data_format, Meta* out) {
  FusedConvInferMeta(x, weight, bias, strides, paddings, dilations, groups, activation, data_format, out);
  PD_CHECK(residual.dtype == out->dtype && residual.dims == out->dims, InvalidArgument,
           "residual must be the output's ", DataTypeName(out->dtype), " of shape ", out->dims.ToString(),
           ", but got ", DataTypeName(residual.dtype), " of shape ", residual.dims.ToString());
}

void ConvInputGradInferMeta(const Meta& out_grad, const Meta& weight, const IntArray& input_shape,
                            const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                            const std::vector<int64_t>& dilations, int64_t groups, Meta* x_grad) {
  Meta x(out_grad.dtype, DDim(input_shape.GetData())), expected;
  ConvInferMeta(x, weight, strides, paddings, dilations, groups, &expected);
  PD_CHECK(expected.dims == out_grad.dims, InvalidArgument, "out_grad.shape ", out_grad.dims.ToString(),
           " must be the convolution's output shape ", expected.dims.ToString());
  *x_grad = x;
}

void ConvFilterGradInferMeta(const Meta& x, const Meta& out_grad, const IntArray& filter_shape,
                             const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                             const std::vector<int64_t>& dilations, int64_t groups, Meta* w_grad) {
  Meta w(x.dtype, DDim(filter_shape.GetData())), expected;
  ConvInferMeta(x, w, strides, paddings, dilations, groups, &expected);
  PD_CHECK(expected.dims == out_grad.dims, InvalidArgument, "out_grad.shape ", out_grad.dims.ToString(),
           " must be the convolution's output shape ", expected.dims.ToString());
  *w_grad = w;
}

void Conv2dTransposeInferMeta(const Meta& x, const Meta& weight, const IntArray& output_size,
                              const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                              const std::vector<int64_t>& dilations, int64_t groups, Meta* out) {
  PD_CHECK(x.dims.size() == 4 && weight.dims.size() == 4, InvalidArgument,
           "x and weight must be 4-D (NCHW and [C, OC/groups, kh, kw]), but got shapes ", x.dims.ToString(), " and ",
           weight.dims.ToString());
  PD_CHECK(output_size.size() == 2, InvalidArgument, "output_size must be [height, width], but got ",
           DDim(output_size.GetData()).ToString());
  PD_CHECK(x.dims[1] == weight.dims[0], InvalidArgument, "weight.shape[0] (", weight.dims[0],
           ") must equal the input channels (", x.dims[1], ")");
  // The transposed convolution is conv2d's input gradient: x is its out_grad.
  const std::vector<int64_t> shape = {x.dims[0], weight.dims[1] * groups, output_size[0], output_size[1]};
  ConvInputGradInferMeta(x, weight, IntArray(shape), strides, paddings, dilations, groups, out);
}

void Conv3dInferMeta(const Meta& x, const Meta& weight, const std::vector<int64_t>& strides,
                     const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, int64_t groups,
                     Meta* out) {
  PD_CHECK(x.dims.size() == 5 && weight.dims.size() == 5, InvalidArgument,
           "x and weight must be 5-D (NCDHW and [OC, C/groups, kd, kh, kw]), but got shapes ", x.dims.ToString(),
           " and ", weight.dims.ToString());
  PD_CHECK(strides.size() == 3 && paddings.size() == 3 && dilations.size() == 3, InvalidArgument,
           "strides, paddings and dilations must have 3 values each");
  PD_CHECK(groups > 0 && x.dims[1] % groups == 0 && weight.dims[0] % groups == 0 &&
               weight.dims[1] * groups == x.dims[1],
           InvalidArgument, "groups (", groups, ") must divide the input channels (", x.dims[1],
           ") and the output channels (", weight.dims[0], "), and weight.shape[1] (", weight.dims[1],
           ") times groups must equal the input channels");
  PD_CHECK(weight.dtype == x.dtype, InvalidType, "weight.dtype (", DataTypeName(weight.dtype),
           ") must equal x.dtype (", DataTypeName(x.dtype), ")");
  std::vector<int64_t> dims = {x.dims[0], weight.dims[0]};
  for (int d = 0; d < 3; ++d) {
    PD_CHECK(strides[d] >= 1 && dilations[d] >= 1 && paddings[d] >= 0, InvalidArgument,
             "strides and dilations must be >= 1 and paddings >= 0");
    dims.push_back(ConvOutputSize(x.dims[2 + d], weight.dims[2 + d], strides[d], paddings[d], paddings[d],
                                  dilations[d]));
  }
  *out = Meta(x.dtype, DDim(dims));
}

}  // namespace phi
