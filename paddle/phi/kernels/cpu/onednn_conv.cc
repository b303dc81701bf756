#include "paddle/phi/kernels/cpu/onednn_conv.h"

#include <mutex>
#include <unordered_map>

#include "paddle/common/errors.h"
#include "paddle/phi/core/shape_rules.h"

namespace phi::onednn {

dnnl::engine& Engine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

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

memory Temporaries::Make(const memory::desc& desc) {
  held_.push_back(GetAllocator(paddle::CPUPlace())->Allocate(desc.get_size()));
  return memory(desc, Engine(), held_.back()->ptr());
}

memory Input(const memory::desc& wanted, const memory::dims& dims, const float* data, dnnl::stream& stream,
             Temporaries& temps) {
  memory plain(Plain(dims), Engine(), const_cast<float*>(data));
  if (wanted == plain.get_desc()) return plain;
  memory blocked = temps.Make(wanted);
  dnnl::reorder(plain, blocked).execute(stream, plain, blocked);
  return blocked;
}

memory Weights(const memory::desc& wanted, const memory::dims& dims, const DenseTensor& weight,
               dnnl::stream& stream, Temporaries& temps) {
  const std::shared_ptr<Allocation>& holder = weight.Holder();
  const float* data = weight.data<float>();
  if (!holder || !holder->frozen()) return Input(wanted, dims, data, stream, temps);
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
  memory plain(Plain(dims), Engine(), const_cast<float*>(data));
  if (wanted == plain.get_desc()) return plain;
  memory packed(wanted, Engine());  // oneDNN's own memory, kept by the cache entry
  dnnl::reorder(plain, packed).execute(stream, plain, packed);
  stream.wait();
  for (auto it = cache.begin(); it != cache.end();) {  // drop the copies of freed memory
    std::erase_if(it->second, [](const Packed& p) { return p.owner.expired(); });
    it = it->second.empty() && it->first != data ? cache.erase(it) : std::next(it);
  }
  cache[data].push_back({holder, packed});
  return packed;
}

void CheckFloat32(const DenseTensor& t) {
  PD_CHECK(t.dtype() == DataType::FLOAT32, InvalidType, "the oneDNN convolution takes float32, but got ",
           DataTypeName(t.dtype()));
}

}  // namespace phi::onednn
