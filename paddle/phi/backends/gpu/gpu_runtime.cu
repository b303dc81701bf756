// The CUDA implementation of gpu_runtime.h: device queries, the device
// memory behind the caching allocator, host <-> device copies and GPUContext.
#include <memory>
#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/gpu/deferred_errors.h"
#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/backends/device_runtime.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"
#include "paddle/phi/core/caching_allocator.h"
#include "paddle/phi/core/device_context.h"

namespace phi {

GPUContext::GPUContext(int device) : DeviceContext(paddle::GPUPlace(device)), device_(device) {
  gpu::DeviceGuard guard(device);
  // Non-blocking: the legacy default stream must not serialize with our work.
  PD_CUDA_CHECK(cudaStreamCreateWithFlags(&default_stream_, cudaStreamNonBlocking));
  stream_.store(default_stream_);
}

GPUContext::~GPUContext() {
  // At process exit the runtime may be unloaded before this destructor runs;
  // the driver reclaims everything then, and the handles must not be touched.
  int previous = 0;
  if (cudaGetDevice(&previous) != cudaSuccess || cudaSetDevice(device_) != cudaSuccess) return;
  if (cublas_ != nullptr) dynload::cublasDestroy(cublas_);
  cudaStreamDestroy(default_stream_);
  cudaSetDevice(previous);
}

cublasHandle_t GPUContext::cublas_handle() const {
  std::call_once(cublas_once_, [this] {
    gpu::DeviceGuard guard(device_);
    // The math mode stays the default, which keeps float GEMMs in full FP32
    // (no TF32), so results match the CPU's to float precision.
    PD_CUBLAS_CHECK(dynload::cublasCreate(&cublas_));
  });
  PD_CUBLAS_CHECK(dynload::cublasSetStream(cublas_, stream()));
  return cublas_;
}

void GPUContext::Wait() const {
  gpu::DeviceGuard guard(device_);
  PD_CUDA_CHECK(cudaStreamSynchronize(stream()));
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

// cudaMalloc'ed segments for the CachingAllocator (phi/core), which keeps
// each block to the stream it was made on and orders other streams' uses
// with events (Note [Streams and reuse]).
class GPUSegments final : public SegmentSource {
 public:
  explicit GPUSegments(int device) : device_(device) {}

  void* Allocate(size_t bytes) override {
    DeviceGuard guard(device_);
    void* ptr = nullptr;
    const cudaError_t err = cudaMalloc(&ptr, bytes);
    if (err == cudaErrorMemoryAllocation) {
      cudaGetLastError();
      return nullptr;
    }
    if (err != cudaSuccess) ThrowCudaError(err, "cudaMalloc(&ptr, bytes)", __FILE__, __LINE__);
    return ptr;
  }

  void Free(void* ptr, size_t) override {
    DeviceGuard guard(device_);
    PD_CUDA_CHECK(cudaFree(ptr));
  }

  void Synchronize() override {
    DeviceGuard guard(device_);
    PD_CUDA_CHECK(cudaDeviceSynchronize());
    ReportDeferredErrors(device_);
  }

  std::string FreeMemoryReport() override {
    DeviceGuard guard(device_);
    size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) {
      cudaGetLastError();
      return "free memory unknown";
    }
    return paddle::common::StrCat(free_bytes, " bytes free of ", total_bytes);
  }

  Place place() const override { return paddle::GPUPlace(device_); }

  StreamHandle CurrentStream() override { return Runtime().CurrentStream(device_); }
  EventHandle RecordEvent(StreamHandle stream) override {
    EventHandle event = Runtime().CreateEvent(device_);
    Runtime().RecordEvent(device_, stream, event);
    return event;
  }
  bool EventDone(EventHandle event) override { return Runtime().QueryEvent(device_, event); }
  void DestroyEvent(EventHandle event) override { Runtime().DestroyEvent(device_, event); }

 private:
  const int device_;
};

// Whether a query (cudaStreamQuery, cudaEventQuery) found the work done.
bool Ready(cudaError_t err, const char* what) {
  if (err == cudaErrorNotReady) {
    cudaGetLastError();
    return false;
  }
  if (err != cudaSuccess) ThrowCudaError(err, what, __FILE__, __LINE__);
  return true;
}

// cudaHostAlloc'ed segments for the pinned CachingAllocator. Host memory
// belongs to no stream; a block an asynchronous copy reads is marked with
// RecordStream, and its event is recorded on that copy's stream.
class PinnedSegments final : public SegmentSource {
 public:
  void* Allocate(size_t bytes) override {
    void* ptr = nullptr;
    const cudaError_t err = cudaHostAlloc(&ptr, bytes, cudaHostAllocPortable);
    if (err == cudaErrorMemoryAllocation) {
      cudaGetLastError();
      return nullptr;
    }
    if (err != cudaSuccess) ThrowCudaError(err, "cudaHostAlloc(&ptr, bytes, cudaHostAllocPortable)", __FILE__, __LINE__);
    return ptr;
  }
  void Free(void* ptr, size_t) override { PD_CUDA_CHECK(cudaFreeHost(ptr)); }
  void Synchronize() override {
    for (int d = 0; d < QueryDevices().count; ++d) {
      DeviceGuard guard(d);
      PD_CUDA_CHECK(cudaDeviceSynchronize());
    }
  }
  std::string FreeMemoryReport() override { return "the host refused more page-locked memory"; }
  Place place() const override { return paddle::GPUPinnedPlace(); }
  StreamHandle CurrentStream() override { return nullptr; }
  EventHandle RecordEvent(StreamHandle stream) override {
    int device = 0;
    PD_CUDA_CHECK(cudaStreamGetDevice(static_cast<cudaStream_t>(stream), &device));
    DeviceGuard guard(device);
    cudaEvent_t event = nullptr;
    PD_CUDA_CHECK(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
    PD_CUDA_CHECK(cudaEventRecord(event, static_cast<cudaStream_t>(stream)));
    return event;
  }
  bool EventDone(EventHandle event) override {
    return Ready(cudaEventQuery(static_cast<cudaEvent_t>(event)), "cudaEventQuery");
  }
  void DestroyEvent(EventHandle event) override { PD_CUDA_CHECK(cudaEventDestroy(static_cast<cudaEvent_t>(event))); }
};

CachingAllocator& PinnedAllocator() {
  static auto* allocator = new CachingAllocator(std::make_unique<PinnedSegments>());  // lives until exit
  return *allocator;
}

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

// Streams and events of CUDA devices (device_runtime.h).
class CudaRuntime final : public DeviceRuntime {
 public:
  StreamHandle CreateStream(int device) override {
    DeviceGuard guard(device);
    cudaStream_t stream = nullptr;
    PD_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    return stream;
  }
  void SynchronizeStream(int device, StreamHandle stream) override {
    DeviceGuard guard(device);
    PD_CUDA_CHECK(cudaStreamSynchronize(AsStream(stream)));
    ReportDeferredErrors(device);
  }
  bool QueryStream(int device, StreamHandle stream) override {
    DeviceGuard guard(device);
    return Ready(cudaStreamQuery(AsStream(stream)), "cudaStreamQuery");
  }
  EventHandle CreateEvent(int device) override {
    DeviceGuard guard(device);
    cudaEvent_t event = nullptr;
    PD_CUDA_CHECK(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
    return event;
  }
  void DestroyEvent(int device, EventHandle event) override {
    DeviceGuard guard(device);
    PD_CUDA_CHECK(cudaEventDestroy(AsEvent(event)));
  }
  void RecordEvent(int device, StreamHandle stream, EventHandle event) override {
    DeviceGuard guard(device);
    PD_CUDA_CHECK(cudaEventRecord(AsEvent(event), AsStream(stream)));
  }
  void SynchronizeEvent(int device, EventHandle event) override {
    DeviceGuard guard(device);
    PD_CUDA_CHECK(cudaEventSynchronize(AsEvent(event)));
  }
  bool QueryEvent(int device, EventHandle event) override {
    DeviceGuard guard(device);
    return Ready(cudaEventQuery(AsEvent(event)), "cudaEventQuery");
  }
  void StreamWaitEvent(int device, StreamHandle stream, EventHandle event) override {
    DeviceGuard guard(device);
    PD_CUDA_CHECK(cudaStreamWaitEvent(AsStream(stream), AsEvent(event), 0));
  }
  StreamHandle CurrentStream(int device) override { return ContextOf(device).stream(); }
  void SetCurrentStream(int device, StreamHandle stream) override { ContextOf(device).SetStream(AsStream(stream)); }
  StreamHandle DefaultStream(int device) override { return ContextOf(device).default_stream(); }
  void SynchronizeDevice(int device) override { Synchronize(device); }

 private:
  static cudaStream_t AsStream(StreamHandle s) { return static_cast<cudaStream_t>(s); }
  static cudaEvent_t AsEvent(EventHandle e) { return static_cast<cudaEvent_t>(e); }
};

}  // namespace

DeviceRuntime& Runtime() {
  static auto* runtime = new CudaRuntime();
  return *runtime;
}

bool IsCompiledWithCuda() { return true; }

std::vector<std::string> ResolveGpuLibraries() { return dynload::ResolveAll(); }

int GetDeviceCount() { return QueryDevices().count; }

void CheckDevice(int device) {
  const DeviceQuery& q = QueryDevices();
  if (q.count == 0) {
    const cudaError_t reason = q.error != cudaSuccess ? q.error : cudaErrorNoDevice;
    PD_THROW(Unavailable, "no CUDA GPU is available (", cudaGetErrorString(reason), "), so GPU places cannot be used");
  }
  PD_CHECK(device >= 0 && device < q.count, Unavailable, "gpu:", device,
           " is out of range: ", q.count, " GPUs visible");
}

DeviceProperties GetDeviceProperties(int device) {
  CheckDevice(device);
  cudaDeviceProp prop;
  PD_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  return {prop.name, prop.major, prop.minor, static_cast<int64_t>(prop.totalGlobalMem), prop.multiProcessorCount};
}

Allocator* GetGPUAllocator(int device) {
  CheckDevice(device);
  // Never destroyed: freeing device memory during static destruction would
  // race with the CUDA runtime's own teardown; the driver frees it at exit.
  static const std::vector<CachingAllocator*>* allocators = [] {
    auto* v = new std::vector<CachingAllocator*>();
    for (int d = 0; d < QueryDevices().count; ++d) {
      v->push_back(new CachingAllocator(std::make_unique<GPUSegments>(d)));
    }
    return v;
  }();
  return (*allocators)[device];
}

Allocator* GetPinnedAllocator() {
  PD_CHECK(QueryDevices().count > 0, Unavailable, "page-locked memory needs a CUDA GPU, and none is available");
  return &PinnedAllocator();
}

void CopyFromPinnedAsync(void* dst, const void* pinned_src, size_t bytes, int device, const void* pinned_block) {
  if (bytes == 0) return;
  const GPUContext& ctx = ContextOf(device);
  DeviceGuard guard(device);
  PD_CUDA_CHECK(cudaMemcpyAsync(dst, pinned_src, bytes, cudaMemcpyHostToDevice, ctx.stream()));
  PinnedAllocator().RecordStream(pinned_block, ctx.stream());
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
  ReportDeferredErrors(device);
}

void Synchronize(int device) {
  CheckDevice(device);
  DeviceGuard guard(device);
  PD_CUDA_CHECK(cudaDeviceSynchronize());
  ReportDeferredErrors(device);
}

}  // namespace gpu
}  // namespace phi
