#include "paddle/autograd/inplace.h"

#include <string>
#include <utility>
#include <vector>

#include "paddle/autograd/autograd_meta.h"
#include "paddle/autograd/generated/eager_ops.h"
#include "paddle/autograd/grad_mode.h"
#include "paddle/autograd/grad_node.h"
#include "paddle/common/errors.h"
#include "paddle/phi/api/transfer.h"

namespace paddle::autograd {

namespace {

bool IsLeaf(const Tensor& t) {
  const AutogradMeta* meta = MetaOf(t);
  return meta == nullptr || meta->grad_node == nullptr || meta->grad_node->is_accumulation();
}

// A second handle on x's memory, with a copy of x's history of its own (x's
// own history is replaced afterwards).
Tensor AliasOf(const Tensor& x) {
  Tensor alias(std::make_shared<phi::DenseTensor>(x.dense()));
  if (!RequiresGrad(x)) return alias;
  const Edge edge = EdgeOf(x);
  if (edge.valid()) {
    SetHistory(alias, edge.node, edge.slot);
  } else {
    alias.set_stop_gradient(false);
  }
  return alias;
}

// A gradient formula kept the alias (sin_ saves its input): it gets the old
// values in memory of its own before x's memory is written.
void PreserveSavedValues(Tensor& alias) {
  if (alias.impl().use_count() == 1) return;
  phi::DenseTensor& saved = alias.dense();
  const Tensor copy = api::CopyTo(alias, alias.place(), /*force_copy=*/true);
  copy.dense().Holder()->TakeVersionOf(*saved.Holder());
  saved = copy.dense();
}

// The history of an update whose result does not depend on x's old values
// (fill_): the old values get a zero gradient.
class ValueIndependentNode final : public GradNode {
 public:
  ValueIndependentNode(const std::string& op, const Tensor& x)
      : GradNode(1), name_(op + "grad"), dims_(x.dims()), dtype_(x.dtype()), place_(x.place()) {}
  const char* name() const override { return name_.c_str(); }

 protected:
  std::vector<Tensor> Apply(std::vector<Tensor>&) override {
    if (!NeedsInputGrad(0)) return {Tensor()};
    return {eager::full(dims_.ToVector(), 0, dtype_, place_)};
  }

 private:
  std::string name_;
  DDim dims_;
  DataType dtype_;
  Place place_;
};

void WriteValues(Tensor& x, Tensor out) {
  const std::shared_ptr<phi::Allocation> holder = x.dense().Holder();
  // A result that is a view of x's memory is read out before x is written.
  if (out.dense().Holder() == holder) out = api::CopyTo(out, out.place(), /*force_copy=*/true);
  if (out.dtype() == x.dtype() && out.place() == x.place()) {
    api::CopyInto(out, x);  // bumps the version
  } else {
    x.set_impl(api::CopyTo(out, out.place()).impl());
    holder->BumpVersion();  // for what saved x's old storage
    // x's count goes on in its new storage, as Paddle's inplace_version does.
    const auto& taken = x.dense().Holder();
    if (taken != nullptr && taken->version() < holder->version()) taken->TakeVersionOf(*holder);
  }
}

}  // namespace

void UpdateInplace(const char* op, Tensor& x, const std::function<Tensor(const Tensor&)>& compute,
                   InplaceKind kind) {
  try {
    const bool grad_mode = GradMode::IsEnabled();
    PD_CHECK(!(grad_mode && RequiresGrad(x) && IsLeaf(x)), InvalidArgument,
             "x is a leaf tensor that requires grad (stop_gradient=False); changing it in place would "
             "leave its gradient describing values it no longer holds. Update it under paddle.no_grad(), "
             "or update x.clone()");
    const long sharers = x.dense().Holder() ? x.dense().Holder().use_count() : 1;  // NOLINT(runtime/int)
    Tensor alias = AliasOf(x);
    Tensor out = compute(alias);
    PD_CHECK(out.defined(), PreconditionNotMet, "the out-of-place op returned no tensor");
    if (out.impl() == alias.impl()) return;  // the op leaves x as it is
    const AutogradMeta* out_meta = MetaOf(out);
    const bool recorded = grad_mode && RequiresGrad(out) && out_meta->grad_node != nullptr;
    if (kind == InplaceKind::kView) {
      x.set_impl(out.impl());
    } else {
      PD_CHECK(out.dims() == x.dims(), InvalidArgument, "the result has shape ", out.dims().ToString(), " but x has shape ",
               x.dims().ToString(), "; an in-place op keeps x's shape (x cannot be broadcast)");
      PD_CHECK(!recorded || sharers == 1, PreconditionNotMet,
               "x shares its memory with another tensor (a view of x, or the tensor x is a view of); "
               "writing it in place while gradients are recorded would leave that tensor's gradient "
               "history stale. Use the out-of-place op, or apply it to x.clone()");
      PreserveSavedValues(alias);
      WriteValues(x, out);
    }
    if (recorded) {
      SetHistory(x, out_meta->grad_node, out_meta->output_slot);
    } else if (grad_mode && RequiresGrad(x)) {
      auto node = std::make_shared<ValueIndependentNode>(op, alias);
      node->set_next_edges({EdgeOf(alias)});
      SetHistory(x, node);
    }
  } catch (common::Error& e) {
    e.AttachOp(op);
    throw;
  }
}

void WriteInto(const char* op, Tensor& out, const Tensor& result) {
  try {
    PD_CHECK(!(GradMode::IsEnabled() && out.defined() && RequiresGrad(out) && IsLeaf(out)), InvalidArgument,
             "argument 'out' is a leaf tensor that requires grad (stop_gradient=False); writing the result into "
             "it would leave its gradient describing values it no longer holds");
  } catch (common::Error& e) {
    e.AttachOp(op);
    throw;
  }
  if (out.defined() && out.dims() == result.dims()) {
    UpdateInplace(op, out, [&](const Tensor&) { return result; });
    return;
  }
  Tensor taken(result.impl());
  taken.set_name(out.name());
  taken.set_autograd_meta(result.autograd_meta());
  out = taken;
}

}  // namespace paddle::autograd
