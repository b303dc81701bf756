// The backward engine: runs grad nodes in dependency order from some output
// tensors back to the leaves (Tensor.backward, paddle.autograd.backward) or
// to chosen inputs (paddle.grad).
#pragma once

#include <vector>

#include "paddle/phi/api/tensor.h"

namespace paddle::autograd {

// Accumulates d(outputs)/d(leaf) into every reachable leaf's .grad.
// grad_outputs[i] undefined means ones shaped like outputs[i].
void Backward(const std::vector<Tensor>& outputs, const std::vector<Tensor>& grad_outputs,
              bool retain_graph);

struct GradOptions {
  bool retain_graph = false;
  bool create_graph = false;
  bool allow_unused = false;
  std::vector<Tensor> no_grad_vars;  // gradients do not flow through these
};

// d(outputs)/d(inputs), without touching any .grad. grad_outputs[i]
// undefined is allowed only for a one-element outputs[i] (ones).
std::vector<Tensor> Grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs,
                         const std::vector<Tensor>& grad_outputs, const GradOptions& options);

// Whether a backward from `outputs` would reach each of `leaves` (walks the
// recorded graph; runs nothing). DataParallel asks it after each forward to
// find the parameters that backward will leave without a gradient.
std::vector<bool> Reaches(const std::vector<Tensor>& outputs, const std::vector<Tensor>& leaves);

}  // namespace paddle::autograd
