#include <gtest/gtest.h>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"
#include "paddle/phi/kernels/funcs/strided_layout.h"

namespace phi {
namespace {

TEST(Broadcast, NumpyRules) {
  EXPECT_EQ(BroadcastDims(DDim{2, 1, 3}, DDim{4, 1}), (DDim{2, 4, 3}));
  EXPECT_EQ(BroadcastDims(DDim{}, DDim{5}), (DDim{5}));
  EXPECT_EQ(BroadcastDims(DDim{0, 1}, DDim{1, 4}), (DDim{0, 4}));
  EXPECT_THROW(BroadcastDims(DDim{2, 3}, DDim{4}), paddle::common::Error);
}

DenseTensor Contiguous(const DDim& dims) { return DenseTensor(DenseTensorMeta(DataType::FLOAT32, dims)); }

TEST(StridedLayout, ContiguousOperandsCoalesceToOneDim) {
  DenseTensor out = Contiguous(DDim{2, 3, 4}), x = Contiguous(DDim{2, 3, 4});
  auto layout = funcs::MakeStridedLayout<2>(out, {&x});
  EXPECT_EQ(layout.rank, 1);
  EXPECT_EQ(layout.dims[0], 24);
}

TEST(StridedLayout, BroadcastDimGetsStrideZero) {
  DenseTensor out = Contiguous(DDim{2, 3}), row = Contiguous(DDim{3});
  auto layout = funcs::MakeStridedLayout<2>(out, {&row});
  ASSERT_EQ(layout.rank, 2);
  EXPECT_EQ(layout.dims[0], 3);      // innermost
  EXPECT_EQ(layout.strides[1][0], 1);
  EXPECT_EQ(layout.strides[1][1], 0);  // the broadcast outer dim
}

TEST(StridedLayout, ScalarOutputHasOneDim) {
  DenseTensor out = Contiguous(DDim{}), x = Contiguous(DDim{});
  auto layout = funcs::MakeStridedLayout<2>(out, {&x});
  EXPECT_EQ(layout.rank, 1);
  EXPECT_EQ(layout.dims[0], 1);
}

}  // namespace
}  // namespace phi
