// Region: the blocks nested in an op (the branches of pd_op.if, the body of
// pd_op.while, the module's one block).
#pragma once

#include <memory>
#include <vector>

#include "paddle/pir/core/block.h"

namespace pir {

class Operation;

class Region {
 public:
  explicit Region(Operation* parent) : parent_(parent) {}
  ~Region();

  Operation* parent_op() const { return parent_; }
  bool empty() const { return blocks_.empty(); }
  size_t size() const { return blocks_.size(); }
  Block& front() const { return *blocks_.front(); }
  Block& block(size_t i) const { return *blocks_[i]; }
  // Appends a new empty block.
  Block* AddBlock();

  auto begin() const { return blocks_.begin(); }
  auto end() const { return blocks_.end(); }

 private:
  friend class Operation;  // TakeRegionsOf re-parents a region
  Operation* parent_;
  std::vector<std::unique_ptr<Block>> blocks_;
};

}  // namespace pir
