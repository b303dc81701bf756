#include "paddle/autograd/backward.h"

#include <deque>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "paddle/autograd/amp.h"
#include "paddle/autograd/generated/eager_ops.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/autograd/grad_mode.h"
#include "paddle/autograd/grad_node.h"
#include "paddle/common/errors.h"

namespace paddle::autograd {
namespace {

struct Root {
  Edge edge;
  Tensor grad;
};

Tensor OnesLike(const Tensor& t) {
  return api::full(phi::IntArray(t.dims().ToVector()), 1, t.dtype(), t.place());
}

std::vector<Root> MakeRoots(const char* op, const std::vector<Tensor>& outputs,
                            const std::vector<Tensor>& grad_outputs, bool scalar_only) {
  PD_CHECK(grad_outputs.empty() || grad_outputs.size() == outputs.size(), InvalidArgument, "[", op,
           "] got ", outputs.size(), " tensors but ", grad_outputs.size(), " gradients for them");
  std::vector<Root> roots;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& out = outputs[i];
    PD_CHECK(out.defined(), InvalidArgument, "[", op, "] output ", i, " is None");
    PD_CHECK(RequiresGrad(out), PreconditionNotMet, "[", op, "] output ", i,
             " does not require grad (stop_gradient=True): no gradient can flow from it");
    Tensor grad = i < grad_outputs.size() ? grad_outputs[i] : Tensor();
    if (!grad.defined()) {
      PD_CHECK(!scalar_only || out.numel() == 1, InvalidArgument, "[", op, "] output ", i,
               " has shape ", out.dims().ToString(),
               "; a gradient can only be implied (as 1) for a one-element output, so pass "
               "grad_outputs for it");
      grad = OnesLike(out);
    } else {
      PD_CHECK(grad.dims() == out.dims(), InvalidArgument, "[", op, "] the gradient for output ", i,
               " has shape ", grad.dims().ToString(), " but the output has shape ",
               out.dims().ToString());
      PD_CHECK(grad.dtype() == out.dtype(), InvalidType, "[", op, "] the gradient for output ", i,
               " has dtype ", DataTypeName(grad.dtype()), " but the output has dtype ",
               DataTypeName(out.dtype()));
      PD_CHECK(grad.place() == out.place(), InvalidArgument, "[", op, "] the gradient for output ", i,
               " is on ", grad.place().ToString(), " but the output is on ", out.place().ToString());
    }
    roots.push_back({EdgeOf(out), grad});
  }
  return roots;
}

struct EdgeKey {
  GradNode* node;
  int slot;
  bool operator<(const EdgeKey& o) const { return node != o.node ? node < o.node : slot < o.slot; }
};

// One run of the engine. With `captures`, it computes gradients for those
// edges only (paddle.grad): accumulation nodes do not run and nodes that
// lead to no capture are pruned.
class Engine {
 public:
  Engine(bool retain_graph, bool create_graph) : retain_graph_(retain_graph), create_graph_(create_graph) {}

  void Block(const Edge& e) { blocked_.insert({e.node.get(), e.slot}); }

  void Capture(const Edge& e) { captures_[{e.node.get(), e.slot}] = Tensor(); }
  Tensor Captured(const Edge& e) const {
    auto it = captures_.find({e.node.get(), e.slot});
    return it == captures_.end() ? Tensor() : it->second;
  }

  void Run(const std::vector<Root>& roots) {
    std::vector<GradNode*> starts;
    for (const Root& r : roots) {
      if (r.edge.valid()) starts.push_back(r.edge.node.get());
    }
    CountDependencies(starts);
    for (const Root& r : roots) Accumulate(r.edge, r.grad);
    std::deque<GradNode*> ready;
    for (GradNode* n : starts) {
      if (dependencies_[n] == 0 && queued_.insert(n).second) ready.push_back(n);
    }
    while (!ready.empty()) {
      GradNode* node = ready.front();
      ready.pop_front();
      std::vector<Tensor> grads = std::move(buffers_[node]);
      buffers_.erase(node);
      grads.resize(node->num_outputs());
      {
        GradModeGuard mode(create_graph_);
        node->ApplyHooks(grads);  // before capture: paddle.grad sees hooked gradients too
      }
      for (int slot = 0; slot < node->num_outputs(); ++slot) {
        auto it = captures_.find({node, slot});
        if (it != captures_.end()) it->second = grads[slot];
      }
      if (!ShouldExecute(node)) continue;
      bool any_grad = false;
      for (const Tensor& g : grads) any_grad = any_grad || g.defined();
      // A node no gradient reached passes none on, but still releases its
      // successors' dependency counts below.
      std::vector<Tensor> input_grads;
      if (any_grad) input_grads = node->Run(std::move(grads), create_graph_);
      // A leaf's accumulation node lives as long as the leaf: never released.
      if (!retain_graph_ && !node->is_accumulation()) node->Release();
      const auto& edges = node->next_edges();
      for (size_t i = 0; i < edges.size(); ++i) {
        const Edge& e = edges[i];
        if (!e.valid() || !Relevant(e.node.get())) continue;
        if (i < input_grads.size()) Accumulate(e, input_grads[i]);
        if (--dependencies_[e.node.get()] == 0 && queued_.insert(e.node.get()).second) {
          ready.push_back(e.node.get());
        }
      }
    }
  }

 private:
  bool capturing() const { return !captures_.empty(); }

  // In capture mode only nodes that lead to a capture matter.
  bool Relevant(GradNode* n) const { return !capturing() || needed_.count(n) > 0; }

  bool ShouldExecute(GradNode* n) const {
    if (!capturing()) return true;
    if (n->is_accumulation()) return false;
    for (const Edge& e : n->next_edges()) {
      if (e.valid() && needed_.count(e.node.get())) return true;
    }
    return false;
  }

  bool IsCaptureNode(GradNode* n) const {
    auto it = captures_.lower_bound({n, 0});
    return it != captures_.end() && it->first.node == n;
  }

  // Marks which nodes lead to a capture (post-order DFS), then counts, for
  // every relevant node, the edges into it from relevant nodes.
  void CountDependencies(const std::vector<GradNode*>& starts) {
    std::vector<GradNode*> order;
    std::unordered_set<GradNode*> seen;
    std::vector<std::pair<GradNode*, size_t>> stack;
    for (GradNode* s : starts) {
      if (!seen.insert(s).second) continue;
      stack.emplace_back(s, 0);
      while (!stack.empty()) {
        auto& [node, next] = stack.back();
        const auto& edges = node->next_edges();
        if (next < edges.size()) {
          GradNode* child = edges[next++].node.get();
          if (child && seen.insert(child).second) stack.emplace_back(child, 0);
        } else {
          order.push_back(node);
          stack.pop_back();
        }
      }
    }
    for (GradNode* n : order) {  // children before parents
      bool needed = !capturing() || IsCaptureNode(n);
      for (const Edge& e : n->next_edges()) needed = needed || (e.valid() && needed_.count(e.node.get()));
      if (needed) needed_.insert(n);
    }
    for (GradNode* n : order) {
      if (!Relevant(n) || !ShouldExecute(n)) continue;
      for (const Edge& e : n->next_edges()) {
        if (e.valid() && Relevant(e.node.get())) ++dependencies_[e.node.get()];
      }
    }
  }

  void Accumulate(const Edge& e, const Tensor& grad) {
    if (!e.valid() || !grad.defined() || blocked_.count({e.node.get(), e.slot})) return;
    auto& buffer = buffers_[e.node.get()];
    if (buffer.size() < static_cast<size_t>(e.node->num_outputs())) buffer.resize(e.node->num_outputs());
    Tensor& slot = buffer[e.slot];
    if (!slot.defined()) {
      slot = grad;
    } else if (!create_graph_ && CanAddInPlace(slot, grad)) {
      api::add_(slot, grad);
    } else {
      GradModeGuard mode(create_graph_);
      slot = eager::add(slot, grad);
    }
  }

  bool retain_graph_;
  bool create_graph_;
  std::map<EdgeKey, Tensor> captures_;
  std::set<EdgeKey> blocked_;
  std::unordered_set<GradNode*> needed_;
  std::unordered_map<GradNode*, int> dependencies_;
  std::unordered_map<GradNode*, std::vector<Tensor>> buffers_;
  std::unordered_set<GradNode*> queued_;
};

}  // namespace

void Backward(const std::vector<Tensor>& outputs, const std::vector<Tensor>& grad_outputs,
              bool retain_graph) {
  std::vector<Root> roots = MakeRoots("backward", outputs, grad_outputs, /*scalar_only=*/false);
  GradModeGuard no_record(false);
  amp::AmpPause same_dtypes_as_forward;
  Engine(retain_graph, /*create_graph=*/false).Run(roots);
}

std::vector<Tensor> Grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs,
                         const std::vector<Tensor>& grad_outputs, const GradOptions& options) {
  std::vector<Root> roots = MakeRoots("grad", outputs, grad_outputs, /*scalar_only=*/true);
  amp::AmpPause same_dtypes_as_forward;
  Engine engine(options.retain_graph, options.create_graph);
  std::vector<Edge> input_edges;
  for (size_t i = 0; i < inputs.size(); ++i) {
    PD_CHECK(inputs[i].defined(), InvalidArgument, "[grad] input ", i, " is None");
    input_edges.push_back(EdgeOf(inputs[i]));
    if (input_edges.back().valid()) engine.Capture(input_edges.back());
  }
  for (const Tensor& t : options.no_grad_vars) {
    Edge e = EdgeOf(t);
    if (e.valid()) engine.Block(e);
  }
  engine.Run(roots);
  std::vector<Tensor> result;
  for (size_t i = 0; i < inputs.size(); ++i) {
    Tensor g = input_edges[i].valid() ? engine.Captured(input_edges[i]) : Tensor();
    PD_CHECK(g.defined() || options.allow_unused, InvalidArgument, "[grad] input ", i,
             " is not used to compute the outputs (or does not require grad); pass "
             "allow_unused=True to get None for it");
    result.push_back(g);
  }
  return result;
}

std::vector<bool> Reaches(const std::vector<Tensor>& outputs, const std::vector<Tensor>& leaves) {
  std::unordered_set<GradNode*> seen;
  std::vector<GradNode*> pending;
  auto visit = [&](const Edge& e) {
    if (e.valid() && seen.insert(e.node.get()).second) pending.push_back(e.node.get());
  };
  for (const Tensor& t : outputs) {
    if (t.defined() && RequiresGrad(t)) visit(EdgeOf(t));
  }
  while (!pending.empty()) {
    GradNode* node = pending.back();
    pending.pop_back();
    for (const Edge& e : node->next_edges()) visit(e);
  }
  std::vector<bool> reached;
  for (const Tensor& leaf : leaves) {
    reached.push_back(leaf.defined() && RequiresGrad(leaf) && seen.count(EdgeOf(leaf).node.get()) > 0);
  }
  return reached;
}

}  // namespace paddle::autograd
