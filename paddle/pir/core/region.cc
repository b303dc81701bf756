#include "paddle/pir/core/region.h"

#include "paddle/pir/core/operation.h"

namespace pir {

Region::~Region() {
  for (auto& block : blocks_) {
    for (Operation* op : *block) op->DropAllReferences();
  }
}

Block* Region::AddBlock() {
  blocks_.push_back(std::make_unique<Block>(this));
  return blocks_.back().get();
}

}  // namespace pir
