// Operation: one op of a program: its kind (OpInfo), operands, results,
// attributes and nested regions, linked into the block that holds it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "paddle/pir/core/attribute.h"
#include "paddle/pir/core/op_info.h"
#include "paddle/pir/core/value.h"

namespace pir {

class Block;
class IrMapping;
class Region;

class Operation {
 public:
  // A detached op; a Builder or Block::push_back places it in a block.
  static Operation* Create(const OpInfo* info, const std::vector<Value>& operands, AttributeMap attributes,
                           const std::vector<Type>& result_types, uint32_t num_regions = 0);
  // A detached copy of this op and, deeply, of its regions. Operands read
  // mapping's copy of each value (the value itself when it has none); the
  // copy's results and block arguments are added to the mapping.
  Operation* Clone(IrMapping& mapping) const;
  // Destroys a detached op or one that its block has removed. Its results
  // must have no uses left (InvalidArgument names the op otherwise).
  void Destroy();
  // PreconditionNotMet naming the op when a result still has uses.
  void CheckUnused() const;

  const OpInfo& info() const { return *info_; }
  const std::string& name() const { return info_->name; }

  uint32_t num_operands() const { return num_operands_; }
  Value operand(uint32_t i) const;
  std::vector<Value> operands() const;
  OpOperand operand_ref(uint32_t i) const;
  void set_operand(uint32_t i, Value value);
  uint32_t OperandIndex(const OpOperandImpl* operand) const {
    return static_cast<uint32_t>(operand - operands_.get());
  }

  uint32_t num_results() const { return num_results_; }
  Value result(uint32_t i) const;
  std::vector<Value> results() const;

  const AttributeMap& attributes() const { return attributes_; }
  // The attribute, or a null one when the op has none of that name.
  Attribute attribute(const std::string& name) const;
  template <typename A>
  A attribute(const std::string& name) const {
    return attribute(name).dyn_cast<A>();
  }
  void set_attribute(const std::string& name, Attribute value) { attributes_[name] = value; }
  void erase_attribute(const std::string& name) { attributes_.erase(name); }

  uint32_t num_regions() const { return static_cast<uint32_t>(regions_.size()); }
  Region& region(uint32_t i) const;
  // Adds an empty region (the parser learns the count as it reads).
  Region* AppendRegion();
  // Moves other's regions, with their blocks and ops, to the end of this
  // op's (building a control-flow op whose result types its regions decide).
  void TakeRegionsOf(Operation* other);

  // The block holding this op, the op holding that block (null at the top).
  Block* parent_block() const { return block_; }
  Operation* parent_op() const;
  Operation* next() const { return next_; }
  Operation* prev() const { return prev_; }

  // Unlinks every operand of this op and of the ops nested in it (before a
  // whole block is deleted, when uses may point in any order).
  void DropAllReferences();

  // Calls f on this op and, depth first, on every op nested in its regions.
  template <typename F>
  void Walk(F&& f);

 private:
  friend class Block;
  Operation() = default;
  ~Operation();

  const OpInfo* info_ = nullptr;
  uint32_t num_operands_ = 0;
  uint32_t num_results_ = 0;
  std::unique_ptr<OpOperandImpl[]> operands_;
  std::unique_ptr<ValueImpl[]> results_;
  AttributeMap attributes_;
  std::vector<std::unique_ptr<Region>> regions_;
  Block* block_ = nullptr;
  Operation* prev_ = nullptr;
  Operation* next_ = nullptr;
};

}  // namespace pir

#include "paddle/pir/core/region.h"

namespace pir {

template <typename F>
void Operation::Walk(F&& f) {
  f(this);
  for (auto& region : regions_) {
    for (auto& block : *region) {
      for (Operation* op = block->front(); op;) {
        Operation* next = op->next();  // f may erase op
        op->Walk(f);
        op = next;
      }
    }
  }
}

}  // namespace pir
