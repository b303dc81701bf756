#include "paddle/executor/run_program.h"

#include <algorithm>
#include <utility>

#include "paddle/autograd/grad_node.h"
#include "paddle/autograd/grad_mode.h"
#include "paddle/common/errors.h"
#include "paddle/phi/api/generated/api.h"

namespace paddle::executor {

namespace {

int PositionOf(const std::vector<std::string>& names, const std::string& name, const char* what) {
  auto it = std::find(names.begin(), names.end(), name);
  PD_CHECK(it != names.end(), InvalidArgument, "[run_program] the program's feed '", name, "' is not one of the ",
           what);
  return static_cast<int>(it - names.begin());
}

}  // namespace

TrainingPrograms::TrainingPrograms(std::shared_ptr<Executor> forward, std::shared_ptr<Executor> backward,
                                   int num_outputs, const std::vector<std::string>& input_names,
                                   const std::vector<std::string>& saved_names, std::vector<int> gradient_positions)
    : forward_(std::move(forward)),
      backward_(std::move(backward)),
      num_outputs_(num_outputs),
      gradient_positions_(std::move(gradient_positions)) {
  for (const std::string& name : forward_->feed_names()) forward_feeds_.push_back(PositionOf(input_names, name, "inputs"));
  if (!backward_) return;
  const std::string seed = "@grad_";
  for (const std::string& name : backward_->feed_names()) {
    backward_feeds_.push_back(name.starts_with(seed) ? -1 - std::stoi(name.substr(seed.size()))
                                                     : PositionOf(saved_names, name, "saved values"));
  }
}

class RunProgramNode final : public autograd::GradNode {
 public:
  RunProgramNode(std::shared_ptr<const TrainingPrograms> programs, std::vector<Tensor> saved,
                 const std::vector<Tensor>& outputs, std::shared_ptr<Scope> scope)
      : GradNode(static_cast<int>(outputs.size())),
        programs_(std::move(programs)),
        saved_(std::move(saved)),
        scope_(std::move(scope)) {
    for (const Tensor& t : outputs) output_metas_.emplace_back(t.dense().meta(), t.place());
  }

  const char* name() const override { return "run_program"; }

 protected:
  std::vector<Tensor> Apply(std::vector<Tensor>& grads) override {
    const TrainingPrograms& p = *programs_;
    std::vector<Tensor> out(next_edges().size());
    if (!p.backward_) return out;
    std::vector<Tensor> feeds;
    feeds.reserve(p.backward_feeds_.size());
    for (int source : p.backward_feeds_) {
      if (source >= 0) {
        feeds.push_back(saved_[source]);
        continue;
      }
      const int output = -1 - source;
      if (grads[output].defined()) {
        feeds.push_back(grads[output]);
      } else {  // an output no gradient reached contributes zeros
        const auto& [meta, place] = output_metas_[output];
        feeds.push_back(api::full(phi::IntArray(meta.dims.ToVector()), 0, meta.dtype, place));
      }
    }
    std::vector<Tensor> results = p.backward_->Run(feeds, scope_.get());
    for (size_t i = 0; i < results.size(); ++i) out[p.gradient_positions_[i]] = std::move(results[i]);
    return out;
  }

  void ReleaseSaved() override { saved_.clear(); }

 private:
  std::shared_ptr<const TrainingPrograms> programs_;
  std::vector<Tensor> saved_;
  std::shared_ptr<Scope> scope_;
  std::vector<std::pair<phi::DenseTensorMeta, Place>> output_metas_;
};

std::vector<Tensor> TrainingPrograms::Run(const std::vector<Tensor>& inputs, const std::vector<Tensor>& parameters,
                                          const std::vector<bool>& differentiable_outputs,
                                          const std::shared_ptr<Scope>& scope) const {
  PD_CHECK(differentiable_outputs.size() == static_cast<size_t>(num_outputs_), InvalidArgument,
           "[run_program] differentiable_outputs has ", differentiable_outputs.size(), " entries for ", num_outputs_,
           " outputs");
  std::vector<Tensor> feeds;
  feeds.reserve(forward_feeds_.size());
  for (int position : forward_feeds_) {
    PD_CHECK(position < static_cast<int>(inputs.size()), InvalidArgument, "[run_program] the program takes ",
             forward_feeds_.size(), " inputs, but got ", inputs.size());
    feeds.push_back(inputs[position]);
  }
  std::vector<Tensor> results = forward_->Run(feeds, scope.get());
  std::vector<Tensor> outputs(results.begin(), results.begin() + num_outputs_);
  std::vector<Tensor> step_tensors = inputs;
  step_tensors.insert(step_tensors.end(), parameters.begin(), parameters.end());
  auto node = std::make_shared<RunProgramNode>(
      std::shared_ptr<const TrainingPrograms>(shared_from_this()),
      std::vector<Tensor>(results.begin() + num_outputs_, results.end()), outputs, scope);
  node->set_next_edges(autograd::EdgesOf(step_tensors));
  for (size_t i = 0; i < outputs.size(); ++i) {
    // A fresh handle: an output may be one of the inputs, whose own history must stay as it is.
    outputs[i] = Tensor(outputs[i].impl());
    if (differentiable_outputs[i] && autograd::IsDifferentiableType(outputs[i])) {
      autograd::SetHistory(outputs[i], node, static_cast<int>(i));
    }
  }
  return outputs;
}

}  // namespace paddle::executor
