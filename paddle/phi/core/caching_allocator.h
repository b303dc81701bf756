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
// Note [Streams and reuse]: each segment belongs to the stream that was
// current when it was taken, and its blocks serve only requests made on that
// stream. Work on one stream runs in order, so a block freed on the host
// while a kernel still reads it is only written by work queued after that
// kernel: no events needed. A block also used on other streams is marked
// with RecordStream; when it is freed, an event is recorded on each of those
// streams and the block is reused only once all have passed.
#pragma once

#include <cstddef>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>

#include <vector>

#include "paddle/phi/core/allocator.h"
#include "paddle/phi/core/device_handles.h"

namespace phi {

// Where segments come from: one device's raw allocation functions and the
// stream/event calls the allocator needs (Note [Streams and reuse]).
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

  // The stream new work of the device is queued on now.
  virtual StreamHandle CurrentStream() = 0;
  // An event marking the work queued on `stream` so far.
  virtual EventHandle RecordEvent(StreamHandle stream) = 0;
  virtual bool EventDone(EventHandle event) = 0;
  virtual void DestroyEvent(EventHandle event) = 0;
};

class CachingAllocator final : public Allocator {
 public:
  static constexpr size_t kRound = 512;                     // every block is a multiple
  static constexpr size_t kSmallLimit = size_t{1} << 20;    // requests below: small pool
  static constexpr size_t kSmallSegment = size_t{2} << 20;  // segment size of the small pool
  static constexpr size_t kLargeRound = size_t{2} << 20;    // large segments round to this

  explicit CachingAllocator(std::unique_ptr<SegmentSource> source);
  ~CachingAllocator() override;

  // Returns every entirely free segment to the device.
  void ReleaseCache() override;
  // Number of segments held from the device (for tests and statistics).
  size_t NumSegments() const;
  // The memory at `ptr` (handed out by this allocator) is also used by work
  // on `stream`: it is not reused before that work has finished.
  void RecordStream(const void* ptr, StreamHandle stream);

 protected:
  int64_t Reserved() const override { return static_cast<int64_t>(reserved_.load()); }
  void* RawAllocate(size_t bytes) override;
  void RawFree(void* ptr, size_t bytes) override;
  Place place() const override { return source_->place(); }

 private:
  struct Block {
    char* ptr;
    size_t size;
    bool free;
    bool small;           // pool
    StreamHandle stream;  // of the segment
    Block* prev;          // neighbours within the segment, by address
    Block* next;
    std::vector<StreamHandle> uses;  // other streams (RecordStream)
  };
  struct ByStreamSizeAddress {
    bool operator()(const Block* a, const Block* b) const {
      if (a->stream != b->stream) return a->stream < b->stream;
      return a->size != b->size ? a->size < b->size : a->ptr < b->ptr;
    }
  };
  using FreeSet = std::set<Block*, ByStreamSizeAddress>;
  // A freed block waiting for other streams' work.
  struct PendingFree {
    Block* block;
    std::vector<EventHandle> events;
  };

  Block* TakeFreeBlock(FreeSet& pool, StreamHandle stream, size_t size);
  // A new segment of `size` bytes as one free block; nullptr when the device
  // is out of memory.
  Block* NewSegment(size_t size, bool small, StreamHandle stream);
  // Makes `block` free, merging it with free neighbours.
  void FreeBlock(Block* block);
  // Joins left->next (no longer in any free set) into `left`.
  static void AbsorbNext(Block* left);
  // Frees the pending blocks whose events have all passed.
  void ProcessPendingFrees();
  void ReleaseFreeSegmentsLocked();
  FreeSet& PoolOf(const Block* b) { return b->small ? small_free_ : large_free_; }

  std::unique_ptr<SegmentSource> source_;
  mutable std::mutex mu_;
  FreeSet small_free_, large_free_;
  std::unordered_map<const void*, Block*> live_;  // handed-out blocks by address
  std::vector<PendingFree> pending_;
  std::atomic<size_t> reserved_{0};         // bytes of all segments
  size_t segments_ = 0;
};

}  // namespace phi
