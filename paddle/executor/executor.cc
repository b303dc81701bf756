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
  const pir::Block& top = *program.block();
  NumberValues(top, &slots_);
  for (const pir::Operation* op : top) {
    if (op->name() != "pd_op.data") continue;
    std::string name = op->attribute<pir::StrAttribute>("name").data();
    inputs_.push_back({name, op->result(0).type().dyn_cast<pir::DenseTensorType>(), slots_.Of(op->result(0))});
    feed_names_.push_back(name);
  }
  std::unordered_set<int> fetched;
  for (size_t i = 0; i < fetches.size(); ++i) {
    PD_CHECK(bool(fetches[i]) && fetches[i].type().isa<pir::DenseTensorType>(), InvalidArgument,
             "[Executor] fetch ", i, " must be a tensor value of the program");
    PD_CHECK(fetches[i].defining_op() && fetches[i].defining_op()->parent_block() == &top, InvalidArgument,
             "[Executor] fetch ", i, " must be a value of the program's top block, not of a nested region");
    fetch_slots_.push_back(slots_.Of(fetches[i]));
    fetched.insert(fetch_slots_.back());
  }
  Steps steps = PrepareBlock(top, slots_, true);
  for (Step& step : steps) std::erase_if(step.frees, [&](int slot) { return fetched.count(slot) > 0; });
  steps_ = std::make_shared<const Steps>(std::move(steps));
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
  RunSteps(*steps_, frame);
  std::vector<Tensor> results;
  results.reserve(fetch_slots_.size());
  for (int slot : fetch_slots_) results.push_back(frame[slot].tensor);
  return results;
}

}  // namespace paddle::executor
