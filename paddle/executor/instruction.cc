#include "paddle/executor/instruction.h"

#include "paddle/common/errors.h"
#include "paddle/executor/generated/instruction_families.h"
#include "paddle/pir/core/attribute.h"

namespace paddle::executor {
namespace {

Instruction CombineInstruction(const pir::Operation& op, const SlotMap& slots) {
  std::vector<int> in = slots.Of(op.operands());
  int out = slots.Of(op.result(0));
  return [=](Frame& f) {
    std::vector<Tensor> list;
    list.reserve(in.size());
    for (int i : in) list.push_back(f[i].tensor);
    f[out].list = std::move(list);
  };
}

Instruction SplitInstruction(const pir::Operation& op, const SlotMap& slots) {
  int in = slots.Of(op.operand(0));
  std::vector<int> outs = slots.Of(op.results());
  return [=](Frame& f) {
    const std::vector<Tensor>& list = f[in].list;
    PD_CHECK(list.size() == outs.size(), PreconditionNotMet, "[builtin.split] the list has ", list.size(),
             " tensors, but the op has ", outs.size(), " results");
    for (size_t i = 0; i < outs.size(); ++i) f[outs[i]].tensor = list[i];
  };
}

Instruction SliceInstruction(const pir::Operation& op, const SlotMap& slots) {
  int in = slots.Of(op.operand(0));
  int out = slots.Of(op.result(0));
  int index = op.attribute<pir::Int32Attribute>("index").data();
  return [=](Frame& f) { f[out].tensor = f[in].list.at(index); };
}

std::string NameOf(const pir::Operation& op, const char* attribute) {
  return op.attribute<pir::StrAttribute>(attribute).data();
}

Instruction ParameterInstruction(const pir::Operation& op, const SlotMap& slots) {
  std::string name = NameOf(op, "parameter_name");
  int out = slots.Of(op.result(0));
  return [=](Frame& f) {
    auto it = f.scope ? f.scope->find(name) : Scope::iterator();
    PD_CHECK(f.scope && it != f.scope->end(), NotFound, "[builtin.parameter] the scope has no parameter '", name,
             "' (run the startup program first)");
    f[out].tensor = it->second;
  };
}

Instruction SetParameterInstruction(const pir::Operation& op, const SlotMap& slots) {
  std::string name = NameOf(op, "parameter_name");
  int in = slots.Of(op.operand(0));
  return [=](Frame& f) {
    PD_CHECK(f.scope != nullptr, PreconditionNotMet, "[builtin.set_parameter] '", name, "' needs a scope");
    (*f.scope)[name] = f[in].tensor;
  };
}

// Inputs, outputs and constants cost nothing at run time: the executor
// fills inputs from the feeds and reads outputs from their slots.
Instruction NoInstruction(const pir::Operation&, const SlotMap&) { return nullptr; }

}  // namespace

int SlotMap::Of(pir::Value v) const {
  auto it = slots_.find(v.impl());
  PD_CHECK(it != slots_.end(), PreconditionNotMet, "[executor] a value is read before the op that defines it ran");
  return it->second;
}

std::vector<int> SlotMap::Of(const std::vector<pir::Value>& values) const {
  std::vector<int> out;
  out.reserve(values.size());
  for (pir::Value v : values) out.push_back(Of(v));
  return out;
}

int SlotMap::Add(pir::Value v) {
  int slot = static_cast<int>(slots_.size());
  slots_.emplace(v.impl(), slot);
  return slot;
}

const InstructionTable& InstructionTable::Get() {
  static const InstructionTable table = [] {
    InstructionTable t;
    RegisterAllFamilies(&t);
    t.Add("builtin.combine", CombineInstruction);
    t.Add("builtin.split", SplitInstruction);
    t.Add("builtin.slice", SliceInstruction);
    t.Add("builtin.parameter", ParameterInstruction);
    t.Add("builtin.set_parameter", SetParameterInstruction);
    t.Add("builtin.shadow_output", NoInstruction);
    t.Add("pd_op.data", NoInstruction);
    return t;
  }();
  return table;
}

InstructionFactory InstructionTable::Find(const std::string& op) const {
  auto it = factories_.find(op);
  PD_CHECK(it != factories_.end(), Unimplemented, "[executor] the op ", op, " cannot run yet");
  return it->second;
}

}  // namespace paddle::executor
