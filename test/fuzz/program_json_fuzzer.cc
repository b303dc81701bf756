// libFuzzer target: the program JSON reader (paddle/serialize/program_json.h)
// on arbitrary bytes. A paddle::common::Error is the reader's answer to a bad file;
// anything else (a crash, a sanitizer report, an allocation beyond
// -malloc_limit_mb, a hang) is a finding. docs/guide/fuzzing.md says how to
// run it.
#include <cstddef>
#include <cstdint>
#include <string>

#include "paddle/common/errors.h"
#include "paddle/pir/core/program.h"
#include "paddle/serialize/inference_program.h"
#include "paddle/serialize/program_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    auto program = paddle::serialize::ProgramFromJson(std::string(reinterpret_cast<const char*>(data), size),
                                                      "fuzz input");
    // A program that reads must also describe itself: its feeds, fetches and
    // parameters are what the predictor reads next.
    paddle::serialize::SignatureOf(*program);
  } catch (const paddle::common::Error&) {
  }
  return 0;
}
