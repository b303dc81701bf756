#include <gtest/gtest.h>

#include "paddle/common/data_type.h"
#include "paddle/common/errors.h"

namespace paddle {
namespace {

TEST(DataType, SizesMatchCppTypes) {
  EXPECT_EQ(SizeOf(DataType::BOOL), 1u);
  EXPECT_EQ(SizeOf(DataType::INT16), 2u);
  EXPECT_EQ(SizeOf(DataType::FLOAT16), 2u);
  EXPECT_EQ(SizeOf(DataType::BFLOAT16), 2u);
  EXPECT_EQ(SizeOf(DataType::FLOAT64), 8u);
  EXPECT_EQ(SizeOf(DataType::COMPLEX64), 8u);
  EXPECT_EQ(SizeOf(DataType::COMPLEX128), 16u);
}

TEST(DataType, NamesRoundTrip) {
  for (int i = 1; i < static_cast<int>(DataType::NUM_DATA_TYPES); ++i) {
    auto t = static_cast<DataType>(i);
    EXPECT_EQ(DataTypeFromName(DataTypeName(t)), t);
  }
}

TEST(DataType, UnknownNameIsTypeError) {
  try {
    DataTypeFromName("float31");
    FAIL() << "expected an error";
  } catch (const common::Error& e) {
    EXPECT_EQ(e.code(), common::ErrorCode::kInvalidType);
    EXPECT_NE(std::string(e.what()).find("float31"), std::string::npos);
  }
}

TEST(DataType, PromotionFollowsCategories) {
  EXPECT_EQ(PromoteTypes(DataType::INT32, DataType::FLOAT16), DataType::FLOAT16);
  EXPECT_EQ(PromoteTypes(DataType::INT64, DataType::INT8), DataType::INT64);
  EXPECT_EQ(PromoteTypes(DataType::UINT8, DataType::INT8), DataType::INT16);
  EXPECT_EQ(PromoteTypes(DataType::BOOL, DataType::UINT8), DataType::UINT8);
  EXPECT_EQ(PromoteTypes(DataType::FLOAT16, DataType::BFLOAT16), DataType::FLOAT32);
  EXPECT_EQ(PromoteTypes(DataType::FLOAT32, DataType::FLOAT64), DataType::FLOAT64);
  EXPECT_EQ(PromoteTypes(DataType::COMPLEX64, DataType::FLOAT64), DataType::COMPLEX128);
  EXPECT_EQ(PromoteTypes(DataType::COMPLEX64, DataType::FLOAT32), DataType::COMPLEX64);
}

TEST(DataType, VisitFindsCppType) {
  size_t size = VisitDataType(DataType::INT16, "test", [](auto tag) {
    return sizeof(typename decltype(tag)::type);
  });
  EXPECT_EQ(size, 2u);
  EXPECT_THROW(VisitDataType(DataType::UNDEFINED, "test", [](auto) { return 0; }), common::Error);
}

}  // namespace
}  // namespace paddle
