#include "paddle/pir/core/builder.h"

#include "paddle/common/errors.h"

namespace pir {

const OpInfo& Builder::Info(const std::string& name) const {
  const OpInfo* info = ctx_->FindOp(name);
  PD_CHECK(info != nullptr, NotFound, "[pir] no dialect defines the op '", name, "'");
  return *info;
}

Operation* Builder::Insert(Operation* op) {
  PD_CHECK(block_ != nullptr, PreconditionNotMet, "[pir] the builder has no insertion point");
  block_->insert(before_, op);
  Inserted(op);
  return op;
}

Operation* Builder::Create(const std::string& name, const std::vector<Value>& operands, AttributeMap attributes,
                           const std::vector<Type>& result_types, uint32_t num_regions) {
  return Insert(Operation::Create(&Info(name), operands, std::move(attributes), result_types, num_regions));
}

Operation* Builder::Build(const std::string& name, const std::vector<Value>& operands, AttributeMap attributes) {
  const OpInfo& info = Info(name);
  PD_CHECK(info.infer_types != nullptr, Unimplemented, "[pir] ", name,
           " cannot infer its result types: give them to Builder::Create");
  for (size_t i = 0; i < operands.size(); ++i) {
    PD_CHECK(bool(operands[i]), InvalidArgument, "[", name, "] operand ", i, " is a null value");
  }
  std::vector<Type> results = info.infer_types(ctx_, TypesOf(operands), attributes);
  Operation* op = Operation::Create(&info, operands, std::move(attributes), results, info.num_regions);
  for (uint32_t i = 0; i < info.num_regions; ++i) op->region(i).AddBlock();
  return Insert(op);
}

}  // namespace pir
