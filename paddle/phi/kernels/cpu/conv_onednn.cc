// conv2d and its two gradients on the CPU (float32), by oneDNN; other
// dtypes run conv2d's decomposition (unfold + matmul). oneDNN picks its
// blocked memory layouts (format_tag::any); our plain NCHW tensors are
// reordered in and out (onednn_conv.h). Primitives are cached by shape, as
// creating one compiles code; so are the reordered weights of frozen memory
// (Note [Frozen weights]), which an inference predictor's convolutions read
// every run.
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/core/scalar.h"
#include "paddle/phi/kernels/cpu/onednn_conv.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_nn.h"

namespace phi {
namespace {

using onednn::Any;
using onednn::CheckFloat32;
using onednn::ConvShape;
using onednn::Engine;
using onednn::Input;
using onednn::MakeShape;
using onednn::Temporaries;
using onednn::Weights;
using onednn::WithOutput;
using dnnl::memory;

struct ConvPrimitives {
  dnnl::convolution_forward::primitive_desc fwd;
  dnnl::convolution_backward_data::primitive_desc bwd_data;
  dnnl::convolution_backward_weights::primitive_desc bwd_weights;
};

const ConvPrimitives& Primitives(const ConvShape& s) {
  static std::mutex mu;
  static std::map<ConvShape, std::unique_ptr<ConvPrimitives>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = cache[s];
  if (slot) return *slot;
  try {
    const auto algo = dnnl::algorithm::convolution_direct;
    dnnl::convolution_forward::desc fwd(dnnl::prop_kind::forward_training, algo, Any(s.src), Any(s.weights),
                                        Any(s.dst), s.strides, s.dilates, s.pad_l, s.pad_r);
    dnnl::convolution_forward::primitive_desc fwd_pd(fwd, Engine());
    dnnl::convolution_backward_data::desc data(algo, Any(s.src), Any(s.weights), Any(s.dst), s.strides, s.dilates,
                                               s.pad_l, s.pad_r);
    dnnl::convolution_backward_weights::desc weights(algo, Any(s.src), Any(s.weights), Any(s.dst), s.strides,
                                                     s.dilates, s.pad_l, s.pad_r);
    slot = std::make_unique<ConvPrimitives>(ConvPrimitives{
        fwd_pd, dnnl::convolution_backward_data::primitive_desc(data, Engine(), fwd_pd),
        dnnl::convolution_backward_weights::primitive_desc(weights, Engine(), fwd_pd)});
  } catch (const dnnl::error& e) {  // sizes oneDNN cannot index (e.g. strides of 2^31)
    cache.erase(s);
    PD_THROW(InvalidArgument, "oneDNN cannot run a convolution with these sizes, strides, dilations and padding: ",
             e.what());
  }
  return *slot;
}

}  // namespace

template <typename T, typename Context>
void Conv2dKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& weight,
                        const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                        const std::vector<int64_t>& dilations, int64_t groups, DenseTensor* out) {
  CheckFloat32(x);
  float* o = ctx.template Alloc<float>(out);
  if (out->numel() == 0) return;
  const ConvShape s = MakeShape(x.dims(), weight.dims(), strides, paddings, dilations, groups);
  const ConvPrimitives& p = Primitives(s);
  dnnl::stream stream(Engine());
  Temporaries temps;
  memory src = Input(p.fwd.src_desc(), s.src, x.data<float>(), stream, temps);
  memory w = Weights(p.fwd.weights_desc(), s.weights, weight, stream, temps);
  WithOutput(p.fwd.dst_desc(), s.dst, o, stream, temps, [&](memory& dst) {
    dnnl::convolution_forward(p.fwd).execute(
        stream, {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, w}, {DNNL_ARG_DST, dst}});
  });
  stream.wait();
}

template <typename T, typename Context>
void Conv2dInputGradKernel(const Context& ctx, const DenseTensor& out_grad, const DenseTensor& weight,
                           const IntArray& input_shape, const std::vector<int64_t>& strides,
                           const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations,
                           int64_t groups, DenseTensor* x_grad) {
  CheckFloat32(out_grad);
  float* o = ctx.template Alloc<float>(x_grad);
  if (x_grad->numel() == 0) return;
  const ConvShape s = MakeShape(x_grad->dims(), weight.dims(), strides, paddings, dilations, groups);
  const ConvPrimitives& p = Primitives(s);
  dnnl::stream stream(Engine());
  Temporaries temps;
  memory dy = Input(p.bwd_data.diff_dst_desc(), s.dst, out_grad.data<float>(), stream, temps);
  memory w = Input(p.bwd_data.weights_desc(), s.weights, weight.data<float>(), stream, temps);
  WithOutput(p.bwd_data.diff_src_desc(), s.src, o, stream, temps, [&](memory& dx) {
    dnnl::convolution_backward_data(p.bwd_data).execute(
        stream, {{DNNL_ARG_DIFF_DST, dy}, {DNNL_ARG_WEIGHTS, w}, {DNNL_ARG_DIFF_SRC, dx}});
  });
  stream.wait();
}

template <typename T, typename Context>
void Conv2dFilterGradKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& out_grad,
                            const IntArray& filter_shape, const std::vector<int64_t>& strides,
                            const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations,
                            int64_t groups, DenseTensor* w_grad) {
  CheckFloat32(x);
  float* o = ctx.template Alloc<float>(w_grad);
  if (w_grad->numel() == 0) return;
  const ConvShape s = MakeShape(x.dims(), w_grad->dims(), strides, paddings, dilations, groups);
  const ConvPrimitives& p = Primitives(s);
  dnnl::stream stream(Engine());
  Temporaries temps;
  memory src = Input(p.bwd_weights.src_desc(), s.src, x.data<float>(), stream, temps);
  memory dy = Input(p.bwd_weights.diff_dst_desc(), s.dst, out_grad.data<float>(), stream, temps);
  WithOutput(p.bwd_weights.diff_weights_desc(), s.weights, o, stream, temps, [&](memory& dw) {
    dnnl::convolution_backward_weights(p.bwd_weights).execute(
        stream, {{DNNL_ARG_SRC, src}, {DNNL_ARG_DIFF_DST, dy}, {DNNL_ARG_DIFF_WEIGHTS, dw}});
  });
  stream.wait();
}

}  // namespace phi

PD_REGISTER_OP_KERNEL(conv2d, CPU, phi::Conv2dKernel);
PD_REGISTER_OP_KERNEL(conv2d_input_grad, CPU, phi::Conv2dInputGradKernel);
PD_REGISTER_OP_KERNEL(conv2d_filter_grad, CPU, phi::Conv2dFilterGradKernel);
