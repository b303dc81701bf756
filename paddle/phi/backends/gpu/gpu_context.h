// GPUContext: what a CUDA kernel needs from its device: the device id, the
// stream the device's work is queued on now (its own, or one a
// paddle.device.stream_guard selected), and a cuBLAS handle bound to it.
// Work on one stream runs in order; the caching allocator keeps each
// block to the stream it was made on (Note [Streams and reuse]).
#pragma once

#include "paddle/phi/backends/gpu/dynload/cublas.h"
#include <cuda_runtime.h>

#include <atomic>
#include <mutex>
#include <string>

#include "paddle/common/errors.h"
#include "paddle/phi/core/device_context.h"

namespace phi::gpu {

[[noreturn]] inline void ThrowCudaError(cudaError_t err, const char* expr, const char* file,
                                        int line) {
  // Clears the error so that a later cudaGetLastError does not report it
  // again (a sticky error stays; the next call reports it itself).
  cudaGetLastError();
  std::string message =
      paddle::common::StrCat("CUDA error ", cudaGetErrorName(err), ": ", cudaGetErrorString(err),
                             ", in `", expr, "` (at ", file, ":", line, ")");
  throw paddle::common::Error(err == cudaErrorMemoryAllocation
                                  ? paddle::common::ErrorCode::kResourceExhausted
                                  : paddle::common::ErrorCode::kUnavailable,
                              std::move(message));
}

[[noreturn]] inline void ThrowCublasError(cublasStatus_t status, const char* expr, const char* file,
                                          int line) {
  std::string message = paddle::common::StrCat("cuBLAS error ", dynload::cublasGetStatusName(status), ": ",
                                               dynload::cublasGetStatusString(status), ", in `", expr,
                                               "` (at ", file, ":", line, ")");
  throw paddle::common::Error(status == CUBLAS_STATUS_ALLOC_FAILED
                                  ? paddle::common::ErrorCode::kResourceExhausted
                                  : paddle::common::ErrorCode::kUnavailable,
                              std::move(message));
}

// An error of a CUDA library (cuSOLVER, cuDNN) by its status: out of memory
// becomes ResourceExhausted (MemoryError), anything else Unavailable.
[[noreturn]] inline void ThrowLibraryError(const char* library, const std::string& status, bool out_of_memory,
                                           const char* expr) {
  throw paddle::common::Error(
      out_of_memory ? paddle::common::ErrorCode::kResourceExhausted : paddle::common::ErrorCode::kUnavailable,
      paddle::common::StrCat(library, " error ", status, " in `", expr, "`"));
}

}  // namespace phi::gpu

#define PD_CUDA_CHECK(expr)                                                \
  do {                                                                     \
    cudaError_t pd_cuda_err_ = (expr);                                     \
    if (pd_cuda_err_ != cudaSuccess) [[unlikely]] {                        \
      ::phi::gpu::ThrowCudaError(pd_cuda_err_, #expr, __FILE__, __LINE__); \
    }                                                                      \
  } while (0)

#define PD_CUBLAS_CHECK(expr)                                                     \
  do {                                                                            \
    cublasStatus_t pd_cublas_status_ = (expr);                                    \
    if (pd_cublas_status_ != CUBLAS_STATUS_SUCCESS) [[unlikely]] {                \
      ::phi::gpu::ThrowCublasError(pd_cublas_status_, #expr, __FILE__, __LINE__); \
    }                                                                             \
  } while (0)

namespace phi::gpu {

// Makes `device` current for the guard's scope: launches, cuBLAS calls and
// cudaMalloc act on the current device, which may differ from the tensor's.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device) {
    PD_CUDA_CHECK(cudaGetDevice(&previous_));
    if (previous_ != device) PD_CUDA_CHECK(cudaSetDevice(device));
    changed_ = previous_ != device;
  }
  ~DeviceGuard() {
    // A failure to restore cannot be reported from a destructor; the next
    // guarded call sets the device it needs anyway.
    if (changed_) static_cast<void>(cudaSetDevice(previous_));
  }
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  int previous_ = 0;
  bool changed_ = false;
};

}  // namespace phi::gpu

namespace phi {

class GPUContext final : public DeviceContext {
 public:
  explicit GPUContext(int device);
  ~GPUContext() override;

  int device() const { return device_; }
  // The stream kernels and copies are queued on now: the context's own, or
  // one a `paddle.device.stream_guard` selected.
  cudaStream_t stream() const { return stream_.load(); }
  cudaStream_t default_stream() const { return default_stream_; }
  // Contexts are shared and handed out const; the current stream is the one
  // piece of state that user code switches.
  void SetStream(cudaStream_t stream) const { stream_.store(stream); }
  // Created on first use: most processes never run a GEMM, and creating a
  // handle costs both time and device memory. Bound to the current stream.
  cublasHandle_t cublas_handle() const;

  void Wait() const override;

 private:
  int device_;
  cudaStream_t default_stream_ = nullptr;
  mutable std::atomic<cudaStream_t> stream_{nullptr};
  mutable std::once_flag cublas_once_;
  mutable cublasHandle_t cublas_ = nullptr;
};

}  // namespace phi
