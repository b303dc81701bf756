// libFuzzer target: the parameter file reader (paddle/serialize/tensor_stream.h).
// The first byte is the number of tensors the program would declare, the rest
// the file. A paddle::common::Error is the reader's answer to a bad file; anything
// else (a crash, a sanitizer report, an allocation beyond -malloc_limit_mb,
// which the reader's bound by the file's size rules out) is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "paddle/common/errors.h"
#include "paddle/serialize/tensor_stream.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  try {
    paddle::serialize::ReadTensorRecords(std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1),
                                         data[0], "fuzz input");
  } catch (const paddle::common::Error&) {
  }
  return 0;
}
