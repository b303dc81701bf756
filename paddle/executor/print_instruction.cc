#include "paddle/executor/print_instruction.h"

#include <atomic>
#include <cstdio>
#include <iostream>
#include <memory>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/api/transfer.h"
#include "paddle/pir/core/attribute.h"

namespace paddle::executor {
namespace {

// Element i of a host copy of t's values, as a double (a complex value's
// real part, as a cast keeps it).
double ElementAt(const std::vector<char>& bytes, DataType dtype, int64_t i) {
  return VisitDataType(dtype, "Print", [&](auto tag) {
    using T = typename decltype(tag)::type;
    return static_cast<double>(reinterpret_cast<const T*>(bytes.data())[i]);
  });
}

std::string Elements(const Tensor& t, int32_t summarize) {
  const int64_t numel = t.numel();
  const int64_t shown = summarize < 0 ? numel : std::min<int64_t>(numel, summarize);
  std::vector<char> bytes(static_cast<size_t>(numel) * SizeOf(t.dtype()));
  if (numel > 0) api::ToHostBuffer(t, bytes.data());
  std::string out = "[";
  char number[64];
  for (int64_t i = 0; i < shown; ++i) {
    std::snprintf(number, sizeof(number), "%f", ElementAt(bytes, t.dtype(), i));
    if (i > 0) out += ' ';
    out += number;
  }
  return out + "]";
}

}  // namespace

std::string PrintText(const Tensor& t, const pir::pd_op::PrintOptions& o) {
  std::string text;
  if (o.print_tensor_name) text += "Variable: var\n";
  if (!o.message.empty()) text += "  - message: " + o.message + "\n";
  if (o.print_tensor_lod) text += "  - lod: {}\n";
  text += "  - place: " + t.place().ToString() + "\n";
  if (o.print_tensor_shape) text += "  - shape: " + t.dims().ToString() + "\n";
  if (o.print_tensor_layout) text += "  - layout: NCHW\n";  // a dense tensor's, as Paddle prints it
  if (o.print_tensor_type) text += std::string("  - dtype: ") + DataTypeName(t.dtype()) + "\n";
  return text + "  - data: " + Elements(t, o.summarize) + "\n";
}

Instruction PrintInstruction(const pir::Operation& op, const SlotMap& slots) {
  const int in = slots.Of(op.operand(0));
  const int out = slots.Of(op.result(0));
  const pir::pd_op::PrintOptions options = pir::pd_op::PrintOptionsOf(op);
  const std::string& phase = options.print_phase;
  const bool forward = op.attribute<pir::BoolAttribute>("is_forward").data();
  const bool prints = phase == "BOTH" || phase == (forward ? "FORWARD" : "BACKWARD");
  auto printed = std::make_shared<std::atomic<int64_t>>(0);  // of this op, across runs
  return [=](Frame& f) {
    f[out].tensor = f[in].tensor;
    if (!prints) return;
    if (options.first_n >= 0 && printed->fetch_add(1) >= options.first_n) return;
    std::cout << PrintText(f[in].tensor, options) << std::flush;
  };
}

}  // namespace paddle::executor
