// Opaque handles of device streams and events (cudaStream_t / cudaEvent_t on
// GPUs, C_Stream / C_Event on plugin devices), shared by the caching
// allocator and the device runtimes.
#pragma once

namespace phi {

using StreamHandle = void*;
using EventHandle = void*;

}  // namespace phi
