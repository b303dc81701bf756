// The CachingAllocator's block bookkeeping, over host memory standing in for
// a device: which segments it takes, how it splits and merges blocks, and
// what it gives back.
#include "paddle/phi/core/caching_allocator.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

#include "paddle/common/errors.h"

namespace phi {
namespace {

// Host memory with a budget, counting the segment calls; streams are
// numbers the test switches, events flags it sets.
struct HostSegments final : SegmentSource {
  size_t budget;
  size_t used = 0;
  int allocs = 0, frees = 0, syncs = 0;
  uintptr_t stream = 1;
  bool fail_events = false;                   // RecordEvent throws, as a failing device would
  std::vector<std::unique_ptr<bool>> events;  // done flags
  explicit HostSegments(size_t bytes) : budget(bytes) {}

  void* Allocate(size_t bytes) override {
    if (used + bytes > budget) return nullptr;
    used += bytes;
    ++allocs;
    return std::malloc(bytes);
  }
  void Free(void* ptr, size_t bytes) override {
    used -= bytes;
    ++frees;
    std::free(ptr);
  }
  void Synchronize() override {
    ++syncs;
    for (auto& done : events) *done = true;
  }
  std::string FreeMemoryReport() override { return std::to_string(budget - used) + " bytes free"; }
  Place place() const override { return paddle::CustomPlace("host_test", 0); }
  StreamHandle CurrentStream() override { return reinterpret_cast<StreamHandle>(stream); }
  EventHandle RecordEvent(StreamHandle) override {
    PD_CHECK(!fail_events, Unavailable, "the device failed");
    return events.emplace_back(std::make_unique<bool>(false)).get();
  }
  bool EventDone(EventHandle e) override { return *static_cast<bool*>(e); }
  void DestroyEvent(EventHandle) override {}
};

struct Fixture : ::testing::Test {
  HostSegments* source = new HostSegments(size_t{64} << 20);
  CachingAllocator alloc{std::unique_ptr<SegmentSource>(source)};
  static char* Ptr(const std::shared_ptr<Allocation>& a) { return static_cast<char*>(a->ptr()); }
};

using CachingAllocatorTest = Fixture;

TEST_F(CachingAllocatorTest, SmallRequestsShareOneSegmentBackToBack) {
  auto a = alloc.Allocate(100);
  auto b = alloc.Allocate(1000);
  EXPECT_EQ(source->allocs, 1);
  EXPECT_EQ(alloc.Stats().reserved, static_cast<int64_t>(CachingAllocator::kSmallSegment));
  // a's block is rounded to 512 bytes and b is split off right after it.
  EXPECT_EQ(Ptr(b) - Ptr(a), 512);
  EXPECT_EQ(alloc.Stats().allocated, 1100);
}

TEST_F(CachingAllocatorTest, FreedNeighboursMergeAndServeALargerRequest) {
  auto a = alloc.Allocate(512);
  auto b = alloc.Allocate(512);
  auto c = alloc.Allocate(512);
  char* start = Ptr(a);
  a.reset();
  b.reset();  // merges with a: one free 1024-byte block at the start
  auto d = alloc.Allocate(1024);
  EXPECT_EQ(Ptr(d), start);
  EXPECT_EQ(source->allocs, 1);
}

TEST_F(CachingAllocatorTest, BestFitPicksTheSmallestFreeBlock) {
  auto a = alloc.Allocate(4096);
  auto sep1 = alloc.Allocate(512);
  auto b = alloc.Allocate(1024);
  auto sep2 = alloc.Allocate(512);
  char* small_hole = Ptr(b);
  a.reset();  // a 4096-byte hole
  b.reset();  // a 1024-byte hole
  auto c = alloc.Allocate(1000);
  EXPECT_EQ(Ptr(c), small_hole);
}

TEST_F(CachingAllocatorTest, LargeRequestsGetTheirOwnSegmentsAndAreReused) {
  const size_t big = size_t{3} << 20;
  auto a = alloc.Allocate(big);
  auto small = alloc.Allocate(10);
  EXPECT_EQ(source->allocs, 2);  // the small one does not come out of the large segment
  char* p = Ptr(a);
  a.reset();
  auto b = alloc.Allocate(big - 4096);
  EXPECT_EQ(Ptr(b), p);
  EXPECT_EQ(source->allocs, 2);
}

TEST_F(CachingAllocatorTest, ReleaseCacheReturnsOnlyWhollyFreeSegments) {
  auto keep = alloc.Allocate(100);
  { auto big = alloc.Allocate(size_t{4} << 20); }
  EXPECT_EQ(alloc.NumSegments(), 2u);
  alloc.ReleaseCache();
  EXPECT_EQ(alloc.NumSegments(), 1u);
  EXPECT_EQ(source->frees, 1);
  EXPECT_GE(source->syncs, 1);  // queued work finishes before memory goes back
  EXPECT_EQ(alloc.Stats().reserved, static_cast<int64_t>(CachingAllocator::kSmallSegment));
}

TEST_F(CachingAllocatorTest, OutOfMemoryReleasesTheCacheAndRetries) {
  { auto a = alloc.Allocate(size_t{40} << 20); }  // cached, not returned
  auto b = alloc.Allocate(size_t{50} << 20);       // fits only once a's segment is freed
  EXPECT_EQ(source->frees, 1);
  EXPECT_EQ(alloc.NumSegments(), 1u);
}

TEST_F(CachingAllocatorTest, OutOfMemoryErrorStatesRequestedAndFreeBytes) {
  try {
    alloc.Allocate(size_t{100} << 20);
    FAIL() << "expected ResourceExhausted";
  } catch (const paddle::common::Error& e) {
    EXPECT_EQ(e.code(), paddle::common::ErrorCode::kResourceExhausted);
    const std::string message = e.what();
    EXPECT_NE(message.find("requested 104857600 bytes"), std::string::npos) << message;
    EXPECT_NE(message.find("67108864 bytes free"), std::string::npos) << message;
  }
}

TEST_F(CachingAllocatorTest, BlocksServeOnlyTheirOwnStream) {
  auto a = alloc.Allocate(1000);
  char* p = Ptr(a);
  a.reset();
  source->stream = 2;
  auto b = alloc.Allocate(1000);
  EXPECT_NE(Ptr(b), p);          // stream 1's free block is not handed to stream 2
  EXPECT_EQ(source->allocs, 2);  // which takes a segment of its own
  source->stream = 1;
  auto c = alloc.Allocate(1000);
  EXPECT_EQ(Ptr(c), p);
}

TEST_F(CachingAllocatorTest, RecordStreamDefersReuseUntilTheOtherStreamPasses) {
  auto a = alloc.Allocate(1000);
  char* p = Ptr(a);
  alloc.RecordStream(p, reinterpret_cast<StreamHandle>(uintptr_t{2}));
  a.reset();  // an event is recorded on stream 2; the block waits
  ASSERT_EQ(source->events.size(), 1u);
  auto b = alloc.Allocate(1000);
  EXPECT_NE(Ptr(b), p);
  *source->events[0] = true;  // stream 2's work has finished
  auto c = alloc.Allocate(1000);
  EXPECT_EQ(Ptr(c), p);
}

TEST_F(CachingAllocatorTest, RecordStreamOnTheOwnStreamNeedsNoEvent) {
  auto a = alloc.Allocate(1000);
  char* p = Ptr(a);
  alloc.RecordStream(p, source->CurrentStream());
  a.reset();
  EXPECT_TRUE(source->events.empty());
  auto b = alloc.Allocate(1000);
  EXPECT_EQ(Ptr(b), p);
  EXPECT_THROW(alloc.RecordStream(p + 8, source->CurrentStream()), paddle::common::Error);
}

TEST_F(CachingAllocatorTest, PendingFreesCompleteBeforeSegmentsAreReleased) {
  {
    auto big = alloc.Allocate(size_t{4} << 20);
    alloc.RecordStream(big->ptr(), reinterpret_cast<StreamHandle>(uintptr_t{3}));
  }
  EXPECT_EQ(alloc.NumSegments(), 1u);
  alloc.ReleaseCache();  // synchronizes, so the pending block is freed and its segment returned
  EXPECT_EQ(alloc.NumSegments(), 0u);
  EXPECT_EQ(source->used, 0u);
}

TEST_F(CachingAllocatorTest, OutOfMemoryRetriesWithPendingBlocksThatHavePassed) {
  source->budget = CachingAllocator::kSmallSegment;  // one small segment, no more
  const size_t half = CachingAllocator::kSmallSegment / 2;
  auto a = alloc.Allocate(half);
  auto b = alloc.Allocate(half);  // the segment is full
  char* p = Ptr(a);
  alloc.RecordStream(p, reinterpret_cast<StreamHandle>(uintptr_t{2}));
  a.reset();  // pending on stream 2's event
  auto c = alloc.Allocate(half);  // no room: the release completes the event, and a's block serves
  EXPECT_EQ(Ptr(c), p);
  EXPECT_EQ(source->allocs, 1);
}

TEST_F(CachingAllocatorTest, FreeingWhenTheDeviceFailsSynchronizesInsteadOfThrowing) {
  auto a = alloc.Allocate(1000);
  char* p = Ptr(a);
  alloc.RecordStream(p, reinterpret_cast<StreamHandle>(uintptr_t{2}));
  source->fail_events = true;
  const int syncs = source->syncs;
  EXPECT_NO_THROW(a.reset());
  EXPECT_EQ(source->syncs, syncs + 1);
  auto b = alloc.Allocate(1000);
  EXPECT_EQ(Ptr(b), p);  // freed at once
}

TEST_F(CachingAllocatorTest, ManyRandomAllocationsLeaveNoFragmentsBehind) {
  std::vector<std::shared_ptr<Allocation>> live;
  std::srand(7);
  for (int i = 0; i < 2000; ++i) {
    if (!live.empty() && std::rand() % 3 == 0) {
      live.erase(live.begin() + std::rand() % live.size());
    } else {
      live.push_back(alloc.Allocate(1 + std::rand() % 200000));
    }
  }
  live.clear();
  EXPECT_EQ(alloc.Stats().allocated, 0);
  alloc.ReleaseCache();  // everything merged back into whole segments
  EXPECT_EQ(alloc.NumSegments(), 0u);
  EXPECT_EQ(source->used, 0u);
}

}  // namespace
}  // namespace phi
