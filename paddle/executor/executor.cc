#include "paddle/executor/executor.h"

#include <unordered_set>

#include "paddle/autograd/grad_mode.h"
#include "paddle/common/errors.h"
#include "paddle/pir/core/block.h"
#include "paddle/pir/core/type.h"

namespace paddle::executor {
namespace {

std::string Join(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "(none)" : out;
}

std::string Describe(const pir::DenseTensorType& type) {
  return std::string(DataTypeName(type.dtype())) + type.dims().ToString();
}

}  // namespace

Executor::Executor(const pir::Program& program, const std::vector<pir::Value>& fetches) {
  Prepare(*program.block());
  std::unordered_set<int> fetched;
  for (size_t i = 0; i < fetches.size(); ++i) {
    PD_CHECK(bool(fetches[i]) && fetches[i].type().isa<pir::DenseTensorType>(), InvalidArgument,
             "[Executor] fetch ", i, " must be a tensor value of the program");
    fetch_slots_.push_back(slots_.Of(fetches[i]));
    fetched.insert(fetch_slots_.back());
  }
  // Each slot is released after the last step that reads it (or right
  // after the step that writes it, when nothing reads it), unless fetched.
  std::vector<int> last(slots_.size(), -1);
  for (size_t s = 0; s < steps_.size(); ++s) {
    for (int slot : steps_[s].frees) last[slot] = static_cast<int>(s);  // frees holds reads and writes here
    steps_[s].frees.clear();
  }
  for (size_t slot = 0; slot < last.size(); ++slot) {
    if (last[slot] >= 0 && !fetched.count(static_cast<int>(slot))) {
      steps_[last[slot]].frees.push_back(static_cast<int>(slot));
    }
  }
}

void Executor::Prepare(const pir::Block& block) {
  const InstructionTable& table = InstructionTable::Get();
  for (const pir::Operation* op : block) {
    PD_CHECK(op->num_regions() == 0, Unimplemented, "[executor] the op ", op->name(),
             " has regions; control flow cannot run yet");
    for (pir::Value v : op->results()) slots_.Add(v);
    if (op->name() == "pd_op.data") {
      std::string name = op->attribute<pir::StrAttribute>("name").data();
      inputs_.push_back({name, op->result(0).type().dyn_cast<pir::DenseTensorType>(), slots_.Of(op->result(0))});
      feed_names_.push_back(name);
    }
    Step step{table.Find(op->name())(*op, slots_), op->name(), {}};
    // Until the constructor turns them into releases, `frees` lists the
    // slots this step touches.
    for (pir::Value v : op->operands()) {
      if (v) step.frees.push_back(slots_.Of(v));
    }
    for (pir::Value v : op->results()) step.frees.push_back(slots_.Of(v));
    steps_.push_back(std::move(step));
  }
}

void Executor::CheckFeed(const Input& input, const Tensor& value) const {
  PD_CHECK(value.defined(), InvalidArgument, "[Executor] feed '", input.name, "' is an empty tensor");
  bool same = value.dtype() == input.type.dtype() && value.dims().size() == input.type.dims().size();
  for (int d = 0; same && d < value.dims().size(); ++d) {
    same = input.type.dims()[d] == -1 || input.type.dims()[d] == value.dims()[d];
  }
  PD_CHECK(same, InvalidArgument, "[Executor] feed '", input.name, "' must be ", Describe(input.type),
           " (-1: any size), but got ", DataTypeName(value.dtype()), value.dims().ToString());
}

std::vector<Tensor> Executor::Run(const std::map<std::string, Tensor>& feeds, Scope* scope) {
  for (const auto& [name, value] : feeds) {
    bool known = false;
    for (const Input& input : inputs_) known = known || input.name == name;
    PD_CHECK(known, InvalidArgument, "[Executor] feed '", name, "' is not an input of the program; its inputs are: ",
             Join(feed_names_));
  }
  Frame frame;
  frame.slots.resize(slots_.size());
  frame.scope = scope;
  for (const Input& input : inputs_) {
    auto it = feeds.find(input.name);
    PD_CHECK(it != feeds.end(), NotFound, "[Executor] feed '", input.name, "' is missing; the program's inputs are: ",
             Join(feed_names_));
    CheckFeed(input, it->second);
    frame[input.slot].tensor = it->second;
  }
  autograd::GradModeGuard no_grad(false);
  for (const Step& step : steps_) {
    if (step.run) step.run(frame);
    for (int slot : step.frees) frame[slot].Clear();
  }
  std::vector<Tensor> results;
  results.reserve(fetch_slots_.size());
  for (int slot : fetch_slots_) results.push_back(frame[slot].tensor);
  return results;
}

}  // namespace paddle::executor
