#include <gtest/gtest.h>

#include "paddle/common/errors.h"

namespace paddle::common {
namespace {

TEST(Errors, CheckArgFormatsOpArgExpectedGot) {
  try {
    PD_CHECK_ARG(false, InvalidArgument, "matmul", "x", "rank >= 1", "rank 0");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kInvalidArgument);
    EXPECT_STREQ(e.what(), "[matmul] argument 'x': expected rank >= 1, but got rank 0");
  }
}

TEST(Errors, AttachOpPrefixesOnce) {
  Error e(ErrorCode::kOutOfRange, "axis 3 out of range");
  e.AttachOp("sum");
  EXPECT_STREQ(e.what(), "[sum] axis 3 out of range");
  e.AttachOp("outer");
  EXPECT_STREQ(e.what(), "[sum] axis 3 out of range");
}

TEST(Errors, PassingCheckDoesNotThrow) {
  EXPECT_NO_THROW(PD_CHECK(1 + 1 == 2, InvalidArgument, "never"));
}

}  // namespace
}  // namespace paddle::common
