// AutogradMeta: what the eager engine keeps per tensor (Note [Autograd graph]
// in grad_node.h): the accumulated .grad of a leaf, and for an op's output
// the GradNode that made it and which of its outputs it is.
#pragma once

#include <memory>

#include "paddle/phi/api/tensor.h"

namespace paddle::autograd {

class GradNode;

class AutogradMeta final : public AbstractAutogradMeta {
 public:
  // The node gradients of this tensor flow into: its producer's grad node,
  // or, for a leaf that requires grad, its accumulation node (made lazily).
  std::shared_ptr<GradNode> grad_node;
  int output_slot = 0;  // which output of grad_node's forward op this tensor is
  Tensor grad;          // accumulated gradient (leaves, or retained non-leaves)
  bool retain_grads = false;  // a retain_grads hook is installed
};

// The tensor's AutogradMeta, or nullptr when it has none.
AutogradMeta* MetaOf(const Tensor& t);
// The tensor's AutogradMeta, created when missing.
AutogradMeta* EnsureMeta(Tensor& t);

// True when gradients flow through t: it has a meta with stop_gradient off.
inline bool RequiresGrad(const Tensor& t) { return t.defined() && !t.stop_gradient(); }

// Whether t's dtype carries gradients (floating or complex).
bool IsDifferentiableType(const Tensor& t);

}  // namespace paddle::autograd
