// CachingAllocator: device memory handed out from cached segments, best fit
// with splitting and coalescing.
//
// Device allocation calls (cudaMalloc, a plugin's device_memory_allocate)
// are slow and often synchronize the device, so memory is taken from the
// device in segments and kept. A request is served by the smallest free
// block that fits (best fit); the rest of that block is split off as a new
// free block; a freed block merges with free neighbours of its segment, so
// that a run of small frees becomes one large block again. Segments that are
// entirely free go back to the device on ReleaseCache, and before the
// allocator reports out-of-memory.
//
// Small requests (< kSmallLimit) come from 2 MiB segments of their own, large
// ones from segments of their own rounded size: mixing them would let a small
// long-lived tensor pin a large segment.
//
// Reuse needs no events while all of a device's work is ordered on one stream
// (a block freed on the host while a kernel still reads it is only written by
// work queued after that kernel); callers that use several streams must make
// the freeing stream wait first.
#pragma once

#include <cstddef>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>

#include "paddle/phi/core/allocator.h"

namespace phi {

// Where segments come from: one device's raw allocation functions.
class SegmentSource {
 public:
  virtual ~SegmentSource() = default;
  // nullptr when the device is out of memory; throws for other failures.
  virtual void* Allocate(size_t bytes) = 0;
  virtual void Free(void* ptr, size_t bytes) = 0;
  // Waits for all queued work, before segments go back to the device.
  virtual void Synchronize() = 0;
  // "12345 bytes free of 67890", for the out-of-memory error.
  virtual std::string FreeMemoryReport() = 0;
  virtual Place place() const = 0;
};

class CachingAllocator final : public Allocator {
 public:
  static constexpr size_t kRound = 512;                     // every block is a multiple
  static constexpr size_t kSmallLimit = size_t{1} << 20;    // requests below: small pool
  static constexpr size_t kSmallSegment = size_t{2} << 20;  // segment size of the small pool
  static constexpr size_t kLargeRound = size_t{2} << 20;    // large segments round to this

  explicit CachingAllocator(std::unique_ptr<SegmentSource> source);
  ~CachingAllocator() override;

  MemoryStats Stats() const override;
  // Returns every entirely free segment to the device.
  void ReleaseCache() override;
  // Number of segments held from the device (for tests and statistics).
  size_t NumSegments() const;

 protected:
  void* RawAllocate(size_t bytes) override;
  void RawFree(void* ptr, size_t bytes) override;
  Place place() const override { return source_->place(); }

 private:
  struct Block {
    char* ptr;
    size_t size;
    bool free;
    bool small;         // pool
    Block* prev;        // neighbours within the segment, by address
    Block* next;
  };
  struct BySizeThenAddress {
    bool operator()(const Block* a, const Block* b) const {
      return a->size != b->size ? a->size < b->size : a->ptr < b->ptr;
    }
  };
  using FreeSet = std::set<Block*, BySizeThenAddress>;

  Block* TakeFreeBlock(FreeSet& pool, size_t size);
  Block* NewSegment(size_t size, bool small, size_t requested);
  void ReleaseFreeSegmentsLocked();
  FreeSet& PoolOf(const Block* b) { return b->small ? small_free_ : large_free_; }

  std::unique_ptr<SegmentSource> source_;
  mutable std::mutex mu_;
  FreeSet small_free_, large_free_;
  std::unordered_map<void*, Block*> live_;  // handed-out blocks by address
  size_t reserved_ = 0;                     // bytes of all segments
  size_t segments_ = 0;
};

}  // namespace phi
