// What the oneDNN convolutions of conv_onednn.cc (conv2d and its
// gradients) and fused_conv_onednn.cc (the predictor's fused convolutions)
// share: the engine, the problem shape, and memory in a primitive's layouts.
#pragma once

#include <dnnl.hpp>

#include <memory>
#include <tuple>
#include <vector>

#include "paddle/phi/core/allocator.h"
#include "paddle/phi/core/dense_tensor.h"

namespace phi::onednn {

using dnnl::memory;
using Tag = memory::format_tag;

dnnl::engine& Engine();

// One convolution problem: the shapes and attributes that select primitives.
struct ConvShape {
  memory::dims src, weights, dst, strides, dilates, pad_l, pad_r;
  int64_t groups;

  auto Key() const { return std::tie(src, weights, dst, strides, dilates, pad_l, pad_r, groups); }
  bool operator<(const ConvShape& o) const { return Key() < o.Key(); }
};

// x NCHW, w [OC, C/groups, kh, kw]; paddings [top, left, bottom, right].
ConvShape MakeShape(const DDim& x, const DDim& w, const std::vector<int64_t>& strides,
                    const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, int64_t groups);

// float32 memory of these dims in the layout a primitive picks, or in ours
// (NCHW; goihw for grouped weights).
memory::desc Any(const memory::dims& dims);
memory::desc Plain(const memory::dims& dims);

// Memory of a primitive's own layout for one call, from our caching
// allocator: oneDNN's allocations go to the OS and back on every call, and
// the fresh pages of a batch's activations cost more in page faults than the
// reorders into them (ResNet-18 at batch 32: 67 thousand faults a run).
class Temporaries {
 public:
  memory Make(const memory::desc& desc);

 private:
  std::vector<std::shared_ptr<Allocation>> held_;
};

// A plain tensor as the layout a primitive wants: itself, or a reordered copy.
memory Input(const memory::desc& wanted, const memory::dims& dims, const float* data, dnnl::stream& stream,
             Temporaries& temps);

// The weights in the layout a primitive wants. For frozen memory the
// reordered copy is made once and kept while the memory lives (the entry
// holds it weakly, so memory freed and handed out again at the same address
// is not mistaken for the old).
memory Weights(const memory::desc& wanted, const memory::dims& dims, const DenseTensor& weight,
               dnnl::stream& stream, Temporaries& temps);

// Runs `body` with an output memory in the primitive's layout, then copies
// it into the plain tensor `out`.
template <typename Body>
void WithOutput(const memory::desc& layout, const memory::dims& dims, float* out, dnnl::stream& stream,
                Temporaries& temps, Body body) {
  memory plain(Plain(dims), Engine(), out);
  if (layout == plain.get_desc()) {
    body(plain);
    return;
  }
  memory blocked = temps.Make(layout);
  body(blocked);
  dnnl::reorder(blocked, plain).execute(stream, blocked, plain);
}

// InvalidType unless t is float32, the one dtype these kernels take.
void CheckFloat32(const DenseTensor& t);

}  // namespace phi::onednn
