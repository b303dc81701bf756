#include "paddle/pir/core/block.h"

#include "paddle/common/errors.h"
#include "paddle/pir/core/operation.h"

namespace pir {

Block::~Block() {
  // Uses may point across ops in any order: unlink them all, then delete.
  for (Operation* op : *this) op->DropAllReferences();
  for (Operation* op = first_; op;) {
    Operation* next = op->next_;
    delete op;
    op = next;
  }
}

Operation* Block::parent_op() const { return parent_ ? parent_->parent_op() : nullptr; }

Value Block::AddArgument(Type type) {
  auto arg = std::make_unique<ValueImpl>();
  arg->type = type;
  arg->block = this;
  arg->index = static_cast<uint32_t>(arguments_.size());
  arguments_.push_back(std::move(arg));
  return Value(arguments_.back().get());
}

void Block::insert(Operation* before, Operation* op) {
  PD_CHECK(op->block_ == nullptr, PreconditionNotMet, "[pir] ", op->name(), " is already in a block");
  PD_CHECK(before == nullptr || before->block_ == this, InvalidArgument,
           "[pir] the insertion point is not an op of this block");
  op->block_ = this;
  op->next_ = before;
  op->prev_ = before ? before->prev_ : last_;
  (op->prev_ ? op->prev_->next_ : first_) = op;
  (before ? before->prev_ : last_) = op;
  ++size_;
}

Operation* Block::remove(Operation* op) {
  PD_CHECK(op->block_ == this, InvalidArgument, "[pir] ", op->name(), " is not an op of this block");
  (op->prev_ ? op->prev_->next_ : first_) = op->next_;
  (op->next_ ? op->next_->prev_ : last_) = op->prev_;
  op->block_ = nullptr;
  op->prev_ = op->next_ = nullptr;
  --size_;
  return op;
}

void Block::erase(Operation* op) {
  op->CheckUnused();  // before unlinking: a refused erase leaves the block as it was
  remove(op)->Destroy();
}

Block::Iterator& Block::Iterator::operator++() {
  op_ = op_->next();
  return *this;
}

}  // namespace pir
