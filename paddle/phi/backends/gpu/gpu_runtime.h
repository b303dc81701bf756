// The GPU backend's interface to the core. Backends are chosen at link time:
// with CUDA this is implemented in gpu_runtime.cu; without it, no_gpu.cc
// provides stand-ins that report zero devices and throw a clear error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace phi {
class Allocator;
class DeviceContext;
class DeviceRuntime;
}  // namespace phi

namespace phi::gpu {

bool IsCompiledWithCuda();
// Opens the CUDA libraries paddle calls (Note [GPU libraries on first use]
// in dynload/dynload.h) and resolves every function it uses; returns
// "soname: function (reason)" for each that fails. Empty without CUDA.
std::vector<std::string> ResolveGpuLibraries();
// Number of visible GPUs; 0 when none is attached or the driver is missing.
int GetDeviceCount();
// Throws Unavailable (with the reason) unless `device` is a usable GPU.
void CheckDevice(int device);

struct DeviceProperties {
  std::string name;
  int major = 0, minor = 0;  // compute capability
  int64_t total_memory = 0;  // bytes
  int multi_processor_count = 0;
};
DeviceProperties GetDeviceProperties(int device);
Allocator* GetGPUAllocator(int device);
// Page-locked host memory (GPUPinnedPlace), cached like device memory.
Allocator* GetPinnedAllocator();
std::unique_ptr<DeviceContext> CreateGPUContext(int device);

enum class CopyKind { kHostToDevice, kDeviceToHost, kDeviceToDevice };
// Copies on the device's current stream and waits for completion.
void Memcpy(void* dst, const void* src, size_t bytes, CopyKind kind, int device);
// Queues a copy from page-locked host memory (inside the pinned allocation
// starting at `pinned_block`) to the device on its current stream and
// returns at once; the block is not reused before the copy has run.
void CopyFromPinnedAsync(void* dst, const void* pinned_src, size_t bytes, int device, const void* pinned_block);
void Synchronize(int device);
// Streams and events of the GPUs (device_runtime.h).
DeviceRuntime& Runtime();

}  // namespace phi::gpu
