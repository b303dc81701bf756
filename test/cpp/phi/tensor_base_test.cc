#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>

#include "paddle/common/errors.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/phi/core/dense_tensor.h"

namespace paddle {
namespace {

// A value with a meta but no memory, as a traced (static-graph) value is:
// the handle must carry it and answer its meta without any op knowing.
class MetaOnlyTensor final : public phi::TensorBase {
 public:
  MetaOnlyTensor(DDim dims, DataType dtype)
      : TensorBase(phi::TensorKind::kOther), dims_(std::move(dims)), dtype_(dtype) {}
  const DDim& dims() const override { return dims_; }
  DataType dtype() const override { return dtype_; }
  const Place& place() const override { return place_; }
  bool initialized() const override { return false; }
  const char* type_name() const override { return "MetaOnlyTensor"; }

 private:
  DDim dims_;
  DataType dtype_;
  Place place_ = CPUPlace();
};

common::Error CaughtError(const std::function<void()>& f) {
  try {
    f();
  } catch (const common::Error& e) {
    return e;
  }
  ADD_FAILURE() << "expected an error";
  return common::Error(common::ErrorCode::kInvalidArgument, "none");
}

TEST(TensorBase, HandleAnswersMetaOfAnyImplementation) {
  Tensor t(std::make_shared<MetaOnlyTensor>(DDim{2, 3, 4}, DataType::FLOAT64));
  EXPECT_TRUE(t.defined());
  EXPECT_FALSE(t.is_dense_tensor());
  EXPECT_EQ(t.dims(), (DDim{2, 3, 4}));
  EXPECT_EQ(t.numel(), 24);
  EXPECT_EQ(t.dtype(), DataType::FLOAT64);
  EXPECT_EQ(t.place(), CPUPlace());
  EXPECT_FALSE(t.impl()->initialized());
}

TEST(TensorBase, DenseTensorIsTheKernelImplementation) {
  auto dense = std::make_shared<phi::DenseTensor>(phi::DenseTensorMeta(DataType::INT32, DDim{5}));
  Tensor t(dense);
  EXPECT_TRUE(t.is_dense_tensor());
  EXPECT_EQ(&t.dense(), dense.get());
  EXPECT_STREQ(t.impl()->type_name(), "DenseTensor");
  EXPECT_EQ(t.numel(), 5);
}

TEST(TensorBase, AskingAnotherImplementationForItsDenseTensorNamesIt) {
  Tensor t(std::make_shared<MetaOnlyTensor>(DDim{2}, DataType::FLOAT32));
  common::Error e = CaughtError([&] { t.dense(); });
  EXPECT_EQ(e.code(), common::ErrorCode::kInvalidType);
  EXPECT_NE(std::string(e.what()).find("MetaOnlyTensor"), std::string::npos) << e.what();
}

TEST(TensorBase, AnOpOnAValueWithoutMemoryRaisesInsteadOfCrashing) {
  Tensor t(std::make_shared<MetaOnlyTensor>(DDim{2}, DataType::FLOAT32));
  common::Error e = CaughtError([&] { api::exp(t); });
  EXPECT_EQ(e.code(), common::ErrorCode::kInvalidType);
  EXPECT_NE(std::string(e.what()).find("MetaOnlyTensor"), std::string::npos) << e.what();
}

TEST(TensorBase, UndefinedHandleHasNoDenseTensor) {
  Tensor t;
  EXPECT_FALSE(t.is_dense_tensor());
  EXPECT_EQ(CaughtError([&] { t.dense(); }).code(), common::ErrorCode::kInvalidArgument);
}

}  // namespace
}  // namespace paddle
