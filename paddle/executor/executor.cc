#include "paddle/executor/executor.h"

#include <unordered_set>

#include "paddle/autograd/grad_mode.h"
#include "paddle/common/errors.h"
#include "paddle/executor/constant_folding_pass.h"
#include "paddle/phi/api/api_helpers.h"
#include "paddle/pir/core/block.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/type.h"
#include "paddle/pir/dialect/builtin_dialect.h"
#include "paddle/pir/transforms/passes.h"

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

std::string FetchName(size_t i) { return "fetch@" + std::to_string(i); }

}  // namespace

std::vector<std::string> Executor::Passes() {
  return {"algebraic_simplification", "constant_folding", "common_subexpression_elimination", "matmul_add_fusion",
          "dead_code_elimination"};
}

Executor::Executor(const pir::Program& program, const std::vector<pir::Value>& fetches, const Place& place,
                   const std::vector<std::string>& passes, const Scope* parameters) {
  const pir::Block& source = *program.block();
  for (size_t i = 0; i < fetches.size(); ++i) {
    PD_CHECK(bool(fetches[i]) && fetches[i].type().isa<pir::DenseTensorType>(), InvalidArgument,
             "[Executor] fetch ", i, " must be a tensor value of the program");
    PD_CHECK(fetches[i].defining_op() && fetches[i].defining_op()->parent_block() == &source, InvalidArgument,
             "[Executor] fetch ", i, " must be a value of the program's top block, not of a nested region");
  }
  // The copy marks the fetches as its outputs, so that no pass drops or
  // renames them without the executor knowing.
  pir::IrMapping mapping;
  program_ = program.Clone(mapping);
  pir::Builder builder(program_->context(), program_->block());
  for (size_t i = 0; i < fetches.size(); ++i) {
    builder.Create(pir::ShadowOutputOp::kName, {mapping.Lookup(fetches[i])},
                   {{"output_name", builder.str_attr(FetchName(i))}}, {});
  }
  pir::PassManager pm;
  for (const std::string& name : passes) {
    // The executor keeps what constant folding computes.
    pm.AddPass(name == "constant_folding" ? CreateConstantFoldingPass(&constants_, parameters, parameters != nullptr)
                                          : pir::CreatePass(name));
  }
  pm.AddPass(pir::CreateKernelSelectionPass(api::ResolvePlace(place)));
  pm.AddPass(pir::CreateBufferReusePass());
  pm.Run(*program_);
  // What constant folding computed never changes (Note [Frozen weights]).
  for (auto& [name, value] : constants_) {
    if (value.is_dense_tensor() && value.dense().Holder()) value.dense().Holder()->Freeze();
  }
  buffers_.resize(MemoryPlan().buffers);
  std::vector<pir::Value> outputs(fetches.size());
  for (const pir::Operation* op : *program_->block()) {
    if (op->name() != pir::ShadowOutputOp::kName) continue;
    const std::string& name = op->attribute<pir::StrAttribute>("output_name").data();
    for (size_t i = 0; i < fetches.size(); ++i) {
      if (name == FetchName(i)) outputs[i] = op->operand(0);
    }
  }
  const pir::Block& top = *program_->block();
  NumberValues(top, &slots_);
  for (const pir::Operation* op : top) {
    if (op->name() != "pd_op.data") continue;
    std::string name = op->attribute<pir::StrAttribute>("name").data();
    inputs_.push_back({name, op->result(0).type().dyn_cast<pir::DenseTensorType>(), slots_.Of(op->result(0))});
    feed_names_.push_back(name);
  }
  std::unordered_set<int> fetched;
  for (pir::Value v : outputs) {
    fetch_slots_.push_back(slots_.Of(v));
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

Executor::Plan Executor::MemoryPlan() const {
  auto read = [&](const char* name) {
    auto value = program_->module_op()->attribute<pir::Int64Attribute>(name);
    return value ? value.data() : int64_t{0};
  };
  return {read("reuse_values"), read("reuse_buffers"), read("reuse_bytes_planned"), read("reuse_bytes_saved"),
          read("reuse_inplace_values"), read("reuse_symbolic_values")};
}

std::vector<Tensor> Executor::Run(const std::map<std::string, Tensor>& feeds, Scope* scope) {
  for (const auto& [name, value] : feeds) {
    bool known = false;
    for (const Input& input : inputs_) known = known || input.name == name;
    PD_CHECK(known, InvalidArgument, "[Executor] feed '", name, "' is not an input of the program; its inputs are: ",
             Join(feed_names_));
  }
  std::vector<Tensor> ordered;
  ordered.reserve(inputs_.size());
  for (const Input& input : inputs_) {
    auto it = feeds.find(input.name);
    PD_CHECK(it != feeds.end(), NotFound, "[Executor] feed '", input.name, "' is missing; the program's inputs are: ",
             Join(feed_names_));
    ordered.push_back(it->second);
  }
  return Run(ordered, scope);
}

std::vector<Tensor> Executor::Run(const std::vector<Tensor>& feeds, Scope* scope) {
  PD_CHECK(feeds.size() == inputs_.size(), InvalidArgument, "[Executor] the program takes ", inputs_.size(),
           " feeds (", Join(feed_names_), "), but got ", feeds.size());
  std::lock_guard<std::mutex> one_run(running_);  // the buffers and the frame serve one run at a time
  Frame& frame = frame_;
  frame.slots.resize(slots_.size());
  frame.scope = scope;
  frame.constants = &constants_;
  frame.buffers = &buffers_;
  // Nothing a run put in the frame outlives it, even when an op throws.
  struct ClearAfter {
    Frame& frame;
    ~ClearAfter() {
      for (Slot& slot : frame.slots) slot.Clear();
      frame.scope = nullptr;
    }
  } clear_after{frame};
  for (size_t i = 0; i < inputs_.size(); ++i) {
    CheckFeed(inputs_[i], feeds[i]);
    frame[inputs_[i].slot].tensor = feeds[i];
  }
  autograd::GradModeGuard no_grad(false);
  RunSteps(*steps_, frame);
  std::vector<Tensor> results;
  results.reserve(fetch_slots_.size());
  for (int slot : fetch_slots_) results.push_back(frame[slot].tensor);
  return results;
}

}  // namespace paddle::executor
