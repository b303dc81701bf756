#include "paddle/executor/kernel_call.h"

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

}  // namespace paddle::executor
