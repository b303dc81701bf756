// The loader of the CUDA libraries (Note [GPU libraries on first use]): a
// library that is not installed, or lacks a function, is an Unavailable error
// naming it; the installed toolkit's libraries resolve every function paddle
// declares. Needs no GPU.
#include <gtest/gtest.h>

#include <string>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/gpu/dynload/dynload.h"

namespace phi::dynload {
namespace {

constexpr GpuLibrary kMissing{"cuNothing", "libcunothing.so.1"};
constexpr GpuLibrary kC{"the C library", "libc.so.6"};

std::string ErrorOf(const GpuLibrary& library, const char* name) {
  try {
    Symbol(library, name);
  } catch (const paddle::common::Error& e) {
    EXPECT_EQ(e.code(), paddle::common::ErrorCode::kUnavailable);
    return e.what();
  }
  ADD_FAILURE() << "no error for " << library.soname << " " << name;
  return "";
}

TEST(Dynload, MissingLibraryIsNamed) {
  const std::string message = ErrorOf(kMissing, "cuNothingCreate");
  EXPECT_NE(message.find("cuNothing (libcunothing.so.1) could not be loaded"), std::string::npos) << message;
  EXPECT_NE(message.find("LD_LIBRARY_PATH"), std::string::npos) << message;
}

TEST(Dynload, MissingFunctionIsNamed) {
  EXPECT_NE(Symbol(kC, "strlen"), nullptr);
  const std::string message = ErrorOf(kC, "cublasNoSuchFunction");
  EXPECT_NE(message.find("the C library (libc.so.6) has no function cublasNoSuchFunction"), std::string::npos)
      << message;
}

TEST(Dynload, EveryDeclaredFunctionResolves) {
  for (const std::string& failure : ResolveAll()) ADD_FAILURE() << failure;
}

}  // namespace
}  // namespace phi::dynload
