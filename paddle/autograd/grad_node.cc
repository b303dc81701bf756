#include "paddle/autograd/grad_node.h"

#include <atomic>

#include "paddle/autograd/grad_mode.h"
#include "paddle/autograd/generated/eager_ops.h"
#include "paddle/common/errors.h"
#include "paddle/phi/api/generated/api.h"

namespace paddle::autograd {

// Note [Freeing long graphs]: a node owns the nodes of its next edges (and,
// through a saved input's autograd meta, that input's node), so freeing the
// last node of a chain of a million recorded ops would free the one before
// it inside its destructor, and so on, a million frames deep: the stack
// overflows (Paddle 3.3.1 crashes so too). Instead the destructor takes the
// nodes that it alone holds onto a list and frees them one at a time, each
// after its saved tensors were dropped and its own next nodes taken: the
// depth stays one. (A derived node's own saved tensors are gone before this
// base destructor runs.)
GradNode::~GradNode() {
  std::vector<std::shared_ptr<GradNode>> orphans;
  auto take_sole = [&orphans](std::vector<Edge>& edges) {
    for (Edge& e : edges) {
      if (e.node != nullptr && e.node.use_count() == 1) orphans.push_back(std::move(e.node));
    }
    edges.clear();
  };
  take_sole(next_edges_);
  while (!orphans.empty()) {
    std::shared_ptr<GradNode> node = std::move(orphans.back());
    orphans.pop_back();
    node->ReleaseSaved();  // so that the edges hold the only references to a saved input's node
    take_sole(node->next_edges_);
  }  // each node is freed here, its edges already empty
}

void GradNode::ApplyHooks(std::vector<Tensor>& grads) const {
  for (size_t slot = 0; slot < hooks_.size() && slot < grads.size(); ++slot) {
    // A copy: a hook may add or remove hooks of this very slot while it runs.
    const std::vector<Hook> hooks = hooks_[slot];
    for (bool observers : {false, true}) {
      for (const Hook& hook : hooks) {
        if (hook.observer != observers || !grads[slot].defined()) continue;
        Tensor replaced = hook.fn(grads[slot]);
        if (replaced.defined()) grads[slot] = std::move(replaced);
      }
    }
  }
}

std::vector<Tensor> GradNode::Run(std::vector<Tensor> grads, bool create_graph) {
  PD_CHECK(!released_, PreconditionNotMet, "[backward] trying to run backward through ", name(),
           " a second time, but its saved tensors were freed after the first backward; "
           "pass retain_graph=True to the first backward to keep them");
  std::vector<Tensor> out;
  {
    GradModeGuard mode(create_graph);
    out = Apply(grads);
  }
  // A copy: a hook may remove itself while it runs.
  const auto post_hooks = post_hooks_;
  for (const auto& [id, hook] : post_hooks) hook();
  return out;
}

void GradNode::Release() {
  ReleaseSaved();
  released_ = true;
}

namespace {
int64_t NextHookId() {
  static std::atomic<int64_t> next_id{1};
  return next_id++;
}
}  // namespace

int64_t GradNode::AddHook(int slot, GradHook hook, bool observer) {
  int64_t id = NextHookId();
  hooks_.at(slot).push_back({id, std::move(hook), observer});
  return id;
}

int64_t GradNode::AddPostHook(std::function<void()> hook) {
  int64_t id = NextHookId();
  post_hooks_.emplace_back(id, std::move(hook));
  return id;
}

bool GradNode::RemoveHook(int64_t id) {
  for (auto it = post_hooks_.begin(); it != post_hooks_.end(); ++it) {
    if (it->first == id) {
      post_hooks_.erase(it);
      return true;
    }
  }
  for (auto& slot : hooks_) {
    for (auto it = slot.begin(); it != slot.end(); ++it) {
      if (it->id == id) {
        slot.erase(it);
        return true;
      }
    }
  }
  return false;
}

bool SoleOwner(const Tensor& t) {
  return t.impl().use_count() == 1 && t.dense().Holder() != nullptr && t.dense().Holder().use_count() == 1;
}

void MarkGradLeaf(Tensor& grad) {
  if (!RequiresGrad(grad)) grad.set_stop_gradient(false);
}

bool CanAddInPlace(const Tensor& sum, const Tensor& grad) {
  // A sum with history (a .grad from a create_graph backward) keeps its
  // node; it is replaced rather than changed under it.
  const AutogradMeta* meta = MetaOf(sum);
  const bool has_history = meta && meta->grad_node && !meta->grad_node->is_accumulation();
  return SoleOwner(sum) && !has_history && sum.dense().IsContiguous() && sum.dims() == grad.dims() && sum.dtype() == grad.dtype() &&
         sum.place() == grad.place();
}

std::vector<Tensor> GradNodeAccumulation::Apply(std::vector<Tensor>& grads) {
  auto meta = std::static_pointer_cast<AutogradMeta>(meta_.lock());
  if (meta && grads[0].defined()) {
    if (meta->grad.defined() && !GradMode::IsEnabled() && CanAddInPlace(meta->grad, grads[0])) {
      api::add_(meta->grad, grads[0]);
    } else if (meta->grad.defined()) {
      meta->grad = eager::add(meta->grad, grads[0]);
      MarkGradLeaf(meta->grad);
    } else {
      // .grad must own its memory: the incoming gradient may be shared with
      // another leaf's (add passes one gradient to both inputs) or be the
      // user's grad_tensor. Take it as is only when nothing else holds it.
      const Tensor& g = grads[0];
      meta->grad = SoleOwner(g) ? g : eager::clone(g);
      MarkGradLeaf(meta->grad);
    }
  }
  return {};
}

std::vector<Tensor> NotDifferentiableNode::Apply(std::vector<Tensor>&) {
  PD_THROW(Unimplemented, "[", op_, "] has no gradient, but a gradient through it is needed");
}

SavedTensor::SavedTensor(const Tensor& t, bool is_output, int slot)
    : is_output_(is_output), requires_grad_(RequiresGrad(t)), slot_(slot) {
  data_ = is_output ? Tensor(t.impl()) : t;
  if (t.defined() && ActiveSavedTensorHooks()) {
    hooks_ = ActiveSavedTensorHooks();
    packed_ = hooks_->Pack(data_);
    data_ = Tensor();
    return;
  }
  if (t.defined() && t.dense().Holder()) version_ = t.dense().Holder()->version();
}

SavedTensor SavedTensor::MetaOnly(const Tensor& t) {
  auto meta_only = std::make_shared<phi::DenseTensor>(phi::DenseTensorMeta(t.dtype(), t.dims()));
  meta_only->set_holder(phi::GetAllocator(t.place())->Allocate(0));
  SavedTensor saved;
  saved.data_ = Tensor(std::move(meta_only));
  return saved;
}

Tensor SavedTensor::Unpack(const std::shared_ptr<GradNode>& owner) const {
  PD_CHECK(data_.defined() || packed_, PreconditionNotMet,
           "[backward] a tensor saved for backward was already freed; pass retain_graph=True to "
           "the first backward to run backward twice");
  Tensor saved = data_;
  if (hooks_) {
    saved = hooks_->Unpack(packed_);
  } else {
    const auto& holder = data_.dense().Holder();
    PD_CHECK(!holder || holder->version() == version_, PreconditionNotMet, "[backward] a tensor saved by ",
             owner->name(), " for the gradient was modified in place afterwards (version ",
             holder ? holder->version() : 0, ", saved at version ", version_,
             "); gradients from it would be wrong. Modify a copy (x.clone()) instead");
  }
  if (!is_output_ || !requires_grad_) return saved;
  Tensor t(saved.impl());
  SetHistory(t, owner, slot_);
  return t;
}

Edge EdgeOf(const Tensor& t) {
  if (!RequiresGrad(t) || !IsDifferentiableType(t)) return {};
  AutogradMeta* meta = MetaOf(t);
  if (!meta->grad_node) {
    meta->grad_node = std::make_shared<GradNodeAccumulation>(t.autograd_meta());
    meta->output_slot = 0;
  }
  return {meta->grad_node, meta->output_slot};
}

std::vector<Edge> EdgesOf(const std::vector<Tensor>& ts) {
  std::vector<Edge> edges;
  edges.reserve(ts.size());
  for (const Tensor& t : ts) edges.push_back(EdgeOf(t));
  return edges;
}

bool ShouldRecord(std::initializer_list<const Tensor*> inputs) {
  if (!GradMode::IsEnabled()) return false;
  for (const Tensor* t : inputs) {
    if (RequiresGrad(*t)) return true;
  }
  return false;
}

bool ShouldRecord(const std::vector<Tensor>& inputs) {
  if (!GradMode::IsEnabled()) return false;
  for (const Tensor& t : inputs) {
    if (RequiresGrad(t)) return true;
  }
  return false;
}

void CheckInplaceOutsideGraph(const Tensor& t, const char* arg) {
  PD_CHECK(!ShouldRecord({&t}), PreconditionNotMet, arg,
           " requires gradient and grad mode is on; update it in place under paddle.no_grad()");
}

void SetHistory(Tensor& out, const std::shared_ptr<GradNode>& node, int slot) {
  AutogradMeta* meta = EnsureMeta(out);
  meta->grad_node = node;
  meta->output_slot = slot;
  meta->stop_gradient = false;
}

}  // namespace paddle::autograd
