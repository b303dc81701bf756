#include "paddle/pir/core/value.h"

#include "paddle/common/errors.h"
#include "paddle/pir/core/operation.h"

namespace pir {

size_t Value::use_count() const {
  size_t n = 0;
  for (auto* use = impl_->first_use; use; use = use->next_use) ++n;
  return n;
}

std::vector<OpOperand> Value::uses() const {
  std::vector<OpOperand> out;
  for (auto* use = impl_->first_use; use; use = use->next_use) out.emplace_back(use);
  return out;
}

void Value::ReplaceAllUsesWith(Value other) const {
  PD_CHECK(other != *this, InvalidArgument, "[pir] replace_all_uses_with: a value cannot replace itself");
  while (impl_->first_use) impl_->first_use->Link(other.impl());
}

void OpOperandImpl::Link(ValueImpl* value) {
  Unlink();
  source = value;
  if (!value) return;
  next_use = value->first_use;
  if (next_use) next_use->prev_link = &next_use;
  prev_link = &value->first_use;
  value->first_use = this;
}

void OpOperandImpl::Unlink() {
  if (!source) return;
  *prev_link = next_use;
  if (next_use) next_use->prev_link = prev_link;
  source = nullptr;
  next_use = nullptr;
  prev_link = nullptr;
}

uint32_t OpOperand::index() const { return owner()->OperandIndex(impl_); }

std::vector<Type> TypesOf(const std::vector<Value>& values) {
  std::vector<Type> types;
  types.reserve(values.size());
  for (Value v : values) types.push_back(v ? v.type() : Type());  // a null value (an empty operand) has no type
  return types;
}

}  // namespace pir
