// conv2d and its two gradients on the CPU (float32), by oneDNN; other
// dtypes run conv2d's decomposition (unfold + matmul). oneDNN picks its blocked memory layouts (format_tag::any); our plain
// NCHW tensors are reordered in and out. Primitives are cached by shape, as
// creating one compiles code; so are the reordered weights of frozen memory
// (Note [Frozen weights]), which an inference predictor's convolutions read
// every run.
#include <dnnl.hpp>

#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/kernel_registry.h"
#include "paddle/phi/core/shape_rules.h"
#include "paddle/phi/kernels/generated/kernel_dtypes_nn.h"

namespace phi {
namespace {

using dnnl::memory;
using Tag = memory::format_tag;

dnnl::engine& Engine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

// One convolution problem: the shapes and attributes that select primitives.
struct ConvShape {
  memory::dims src, weights, dst, strides, dilates, pad_l, pad_r;
  int64_t groups;

  auto Key() const { return std::tie(src, weights, dst, strides, dilates, pad_l, pad_r, groups); }
  bool operator<(const ConvShape& o) const { return Key() < o.Key(); }
};

ConvShape MakeShape(const DDim& x, const DDim& w, const std::vector<int64_t>& strides,
                    const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, int64_t groups) {
  ConvShape s;
  s.groups = groups;
  s.src = {x[0], x[1], x[2], x[3]};
  if (groups == 1) {
    s.weights = {w[0], w[1], w[2], w[3]};
  } else {
    s.weights = {groups, w[0] / groups, w[1], w[2], w[3]};
  }
  const int64_t oh = ConvOutputSize(x[2], w[2], strides[0], paddings[0], paddings[2], dilations[0]);
  const int64_t ow = ConvOutputSize(x[3], w[3], strides[1], paddings[1], paddings[3], dilations[1]);
  s.dst = {x[0], w[0], oh, ow};
  s.strides = {strides[0], strides[1]};
  s.dilates = {dilations[0] - 1, dilations[1] - 1};  // oneDNN counts the gaps
  s.pad_l = {paddings[0], paddings[1]};
  s.pad_r = {paddings[2], paddings[3]};
  return s;
}

memory::desc Any(const memory::dims& dims) { return memory::desc(dims, memory::data_type::f32, Tag::any); }
memory::desc Plain(const memory::dims& dims) {
  return memory::desc(dims, memory::data_type::f32, dims.size() == 5 ? Tag::goihw : Tag::nchw);
}

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

// A plain tensor as the layout a primitive wants: itself, or a reordered copy.
memory Input(const memory::desc& wanted, const memory::dims& dims, const float* data, dnnl::stream& stream) {
  memory plain(Plain(dims), Engine(), const_cast<float*>(data));
  if (wanted == plain.get_desc()) return plain;
  memory blocked(wanted, Engine());
  dnnl::reorder(plain, blocked).execute(stream, plain, blocked);
  return blocked;
}

// The weights in the layout a primitive wants. For frozen memory the
// reordered copy is made once and kept while the memory lives (the entry
// holds it weakly, so memory freed and handed out again at the same address
// is not mistaken for the old).
memory Weights(const memory::desc& wanted, const memory::dims& dims, const DenseTensor& weight,
               dnnl::stream& stream) {
  const std::shared_ptr<Allocation>& holder = weight.Holder();
  const float* data = weight.data<float>();
  if (!holder || !holder->frozen()) return Input(wanted, dims, data, stream);
  struct Packed {
    std::weak_ptr<Allocation> owner;
    memory weights;
  };
  static std::mutex mu;
  static std::unordered_map<const float*, std::vector<Packed>> cache;
  std::lock_guard<std::mutex> lock(mu);
  for (const Packed& p : cache[data]) {
    if (p.owner.lock() == holder && p.weights.get_desc() == wanted) return p.weights;
  }
  memory packed = Input(wanted, dims, data, stream);
  if (packed.get_data_handle() == data) return packed;  // already in the wanted layout
  stream.wait();
  for (auto it = cache.begin(); it != cache.end();) {  // drop the copies of freed memory
    std::erase_if(it->second, [](const Packed& p) { return p.owner.expired(); });
    it = it->second.empty() && it->first != data ? cache.erase(it) : std::next(it);
  }
  cache[data].push_back({holder, packed});
  return packed;
}

// Runs `body` with an output memory in the primitive's layout, then copies
// it into the plain tensor `out`.
template <typename Body>
void WithOutput(const memory::desc& layout, const memory::dims& dims, float* out, dnnl::stream& stream, Body body) {
  memory plain(Plain(dims), Engine(), out);
  if (layout == plain.get_desc()) {
    body(plain);
    return;
  }
  memory blocked(layout, Engine());
  body(blocked);
  dnnl::reorder(blocked, plain).execute(stream, blocked, plain);
}

void CheckFloat32(const DenseTensor& t) {
  PD_CHECK(t.dtype() == DataType::FLOAT32, InvalidType, "the oneDNN convolution takes float32, but got ",
           DataTypeName(t.dtype()));
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
  memory src = Input(p.fwd.src_desc(), s.src, x.data<float>(), stream);
  memory w = Weights(p.fwd.weights_desc(), s.weights, weight, stream);
  WithOutput(p.fwd.dst_desc(), s.dst, o, stream, [&](memory& dst) {
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
  memory dy = Input(p.bwd_data.diff_dst_desc(), s.dst, out_grad.data<float>(), stream);
  memory w = Input(p.bwd_data.weights_desc(), s.weights, weight.data<float>(), stream);
  WithOutput(p.bwd_data.diff_src_desc(), s.src, o, stream, [&](memory& dx) {
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
  memory src = Input(p.bwd_weights.src_desc(), s.src, x.data<float>(), stream);
  memory dy = Input(p.bwd_weights.diff_dst_desc(), s.dst, out_grad.data<float>(), stream);
  WithOutput(p.bwd_weights.diff_weights_desc(), s.weights, o, stream, [&](memory& dw) {
    dnnl::convolution_backward_weights(p.bwd_weights).execute(
        stream, {{DNNL_ARG_SRC, src}, {DNNL_ARG_DIFF_DST, dy}, {DNNL_ARG_DIFF_WEIGHTS, dw}});
  });
  stream.wait();
}

}  // namespace phi

PD_REGISTER_OP_KERNEL(conv2d, CPU, phi::Conv2dKernel);
PD_REGISTER_OP_KERNEL(conv2d_input_grad, CPU, phi::Conv2dInputGradKernel);
PD_REGISTER_OP_KERNEL(conv2d_filter_grad, CPU, phi::Conv2dFilterGradKernel);
