#include "paddle/phi/core/allocator.h"

#include <cstdlib>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"

namespace phi {

Allocation::~Allocation() {
  if (ptr_ != nullptr) allocator_->RawFree(ptr_, size_);
}

std::shared_ptr<Allocation> Allocator::Allocate(size_t bytes) {
  void* ptr = bytes == 0 ? nullptr : RawAllocate(bytes);
  RecordAlloc(bytes);
  return std::make_shared<Allocation>(ptr, bytes, place(), this);
}

void Allocator::RecordAlloc(size_t bytes) {
  int64_t now = allocated_.fetch_add(static_cast<int64_t>(bytes)) + static_cast<int64_t>(bytes);
  int64_t peak = peak_.load();
  while (now > peak && !peak_.compare_exchange_weak(peak, now)) {
  }
  num_allocs_.fetch_add(1);
}

void Allocator::RecordFree(size_t bytes) { allocated_.fetch_sub(static_cast<int64_t>(bytes)); }

MemoryStats Allocator::Stats() const {
  MemoryStats s;
  s.allocated = allocated_.load();
  s.peak_allocated = peak_.load();
  s.reserved = s.allocated;
  s.num_allocs = num_allocs_.load();
  return s;
}

void Allocator::ResetPeak() { peak_.store(allocated_.load()); }

void* CPUAllocator::RawAllocate(size_t bytes) {
  size_t rounded = (bytes + kAlignment - 1) / kAlignment * kAlignment;
  void* ptr = std::aligned_alloc(kAlignment, rounded);
  PD_CHECK(ptr != nullptr, ResourceExhausted, "out of host memory: failed to allocate ", bytes,
           " bytes");
  return ptr;
}

void CPUAllocator::RawFree(void* ptr, size_t bytes) {
  std::free(ptr);
  RecordFree(bytes);
}

Allocator* GetAllocator(const Place& place) {
  static CPUAllocator cpu_allocator;
  switch (place.GetType()) {
    case paddle::AllocationType::CPU:
      return &cpu_allocator;
    case paddle::AllocationType::GPU:
      return gpu::GetGPUAllocator(place.GetDeviceId());
    default:
      PD_THROW(Unimplemented, "no allocator for ", place.ToString());
  }
}

}  // namespace phi
