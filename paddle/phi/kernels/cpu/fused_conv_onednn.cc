// The predictor's oneDNN ops: fused convolutions (fused_conv2d,
// fused_conv2d_add), whose bias, residual (oneDNN's sum post-op: added to
// what dst holds) and relu are applied while each output block is still in
// registers, and max_pool2d_nhwc. NHWC tensors are read and written as they
// are (Note [NHWC predictor] in conv_nhwc_layout_pass.cc); NCHW ones are
// reordered into the layout oneDNN picks and back.
#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/kernels/cpu/onednn_conv.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_nn.h"

namespace phi {
namespace {

using dnnl::memory;
using onednn::Any;
using onednn::ConvShape;
using onednn::Engine;
using onednn::Tag;

memory::desc Nhwc(const memory::dims& nchw) { return memory::desc(nchw, memory::data_type::f32, Tag::nhwc); }

// The NCHW dims of a tensor in this layout.
DDim NchwDims(const DDim& dims, bool nhwc) {
  return nhwc ? DDim({dims[0], dims[3], dims[1], dims[2]}) : dims;
}

// What selects a fused convolution's primitive besides its shape.
struct FusedConvKey {
  ConvShape shape;
  bool nhwc, residual, relu;

  bool operator<(const FusedConvKey& o) const {
    return std::tie(shape, nhwc, residual, relu) < std::tie(o.shape, o.nhwc, o.residual, o.relu);
  }
};

const dnnl::convolution_forward::primitive_desc& FusedPrimitive(const FusedConvKey& k) {
  static std::mutex mu;
  static std::map<FusedConvKey, std::unique_ptr<dnnl::convolution_forward::primitive_desc>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = cache[k];
  if (slot) return *slot;
  const ConvShape& s = k.shape;
  dnnl::post_ops post_ops;
  if (k.residual) post_ops.append_sum(1.0f);
  if (k.relu) post_ops.append_eltwise(1.0f, dnnl::algorithm::eltwise_relu, 0.0f, 0.0f);
  dnnl::primitive_attr attr;
  attr.set_post_ops(post_ops);
  try {
    dnnl::convolution_forward::desc desc(
        dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
        k.nhwc ? Nhwc(s.src) : Any(s.src), Any(s.weights), memory::desc({s.dst[1]}, memory::data_type::f32, Tag::x),
        k.nhwc ? Nhwc(s.dst) : Any(s.dst),
        s.strides, s.dilates, s.pad_l, s.pad_r);
    slot = std::make_unique<dnnl::convolution_forward::primitive_desc>(desc, attr, Engine());
  } catch (const dnnl::error& e) {
    cache.erase(k);
    PD_THROW(InvalidArgument, "oneDNN cannot run a fused convolution with these sizes, strides, dilations and "
             "padding: ", e.what());
  }
  return *slot;
}

void FusedConv(const CPUContext& ctx, const DenseTensor& x, const DenseTensor& weight, const DenseTensor& bias,
               const DenseTensor* residual, const std::vector<int64_t>& strides,
               const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, int64_t groups,
               const std::string& activation, const std::string& data_format, DenseTensor* out) {
  onednn::CheckFloat32(x);
  float* o = ctx.template Alloc<float>(out);
  if (out->numel() == 0) return;
  const bool nhwc = data_format == "NHWC";
  const FusedConvKey key{
      onednn::MakeShape(NchwDims(x.dims(), nhwc), weight.dims(), strides, paddings, dilations, groups), nhwc,
      residual != nullptr, activation == "relu"};
  const ConvShape& s = key.shape;
  const auto& pd = FusedPrimitive(key);
  dnnl::stream stream(Engine());
  onednn::Temporaries temps;
  memory src = nhwc ? memory(pd.src_desc(), Engine(), const_cast<float*>(x.data<float>()))
                               : onednn::Input(pd.src_desc(), s.src, x.data<float>(), stream, temps);
  memory w = onednn::Weights(pd.weights_desc(), s.weights, weight, stream, temps);
  memory b(pd.bias_desc(), Engine(), const_cast<float*>(bias.data<float>()));
  auto run = [&](memory& dst) {
    if (residual) {  // the sum post-op adds the convolution to what dst holds
      memory from(nhwc ? Nhwc(s.dst) : onednn::Plain(s.dst), Engine(), const_cast<float*>(residual->data<float>()));
      if (from.get_desc() == dst.get_desc()) {
        std::memcpy(dst.get_data_handle(), from.get_data_handle(), dst.get_desc().get_size());
      } else {
        dnnl::reorder(from, dst).execute(stream, from, dst);
      }
    }
    dnnl::convolution_forward(pd).execute(
        stream, {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, w}, {DNNL_ARG_BIAS, b}, {DNNL_ARG_DST, dst}});
  };
  if (nhwc) {
    memory dst(pd.dst_desc(), Engine(), o);
    run(dst);
  } else {
    onednn::WithOutput(pd.dst_desc(), s.dst, o, stream, temps, run);
  }
  stream.wait();
}

const dnnl::pooling_forward::primitive_desc& MaxPoolPrimitive(const memory::dims& src, const memory::dims& dst,
                                                              const memory::dims& kernel, const memory::dims& strides,
                                                              const memory::dims& pad_l, const memory::dims& pad_r) {
  static std::mutex mu;
  static std::map<std::vector<memory::dims>, std::unique_ptr<dnnl::pooling_forward::primitive_desc>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = cache[{src, dst, kernel, strides, pad_l, pad_r}];
  if (!slot) {
    dnnl::pooling_forward::desc desc(dnnl::prop_kind::forward_inference, dnnl::algorithm::pooling_max, Nhwc(src),
                                     Nhwc(dst), strides, kernel, pad_l, pad_r);
    slot = std::make_unique<dnnl::pooling_forward::primitive_desc>(desc, Engine());
  }
  return *slot;
}

}  // namespace

template <typename T, typename Context>
void FusedConv2dKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& weight, const DenseTensor& bias,
                       const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                       const std::vector<int64_t>& dilations, int64_t groups, const std::string& activation,
                       const std::string& data_format, DenseTensor* out) {
  FusedConv(ctx, x, weight, bias, nullptr, strides, paddings, dilations, groups, activation, data_format, out);
}

template <typename T, typename Context>
void FusedConv2dAddKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& weight,
                          const DenseTensor& bias, const DenseTensor& residual, const std::vector<int64_t>& strides,
                          const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations,
                          int64_t groups, const std::string& activation, const std::string& data_format,
                          DenseTensor* out) {
  FusedConv(ctx, x, weight, bias, &residual, strides, paddings, dilations, groups, activation, data_format, out);
}

template <typename T, typename Context>
void MaxPool2dNhwcKernel(const Context& ctx, const DenseTensor& x, const std::vector<int64_t>& kernel_size,
                         const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings, bool ceil_mode,
                         DenseTensor* out) {
  float* o = ctx.template Alloc<float>(out);
  if (out->numel() == 0) return;
  const DDim& in = x.dims();
  const DDim& pooled = out->dims();
  const memory::dims src{in[0], in[3], in[1], in[2]}, dst{pooled[0], pooled[3], pooled[1], pooled[2]};
  const memory::dims stride{strides[0], strides[1]}, pad_l{paddings[0], paddings[2]};
  // The right padding that gives our output size (ceil_mode's last window
  // may reach past the given padding); oneDNN rounds the size down.
  memory::dims pad_r(2);
  for (int d = 0; d < 2; ++d) {
    pad_r[d] = std::max<int64_t>(0, (dst[2 + d] - 1) * stride[d] + kernel_size[d] - src[2 + d] - pad_l[d]);
  }
  const auto& pd = MaxPoolPrimitive(src, dst, {kernel_size[0], kernel_size[1]}, stride, pad_l, pad_r);
  memory from(pd.src_desc(), Engine(), const_cast<float*>(x.data<float>())), to(pd.dst_desc(), Engine(), o);
  dnnl::stream stream(Engine());
  dnnl::pooling_forward(pd).execute(stream, {{DNNL_ARG_SRC, from}, {DNNL_ARG_DST, to}});
  stream.wait();
}

}  // namespace phi

PD_REGISTER_OP_KERNEL(fused_conv2d, CPU, phi::FusedConv2dKernel);
PD_REGISTER_OP_KERNEL(fused_conv2d_add, CPU, phi::FusedConv2dAddKernel);
PD_REGISTER_OP_KERNEL(max_pool2d_nhwc, CPU, phi::MaxPool2dNhwcKernel);
