#include "paddle/pir/core/operation.h"

#include "paddle/common/errors.h"
#include "paddle/pir/core/block.h"
#include "paddle/pir/core/ir_mapping.h"

namespace pir {

Operation* Operation::Create(const OpInfo* info, const std::vector<Value>& operands, AttributeMap attributes,
                             const std::vector<Type>& result_types, uint32_t num_regions) {
  PD_CHECK(info != nullptr, InvalidArgument, "[pir] an op needs an OpInfo");
  auto* op = new Operation();
  op->info_ = info;
  op->num_operands_ = static_cast<uint32_t>(operands.size());
  op->operands_ = std::make_unique<OpOperandImpl[]>(operands.size());
  for (size_t i = 0; i < operands.size(); ++i) {
    op->operands_[i].owner = op;
    op->operands_[i].Link(operands[i].impl());
  }
  op->num_results_ = static_cast<uint32_t>(result_types.size());
  op->results_ = std::make_unique<ValueImpl[]>(result_types.size());
  for (size_t i = 0; i < result_types.size(); ++i) {
    op->results_[i].type = result_types[i];
    op->results_[i].op = op;
    op->results_[i].index = static_cast<uint32_t>(i);
  }
  op->attributes_ = std::move(attributes);
  for (uint32_t i = 0; i < num_regions; ++i) op->regions_.push_back(std::make_unique<Region>(op));
  return op;
}

Operation* Operation::Clone(IrMapping& mapping) const {
  std::vector<Type> types;
  for (uint32_t i = 0; i < num_results_; ++i) types.push_back(results_[i].type);
  Operation* copy = Create(info_, mapping.Lookup(operands()), attributes_, types, num_regions());
  for (uint32_t i = 0; i < num_results_; ++i) mapping.Map(result(i), copy->result(i));
  for (uint32_t r = 0; r < num_regions(); ++r) {
    for (const auto& block : *regions_[r]) {
      Block* block_copy = copy->regions_[r]->AddBlock();
      for (size_t a = 0; a < block->num_arguments(); ++a) {
        mapping.Map(block->argument(a), block_copy->AddArgument(block->argument(a).type()));
      }
      for (const Operation* op : *block) block_copy->push_back(op->Clone(mapping));
    }
  }
  return copy;
}

void Operation::Destroy() {
  PD_CHECK(block_ == nullptr, PreconditionNotMet, "[pir] ", name(),
           " is still in a block: erase it from the block instead");
  CheckUnused();
  delete this;
}

void Operation::CheckUnused() const {
  for (uint32_t i = 0; i < num_results_; ++i) {
    PD_CHECK(Value(&results_[i]).use_empty(), PreconditionNotMet, "[pir] ", name(), "'s result ", i,
             " still has uses; replace them before destroying the op");
  }
}

Operation::~Operation() {
  DropAllReferences();
}

void Operation::DropAllReferences() {
  for (uint32_t i = 0; i < num_operands_; ++i) operands_[i].Unlink();
  for (auto& region : regions_) {
    for (auto& block : *region) {
      for (Operation* op : *block) op->DropAllReferences();
    }
  }
}

Value Operation::operand(uint32_t i) const {
  PD_CHECK(i < num_operands_, OutOfRange, "[pir] ", name(), " has ", num_operands_, " operands, no operand ", i);
  return Value(operands_[i].source);
}

std::vector<Value> Operation::operands() const {
  std::vector<Value> out;
  out.reserve(num_operands_);
  for (uint32_t i = 0; i < num_operands_; ++i) out.emplace_back(operands_[i].source);
  return out;
}

OpOperand Operation::operand_ref(uint32_t i) const {
  PD_CHECK(i < num_operands_, OutOfRange, "[pir] ", name(), " has ", num_operands_, " operands, no operand ", i);
  return OpOperand(&operands_[i]);
}

void Operation::set_operand(uint32_t i, Value value) { operand_ref(i).set_source(value); }

Value Operation::result(uint32_t i) const {
  PD_CHECK(i < num_results_, OutOfRange, "[pir] ", name(), " has ", num_results_, " results, no result ", i);
  return Value(&results_[i]);
}

std::vector<Value> Operation::results() const {
  std::vector<Value> out;
  out.reserve(num_results_);
  for (uint32_t i = 0; i < num_results_; ++i) out.emplace_back(&results_[i]);
  return out;
}

Attribute Operation::attribute(const std::string& attr) const {
  auto it = attributes_.find(attr);
  return it == attributes_.end() ? Attribute() : it->second;
}

Region& Operation::region(uint32_t i) const {
  PD_CHECK(i < regions_.size(), OutOfRange, "[pir] ", name(), " has ", regions_.size(), " regions, no region ", i);
  return *regions_[i];
}

Region* Operation::AppendRegion() {
  regions_.push_back(std::make_unique<Region>(this));
  return regions_.back().get();
}

void Operation::TakeRegionsOf(Operation* other) {
  for (auto& region : other->regions_) {
    region->parent_ = this;
    regions_.push_back(std::move(region));
  }
  other->regions_.clear();
}

Operation* Operation::parent_op() const { return block_ ? block_->parent_op() : nullptr; }

}  // namespace pir
