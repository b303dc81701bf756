#include "paddle/pir/core/op_info.h"

namespace pir {

const AttrSpec* OpInfo::FindAttribute(const std::string& attr) const {
  for (const auto& spec : attributes) {
    if (spec.name == attr) return &spec;
  }
  return nullptr;
}

}  // namespace pir
