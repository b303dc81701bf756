// Flags: declared once with gflags (PD_DEFINE_* wraps DEFINE_*), initialised
// from FLAGS_<name> environment variables on import, and read or
// set by name from Python through paddle.set_flags / paddle.get_flags.
#pragma once

#include <gflags/gflags.h>

#include <string>
#include <vector>

#define PD_DEFINE_bool(name, value, help) DEFINE_bool(name, value, help)
#define PD_DEFINE_int32(name, value, help) DEFINE_int32(name, value, help)
#define PD_DEFINE_int64(name, value, help) DEFINE_int64(name, value, help)
#define PD_DEFINE_double(name, value, help) DEFINE_double(name, value, help)
#define PD_DEFINE_string(name, value, help) DEFINE_string(name, value, help)
#define PD_DECLARE_bool(name) DECLARE_bool(name)
#define PD_DECLARE_int32(name) DECLARE_int32(name)
#define PD_DECLARE_int64(name) DECLARE_int64(name)
#define PD_DECLARE_string(name) DECLARE_string(name)

namespace paddle::flags {

struct FlagInfo {
  std::string name;   // without the FLAGS_ prefix
  std::string type;   // "bool", "int32", "int64", "double", "string"
  std::string value;  // current value, as text
};

// Applies FLAGS_<name>=value from the environment to every known flag. The
// Python module calls it once on import, after all static flags exist.
void InitFromEnvironment();

// Looks up one flag; `name` may carry the FLAGS_ prefix. Throws NotFound.
FlagInfo GetFlag(const std::string& name);
// Sets a flag from text; throws NotFound or InvalidArgument.
void SetFlag(const std::string& name, const std::string& value);
std::vector<FlagInfo> AllFlags();

}  // namespace paddle::flags
