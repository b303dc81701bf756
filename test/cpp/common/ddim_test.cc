#include <gtest/gtest.h>

#include "paddle/common/ddim.h"
#include "paddle/common/place.h"

namespace paddle {
namespace {

TEST(DDim, NumelAndString) {
  DDim d{2, 3, 4};
  EXPECT_EQ(d.numel(), 24);
  EXPECT_EQ(d.ToString(), "[2, 3, 4]");
  EXPECT_EQ(DDim().numel(), 1);  // 0-D tensors hold one element
  EXPECT_EQ(DDim({3, 0}).numel(), 0);
}

TEST(DDim, ContiguousStrides) {
  EXPECT_EQ(ContiguousStrides(DDim{2, 3, 4}), (DDim{12, 4, 1}));
  EXPECT_EQ(ContiguousStrides(DDim{5}), (DDim{1}));
}

TEST(DDim, RankAboveMaxIsRejected) {
  std::vector<int64_t> dims(DDim::kMaxRank + 1, 1);
  EXPECT_THROW(DDim{dims}, common::Error);
}

TEST(DDim, NormalizeAxis) {
  EXPECT_EQ(NormalizeAxis(-1, 3), 2);
  EXPECT_EQ(NormalizeAxis(0, 3), 0);
  EXPECT_THROW(NormalizeAxis(3, 3), common::Error);
  EXPECT_THROW(NormalizeAxis(-4, 3), common::Error);
}

TEST(Place, StringsAndEquality) {
  EXPECT_EQ(CPUPlace().ToString(), "Place(cpu)");
  EXPECT_EQ(GPUPlace(1).ToString(), "Place(gpu:1)");
  EXPECT_EQ(CustomPlace("custom_cpu", 0).ToString(), "Place(custom_cpu:0)");
  EXPECT_EQ(PlaceFromDeviceString("gpu:2"), GPUPlace(2));
  EXPECT_EQ(PlaceFromDeviceString("gpu"), GPUPlace(0));
  EXPECT_EQ(PlaceFromDeviceString("cpu"), CPUPlace());
  EXPECT_NE(GPUPlace(0), GPUPlace(1));
  EXPECT_THROW(PlaceFromDeviceString("tpu"), common::Error);
  EXPECT_THROW(PlaceFromDeviceString("gpu:x"), common::Error);
}

}  // namespace
}  // namespace paddle
