// The kernel dialect: pd_kernel.phi_kernel, a pd_op op whose kernel has been
// chosen (kernel_selection_pass.cc). It keeps the op's operands, results and
// attributes and adds three: op_name ("pd_op.matmul"), kernel_name
// ("matmul") and kernel_key (<backend:CPU|layout:Undefined(AnyLayout)|
// dtype:float32>). It prints as PaddlePaddle 3.x prints it, named by its
// kernel: (%2) = "matmul(phi_kernel)" (%0, %1) {kernel_key:...,...}.
#pragma once

#include <string>

#include "paddle/pir/core/dialect.h"
#include "paddle/pir/core/operation.h"

namespace pir {

struct PhiKernelOp {
  static constexpr const char* kName = "pd_kernel.phi_kernel";
  // The pd_op op it runs: the info of its op_name.
  static const OpInfo& OpOf(const Operation& op);
};

class PdKernelDialect : public Dialect {
 public:
  static constexpr const char* kName = "pd_kernel";
  void Initialize(IrContext* ctx) override;
};

// What op computes: for a kernel op its pd_op op's info (traits, kernel
// spec, declared attributes), else its own, so that passes after kernel
// selection see a lowered op as the op it runs.
const OpInfo& SemanticsOf(const Operation& op);

// The name op prints with: "matmul(phi_kernel)" for a kernel op, its name
// otherwise.
std::string PrintedOpName(const Operation& op);
// The op a printed name stands for (null when none), and the op whose
// declared attributes type the attributes it prints (the pd_op op of a
// kernel op; the op itself otherwise).
const OpInfo* OpOfPrintedName(IrContext* ctx, const std::string& name, const OpInfo** attributes_of);
// The declared attribute `name` of op: its own, or its pd_op op's for a
// kernel op; null when neither declares it.
const AttrSpec* FindAttributeSpec(const Operation& op, const std::string& name);

}  // namespace pir
