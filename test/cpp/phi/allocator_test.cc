#include <gtest/gtest.h>

#include <cstdint>

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

TEST(CPUAllocator, PeakResets) {
  Allocator* alloc = GetAllocator(paddle::CPUPlace());
  { auto big = alloc->Allocate(1 << 20); }
  EXPECT_GE(alloc->Stats().peak_allocated, 1 << 20);
  alloc->ResetPeak();
  EXPECT_EQ(alloc->Stats().peak_allocated, alloc->Stats().allocated);
}

}  // namespace
}  // namespace phi
