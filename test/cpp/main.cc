#include <gtest/gtest.h>

#include "paddle/common/flags.h"

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  paddle::flags::InitFromEnvironment();
  return RUN_ALL_TESTS();
}
