// KernelCall: the kernel a pd_kernel.phi_kernel op runs, resolved once when
// the op is prepared.
//
// Note [Kernel instructions]: the executor runs a kernel op without the
// eager API's per-call work: the kernel selection pass chose the kernel
// when it lowered the program, and the builders already cast the operands
// to one dtype, so running the op is: take the inputs on the kernel's
// place (contiguous unless the kernel takes views), infer the outputs'
// metas, call the kernel (gen_executor.py emits one instruction per op).
// Ops the pass left as pd_op (no kernel for the key, kernel limits, device
// ops without their kernel that write in place) run through their eager
// entry instead.
#pragma once

#include <string>

#include "paddle/executor/instruction.h"
#include "paddle/phi/core/kernel_factory.h"
#include "paddle/pir/core/operation.h"

namespace paddle::executor {

class KernelCall {
 public:
  explicit KernelCall(const pir::Operation& op);

  template <typename Fn>
  Fn* kernel() const {
    return kernel_->Get<Fn>(name_.c_str());
  }
  const phi::DeviceContext& context() const { return *context_; }
  const Place& place() const { return place_; }

 private:
  std::string name_;
  const phi::Kernel* kernel_;
  Place place_;
  const phi::DeviceContext* context_;
};

// The buffer of each result of a kernel op in the memory plan (Note
// [Buffer reuse]); -1 where it has none.
std::vector<int> BuffersOf(const pir::Operation& op);

// Gives out the memory of its planned buffer when no tensor holds that any
// more (out's kernel then allocates into it), and keeps out's memory as the
// buffer after the kernel ran.
inline void TakeBuffer(Frame& f, int buffer, phi::DenseTensor* out) {
  if (buffer < 0 || !f.buffers) return;
  std::shared_ptr<phi::Allocation>& held = (*f.buffers)[buffer];
  if (held && held.use_count() == 1) out->set_holder(std::move(held));
}
// Note [In-place]: a pointwise op's result whose plan writes it over the
// operand in `dying_slot` takes that operand's memory when nothing else
// shares it: its holders are the plan and the operand's one tensor, which
// only the slot and the kernel's input hold (the kernel reads element i
// before it writes it). Otherwise as TakeBuffer.
void TakeBuffer(Frame& f, int buffer, phi::DenseTensor* out, int dying_slot);
// The slot of the operand each result of op is written over, -1 for none.
std::vector<int> InplaceOperandSlots(const pir::Operation& op, const SlotMap& slots);
inline void KeepBuffer(Frame& f, int buffer, const phi::DenseTensor& out) {
  if (buffer >= 0 && f.buffers) (*f.buffers)[buffer] = out.Holder();
}

}  // namespace paddle::executor
