// KernelCall: the kernel a pd_kernel.phi_kernel op runs, resolved once when
// the op is prepared.
//
// Note [Kernel instructions]: the executor runs a kernel op without the
// eager API's per-call work: the kernel selection pass chose the kernel
// when it lowered the program, and the builders already cast the operands
// to one dtype, so running the op is: take the inputs on the kernel's
// place (contiguous unless the kernel takes views), infer the outputs'
// metas, call the kernel (gen_executor.py emits one instruction per op).
// Ops the pass left as pd_op (no kernel for the key, plugin devices' host
// fallback, kernel limits) run through their eager entry instead.
#pragma once

#include <string>

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

}  // namespace paddle::executor
