// Note [Run program]: a program captured by paddle.jit.to_static (Note
// [Capture]) runs in eager mode as one step of autograd. Its training copy is
// cut in two (Note [Split programs]): the forward executor computes the
// outputs and the values the backward reads, and one grad node over the
// step's tensors (its inputs, then the parameters) runs the backward
// executor on those and the outputs' gradients. The node lives here, not in
// Python, so that a step costs its two runs and little more.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "paddle/executor/executor.h"

namespace paddle::executor {

class TrainingPrograms : public std::enable_shared_from_this<TrainingPrograms> {
 public:
  // `forward` fetches the outputs (num_outputs), then the saved values;
  // `backward` (null when nothing takes a gradient) reads the saved values
  // as the feeds `saved_names` and the gradient of output i as "@grad_<i>",
  // and fetches gradients for the step's tensors at `gradient_positions`.
  // `input_names` are the step's inputs in the caller's order. Held by a
  // shared_ptr: the grad nodes of its runs share it.
  TrainingPrograms(std::shared_ptr<Executor> forward, std::shared_ptr<Executor> backward, int num_outputs,
                   const std::vector<std::string>& input_names, const std::vector<std::string>& saved_names,
                   std::vector<int> gradient_positions);

  // The outputs of the step for `inputs` (in input_names' order), recorded
  // with one grad node whose next edges are `inputs` then `parameters`;
  // outputs with `differentiable_outputs[i]` false get no history.
  std::vector<Tensor> Run(const std::vector<Tensor>& inputs, const std::vector<Tensor>& parameters,
                          const std::vector<bool>& differentiable_outputs,
                          const std::shared_ptr<Scope>& scope) const;

 private:
  friend class RunProgramNode;

  std::shared_ptr<Executor> forward_, backward_;
  int num_outputs_;
  std::vector<int> forward_feeds_;  // per forward feed: its position among the inputs
  // Per backward feed: a saved value (>= 0, its index) or an output's gradient (-1 - the output).
  std::vector<int> backward_feeds_;
  std::vector<int> gradient_positions_;
};

}  // namespace paddle::executor
