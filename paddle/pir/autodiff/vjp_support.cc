#include "paddle/pir/autodiff/vjp_support.h"

#include "paddle/common/errors.h"
#include "paddle/pir/dialect/generated/pd_ops.h"

namespace pir::autodiff {

Var Operand(const Operation& op, uint32_t index) { return Var(op.operand(index)); }

std::vector<Var> ListOperand(const Operation& op, uint32_t index) {
  Operation* combine = op.operand(index).defining_op();
  PD_CHECK(combine != nullptr && combine->name() == "builtin.combine", Unimplemented, "[", op.name(),
           "] the gradient of a tensor-list operand needs it made by builtin.combine");
  return Vars(combine->operands());
}

Value FilledLike(Builder& builder, Value v, double fill) {
  auto type = v.type().dyn_cast<DenseTensorType>();
  Value scalar = pd_op::full(builder, phi::IntArray(std::vector<int64_t>{}), phi::Scalar(fill), type.dtype(),
                             paddle::Place());
  return pd_op::expand_as(builder, scalar, v);
}

Var OutGrad(const Operation& op, const Grads& out_grads, uint32_t slot) {
  if (slot < out_grads.size() && !out_grads[slot].empty() && out_grads[slot][0]) return Var(out_grads[slot][0]);
  return Var(FilledLike(CurrentBuilder(), op.result(slot), 0.0));
}

std::vector<Var> ListOutGrad(const Operation& op, const Grads& out_grads) {
  // The elements come out of the list result through builtin.split.
  Operation* split = nullptr;
  for (const OpOperand& use : op.result(0).uses()) {
    if (use.owner()->name() == "builtin.split") split = use.owner();
  }
  PD_CHECK(split != nullptr, Unimplemented, "[", op.name(), "] the gradient of a list result needs builtin.split");
  std::vector<Var> grads;
  for (uint32_t i = 0; i < split->num_results(); ++i) {
    bool flows = !out_grads.empty() && i < out_grads[0].size() && out_grads[0][i];
    grads.push_back(flows ? Var(out_grads[0][i]) : Var(FilledLike(CurrentBuilder(), split->result(i), 0.0)));
  }
  return grads;
}

}  // namespace pir::autodiff
