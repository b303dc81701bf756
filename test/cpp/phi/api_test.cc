// The generated C++ API end to end: promotion, place checks, errors naming
// the op.
#include <gtest/gtest.h>

#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/api/api_helpers.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/phi/api/transfer.h"
#include "test/cpp/host_tensors.h"

namespace paddle {
namespace {

using test::Make;
using test::Values;

TEST(Api, AddPromotesAndBroadcasts) {
  Tensor x = Make<int32_t>({1, 2, 3}, DDim{3});
  Tensor y = Make<double>({0.5, 1.5}, DDim{2, 1});
  Tensor out = api::add(x, y);
  EXPECT_EQ(out.dtype(), DataType::FLOAT64);
  EXPECT_EQ(out.dims(), (DDim{2, 3}));
  EXPECT_EQ(Values<double>(out), (std::vector<double>{1.5, 2.5, 3.5, 2.5, 3.5, 4.5}));
}

TEST(Api, MatmulAgainstHandComputed) {
  Tensor a = Make<float>({1, 2, 3, 4, 5, 6}, DDim{2, 3});
  Tensor b = Make<float>({1, 0, 0, 1, 1, 1}, DDim{3, 2});
  EXPECT_EQ(Values<float>(api::matmul(a, b, false, false)), (std::vector<float>{4, 5, 10, 11}));
  // a^T a = [[17, 22, 27], [22, 29, 36], [27, 36, 45]]
  EXPECT_EQ(Values<float>(api::matmul(a, a, true, false)),
            (std::vector<float>{17, 22, 27, 22, 29, 36, 27, 36, 45}));
}

TEST(Api, ErrorsNameTheOp) {
  Tensor a = Make<float>({1, 2, 3}, DDim{3});
  Tensor b = Make<float>({1, 2}, DDim{2});
  try {
    api::matmul(a, b, false, false);
    FAIL();
  } catch (const common::Error& e) {
    EXPECT_EQ(e.code(), common::ErrorCode::kInvalidArgument);
    EXPECT_EQ(std::string(e.what()).rfind("[matmul] ", 0), 0u) << e.what();
  }
  EXPECT_THROW(api::sum(a, {1}, DataType::UNDEFINED, false), common::Error);
}

TEST(Api, IntegerFloorDivisionByZeroIsAnError) {
  Tensor a = Make<int64_t>({4, -5}, DDim{2});
  Tensor b = Make<int64_t>({2, 0}, DDim{2});
  EXPECT_THROW(api::floor_divide(a, b), common::Error);
  Tensor c = Make<int64_t>({3, 2}, DDim{2});
  EXPECT_EQ(Values<int64_t>(api::floor_divide(a, c)), (std::vector<int64_t>{1, -3}));
}

TEST(Api, IntegerDivisionIsExactInTheDefaultFloat) {
  Tensor a = Make<int64_t>({7, -7}, DDim{2});
  Tensor b = Make<int64_t>({2, 2}, DDim{2});
  Tensor q = api::divide(a, b);
  EXPECT_EQ(q.dtype(), api::GetDefaultFloatType());
  EXPECT_EQ(Values<float>(q), (std::vector<float>{3.5f, -3.5f}));
}

TEST(Api, SumOfInt32IsInt64) {
  Tensor a = Make<int32_t>({1, 2, 3, 4}, DDim{2, 2});
  Tensor s = api::sum(a, {0}, DataType::UNDEFINED, false);
  EXPECT_EQ(s.dtype(), DataType::INT64);
  EXPECT_EQ(Values<int64_t>(s), (std::vector<int64_t>{4, 6}));
}

}  // namespace
}  // namespace paddle
