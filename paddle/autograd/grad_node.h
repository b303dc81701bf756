// Note [Autograd graph]: every recorded op call makes one GradNode. Its
// next_edges point, per forward input, at the node that input's gradient
// flows into (the input's producer, or a leaf's accumulation node), and
// which of that node's forward outputs the input was. Nodes own the tensors
// their gradient formulas need (SavedTensor) until the backward pass that
// consumes them ends, unless retain_graph keeps them.
#pragma once

#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "paddle/autograd/autograd_meta.h"
#include "paddle/autograd/saved_tensor_hooks.h"

namespace paddle::autograd {

class GradNode;

struct Edge {
  std::shared_ptr<GradNode> node;
  int slot = 0;
  bool valid() const { return node != nullptr; }
};

// A hook may return a replacement gradient, or an undefined Tensor to keep it.
using GradHook = std::function<Tensor(const Tensor&)>;

class GradNode : public std::enable_shared_from_this<GradNode> {
 public:
  explicit GradNode(int num_outputs) : hooks_(num_outputs) {}
  // Frees the nodes only this one held without recursing (Note [Freeing long graphs]).
  virtual ~GradNode();
  GradNode(const GradNode&) = delete;
  GradNode& operator=(const GradNode&) = delete;

  // "multiply_grad", for error messages and printing (Tensor.grad_fn).
  virtual const char* name() const = 0;
  virtual bool is_accumulation() const { return false; }

  int num_outputs() const { return static_cast<int>(hooks_.size()); }
  const std::vector<Edge>& next_edges() const { return next_edges_; }
  void set_next_edges(std::vector<Edge> edges) { next_edges_ = std::move(edges); }

  // Runs each output slot's hooks on its gradient (in place).
  void ApplyHooks(std::vector<Tensor>& grads) const;

  // Runs the gradient formulas: `grads` has one entry per forward output
  // (undefined where no gradient arrived); returns one gradient per next
  // edge (undefined where not needed). With create_graph the formulas record
  // their own graph, which gives higher-order gradients. The engine applies
  // the hooks before.
  std::vector<Tensor> Run(std::vector<Tensor> grads, bool create_graph);

  // Frees the saved tensors; a later Run raises the "backward twice" error.
  void Release();
  bool released() const { return released_; }

  // Hooks run in registration order; `observer` hooks (retain_grads) run
  // after all others, so they see the final gradient.
  int64_t AddHook(int slot, GradHook hook, bool observer = false);
  // Post hooks run after the node ran; on a leaf's accumulation node, once
  // its .grad holds this backward's gradient (DataParallel's reducer starts
  // communicating a gradient there, while the backward goes on).
  int64_t AddPostHook(std::function<void()> hook);
  bool RemoveHook(int64_t id);

 protected:
  virtual std::vector<Tensor> Apply(std::vector<Tensor>& grads) = 0;
  virtual void ReleaseSaved() {}
  bool NeedsInputGrad(size_t i) const { return i < next_edges_.size() && next_edges_[i].valid(); }
  bool AnyInputGradNeeded(size_t begin, size_t count) const {
    for (size_t i = begin; i < begin + count; ++i)
      if (NeedsInputGrad(i)) return true;
    return false;
  }

 private:
  std::vector<Edge> next_edges_;
  struct Hook {
    int64_t id;
    GradHook fn;
    bool observer;
  };
  std::vector<std::vector<Hook>> hooks_;
  std::vector<std::pair<int64_t, std::function<void()>>> post_hooks_;
  bool released_ = false;
};

// Whether nothing but `t` holds its memory (no other tensor object, view,
// saved tensor, hook or Python reference).
bool SoleOwner(const Tensor& t);
// Paddle's .grad is a leaf with stop_gradient=False: x.grad * 2 records,
// and its backward fills x.grad.grad. A gradient with history keeps it.
void MarkGradLeaf(Tensor& grad);
// Whether the engine may add `grad` into `sum` in place (rather than make a
// new tensor): `sum` is its memory's sole owner, contiguous, and keeps its
// shape, dtype and place. The sums are the same; only the allocation goes.
bool CanAddInPlace(const Tensor& sum, const Tensor& grad);

// The sink of a leaf tensor: adds the incoming gradient to the leaf's .grad.
class GradNodeAccumulation final : public GradNode {
 public:
  explicit GradNodeAccumulation(const std::shared_ptr<AbstractAutogradMeta>& meta)
      : GradNode(1), meta_(meta) {}
  const char* name() const override { return "accumulate_grad"; }
  bool is_accumulation() const override { return true; }

 protected:
  std::vector<Tensor> Apply(std::vector<Tensor>& grads) override;

 private:
  std::weak_ptr<AbstractAutogradMeta> meta_;
};

// A tensor a gradient formula needs. An op's own output is kept without its
// autograd meta (that would be a cycle: output -> node -> output) and gets it
// back on Unpack, so formulas using it stay differentiable. Under
// saved-tensor hooks only what the hooks packed is kept (Note [Saved-tensor
// hooks] in saved_tensor_hooks.h).
class SavedTensor {
 public:
  SavedTensor() = default;
  SavedTensor(const Tensor& t, bool is_output, int slot = 0);
  // Keeps only t's dims, dtype and place (formulas that need its shape, like
  // reshape's): no memory held, and in-place writes to t do not matter.
  static SavedTensor MetaOnly(const Tensor& t);

  // The tensor as saved; throws if its memory was written in place since.
  Tensor Unpack(const std::shared_ptr<GradNode>& owner) const;
  void Reset() {
    data_ = Tensor();
    packed_.reset();
  }

 private:
  Tensor data_;
  std::shared_ptr<SavedTensorHooks> hooks_;
  std::shared_ptr<void> packed_;
  uint64_t version_ = 0;
  bool is_output_ = false;
  bool requires_grad_ = false;
  int slot_ = 0;
};

// The edge a gradient for `t` flows into: invalid when t does not require
// grad or is not differentiable; for a leaf, its accumulation node (created
// on first use).
Edge EdgeOf(const Tensor& t);
std::vector<Edge> EdgesOf(const std::vector<Tensor>& ts);

// Whether an op call with these inputs must be recorded.
bool ShouldRecord(std::initializer_list<const Tensor*> inputs);
bool ShouldRecord(const std::vector<Tensor>& inputs);

// In-place ops (Note [In-place ops] in tools/codegen/gen_api.py) run outside
// the graph: writing a tensor that requires grad while grad mode is on would
// silently cut its history, so it is refused.
void CheckInplaceOutsideGraph(const Tensor& t, const char* arg);

// Makes `node` (output `slot`) the history of `out`.
void SetHistory(Tensor& out, const std::shared_ptr<GradNode>& node, int slot = 0);

// A node for an op without gradient formulas: backward through it raises.
class NotDifferentiableNode final : public GradNode {
 public:
  explicit NotDifferentiableNode(const char* op) : GradNode(1), op_(op) {}
  const char* name() const override { return op_; }

 protected:
  std::vector<Tensor> Apply(std::vector<Tensor>& grads) override;

 private:
  const char* op_;
};

}  // namespace paddle::autograd
