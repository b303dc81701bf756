#include "paddle/pir/core/program.h"

#include "paddle/common/errors.h"
#include "paddle/pir/dialect/builtin_dialect.h"

namespace pir {

Program::Program(IrContext* ctx) : ctx_(ctx) {
  const OpInfo* module = ctx->FindOp(ModuleOp::kName);
  PD_CHECK(module != nullptr, PreconditionNotMet, "[pir] the context has no builtin dialect");
  module_ = Operation::Create(module, {}, {}, {}, 1);
  module_->region(0).AddBlock();
}

Program::~Program() { module_->Destroy(); }

std::unique_ptr<Program> Program::Clone(IrMapping& mapping) const {
  auto copy = std::make_unique<Program>(ctx_);
  for (const auto& [name, value] : module_->attributes()) copy->module_->set_attribute(name, value);
  for (const Operation* op : *block()) copy->block()->push_back(op->Clone(mapping));
  return copy;
}

}  // namespace pir
