// The CUDA implementation of gpu_runtime.h: device queries, the caching
// allocator, host <-> device copies and GPUContext.
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"
#include "paddle/phi/core/allocator.h"
#include "paddle/phi/core/device_context.h"

namespace phi {

GPUContext::GPUContext(int device) : DeviceContext(paddle::GPUPlace(device)), device_(device) {
  gpu::DeviceGuard guard(device);
  // Non-blocking: the legacy default stream must not serialize with our work.
  PD_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
}

GPUContext::~GPUContext() {
  // At process exit the runtime may be unloaded before this destructor runs;
  // the driver reclaims everything then, and the handles must not be touched.
  int previous = 0;
  if (cudaGetDevice(&previous) != cudaSuccess || cudaSetDevice(device_) != cudaSuccess) return;
  if (cublas_ != nullptr) cublasDestroy(cublas_);
  cudaStreamDestroy(stream_);
  cudaSetDevice(previous);
}

cublasHandle_t GPUContext::cublas_handle() const {
  std::call_once(cublas_once_, [this] {
    gpu::DeviceGuard guard(device_);
    // The math mode stays the default, which keeps float GEMMs in full FP32
    // (no TF32), so results match the CPU's to float precision.
    PD_CUBLAS_CHECK(cublasCreate(&cublas_));
    PD_CUBLAS_CHECK(cublasSetStream(cublas_, stream_));
  });
  return cublas_;
}

void GPUContext::Wait() const {
  gpu::DeviceGuard guard(device_);
  PD_CUDA_CHECK(cudaStreamSynchronize(stream_));
}

namespace gpu {
namespace {

// The device count and, when it is 0, why. Queried once: the set of visible
// devices cannot change while the process runs, and CheckDevice runs on every
// call that names a GPU place.
struct DeviceQuery {
  int count = 0;
  cudaError_t error = cudaSuccess;
};

const DeviceQuery& QueryDevices() {
  static const DeviceQuery query = [] {
    DeviceQuery q;
    q.error = cudaGetDeviceCount(&q.count);
    if (q.error != cudaSuccess) {
      cudaGetLastError();
      q.count = 0;
    }
    return q;
  }();
  return query;
}

// Requests are rounded up to this, so that blocks freed by tensors of nearby
// sizes serve each other, and every block keeps cudaMalloc's alignment.
constexpr size_t kRoundBytes = 512;

// A caching allocator: freed blocks are kept and handed out again, because
// cudaMalloc and cudaFree synchronize the device and cost far more than a
// kernel. Reuse needs no events because all of a device's work runs in order
// on its context's single stream: a block freed on the host while a kernel
// still reads it is only written by work queued after that kernel.
class GPUAllocator final : public Allocator {
 public:
  explicit GPUAllocator(int device) : device_(device) {}

  MemoryStats Stats() const override {
    MemoryStats s = Allocator::Stats();
    std::lock_guard<std::mutex> lock(mu_);
    s.reserved = s.allocated + static_cast<int64_t>(cached_bytes_);
    return s;
  }

  void ReleaseCache() override {
    std::lock_guard<std::mutex> lock(mu_);
    ReleaseCacheLocked();
  }

 protected:
  void* RawAllocate(size_t bytes) override {
    const size_t size = (bytes + kRoundBytes - 1) / kRoundBytes * kRoundBytes;
    std::lock_guard<std::mutex> lock(mu_);
    // Best fit, but never a block more than twice the request, which would
    // waste more than it saves.
    auto it = cache_.lower_bound(size);
    void* ptr = nullptr;
    size_t block = size;
    if (it != cache_.end() && it->first <= 2 * size) {
      block = it->first;
      ptr = it->second;
      cached_bytes_ -= block;
      cache_.erase(it);
    } else {
      ptr = Malloc(size, bytes);
    }
    live_.emplace(ptr, block);
    return ptr;
  }

  void RawFree(void* ptr, size_t bytes) override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = live_.find(ptr);
      cache_.emplace(it->second, ptr);
      cached_bytes_ += it->second;
      live_.erase(it);
    }
    RecordFree(bytes);
  }

  Place place() const override { return paddle::GPUPlace(device_); }

 private:
  // cudaMalloc, retried once after returning the cache to the device.
  void* Malloc(size_t size, size_t requested) {
    DeviceGuard guard(device_);
    void* ptr = nullptr;
    cudaError_t err = cudaMalloc(&ptr, size);
    if (err == cudaErrorMemoryAllocation) {
      cudaGetLastError();
      ReleaseCacheLocked();
      err = cudaMalloc(&ptr, size);
    }
    if (err == cudaErrorMemoryAllocation) {
      cudaGetLastError();
      size_t free_bytes = 0, total_bytes = 0;
      cudaMemGetInfo(&free_bytes, &total_bytes);
      PD_THROW(ResourceExhausted, "out of GPU memory on gpu:", device_, ": requested ", requested,
               " bytes, ", free_bytes, " bytes free of ", total_bytes);
    }
    if (err != cudaSuccess) ThrowCudaError(err, "cudaMalloc(&ptr, size)", __FILE__, __LINE__);
    return ptr;
  }

  void ReleaseCacheLocked() {
    if (cache_.empty()) return;
    DeviceGuard guard(device_);
    // A cached block may still be read by queued kernels (see the class
    // comment); they must finish before the memory goes back.
    PD_CUDA_CHECK(cudaDeviceSynchronize());
    for (auto it = cache_.begin(); it != cache_.end();) {
      void* ptr = it->second;
      cached_bytes_ -= it->first;
      it = cache_.erase(it);
      PD_CUDA_CHECK(cudaFree(ptr));
    }
  }

  const int device_;
  mutable std::mutex mu_;
  std::multimap<size_t, void*> cache_;      // free blocks by size
  std::unordered_map<void*, size_t> live_;  // handed-out blocks and their sizes
  size_t cached_bytes_ = 0;
};

cudaMemcpyKind ToCudaKind(CopyKind kind) {
  switch (kind) {
    case CopyKind::kHostToDevice:
      return cudaMemcpyHostToDevice;
    case CopyKind::kDeviceToHost:
      return cudaMemcpyDeviceToHost;
    case CopyKind::kDeviceToDevice:
      break;
  }
  return cudaMemcpyDeviceToDevice;
}

const GPUContext& ContextOf(int device) {
  return static_cast<const GPUContext&>(GetDeviceContext(paddle::GPUPlace(device)));
}

}  // namespace

bool IsCompiledWithCuda() { return true; }

int GetDeviceCount() { return QueryDevices().count; }

void CheckDevice(int device) {
  const DeviceQuery& q = QueryDevices();
  if (q.count == 0) {
    const cudaError_t reason = q.error != cudaSuccess ? q.error : cudaErrorNoDevice;
    PD_THROW(Unavailable, "[set_device] no CUDA GPU is available (", cudaGetErrorString(reason),
             ")");
  }
  PD_CHECK(device >= 0 && device < q.count, Unavailable, "gpu:", device,
           " is out of range: ", q.count, " GPUs visible");
}

Allocator* GetGPUAllocator(int device) {
  CheckDevice(device);
  // Never destroyed: freeing device memory during static destruction would
  // race with the CUDA runtime's own teardown; the driver frees it at exit.
  static const std::vector<GPUAllocator*>* allocators = [] {
    auto* v = new std::vector<GPUAllocator*>();
    for (int d = 0; d < QueryDevices().count; ++d) v->push_back(new GPUAllocator(d));
    return v;
  }();
  return (*allocators)[device];
}

std::unique_ptr<DeviceContext> CreateGPUContext(int device) {
  CheckDevice(device);
  return std::make_unique<GPUContext>(device);
}

void Memcpy(void* dst, const void* src, size_t bytes, CopyKind kind, int device) {
  if (bytes == 0) return;
  const GPUContext& ctx = ContextOf(device);
  if (kind == CopyKind::kDeviceToDevice) {
    // A source on another device is written by that device's stream, which
    // ours is not ordered after.
    cudaPointerAttributes attr;
    PD_CUDA_CHECK(cudaPointerGetAttributes(&attr, src));
    if (attr.type == cudaMemoryTypeDevice && attr.device != device) ContextOf(attr.device).Wait();
  }
  DeviceGuard guard(device);
  PD_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, ToCudaKind(kind), ctx.stream()));
  PD_CUDA_CHECK(cudaStreamSynchronize(ctx.stream()));
}

void Synchronize(int device) {
  CheckDevice(device);
  DeviceGuard guard(device);
  PD_CUDA_CHECK(cudaDeviceSynchronize());
}

}  // namespace gpu
}  // namespace phi
