// Errors a GPU kernel finds and the host reports later, so that checking an
// index tensor never stalls the op path.
//
// Note [Deferred index errors]
// An index check on the host would read the indices back: a sync per
// gather, and a traced or captured program could not run ahead of the
// device. So a GPU index check is a kernel queued before the op's kernel: it
// writes the first rejected position (and the value there) into a slot the
// host reserved, and the host reads the slots back at the next point that
// waits for the device anyway (a copy to or from the device, a
// synchronize), raising the first failed check's error there, with the name
// of the op that queued it. The op's kernel itself clamps the indices, so a
// bad one reads or writes a wrong element, never memory outside the tensor;
// its result is garbage only in a program that is about to raise. On the CPU
// the same checks raise at once (funcs/index_cpu.h).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "paddle/common/errors.h"

namespace phi::gpu {

// What the check kernel writes: the first rejected position along the
// checked elements (kNoBadIndex when none) and the index found there.
struct BadIndexSlot {
  unsigned long long first_bad;  // NOLINT: atomicMin's type
  long long value;               // NOLINT: written by one device thread
};
inline constexpr unsigned long long kNoBadIndex = ~0ull;  // NOLINT

// How a failed check reads: the error's class, and its message from the
// rejected position and value.
struct DeferredIndexCheck {
  paddle::common::ErrorCode code;
  std::function<std::string(int64_t position, int64_t value)> describe;
};

// Reserves a device slot for `check` and calls `launch` with it to queue the
// check's kernels on `device` (both under one lock, so that a report on
// another thread never forgets a slot whose kernel is not queued yet). The
// next ReportDeferredErrors reports it.
void DeferIndexCheck(int device, DeferredIndexCheck check, const std::function<void(BadIndexSlot*)>& launch);
// Raises the error of the first failed check queued on `device` since the
// last report (waiting for the device only when a check is pending), and
// forgets them all. Every host wait on the device calls it.
void ReportDeferredErrors(int device);

}  // namespace phi::gpu
