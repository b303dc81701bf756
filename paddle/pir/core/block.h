// Block: arguments and a list of ops, in order (an intrusive list: insert
// and erase are O(1), and an op knows its neighbours).
#pragma once

#include <cstddef>
#include <iterator>
#include <memory>
#include <vector>

#include "paddle/pir/core/value.h"

namespace pir {

class Operation;
class Region;

class Block {
 public:
  explicit Block(Region* parent) : parent_(parent) {}
  ~Block();
  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;

  Region* parent_region() const { return parent_; }
  Operation* parent_op() const;

  // Arguments (the loop-carried values of a while body).
  Value AddArgument(Type type);
  size_t num_arguments() const { return arguments_.size(); }
  Value argument(size_t i) const { return Value(arguments_[i].get()); }

  bool empty() const { return first_ == nullptr; }
  size_t size() const { return size_; }
  Operation* front() const { return first_; }
  Operation* back() const { return last_; }

  // Places a detached op at the end, or before `before` (a op of this block).
  void push_back(Operation* op) { insert(nullptr, op); }
  void insert(Operation* before, Operation* op);
  // Unlinks op and returns it, detached.
  Operation* remove(Operation* op);
  // Removes and destroys op (its results must be unused).
  void erase(Operation* op);

  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Operation*;
    using difference_type = std::ptrdiff_t;
    using pointer = Operation**;
    using reference = Operation*;
    explicit Iterator(Operation* op) : op_(op) {}
    Operation* operator*() const { return op_; }
    Iterator& operator++();
    bool operator==(const Iterator& o) const { return op_ == o.op_; }
    bool operator!=(const Iterator& o) const { return op_ != o.op_; }

   private:
    Operation* op_;
  };
  Iterator begin() const { return Iterator(first_); }
  Iterator end() const { return Iterator(nullptr); }

 private:
  Region* parent_;
  std::vector<std::unique_ptr<ValueImpl>> arguments_;
  Operation* first_ = nullptr;
  Operation* last_ = nullptr;
  size_t size_ = 0;
};

}  // namespace pir
