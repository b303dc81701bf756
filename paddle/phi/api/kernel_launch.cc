#include "paddle/phi/api/kernel_launch.h"

#include <deque>
#include <unordered_map>

#include "paddle/phi/backends/memcpy.h"

namespace paddle::api {

struct KernelLaunch::Staging {
  // Device allocation -> its host copy, and back.
  std::unordered_map<const phi::Allocation*, std::shared_ptr<phi::Allocation>> to_host;
  std::unordered_map<const phi::Allocation*, std::shared_ptr<phi::Allocation>> to_device;
  std::deque<phi::DenseTensor> inputs;  // a deque: references stay valid
  std::deque<std::vector<const phi::DenseTensor*>> input_lists;
  std::vector<phi::DenseTensor*> outputs;
  std::vector<std::pair<phi::DenseTensor*, phi::DenseTensor*>> inplace;  // (device tensor, host stand-in)

  // The host copy of a device tensor: same meta, over a copy of its whole
  // allocation.
  phi::DenseTensor OnHost(const phi::DenseTensor& t) {
    phi::DenseTensor host(t.meta());
    if (!t.initialized()) return host;
    const std::shared_ptr<phi::Allocation>& device = t.Holder();
    auto it = to_host.find(device.get());
    if (it == to_host.end()) {
      std::shared_ptr<phi::Allocation> copy = phi::GetAllocator(CPUPlace())->Allocate(device->size());
      phi::CopyBytes(copy->ptr(), CPUPlace(), device->ptr(), device->place(), device->size());
      to_device.emplace(copy.get(), device);
      it = to_host.emplace(device.get(), std::move(copy)).first;
    }
    host.set_holder(it->second);
    return host;
  }
};

KernelLaunch::KernelLaunch(const char* op, const phi::KernelKey& key, const Place& place)
    : op_(op), choice_(phi::KernelFactory::Instance().SelectOrFallback(op, key)), place_(place) {
  if (choice_.on_host) staging_ = std::make_unique<Staging>();
  phi::running_op = op;
}

KernelLaunch::~KernelLaunch() = default;

const phi::DeviceContext& KernelLaunch::context() const {
  return phi::GetDeviceContext(choice_.on_host ? CPUPlace() : place_);
}

const phi::DenseTensor& KernelLaunch::StageIn(const phi::DenseTensor& t) {
  return staging_->inputs.emplace_back(staging_->OnHost(t));
}

const std::vector<const phi::DenseTensor*>& KernelLaunch::StageIn(const std::vector<const phi::DenseTensor*>& ts) {
  std::vector<const phi::DenseTensor*> staged;
  for (const phi::DenseTensor* t : ts) staged.push_back(&StageIn(*t));
  return staging_->input_lists.emplace_back(std::move(staged));
}

phi::DenseTensor* KernelLaunch::StageOut(phi::DenseTensor* t) {
  staging_->outputs.push_back(t);
  return t;
}

const std::vector<phi::DenseTensor*>& KernelLaunch::StageOut(const std::vector<phi::DenseTensor*>& ts) {
  for (phi::DenseTensor* t : ts) StageOut(t);
  return ts;
}

phi::DenseTensor* KernelLaunch::StageInOut(phi::DenseTensor* t) {
  // In-place ops pass their target both as an input and as the output.
  for (auto [device, host] : staging_->inplace) {
    if (device == t) return host;
  }
  phi::DenseTensor& host = staging_->inputs.emplace_back(staging_->OnHost(*t));
  staging_->inplace.emplace_back(t, &host);
  return &host;
}

void KernelLaunch::FinishOnHost() {
  Staging& s = *staging_;
  for (auto [device, host] : s.inplace) {
    const std::shared_ptr<phi::Allocation>& copy = host->Holder();
    phi::CopyBytes(device->Holder()->ptr(), place_, copy->ptr(), CPUPlace(), copy->size());
  }
  for (phi::DenseTensor* out : s.outputs) {
    if (!out->initialized()) continue;
    auto view_of_input = s.to_device.find(out->Holder().get());
    if (view_of_input != s.to_device.end()) {
      out->set_holder(view_of_input->second);
      continue;
    }
    const std::shared_ptr<phi::Allocation>& host = out->Holder();
    std::shared_ptr<phi::Allocation> device = phi::GetAllocator(place_)->Allocate(host->size());
    phi::CopyBytes(device->ptr(), place_, host->ptr(), CPUPlace(), host->size());
    out->set_holder(std::move(device));
  }
}

}  // namespace paddle::api
