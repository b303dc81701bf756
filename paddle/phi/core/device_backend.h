// Note [Device backends register themselves]: the core reaches devices other
// than the CPU only through this table. Each backend registers, when the
// library loads, how to make the device context of one of its places and
// where that place's allocator is (backends/register_backends.cc: the GPU
// and its pinned host memory, plugin devices); GetDeviceContext and
// GetAllocator look them up, so the core names no backend.
#pragma once

#include <memory>

#include "paddle/common/place.h"

namespace phi {

using paddle::Place;

class Allocator;
class DeviceContext;

struct DeviceBackend {
  // The context of a place of this kind; null for host-memory kinds, which
  // the CPU context serves.
  std::unique_ptr<DeviceContext> (*create_context)(const Place& place) = nullptr;
  Allocator* (*allocator)(const Place& place) = nullptr;
};

void RegisterDeviceBackend(paddle::AllocationType type, DeviceBackend backend);
// The backend registered for the place's kind; Unimplemented when none is.
const DeviceBackend& DeviceBackendOf(const Place& place);

}  // namespace phi
