// Stand-in GPU backend for builds without CUDA (see gpu_runtime.h).
#include "paddle/common/errors.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"
#include "paddle/phi/core/device_context.h"

namespace phi::gpu {

namespace {
[[noreturn]] void ThrowNotCompiled() {
  PD_THROW(Unavailable,
           "this paddle was compiled without CUDA, so GPU places cannot be used; "
           "rebuild with the CUDA toolkit installed (WITH_GPU=ON)");
}
}  // namespace

bool IsCompiledWithCuda() { return false; }

std::vector<std::string> ResolveGpuLibraries() { return {}; }
int GetDeviceCount() { return 0; }
void CheckDevice(int) { ThrowNotCompiled(); }
DeviceProperties GetDeviceProperties(int) { ThrowNotCompiled(); }
Allocator* GetGPUAllocator(int) { ThrowNotCompiled(); }
Allocator* GetPinnedAllocator() { ThrowNotCompiled(); }
void CopyFromPinnedAsync(void*, const void*, size_t, int, const void*) { ThrowNotCompiled(); }
std::unique_ptr<DeviceContext> CreateGPUContext(int) { ThrowNotCompiled(); }
void Memcpy(void*, const void*, size_t, CopyKind, int) { ThrowNotCompiled(); }
void Synchronize(int) { ThrowNotCompiled(); }
DeviceRuntime& Runtime() { ThrowNotCompiled(); }

}  // namespace phi::gpu
