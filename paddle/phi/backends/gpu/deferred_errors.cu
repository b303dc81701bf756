// The host side of Note [Deferred index errors] (deferred_errors.h): per
// device, a small array of slots in device memory and the checks that own
// them, in the order they were queued.
#include "paddle/phi/backends/gpu/deferred_errors.h"

#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"
#include "paddle/phi/core/kernel_factory.h"

namespace phi::gpu {
namespace {

// Checks queued between two waits; more are rare (a loop of gathers that
// never reads a result) and cost one early report.
constexpr size_t kSlots = 256;

struct PendingCheck {
  std::string op;
  DeferredIndexCheck check;
};

struct DeviceChecks {
  std::mutex mu;
  BadIndexSlot* slots = nullptr;  // kSlots, every first_bad kNoBadIndex when not in use
  std::vector<PendingCheck> pending;
};

DeviceChecks& ChecksOf(int device) {
  static const std::unique_ptr<DeviceChecks[]> all(new DeviceChecks[std::max(GetDeviceCount(), 1)]);
  return all[device];
}

void ClearSlots(BadIndexSlot* slots, size_t n) {
  PD_CUDA_CHECK(cudaMemset(slots, 0xFF, n * sizeof(BadIndexSlot)));  // first_bad = kNoBadIndex
}

// The first failed check of `checks` as an error, or nothing; needs the lock.
void ReportLocked(int device, DeviceChecks& checks) {
  if (checks.pending.empty()) return;
  const std::vector<PendingCheck> pending = std::move(checks.pending);
  checks.pending.clear();
  DeviceGuard guard(device);
  // The checks may sit on any stream of the device.
  PD_CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<BadIndexSlot> found(pending.size());
  PD_CUDA_CHECK(cudaMemcpy(found.data(), checks.slots, found.size() * sizeof(BadIndexSlot), cudaMemcpyDeviceToHost));
  ClearSlots(checks.slots, found.size());
  for (size_t i = 0; i < found.size(); ++i) {
    if (found[i].first_bad == kNoBadIndex) continue;
    paddle::common::Error error(pending[i].check.code,
                                pending[i].check.describe(static_cast<int64_t>(found[i].first_bad), found[i].value));
    if (!pending[i].op.empty()) error.AttachOp(pending[i].op.c_str());
    throw error;
  }
}

}  // namespace

void DeferIndexCheck(int device, DeferredIndexCheck check, const std::function<void(BadIndexSlot*)>& launch) {
  DeviceChecks& checks = ChecksOf(device);
  std::lock_guard<std::mutex> lock(checks.mu);
  if (checks.slots == nullptr) {
    DeviceGuard guard(device);
    PD_CUDA_CHECK(cudaMalloc(&checks.slots, kSlots * sizeof(BadIndexSlot)));
    ClearSlots(checks.slots, kSlots);
  }
  if (checks.pending.size() == kSlots) ReportLocked(device, checks);
  const char* op = RunningOp();
  checks.pending.push_back({op ? op : "", std::move(check)});
  launch(checks.slots + checks.pending.size() - 1);
}

void ReportDeferredErrors(int device) {
  DeviceChecks& checks = ChecksOf(device);
  std::lock_guard<std::mutex> lock(checks.mu);
  ReportLocked(device, checks);
}

}  // namespace phi::gpu
