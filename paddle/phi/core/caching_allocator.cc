#include "paddle/phi/core/caching_allocator.h"

#include "paddle/common/errors.h"

namespace phi {
namespace {

size_t RoundUp(size_t bytes, size_t unit) { return (bytes + unit - 1) / unit * unit; }

}  // namespace

CachingAllocator::CachingAllocator(std::unique_ptr<SegmentSource> source) : source_(std::move(source)) {}

CachingAllocator::~CachingAllocator() {
  std::lock_guard<std::mutex> lock(mu_);
  ReleaseFreeSegmentsLocked();
}

void* CachingAllocator::RawAllocate(size_t bytes) {
  PD_CHECK(bytes <= (size_t{1} << 62), ResourceExhausted, "cannot allocate ", bytes, " bytes on ",
           source_->place().ToString());
  const bool small = bytes < kSmallLimit;
  const size_t size = RoundUp(bytes, kRound);
  const StreamHandle stream = source_->CurrentStream();
  std::lock_guard<std::mutex> lock(mu_);
  if (!pending_.empty()) ProcessPendingFrees();
  FreeSet& pool = small ? small_free_ : large_free_;
  const size_t segment = small ? kSmallSegment : RoundUp(size, kLargeRound);
  Block* block = TakeFreeBlock(pool, stream, size);
  if (block == nullptr) block = NewSegment(segment, small, stream);
  if (block == nullptr) {
    // Out of device memory: return the wholly free segments (which also
    // completes pending frees, possibly freeing a block that fits) and retry.
    ReleaseFreeSegmentsLocked();
    block = TakeFreeBlock(pool, stream, size);
    if (block == nullptr) block = NewSegment(segment, small, stream);
  }
  PD_CHECK(block != nullptr, ResourceExhausted, "out of memory on ", source_->place().ToString(), ": requested ",
           bytes, " bytes, ", source_->FreeMemoryReport(), " (this process holds ", reserved_.load(),
           " bytes in cached segments)");
  // Split off the tail unless it is too small to serve a request of the
  // pool: a large tail below kSmallLimit would only ever be wasted.
  const size_t rest = block->size - size;
  if (rest >= (small ? kRound : kSmallLimit)) {
    auto* tail = new Block{block->ptr + size, rest, true, small, stream, block, block->next, {}};
    if (block->next != nullptr) block->next->prev = tail;
    block->next = tail;
    block->size = size;
    pool.insert(tail);
  }
  block->free = false;
  live_.emplace(block->ptr, block);
  return block->ptr;
}

CachingAllocator::Block* CachingAllocator::TakeFreeBlock(FreeSet& pool, StreamHandle stream, size_t size) {
  Block probe{nullptr, size, true, false, stream, nullptr, nullptr, {}};
  auto it = pool.lower_bound(&probe);
  if (it == pool.end() || (*it)->stream != stream) return nullptr;
  Block* block = *it;
  pool.erase(it);
  return block;
}

CachingAllocator::Block* CachingAllocator::NewSegment(size_t size, bool small, StreamHandle stream) {
  void* ptr = source_->Allocate(size);
  if (ptr == nullptr) return nullptr;
  reserved_ += size;
  ++segments_;
  return new Block{static_cast<char*>(ptr), size, true, small, stream, nullptr, nullptr, {}};
}

void CachingAllocator::RawFree(void* ptr, size_t bytes) {
  RecordFree(bytes);
  std::lock_guard<std::mutex> lock(mu_);
  auto it = live_.find(ptr);
  PD_CHECK(it != live_.end(), PreconditionNotMet, "freeing ", ptr, " which this allocator did not hand out");
  Block* block = it->second;
  live_.erase(it);
  if (block->uses.empty()) {
    FreeBlock(block);
    return;
  }
  PendingFree pending{block, {}};
  try {
    for (StreamHandle use : block->uses) pending.events.push_back(source_->RecordEvent(use));
  } catch (...) {
    // Frees run in destructors and must not throw. Without the events, wait
    // for all queued work instead (a device that fails that has no work left
    // to wait for) and free the block now.
    try {
      for (EventHandle e : pending.events) source_->DestroyEvent(e);
      source_->Synchronize();
    } catch (...) {
    }
    block->uses.clear();
    FreeBlock(block);
    return;
  }
  block->uses.clear();
  pending_.push_back(std::move(pending));
}

void CachingAllocator::RecordStream(const void* ptr, StreamHandle stream) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = live_.find(ptr);
  PD_CHECK(it != live_.end(), InvalidArgument, "record_stream: the memory at ", ptr,
           " is not the start of a block this allocator handed out");
  Block* block = it->second;
  if (stream == block->stream) return;
  for (StreamHandle use : block->uses) {
    if (use == stream) return;
  }
  block->uses.push_back(stream);
}

void CachingAllocator::ProcessPendingFrees() {
  for (auto it = pending_.begin(); it != pending_.end();) {
    bool done = true;
    for (EventHandle e : it->events) done = done && source_->EventDone(e);
    if (!done) {
      ++it;
      continue;
    }
    for (EventHandle e : it->events) source_->DestroyEvent(e);
    FreeBlock(it->block);
    it = pending_.erase(it);
  }
}

void CachingAllocator::FreeBlock(Block* block) {
  block->free = true;
  FreeSet& pool = PoolOf(block);
  // Merge with free neighbours: the survivor is the lower address.
  if (block->next != nullptr && block->next->free) {
    pool.erase(block->next);
    AbsorbNext(block);
  }
  if (block->prev != nullptr && block->prev->free) {
    block = block->prev;
    pool.erase(block);
    AbsorbNext(block);
  }
  pool.insert(block);
}

void CachingAllocator::AbsorbNext(Block* left) {
  Block* right = left->next;
  left->size += right->size;
  left->next = right->next;
  if (right->next != nullptr) right->next->prev = left;
  delete right;
}

void CachingAllocator::ReleaseFreeSegmentsLocked() {
  bool synchronized = false;
  if (!pending_.empty()) {
    source_->Synchronize();  // every recorded event passes
    synchronized = true;
    ProcessPendingFrees();
  }
  for (FreeSet* pool : {&small_free_, &large_free_}) {
    for (auto it = pool->begin(); it != pool->end();) {
      Block* b = *it;
      if (b->prev != nullptr || b->next != nullptr) {
        ++it;
        continue;
      }
      // Queued kernels may still read a freed block (see the header).
      if (!synchronized) source_->Synchronize();
      synchronized = true;
      source_->Free(b->ptr, b->size);
      reserved_ -= b->size;
      --segments_;
      it = pool->erase(it);
      delete b;
    }
  }
}

void CachingAllocator::ReleaseCache() {
  std::lock_guard<std::mutex> lock(mu_);
  ReleaseFreeSegmentsLocked();
}

size_t CachingAllocator::NumSegments() const {
  std::lock_guard<std::mutex> lock(mu_);
  return segments_;
}

}  // namespace phi
