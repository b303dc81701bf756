#include "paddle/common/flags.h"

#include <cstdlib>

#include "paddle/common/errors.h"

namespace paddle::flags {
namespace {

std::string StripPrefix(const std::string& name) {
  return name.rfind("FLAGS_", 0) == 0 ? name.substr(6) : name;
}

}  // namespace

void InitFromEnvironment() {
  std::vector<gflags::CommandLineFlagInfo> all;
  gflags::GetAllFlags(&all);
  for (const auto& info : all) {
    const char* env = std::getenv(("FLAGS_" + info.name).c_str());
    if (env != nullptr) gflags::SetCommandLineOption(info.name.c_str(), env);
  }
}

FlagInfo GetFlag(const std::string& name) {
  gflags::CommandLineFlagInfo info;
  std::string key = StripPrefix(name);
  PD_CHECK(gflags::GetCommandLineFlagInfo(key.c_str(), &info), NotFound, "[get_flags] flag '",
           name, "' does not exist");
  return {info.name, info.type, info.current_value};
}

void SetFlag(const std::string& name, const std::string& value) {
  FlagInfo flag = GetFlag(name);
  std::string result = gflags::SetCommandLineOption(flag.name.c_str(), value.c_str());
  PD_CHECK(!result.empty(), InvalidArgument, "[set_flags] flag '", name, "' of type ", flag.type,
           " cannot take the value '", value, "'");
}

std::vector<FlagInfo> AllFlags() {
  std::vector<gflags::CommandLineFlagInfo> all;
  gflags::GetAllFlags(&all);
  std::vector<FlagInfo> out;
  out.reserve(all.size());
  for (const auto& info : all) out.push_back({info.name, info.type, info.current_value});
  return out;
}

}  // namespace paddle::flags
