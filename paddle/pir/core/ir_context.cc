#include "paddle/pir/core/ir_context.h"

#include "paddle/common/errors.h"
#include "paddle/pir/core/dialect.h"
#include "paddle/pir/core/op_info.h"
#include "paddle/pir/dialect/builtin_dialect.h"
#include "paddle/pir/dialect/control_flow_dialect.h"
#include "paddle/pir/dialect/pd_kernel_dialect.h"
#include "paddle/pir/dialect/pd_op_dialect.h"

namespace pir {

IrContext::IrContext() = default;
IrContext::~IrContext() = default;

IrContext* IrContext::Instance() {
  static IrContext* ctx = [] {
    auto* c = new IrContext();  // lives as long as the process: programs may outlive static destruction
    c->GetOrRegisterDialect<BuiltinDialect>();
    c->GetOrRegisterDialect<ControlFlowDialect>();
    c->GetOrRegisterDialect<PdOpDialect>();
    c->GetOrRegisterDialect<PdKernelDialect>();
    return c;
  }();
  return ctx;
}

const Storage* IrContext::Unique(std::string_view tag, const std::string& text,
                                 const std::function<std::unique_ptr<Storage>()>& make) {
  std::string key;
  key.reserve(tag.size() + 1 + text.size());
  key.append(tag).append(":").append(text);
  std::lock_guard<std::mutex> lock(storage_mutex_);
  auto& slot = storages_[key];
  if (!slot) slot = make();
  return slot.get();
}

Dialect* IrContext::FindDialect(const std::string& name) const {
  std::lock_guard<std::recursive_mutex> lock(dialect_mutex_);
  auto it = dialects_.find(name);
  return it == dialects_.end() ? nullptr : it->second.get();
}

void IrContext::RegisterOp(OpInfo info) {
  std::lock_guard<std::mutex> lock(op_mutex_);
  PD_CHECK(!ops_.count(info.name), InvalidArgument, "[pir] op '", info.name, "' is registered twice");
  std::string name = info.name;
  ops_[name] = std::make_unique<OpInfo>(std::move(info));
}

const OpInfo* IrContext::FindOp(const std::string& name) const {
  std::lock_guard<std::mutex> lock(op_mutex_);
  auto it = ops_.find(name);
  return it == ops_.end() ? nullptr : it->second.get();
}

}  // namespace pir
