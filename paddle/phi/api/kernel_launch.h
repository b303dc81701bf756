// KernelLaunch: one kernel call of a generated API function, including the
// host fallback of plugin devices (Note [Kernel fallback] in
// phi/core/kernel_factory.h).
//
// On the fallback path every input is staged on the host: its whole
// Allocation is copied once (views keep their strides and offset into the
// copy, and two inputs sharing memory share the copy), the CPU kernel runs
// with the CPU context, and Finish() brings the results back: an output that
// is a view of a staged input becomes the same view of the device memory,
// any other output is copied to the device, and in-place targets are written
// back. On the direct path every method returns its argument.
#pragma once

#include <memory>
#include <vector>

#include "paddle/phi/core/kernel_factory.h"

namespace paddle::api {

class KernelLaunch {
 public:
  KernelLaunch(const char* op, const phi::KernelKey& key, const Place& place);
  ~KernelLaunch();
  KernelLaunch(const KernelLaunch&) = delete;
  KernelLaunch& operator=(const KernelLaunch&) = delete;

  template <typename Fn>
  Fn* kernel() const {
    return choice_.kernel.Get<Fn>(op_);
  }
  const phi::DeviceContext& context() const;

  const phi::DenseTensor& In(const phi::DenseTensor& t) { return choice_.on_host ? StageIn(t) : t; }
  const std::vector<const phi::DenseTensor*>& In(const std::vector<const phi::DenseTensor*>& ts) {
    return choice_.on_host ? StageIn(ts) : ts;
  }
  phi::DenseTensor* Out(phi::DenseTensor* t) { return choice_.on_host ? StageOut(t) : t; }
  const std::vector<phi::DenseTensor*>& Out(const std::vector<phi::DenseTensor*>& ts) {
    return choice_.on_host ? StageOut(ts) : ts;
  }
  // A tensor the kernel writes in place.
  phi::DenseTensor* InOut(phi::DenseTensor* t) { return choice_.on_host ? StageInOut(t) : t; }

  // Moves the fallback's results to the device; nothing on the direct path.
  void Finish() {
    if (choice_.on_host) FinishOnHost();
  }

 private:
  struct Staging;

  const phi::DenseTensor& StageIn(const phi::DenseTensor& t);
  const std::vector<const phi::DenseTensor*>& StageIn(const std::vector<const phi::DenseTensor*>& ts);
  phi::DenseTensor* StageOut(phi::DenseTensor* t);
  const std::vector<phi::DenseTensor*>& StageOut(const std::vector<phi::DenseTensor*>& ts);
  phi::DenseTensor* StageInOut(phi::DenseTensor* t);
  void FinishOnHost();

  const char* op_;
  phi::KernelChoice choice_;
  const Place place_;
  std::unique_ptr<Staging> staging_;  // only on the fallback path
};

}  // namespace paddle::api
