#include <gtest/gtest.h>

#include <cstdint>

#include "paddle/common/flags.h"
#include "paddle/phi/core/allocator.h"

namespace phi {
namespace {

TEST(CPUAllocator, StatisticsTrackLiveBytes) {
  Allocator* alloc = GetAllocator(paddle::CPUPlace());
  MemoryStats before = alloc->Stats();
  {
    auto a = alloc->Allocate(1000);
    auto b = alloc->Allocate(24);
    MemoryStats during = alloc->Stats();
    EXPECT_EQ(during.allocated - before.allocated, 1024);
    EXPECT_GE(during.peak_allocated, during.allocated);
    EXPECT_EQ(during.num_allocs - before.num_allocs, 2);
  }
  EXPECT_EQ(alloc->Stats().allocated, before.allocated);
}

TEST(CPUAllocator, MemoryIsAlignedAndWritable) {
  auto a = GetAllocator(paddle::CPUPlace())->Allocate(100);
  ASSERT_NE(a->ptr(), nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a->ptr()) % CPUAllocator::kAlignment, 0u);
  static_cast<char*>(a->ptr())[99] = 1;
  EXPECT_EQ(a->size(), 100u);
  EXPECT_TRUE(a->place().is_cpu());
}

TEST(CPUAllocator, LargeBlocksStartOnHugePageBoundaries) {
  // Whole 2 MiB pages, so that the kernel can back them with huge pages.
  const size_t bytes = CPUAllocator::kHugePageMinBytes + 12345;
  auto a = GetAllocator(paddle::CPUPlace())->Allocate(bytes);
  ASSERT_NE(a->ptr(), nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a->ptr()) % CPUAllocator::kHugePageBytes, 0u);
  static_cast<char*>(a->ptr())[bytes - 1] = 1;
  EXPECT_EQ(a->size(), bytes);
}

TEST(CPUAllocator, PeakResets) {
  Allocator* alloc = GetAllocator(paddle::CPUPlace());
  { auto big = alloc->Allocate(1 << 20); }
  EXPECT_GE(alloc->Stats().peak_allocated, 1 << 20);
  alloc->ResetPeak();
  EXPECT_EQ(alloc->Stats().peak_allocated, alloc->Stats().allocated);
}

}  // namespace
}  // namespace phi

PD_DECLARE_int64(cpu_allocator_cache_mb);

namespace phi {
namespace {

TEST(CPUAllocator, LargeBlocksAreReusedAndReleasable) {
  Allocator* alloc = GetAllocator(paddle::CPUPlace());
  alloc->ReleaseCache();
  void* first = nullptr;
  {
    auto a = alloc->Allocate(3 << 20);
    first = a->ptr();
  }
  MemoryStats cached = alloc->Stats();
  EXPECT_GE(cached.reserved - cached.allocated, 3 << 20);
  {
    auto b = alloc->Allocate(3 << 20);
    EXPECT_EQ(b->ptr(), first);  // the cached block comes back
  }
  alloc->ReleaseCache();
  EXPECT_EQ(alloc->Stats().reserved, alloc->Stats().allocated);
}

TEST(CPUAllocator, CacheLimitZeroDisablesCaching) {
  Allocator* alloc = GetAllocator(paddle::CPUPlace());
  alloc->ReleaseCache();
  int64_t saved = FLAGS_cpu_allocator_cache_mb;
  FLAGS_cpu_allocator_cache_mb = 0;
  { auto a = alloc->Allocate(2 << 20); }
  EXPECT_EQ(alloc->Stats().reserved, alloc->Stats().allocated);
  FLAGS_cpu_allocator_cache_mb = saved;
}

}  // namespace
}  // namespace phi
