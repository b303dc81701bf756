// Instructions: an op of a program prepared to run. Preparing resolves the
// op's operands and results to slots of a frame and decodes its attributes
// once; running the instruction reads and writes only the frame.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "paddle/phi/api/tensor.h"
#include "paddle/pir/core/operation.h"

namespace paddle::executor {

// What one value holds while a program runs: a tensor, or a tensor list
// (a vec value: builtin.combine's result, split's outputs).
struct Slot {
  Tensor tensor;
  std::vector<Tensor> list;
  void Clear() {
    tensor = Tensor();
    list.clear();
  }
};

// Named tensors that outlive a run: a program's parameters.
using Scope = std::map<std::string, Tensor>;

// The slots of one run, and the scope its parameters live in.
struct Frame {
  std::vector<Slot> slots;
  Scope* scope = nullptr;
  Slot& operator[](int i) { return slots[i]; }
};

using Instruction = std::function<void(Frame&)>;

// The slot of each value of a program, numbered in program order.
class SlotMap {
 public:
  int Of(pir::Value v) const;
  std::vector<int> Of(const std::vector<pir::Value>& values) const;
  int Add(pir::Value v);
  size_t size() const { return slots_.size(); }

 private:
  std::unordered_map<const pir::ValueImpl*, int> slots_;
};

using InstructionFactory = Instruction (*)(const pir::Operation& op, const SlotMap& slots);

// The factory of each op name: the generated ones (one per op of the YAML)
// and the hand-written ones of the builtin ops.
class InstructionTable {
 public:
  static const InstructionTable& Get();
  void Add(const std::string& op, InstructionFactory factory) { factories_[op] = factory; }
  // NotFound naming the op when it has no instruction.
  InstructionFactory Find(const std::string& op) const;

 private:
  std::unordered_map<std::string, InstructionFactory> factories_;
};

}  // namespace paddle::executor
