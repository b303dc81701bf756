#include "paddle/pir/transforms/test_mode.h"

#include "paddle/pir/dialect/generated/pd_ops.h"

namespace pir {

void ToTestMode(Program& program) {
  Builder b(program.context(), program.block());
  std::vector<Operation*> dropouts;
  program.module_op()->Walk([&](Operation* op) {
    if (op->attribute<BoolAttribute>("is_test")) op->set_attribute("is_test", b.bool_attr(true));
    if (op->name() == "pd_op.dropout") dropouts.push_back(op);
  });
  for (Operation* op : dropouts) {
    b.SetInsertionPoint(op);
    Value x = op->operand(0);
    Value out = x;
    if (!op->attribute<BoolAttribute>("upscale").data()) {
      const double p = op->attribute<ScalarAttribute>("p").data().to<double>();
      auto type = x.type().dyn_cast<DenseTensorType>();
      out = pd_op::multiply(
          b, x, pd_op::full(b, phi::IntArray(std::vector<int64_t>{}), phi::Scalar(1.0 - p), type.dtype(), {}));
    }
    op->result(0).ReplaceAllUsesWith(out);
    if (op->result(1).use_empty()) op->parent_block()->erase(op);
  }
}

}  // namespace pir
