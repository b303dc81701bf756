#include "paddle/executor/instruction.h"

#include <memory>
#include <unordered_set>

#include "paddle/common/errors.h"
#include "paddle/phi/api/api_helpers.h"
#include "paddle/phi/api/transfer.h"
#include "paddle/pir/core/block.h"
#include "paddle/pir/core/region.h"
#include "paddle/executor/generated/instruction_families.h"
#include "paddle/executor/print_instruction.h"
#include "paddle/pir/core/attribute.h"
#include "paddle/pir/dialect/control_flow_dialect.h"
#include "paddle/pir/dialect/pd_kernel_dialect.h"
#include "paddle/pir/dialect/pd_op_dialect.h"

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
    if (f.constants) {
      auto it = f.constants->find(name);
      if (it != f.constants->end()) {
        f[out].tensor = it->second;
        return;
      }
    }
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

bool ReadCondition(const Tensor& t, const char* op) {
  PD_CHECK(t.defined() && t.dtype() == DataType::BOOL && t.numel() == 1, InvalidArgument, "[", op,
           "] the condition must be a bool tensor of one element");
  bool value = false;
  api::ToHostBuffer(t, &value);
  return value;
}

Instruction IfInstruction(const pir::Operation& op, const SlotMap& slots) {
  const int cond = slots.Of(op.operand(0));
  auto then_steps = std::make_shared<Steps>(PrepareBlock(op.region(0).front(), slots, false));
  auto else_steps = std::make_shared<Steps>(PrepareBlock(op.region(1).front(), slots, false));
  return [=](Frame& f) { RunSteps(ReadCondition(f[cond].tensor, "pd_op.if") ? *then_steps : *else_steps, f); };
}

// The body's yield writes the next condition to the loop's scratch slot and
// the next values to its results; they become the body's arguments.
Instruction WhileInstruction(const pir::Operation& op, const SlotMap& slots) {
  const pir::Block& body = op.region(0).front();
  const int cond = slots.Of(op.operand(0));
  const int next_cond = slots.ScratchOf(&op);
  const std::vector<pir::Value> operands = op.operands();
  const std::vector<int> init = slots.Of(std::vector<pir::Value>(operands.begin() + 1, operands.end()));
  const std::vector<int> results = slots.Of(op.results());
  std::vector<int> args;
  for (size_t i = 0; i < body.num_arguments(); ++i) args.push_back(slots.Of(body.argument(i)));
  auto steps = std::make_shared<Steps>(PrepareBlock(body, slots, false));
  return [=](Frame& f) {
    for (size_t i = 0; i < results.size(); ++i) f[results[i]] = f[init[i]];
    bool go = ReadCondition(f[cond].tensor, "pd_op.while");
    while (go) {
      for (size_t i = 0; i < args.size(); ++i) f[args[i]] = f[results[i]];
      RunSteps(*steps, f);
      go = ReadCondition(f[next_cond].tensor, "pd_op.while");
    }
  };
}

// cf.yield hands its values to the op whose region it ends: pd_op.if's
// results, or pd_op.while's next condition and values.
Instruction YieldInstruction(const pir::Operation& op, const SlotMap& slots) {
  const pir::Operation* parent = op.parent_op();
  PD_CHECK(parent != nullptr && (parent->name() == "pd_op.if" || parent->name() == "pd_op.while"), Unimplemented,
           "[executor] cf.yield runs in pd_op.if and pd_op.while only");
  std::vector<int> dests;
  if (parent->name() == "pd_op.while") dests.push_back(slots.ScratchOf(parent));
  for (int slot : slots.Of(parent->results())) dests.push_back(slot);
  const std::vector<int> sources = slots.Of(op.operands());
  return [=](Frame& f) {
    std::vector<Slot> values;  // read all before writing: a value may be yielded twice
    for (int s : sources) values.push_back(f[s]);
    for (size_t i = 0; i < dests.size(); ++i) f[dests[i]] = std::move(values[i]);
  };
}

// Note [Gradients of pd_op.while]: a stack is its slot's list; a push
// appends a tuple's tensors, a pop takes the last tuple off.
Instruction StackCreateInstruction(const pir::Operation& op, const SlotMap& slots) {
  const int stack = slots.Of(op.result(0));
  return [=](Frame& f) { f[stack].Clear(); };
}

Instruction TuplePushInstruction(const pir::Operation& op, const SlotMap& slots) {
  const std::vector<pir::Value> operands = op.operands();
  const int stack = slots.Of(operands[0]);
  const std::vector<int> values = slots.Of(std::vector<pir::Value>(operands.begin() + 1, operands.end()));
  return [=](Frame& f) {
    for (int v : values) f[stack].list.push_back(f[v].tensor);
  };
}

Instruction TuplePopInstruction(const pir::Operation& op, const SlotMap& slots) {
  const int stack = slots.Of(op.operand(0));
  const std::vector<int> values = slots.Of(op.results());
  return [=](Frame& f) {
    std::vector<Tensor>& list = f[stack].list;
    PD_CHECK(list.size() >= values.size(), PreconditionNotMet, "[cf.tuple_pop] the stack holds ", list.size(),
             " tensors, fewer than the ", values.size(), " of a tuple");
    const size_t first = list.size() - values.size();
    for (size_t i = 0; i < values.size(); ++i) f[values[i]].tensor = std::move(list[first + i]);
    list.resize(first);
  };
}

Instruction HasElementsInstruction(const pir::Operation& op, const SlotMap& slots) {
  const int stack = slots.Of(op.operand(0));
  const int out = slots.Of(op.result(0));
  return [=](Frame& f) {
    const bool has = !f[stack].list.empty();
    f[out].tensor = api::FromHostBuffer(&has, DataType::BOOL, DDim({1}), CPUPlace());
  };
}

// pd_op.fetch: an inference program's output passes its value through (the
// executor reads outputs from their slots).
Instruction FetchInstruction(const pir::Operation& op, const SlotMap& slots) {
  const int in = slots.Of(op.operand(0));
  const int out = slots.Of(op.result(0));
  return [=](Frame& f) { f[out].tensor = f[in].tensor; };
}

// pd_op.memcpy_d2h / memcpy_h2d: to the host, or to the device the kernels
// run on (the default place, as KernelCall decides).
Instruction TransferInstruction(const pir::Operation& op, const SlotMap& slots) {
  const int in = slots.Of(op.operand(0));
  const int out = slots.Of(op.result(0));
  const Place place = op.attribute<pir::Int32Attribute>("dst_place_type").data() == 0 ? Place(CPUPlace())
                                                                                        : api::GetDefaultPlace();
  return [=](Frame& f) { f[out].tensor = api::CopyTo(f[in].tensor, place); };
}

Instruction PhiKernelInstruction(const pir::Operation& op, const SlotMap& slots) {
  return InstructionTable::Get().FindKernel(pir::PhiKernelOp::OpOf(op).name)(op, slots);
}

// Note [Deferred gradients]: a program must be specialized for its feeds first.
Instruction DeferredGradientsInstruction(const pir::Operation&, const SlotMap&) {
  PD_THROW(Unimplemented, "[executor] pd_op.deferred_gradients waits for the feeds' dims: specialize the program for "
           "them first (pir::SpecializeShapes and ExpandDeferredGradients; paddle.static.Executor does)");
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
  int slot = static_cast<int>(size_++);
  slots_.emplace(v.impl(), slot);
  return slot;
}

int SlotMap::AddScratch(const pir::Operation* op) {
  int slot = static_cast<int>(size_++);
  scratch_.emplace(op, slot);
  return slot;
}

int SlotMap::ScratchOf(const pir::Operation* op) const {
  auto it = scratch_.find(op);
  PD_CHECK(it != scratch_.end(), PreconditionNotMet, "[executor] ", op->name(), " has no scratch slot");
  return it->second;
}

void NumberValues(const pir::Block& block, SlotMap* slots) {
  for (size_t i = 0; i < block.num_arguments(); ++i) slots->Add(block.argument(i));
  for (const pir::Operation* op : block) {
    for (pir::Value v : op->results()) slots->Add(v);
    if (op->name() == "pd_op.while") slots->AddScratch(op);
    for (uint32_t r = 0; r < op->num_regions(); ++r) {
      for (const auto& nested : op->region(r)) NumberValues(*nested, slots);
    }
  }
}

namespace {

// The slots op reads or writes, its regions' ops included.
void Touched(const pir::Operation& op, const SlotMap& slots, std::vector<int>* out) {
  for (pir::Value v : op.operands()) {
    if (v) out->push_back(slots.Of(v));
  }
  for (pir::Value v : op.results()) out->push_back(slots.Of(v));
  for (uint32_t r = 0; r < op.num_regions(); ++r) {
    for (const auto& nested : op.region(r)) {
      for (const pir::Operation* inner : *nested) Touched(*inner, slots, out);
    }
  }
}

}  // namespace

Steps PrepareBlock(const pir::Block& block, const SlotMap& slots, bool top_level) {
  const InstructionTable& table = InstructionTable::Get();
  std::unordered_set<int> own;  // the slots this block defines
  for (size_t i = 0; i < block.num_arguments(); ++i) own.insert(slots.Of(block.argument(i)));
  for (const pir::Operation* op : block) {
    for (pir::Value v : op->results()) own.insert(slots.Of(v));
  }
  Steps steps;
  std::unordered_map<int, size_t> last;
  for (const pir::Operation* op : block) {
    std::vector<int> touched;
    Touched(*op, slots, &touched);
    for (int slot : touched) {
      if (top_level || own.count(slot)) last[slot] = steps.size();
    }
    steps.push_back({table.Find(op->name())(*op, slots), {}});
  }
  for (const auto& [slot, step] : last) steps[step].frees.push_back(slot);
  return steps;
}

void RunSteps(const Steps& steps, Frame& frame) {
  for (const Step& step : steps) {
    if (step.run) step.run(frame);
    for (int slot : step.frees) frame[slot].Clear();
  }
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
    t.Add("pd_op.if", IfInstruction);
    t.Add("pd_op.while", WhileInstruction);
    t.Add(pir::YieldOp::kName, YieldInstruction);
    t.Add(pir::StackCreateOp::kName, StackCreateInstruction);
    t.Add(pir::TuplePushOp::kName, TuplePushInstruction);
    t.Add(pir::TuplePopOp::kName, TuplePopInstruction);
    t.Add(pir::HasElementsOp::kName, HasElementsInstruction);
    t.Add(pir::PhiKernelOp::kName, PhiKernelInstruction);
    t.Add(pir::pd_op::kDeferredGradients, DeferredGradientsInstruction);
    t.Add(pir::pd_op::kPrint, PrintInstruction);
    t.Add(pir::pd_op::kFetch, FetchInstruction);
    t.Add(pir::pd_op::kMemcpyD2H, TransferInstruction);
    t.Add(pir::pd_op::kMemcpyH2D, TransferInstruction);
    return t;
  }();
  return table;
}

InstructionFactory InstructionTable::Find(const std::string& op) const {
  auto it = factories_.find(op);
  PD_CHECK(it != factories_.end(), Unimplemented, "[executor] the op ", op, " cannot run yet");
  return it->second;
}

InstructionFactory InstructionTable::FindKernel(const std::string& op) const {
  auto it = kernel_factories_.find(op);
  PD_CHECK(it != kernel_factories_.end(), Unimplemented, "[executor] ", op, " has no kernel instruction");
  return it->second;
}

}  // namespace paddle::executor
