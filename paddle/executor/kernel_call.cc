#include "paddle/executor/kernel_call.h"

#include <memory>

#include "paddle/phi/api/api_helpers.h"
#include "paddle/pir/core/attribute.h"
#include "paddle/pir/dialect/pd_kernel_dialect.h"

namespace paddle::executor {
namespace {

// Where the kernel runs: the op's own place (creation ops) when the key is
// of its backend, else the default place when it is (the place the pass
// selected for), else the host (a host kernel standing in for a device's,
// between transfers).
Place PlaceOf(const pir::Operation& op, const pir::OpInfo& of, phi::Backend backend) {
  if (!of.kernel.place_attribute.empty()) {
    auto place = op.attribute<pir::PlaceAttribute>(of.kernel.place_attribute);
    if (place && place.data().GetType() != AllocationType::UNDEFINED) {
      const Place own = api::ResolvePlace(place.data());
      if (phi::BackendOf(own) == backend) return own;
    }
  }
  const Place& fallback = api::GetDefaultPlace();
  if (phi::BackendOf(fallback) == backend) return fallback;
  PD_CHECK(backend == phi::Backend::CPU, Unimplemented, "[executor] ", op.attribute<pir::StrAttribute>("op_name").data(),
           " was selected for ", phi::BackendName(backend), ", which is not the default place (",
           fallback.ToString(), ")");
  return CPUPlace();
}

}  // namespace

KernelCall::KernelCall(const pir::Operation& op) {
  const pir::OpInfo& of = pir::PhiKernelOp::OpOf(op);
  name_ = op.attribute<pir::StrAttribute>("kernel_name").data();
  const phi::KernelKey key = op.attribute<pir::KernelKeyAttribute>("kernel_key").data();
  kernel_ = &phi::KernelFactory::Instance().Select(name_, key);
  place_ = PlaceOf(op, of, key.backend);
  context_ = &phi::GetDeviceContext(place_);
}

std::vector<int> BuffersOf(const pir::Operation& op) {
  std::vector<int> buffers(op.num_results(), -1);
  auto planned = op.attribute<pir::ArrayAttribute>("buffers");
  if (!planned) return buffers;
  PD_CHECK(planned.data().size() == buffers.size(), InvalidArgument, "[executor] ",
           op.attribute<pir::StrAttribute>("kernel_name").data(), " has ", buffers.size(), " results but ",
           planned.data().size(), " planned buffers");
  for (size_t i = 0; i < buffers.size(); ++i) {
    auto buffer = planned.data()[i].dyn_cast<pir::Int64Attribute>();
    PD_CHECK(bool(buffer) && buffer.data() >= -1, InvalidArgument, "[executor] a planned buffer must be an Int64 >= -1");
    buffers[i] = static_cast<int>(buffer.data());
  }
  return buffers;
}

namespace {

// Keeps the memory an allocation borrows alive (Note [In-place]).
struct KeepOwner {
  std::shared_ptr<phi::Allocation> owner;
  void operator()(phi::Allocation* borrowed) const { delete borrowed; }
};

// An allocation of its own over memory `held` owns, so that a kernel writes
// into it (a kernel allocates into memory only its output holds); it owns
// nothing and keeps the owner alive. Over a borrowed one, it borrows from the
// owner: chains do not grow run after run.
std::shared_ptr<phi::Allocation> Borrow(const std::shared_ptr<phi::Allocation>& held) {
  const KeepOwner* keep = std::get_deleter<KeepOwner>(held);
  std::shared_ptr<phi::Allocation> owner = keep ? keep->owner : held;
  return std::shared_ptr<phi::Allocation>(new phi::Allocation(owner->ptr(), owner->size(), owner->place(), nullptr),
                                          KeepOwner{owner});
}

}  // namespace

void TakeBuffer(Frame& f, int buffer, phi::DenseTensor* out, int dying_slot) {
  if (dying_slot < 0 || buffer < 0 || !f.buffers) return TakeBuffer(f, buffer, out);
  const std::shared_ptr<phi::Allocation>& held = (*f.buffers)[buffer];
  const Tensor& dying = f[dying_slot].tensor;
  const bool alone = held && dying.defined() && dying.impl().use_count() == 2 && dying.dense().Holder() == held &&
                     held.use_count() == 2;
  if (alone) {
    out->set_holder(Borrow(held));
  } else {
    TakeBuffer(f, buffer, out);
  }
}

std::vector<int> InplaceOperandSlots(const pir::Operation& op, const SlotMap& slots) {
  std::vector<int> dying(op.num_results(), -1);
  auto planned = op.attribute<pir::ArrayAttribute>("inplace_operands");
  if (!planned) return dying;
  PD_CHECK(planned.data().size() == dying.size(), InvalidArgument, "[executor] ",
           op.attribute<pir::StrAttribute>("kernel_name").data(), " has ", dying.size(), " results but ",
           planned.data().size(), " inplace_operands");
  for (size_t i = 0; i < dying.size(); ++i) {
    auto operand = planned.data()[i].dyn_cast<pir::Int64Attribute>();
    PD_CHECK(bool(operand) && operand.data() >= -1 && operand.data() < static_cast<int64_t>(op.num_operands()),
             InvalidArgument, "[executor] inplace_operands must name operands of the op, or -1");
    if (operand.data() >= 0) dying[i] = slots.Of(op.operand(static_cast<uint32_t>(operand.data())));
  }
  return dying;
}

}  // namespace paddle::executor
