#include <gtest/gtest.h>

#include <cstdlib>

#include "paddle/common/errors.h"
#include "paddle/common/flags.h"

PD_DEFINE_int32(test_only_flag, 7, "a flag for this test");

namespace paddle::flags {
namespace {

TEST(Flags, GetAndSetByName) {
  EXPECT_EQ(GetFlag("test_only_flag").value, "7");
  SetFlag("FLAGS_test_only_flag", "9");
  EXPECT_EQ(FLAGS_test_only_flag, 9);
  EXPECT_EQ(GetFlag("FLAGS_test_only_flag").value, "9");
  SetFlag("test_only_flag", "7");
}

TEST(Flags, ReadFromEnvironment) {
  setenv("FLAGS_test_only_flag", "42", 1);
  InitFromEnvironment();
  EXPECT_EQ(FLAGS_test_only_flag, 42);
  unsetenv("FLAGS_test_only_flag");
  SetFlag("test_only_flag", "7");
}

TEST(Flags, UnknownOrBadValueIsAnError) {
  EXPECT_THROW(GetFlag("no_such_flag"), common::Error);
  EXPECT_THROW(SetFlag("test_only_flag", "not-a-number"), common::Error);
}

}  // namespace
}  // namespace paddle::flags
