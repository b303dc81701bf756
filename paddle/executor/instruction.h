// Instructions: an op of a program prepared to run. Preparing resolves the
// op's operands and results to slots of a frame and decodes its attributes
// once; running the instruction reads and writes only the frame.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "paddle/phi/api/tensor.h"
#include "paddle/pir/core/operation.h"

namespace phi {
class Allocation;
}  // namespace phi

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

// The slots of one run, the scope its parameters live in, the values
// constant folding computed (Note [Constant folding]) and the buffers the
// memory plan reuses (Note [Buffer reuse]).
struct Frame {
  std::vector<Slot> slots;
  Scope* scope = nullptr;
  const Scope* constants = nullptr;
  std::vector<std::shared_ptr<phi::Allocation>>* buffers = nullptr;
  Slot& operator[](int i) { return slots[i]; }
};

using Instruction = std::function<void(Frame&)>;

// The prepared ops of one block, in order; each releases the slots whose
// last reader it is.
struct Step {
  Instruction run;  // null for ops that cost nothing (inputs, outputs)
  std::vector<int> frees;
};
using Steps = std::vector<Step>;

void RunSteps(const Steps& steps, Frame& frame);

// The slot of each value of a program, numbered in program order.
class SlotMap {
 public:
  int Of(pir::Value v) const;
  std::vector<int> Of(const std::vector<pir::Value>& values) const;
  int Add(pir::Value v);
  // A slot of op's own that no value names (pd_op.while's next condition).
  int AddScratch(const pir::Operation* op);
  int ScratchOf(const pir::Operation* op) const;
  size_t size() const { return size_; }

 private:
  std::unordered_map<const pir::ValueImpl*, int> slots_;
  std::unordered_map<const pir::Operation*, int> scratch_;
  size_t size_ = 0;
};

using InstructionFactory = Instruction (*)(const pir::Operation& op, const SlotMap& slots);

// Numbers the values of `block` and of the blocks nested in it.
void NumberValues(const pir::Block& block, SlotMap* slots);
// Prepares the ops of a numbered block (control-flow ops prepare their
// regions' blocks). A nested block releases only the values it defines:
// the others may be read again (the next iteration of a loop).
Steps PrepareBlock(const pir::Block& block, const SlotMap& slots, bool top_level);

// The factory of each op name: the generated ones (one per op of the YAML)
// and the hand-written ones of the builtin ops; and for each pd_op op with a
// kernel, the factory of the op lowered to pd_kernel.phi_kernel (Note
// [Kernel instructions] in kernel_call.h).
class InstructionTable {
 public:
  static const InstructionTable& Get();
  void Add(const std::string& op, InstructionFactory factory) { factories_[op] = factory; }
  void AddKernel(const std::string& op, InstructionFactory factory) { kernel_factories_[op] = factory; }
  // Unimplemented naming the op when it has no instruction.
  InstructionFactory Find(const std::string& op) const;
  // The factory of a pd_kernel.phi_kernel op whose op_name is `op`.
  InstructionFactory FindKernel(const std::string& op) const;

 private:
  std::unordered_map<std::string, InstructionFactory> factories_;
  std::unordered_map<std::string, InstructionFactory> kernel_factories_;
};

}  // namespace paddle::executor
