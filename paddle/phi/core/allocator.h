// Allocation and Allocator. An Allocation owns a block of device memory and
// returns it to its allocator when the last reference goes away.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "paddle/common/place.h"

namespace phi {

using paddle::Place;

class Allocator;

class Allocation {
 public:
  Allocation(void* ptr, size_t size, Place place, Allocator* allocator)
      : ptr_(ptr), size_(size), place_(std::move(place)), allocator_(allocator) {}
  ~Allocation();
  Allocation(const Allocation&) = delete;
  Allocation& operator=(const Allocation&) = delete;

  void* ptr() const { return ptr_; }
  size_t size() const { return size_; }
  const Place& place() const { return place_; }

  // Bumped by every in-place write (setitem): the autograd layer compares it
  // with the version a saved tensor had, to refuse gradients computed from
  // overwritten data. Shared by all views of the memory.
  uint64_t version() const { return version_; }
  void BumpVersion() { ++version_; }
  // A copy standing in for this memory's saved contents (Note [In-place
  // updates]) takes its version, so the saver's check still passes.
  void TakeVersionOf(const Allocation& other) { version_ = other.version_; }

  // Note [Frozen weights]: memory whose contents never change again, the
  // weights of an inference predictor and the values its executor folded.
  // Kernels may keep what they derive from it (oneDNN's reordered conv
  // weights) for as long as it lives; nothing else may.
  bool frozen() const { return frozen_; }
  void Freeze() { frozen_ = true; }

 private:
  void* ptr_;
  size_t size_;
  Place place_;
  Allocator* allocator_;
  uint64_t version_ = 0;
  bool frozen_ = false;
};

struct MemoryStats {
  int64_t allocated = 0;       // bytes currently handed out
  int64_t peak_allocated = 0;  // high-water mark of `allocated`
  int64_t reserved = 0;        // bytes held from the system (>= allocated when caching)
  int64_t peak_reserved = 0;   // high-water mark of `reserved`
  int64_t num_allocs = 0;      // Allocate calls so far
};

class Allocator {
 public:
  virtual ~Allocator() = default;
  std::shared_ptr<Allocation> Allocate(size_t bytes);
  virtual MemoryStats Stats() const;
  virtual void ResetPeak();  // of `allocated`
  void ResetPeakReserved();
  // Returns cached blocks to the system (no-op for non-caching allocators).
  virtual void ReleaseCache() {}

 protected:
  friend class Allocation;
  virtual void* RawAllocate(size_t bytes) = 0;
  virtual void RawFree(void* ptr, size_t bytes) = 0;
  virtual Place place() const = 0;

  void RecordAlloc(size_t bytes);
  void RecordFree(size_t bytes);
  // The bytes held from the system now: what was handed out, for an
  // allocator that keeps nothing back.
  virtual int64_t Reserved() const { return allocated_.load(); }
  // Raises the high-water mark of Reserved() to what it is now; called
  // wherever the reserve may have grown (every Allocate, and frees that
  // keep a block).
  void NoteReserved();

  std::atomic<int64_t> allocated_{0};
  std::atomic<int64_t> peak_{0};
  std::atomic<int64_t> peak_reserved_{0};
  std::atomic<int64_t> num_allocs_{0};
};

// 64-byte aligned host memory, the alignment AVX-512 loads want.
//
// Large blocks (>= kCacheMinBytes) are kept after free, keyed by their
// rounded size, and handed out again to the next request of that size:
// fresh pages from the OS cost a page fault each on first touch, which
// halves the speed of memory-bound ops that allocate their output (a + b on
// big tensors). The cache is bounded by FLAGS_cpu_allocator_cache_mb; when
// full, freed blocks go back to the OS.
//
// Blocks of kHugePageMinBytes and more are aligned and padded to 2 MiB and
// marked for transparent huge pages: over 4 KiB pages, the hardware
// prefetchers stop at every page boundary and streaming kernels run at about
// 60% of their speed (a sum of 2^25 floats on one core: 7.1 ms against 4.5).
class CPUAllocator final : public Allocator {
 public:
  static constexpr size_t kAlignment = 64;
  static constexpr size_t kCacheMinBytes = size_t{1} << 20;
  static constexpr size_t kHugePageBytes = size_t{1} << 21;
  static constexpr size_t kHugePageMinBytes = size_t{4} << 20;

  void ReleaseCache() override;

 protected:
  void* RawAllocate(size_t bytes) override;
  void RawFree(void* ptr, size_t bytes) override;
  Place place() const override { return paddle::CPUPlace(); }
  int64_t Reserved() const override { return allocated_.load() + static_cast<int64_t>(cached_bytes_.load()); }

 private:
  static size_t RoundedSize(size_t bytes);

  mutable std::mutex mu_;
  std::unordered_map<size_t, std::vector<void*>> cache_;  // rounded size -> free blocks
  std::atomic<size_t> cached_bytes_{0};
};

// The allocator that serves `place`; GPU places are served by the GPU
// backend (a stand-in throws when the build has no CUDA).
Allocator* GetAllocator(const Place& place);

}  // namespace phi
