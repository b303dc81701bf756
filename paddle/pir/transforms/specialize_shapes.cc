#include "paddle/pir/transforms/specialize_shapes.h"

#include "paddle/common/errors.h"
#include "paddle/pir/core/region.h"
#include "paddle/pir/dialect/control_flow_dialect.h"
#include "paddle/pir/dialect/pd_op_dialect.h"

namespace pir {
namespace {

void SpecializeData(Operation* op, const std::map<std::string, std::vector<int64_t>>& feed_dims) {
  auto it = feed_dims.find(op->attribute<StrAttribute>("name").data());
  if (it == feed_dims.end()) return;
  auto type = op->result(0).type().dyn_cast<DenseTensorType>();
  const std::vector<int64_t>& dims = it->second;
  bool fits = static_cast<int>(dims.size()) == type.dims().size();
  for (size_t d = 0; fits && d < dims.size(); ++d) fits = type.dims()[d] == -1 || type.dims()[d] == dims[d];
  PD_CHECK(fits, InvalidArgument, "[Executor] feed '", it->first, "' must be ", type.ToString(),
           " (-1: any size), but got shape ", paddle::DDim(dims).ToString());
  op->set_attribute("shape", IntArrayAttribute::Get(IrContext::Instance(), dims));
  op->result(0).set_type(DenseTensorType::Get(IrContext::Instance(), type.dtype(), paddle::DDim(dims)));
}

// A pop gives the tuples its stack's push takes (the push comes first: it is
// in the forward loop, the pop in its gradient).
void SpecializePop(Operation* op) {
  for (const OpOperand& use : op->operand(0).uses()) {
    const Operation* push = use.owner();
    if (push->name() != TuplePushOp::kName) continue;
    for (uint32_t i = 0; i < op->num_results(); ++i) op->result(i).set_type(push->operand(i + 1).type());
    return;
  }
}

void Infer(Block& block, const std::map<std::string, std::vector<int64_t>>& feed_dims) {
  for (Operation* op : block) {
    if (op->name() == "pd_op.data") {
      SpecializeData(op, feed_dims);
      continue;
    }
    if (op->name() == "pd_op.while") {
      Block& body = op->region(0).front();
      for (size_t i = 0; i < body.num_arguments(); ++i) body.argument(i).set_type(op->operand(i + 1).type());
      Infer(body, feed_dims);
      for (uint32_t i = 0; i < op->num_results(); ++i) op->result(i).set_type(op->operand(i + 1).type());
      continue;
    }
    for (uint32_t r = 0; r < op->num_regions(); ++r) {
      for (const auto& nested : op->region(r)) Infer(*nested, feed_dims);
    }
    if (op->name() == pd_op::kDeferredGradients) {  // the gradients have their inputs' types
      const auto targets = static_cast<uint32_t>(op->attribute<Int32Attribute>("num_targets").data());
      for (uint32_t i = 0; i < op->num_results(); ++i) op->result(i).set_type(op->operand(targets + i).type());
    } else if (op->name() == TuplePopOp::kName) {
      SpecializePop(op);
    } else if (op->name() == "pd_op.if") {
      const Operation* yield = op->region(0).front().back();
      for (uint32_t i = 0; i < op->num_results(); ++i) op->result(i).set_type(yield->operand(i).type());
    } else if (op->info().infer_types) {
      std::vector<Type> types = op->info().infer_types(IrContext::Instance(), TypesOf(op->operands()), op->attributes());
      for (uint32_t i = 0; i < op->num_results() && i < types.size(); ++i) op->result(i).set_type(types[i]);
    }
  }
}

}  // namespace

void SpecializeShapes(Program& program, const std::map<std::string, std::vector<int64_t>>& feed_dims) {
  Infer(*program.block(), feed_dims);
  program.BumpGeneration();
}

}  // namespace pir
