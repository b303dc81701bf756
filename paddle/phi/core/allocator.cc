#include "paddle/phi/core/allocator.h"

#include <sys/mman.h>

#include <cstdlib>

#include <algorithm>

#include "paddle/common/errors.h"
#include "paddle/common/flags.h"
#include "paddle/phi/core/device_backend.h"

PD_DEFINE_int64(cpu_allocator_cache_mb, 1024,
                "Most megabytes of freed large host blocks the CPU allocator keeps for reuse");

namespace phi {

// An allocation without an allocator borrows memory another one owns (a
// kernel writing its result over its input, Note [In-place] in
// paddle/pir/transforms/buffer_reuse_pass.cc): it frees nothing.
Allocation::~Allocation() {
  if (ptr_ != nullptr && allocator_ != nullptr) allocator_->RawFree(ptr_, size_);
}

std::shared_ptr<Allocation> Allocator::Allocate(size_t bytes) {
  void* ptr = bytes == 0 ? nullptr : RawAllocate(bytes);
  RecordAlloc(bytes);
  NoteReserved();
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

void Allocator::NoteReserved() {
  const int64_t now = Reserved();
  int64_t peak = peak_reserved_.load();
  while (now > peak && !peak_reserved_.compare_exchange_weak(peak, now)) {
  }
}

void Allocator::ResetPeakReserved() { peak_reserved_.store(Reserved()); }

MemoryStats Allocator::Stats() const {
  MemoryStats s;
  s.allocated = allocated_.load();
  s.peak_allocated = peak_.load();
  s.reserved = Reserved();
  s.peak_reserved = std::max(peak_reserved_.load(), s.reserved);
  s.num_allocs = num_allocs_.load();
  return s;
}

void Allocator::ResetPeak() { peak_.store(allocated_.load()); }

size_t CPUAllocator::RoundedSize(size_t bytes) {
  // Small blocks round to the alignment; cached ones to 64 KiB, so that
  // slightly different sizes share a bucket; huge-page ones to whole pages.
  size_t unit = bytes >= kHugePageMinBytes ? kHugePageBytes : bytes >= kCacheMinBytes ? size_t{1} << 16 : kAlignment;
  PD_CHECK(bytes <= (size_t{1} << 62), ResourceExhausted, "cannot allocate ", bytes, " bytes");
  return (bytes + unit - 1) / unit * unit;
}

void* CPUAllocator::RawAllocate(size_t bytes) {
  size_t rounded = RoundedSize(bytes);
  if (bytes >= kCacheMinBytes) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = cache_.find(rounded);
    if (it != cache_.end() && !it->second.empty()) {
      void* ptr = it->second.back();
      it->second.pop_back();
      cached_bytes_ -= rounded;
      return ptr;
    }
  }
  const bool huge = bytes >= kHugePageMinBytes;
  const size_t alignment = huge ? kHugePageBytes : kAlignment;
  void* ptr = std::aligned_alloc(alignment, rounded);
  if (ptr == nullptr && bytes >= kCacheMinBytes) {
    ReleaseCache();
    ptr = std::aligned_alloc(alignment, rounded);
  }
  PD_CHECK(ptr != nullptr, ResourceExhausted, "out of host memory: failed to allocate ", bytes,
           " bytes");
#ifdef MADV_HUGEPAGE
  // Only a hint: where the kernel has no transparent huge pages, the block
  // stays on small pages.
  if (huge) madvise(ptr, rounded, MADV_HUGEPAGE);
#endif
  return ptr;
}

void CPUAllocator::RawFree(void* ptr, size_t bytes) {
  RecordFree(bytes);
  size_t rounded = RoundedSize(bytes);
  if (bytes >= kCacheMinBytes) {
    std::lock_guard<std::mutex> lock(mu_);
    size_t limit = static_cast<size_t>(std::max<int64_t>(FLAGS_cpu_allocator_cache_mb, 0)) << 20;
    if (cached_bytes_ + rounded <= limit) {
      cache_[rounded].push_back(ptr);
      cached_bytes_ += rounded;
      NoteReserved();  // a block kept takes its rounded size, more than was handed out
      return;
    }
  }
  std::free(ptr);
}

void CPUAllocator::ReleaseCache() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& [size, blocks] : cache_) {
    for (void* p : blocks) std::free(p);
  }
  cache_.clear();
  cached_bytes_ = 0;
}

Allocator* GetAllocator(const Place& place) {
  // Never destroyed: tensors may still be freed during interpreter shutdown.
  static auto* cpu_allocator = new CPUAllocator();
  if (place.GetType() == paddle::AllocationType::CPU) return cpu_allocator;
  const DeviceBackend& backend = DeviceBackendOf(place);
  PD_CHECK(backend.allocator != nullptr, Unimplemented, "no allocator for ", place.ToString());
  return backend.allocator(place);
}

}  // namespace phi
