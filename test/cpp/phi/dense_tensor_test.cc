#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "paddle/phi/api/generated/api.h"
#include "paddle/phi/api/transfer.h"

namespace paddle {
namespace {

Tensor Iota(const DDim& dims) {
  std::vector<float> v(static_cast<size_t>(dims.numel()));
  std::iota(v.begin(), v.end(), 0.0f);
  return api::FromHostBuffer(v.data(), DataType::FLOAT32, dims, CPUPlace());
}

std::vector<float> Values(const Tensor& t) {
  std::vector<float> v(static_cast<size_t>(t.numel()));
  api::ToHostBuffer(t, v.data());
  return v;
}

TEST(DenseTensor, ContiguityOfMetas) {
  phi::DenseTensorMeta m(DataType::FLOAT32, DDim{2, 3});
  EXPECT_TRUE(m.IsContiguous());
  m.strides = DDim{1, 2};
  EXPECT_FALSE(m.IsContiguous());
  phi::DenseTensorMeta ones(DataType::FLOAT32, DDim{1, 3});
  ones.strides = DDim{99, 1};  // a size-1 dim's stride never matters
  EXPECT_TRUE(ones.IsContiguous());
}

TEST(DenseTensor, TransposeIsAViewWithPermutedStrides) {
  Tensor x = Iota(DDim{2, 3});
  Tensor t = api::transpose(x, {1, 0});
  EXPECT_EQ(t.dims(), (DDim{3, 2}));
  EXPECT_EQ(t.dense().strides(), (DDim{1, 3}));
  EXPECT_EQ(t.dense().Holder(), x.dense().Holder());
  EXPECT_FALSE(t.dense().IsContiguous());
  EXPECT_EQ(Values(t), (std::vector<float>{0, 3, 1, 4, 2, 5}));
}

TEST(DenseTensor, SliceIsAViewWithOffset) {
  Tensor x = Iota(DDim{4, 3});
  Tensor s = api::slice(x, {0}, {1}, {3});
  EXPECT_EQ(s.dims(), (DDim{2, 3}));
  EXPECT_EQ(s.dense().offset(), 3 * 4);  // one row of float32, in bytes
  EXPECT_EQ(s.dense().Holder(), x.dense().Holder());
  EXPECT_EQ(Values(s), (std::vector<float>{3, 4, 5, 6, 7, 8}));
}

TEST(DenseTensor, ReshapeOfContiguousSharesMemory) {
  Tensor x = Iota(DDim{2, 6});
  Tensor r = api::reshape(x, {3, -1});
  EXPECT_EQ(r.dims(), (DDim{3, 4}));
  EXPECT_EQ(r.dense().Holder(), x.dense().Holder());
}

TEST(DenseTensor, ReshapeOfTransposedCopies) {
  Tensor t = api::transpose(Iota(DDim{2, 3}), {1, 0});
  Tensor r = api::reshape(t, {6});
  EXPECT_NE(r.dense().Holder(), t.dense().Holder());
  EXPECT_EQ(Values(r), (std::vector<float>{0, 3, 1, 4, 2, 5}));
}

TEST(DenseTensor, SqueezeAndUnsqueezeAreViews) {
  Tensor x = Iota(DDim{1, 3, 1});
  Tensor s = api::squeeze(x, {});
  EXPECT_EQ(s.dims(), (DDim{3}));
  Tensor u = api::unsqueeze(s, {0, -1});
  EXPECT_EQ(u.dims(), (DDim{1, 3, 1}));
  EXPECT_EQ(u.dense().Holder(), x.dense().Holder());
}

TEST(DenseTensor, ContiguousCopiesOnlyWhenNeeded) {
  Tensor x = Iota(DDim{2, 3});
  EXPECT_EQ(api::contiguous(x).dense().Holder(), x.dense().Holder());
  Tensor c = api::contiguous(api::transpose(x, {1, 0}));
  EXPECT_TRUE(c.dense().IsContiguous());
  EXPECT_NE(c.dense().Holder(), x.dense().Holder());
  EXPECT_EQ(Values(c), (std::vector<float>{0, 3, 1, 4, 2, 5}));
}

}  // namespace
}  // namespace paddle
