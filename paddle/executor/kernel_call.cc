#include "paddle/executor/kernel_call.h"

#include <limits>
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

namespace {

// The per-result Int64 array attribute `name` of a kernel op (the memory
// plan's), each in [-1, bound); all -1 when the op has none.
std::vector<int64_t> PerResult(const pir::Operation& op, const char* name, int64_t bound) {
  std::vector<int64_t> values(op.num_results(), -1);
  auto planned = op.attribute<pir::ArrayAttribute>(name);
  if (!planned) return values;
  PD_CHECK(planned.data().size() == values.size(), InvalidArgument, "[executor] ",
           op.attribute<pir::StrAttribute>("kernel_name").data(), " has ", values.size(), " results but ",
           planned.data().size(), " ", name);
  for (size_t i = 0; i < values.size(); ++i) {
    auto value = planned.data()[i].dyn_cast<pir::Int64Attribute>();
    PD_CHECK(bool(value) && value.data() >= -1 && value.data() < bound, InvalidArgument, "[executor] ", name,
             " must be Int64s in [-1, ", bound, ")");
    values[i] = value.data();
  }
  return values;
}

}  // namespace

std::vector<int> BuffersOf(const pir::Operation& op) {
  std::vector<int> buffers;
  for (int64_t b : PerResult(op, "buffers", std::numeric_limits<int>::max())) buffers.push_back(static_cast<int>(b));
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
  std::vector<int> dying;
  for (int64_t operand : PerResult(op, "inplace_operands", op.num_operands())) {
    dying.push_back(operand < 0 ? -1 : slots.Of(op.operand(static_cast<uint32_t>(operand))));
  }
  return dying;
}

}  // namespace paddle::executor
