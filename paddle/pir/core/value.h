// Values and their uses, as MLIR keeps them: a value is an op's result or a
// block's argument; every operand that reads it is linked into the value's
// use list, so "who reads this?" and replace_all_uses_with are O(uses).
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/pir/core/type.h"

namespace pir {

class Operation;
class Block;
class OpOperand;
struct OpOperandImpl;

// The storage of a value; owned by its op (results) or block (arguments).
struct ValueImpl {
  Type type;
  OpOperandImpl* first_use = nullptr;
  Operation* op = nullptr;  // the defining op; nullptr for a block argument
  Block* block = nullptr;   // the owning block of an argument
  uint32_t index = 0;       // result or argument index
};

// A handle to a value (null when default-constructed).
class Value {
 public:
  Value() = default;
  explicit Value(ValueImpl* impl) : impl_(impl) {}

  explicit operator bool() const { return impl_ != nullptr; }
  bool operator==(const Value& other) const { return impl_ == other.impl_; }
  bool operator!=(const Value& other) const { return impl_ != other.impl_; }

  Type type() const { return impl_->type; }
  void set_type(Type type) { impl_->type = type; }

  // The op whose result this is; nullptr for a block argument.
  Operation* defining_op() const { return impl_->op; }
  bool is_block_argument() const { return impl_->op == nullptr; }
  // The block that owns this argument; nullptr for an op result.
  Block* owner_block() const { return impl_->block; }
  // The result's or the argument's position.
  uint32_t index() const { return impl_->index; }

  bool use_empty() const { return impl_->first_use == nullptr; }
  size_t use_count() const;
  std::vector<OpOperand> uses() const;
  // Makes every operand that reads this value read `other` instead.
  void ReplaceAllUsesWith(Value other) const;

  ValueImpl* impl() const { return impl_; }

 private:
  ValueImpl* impl_ = nullptr;
};

// One operand slot of an op: linked into its value's use list.
struct OpOperandImpl {
  ValueImpl* source = nullptr;
  Operation* owner = nullptr;
  OpOperandImpl* next_use = nullptr;
  OpOperandImpl** prev_link = nullptr;  // the pointer that points at this one

  void Link(ValueImpl* value);
  void Unlink();
};

class OpOperand {
 public:
  explicit OpOperand(OpOperandImpl* impl) : impl_(impl) {}

  Value source() const { return Value(impl_->source); }
  void set_source(Value value) const { impl_->Link(value.impl()); }
  Operation* owner() const { return impl_->owner; }
  // The position of this operand among its owner's.
  uint32_t index() const;

 private:
  OpOperandImpl* impl_;
};

// The values' types, in order.
std::vector<Type> TypesOf(const std::vector<Value>& values);

}  // namespace pir

template <>
struct std::hash<pir::Value> {
  size_t operator()(const pir::Value& v) const { return std::hash<const void*>()(v.impl()); }
};
